#!/usr/bin/env python3
"""tools/shape.py — size limits CONTRIBUTING.md sets for the C sources.

No function longer than 80 lines (from the line after its opening brace to
its closing brace), no file longer than 500 lines. Functions are found the
way the code is written (.clang-format: Linux braces): a `{` alone in column
0 opens a function body and the next `}` in column 0 closes it.

Usage: tools/shape.py [--max-func N] [--max-file N] [FILE...]
With no FILE, every tracked .c and .h file. Prints one line per excess and
exits 1 if there is any, 0 otherwise.
"""
import subprocess
import sys


def tracked():
    out = subprocess.run(["git", "ls-files", "*.c", "*.h"], check=True,
                         capture_output=True, text=True).stdout
    return [p for p in out.split("\n") if p]


def check(path, max_func, max_file):
    bad = []
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > max_file:
        bad.append(f"{path}: {len(lines)} lines (limit {max_file})")
    start = None
    for i, line in enumerate(lines):
        if line.rstrip() == "{" and start is None:
            start = i
        elif line.startswith("}") and start is not None:
            body = i - start - 1
            if body > max_func:
                head = lines[start - 1].strip() if start else "?"
                bad.append(f"{path}:{start}: {body}-line function {head} (limit {max_func})")  # start: the head line, 1-based
            start = None
    return bad


def main(argv):
    max_func, max_file, files = 80, 500, []
    it = iter(argv)
    for a in it:
        if a == "--max-func":
            max_func = int(next(it))
        elif a == "--max-file":
            max_file = int(next(it))
        else:
            files.append(a)
    bad = []
    for p in files or tracked():
        bad += check(p, max_func, max_file)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
