#!/usr/bin/env python3
"""tools/errshape.py — every error a user sees says what failed and what to do.

Reads C files and checks each gw_err_set(e, code, what, fix, ...),
gw_fail(code, what, fix, ...) and gw_err_relay(e, code, line, what, fix) call: `what` and `fix` must not be the empty
string literal or NULL (common/report.h's one-line shape
`gowrap: what: why (fix: ...)`). Arguments that are not literals (a macro, a
variable) are accepted: the literal they name is checked where it is written.
Prints file:line for each offending call and exits 1 if there is one.
Usage: python3 tools/errshape.py FILE.c ...
"""
import re
import sys

CALL = re.compile(r"\b(gw_err_set|gw_fail|gw_err_relay)\s*\(")
# Index of `what` in each call's arguments; `fix` follows it.
WHAT_AT = {"gw_err_set": 2, "gw_fail": 1, "gw_err_relay": 3}


def split_args(src, i):
    """Arguments of the call whose '(' is at src[i], as stripped strings."""
    depth, cur, args, j = 0, [], [], i
    while j < len(src):
        c = src[j]
        if c == '"' or c == "'":
            k = j + 1
            while k < len(src) and src[k] != c:
                k += 2 if src[k] == "\\" else 1
            cur.append(src[j:k + 1])
            j = k + 1
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            j += 1
            continue
        cur.append(c)
        j += 1
    return args


def empty(arg):
    return arg == "NULL" or re.fullmatch(r'(""\s*)+', arg) is not None


def main(paths):
    bad = 0
    for path in paths:
        src = open(path, encoding="utf-8").read()
        for m in CALL.finditer(src):
            before = src[:m.start()].rstrip()
            if before.endswith(("int", "*")):  # the declaration or definition
                continue
            args = split_args(src, m.end() - 1)
            k = WHAT_AT[m.group(1)]
            if len(args) < k + 2:
                continue
            for name, arg in (("what", args[k]), ("fix", args[k + 1])):
                if empty(arg):
                    line = src.count("\n", 0, m.start()) + 1
                    print(f"{path}:{line}: {m.group(1)} with an empty {name}")
                    bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
