#!/usr/bin/env python3
"""tools/docscheck.py — the docs say what the tree holds.

    python3 tools/docscheck.py [ROOT]

Prints one line per drift and exits 1 if there is any (0 and "docs: ok"
otherwise). ROOT is the tree to check (default: this one), so a test can run
it on a scratch copy with a drift planted. The documents are README.md,
ARCHITECTURE.md,
CONTRIBUTING.md and every module's README (a top-level folder holding a
README.md and C sources). The checks:

paths    every project path a document names exists: a backticked name or a
         link target, or a word of a code block, that starts with a top-level
         entry of the tree (`deps/gate.c`, `tests/unit/`, `.ci/run`), or is a
         bare source or script name (`memo.c`, `make.py`), or a bare folder
         (`templates/`); a name is looked up beside the document, then from
         the root, and a bare file name anywhere in the tree. Not project
         paths, so not looked up: build outputs and install places
         (`build/`, `bin/`, `libexec/`), anything with a placeholder or a
         variable in it (`<`, `$`, `*`, `~`, `X.Y`), Go's own files (`.go`),
         and the few names in NOT_FILES (the cache's layout, other
         projects' headers).
tables   each module README's "## Files" table names exactly the module's
         .c and .h files (a row naming a folder, `testdata/`, covers what is
         beneath it), and every name in its first column exists.
codes    README's "## Exit codes" table lists exactly common/exitcodes.h's
         codes.
env      the GOWRAP_* variables the code defines — every C string literal
         that is exactly such a name (getenv, setenv, and #define'd names
         alike; a name built at run time would not be seen) — are exactly
         the ones README's "## Commands and environment" table lists; and
         every GOWRAP_* word in README is one of them or a Makefile variable
         (`GOWRAP_VERSION`). The other documents may also name the test
         suites' own variables (`GOWRAP_BUILD`), read (`$NAME`, `${NAME`) by
         tests/, scripts/ or bench/.
comments every .c or .h file a comment of the C sources names exists (a bare
         name anywhere in the tree, a path from the root; not a system header
         the sources include as <name.h>), so a header's promise never points
         at a file that went away.
outside  no document speaks of anything outside the project, found by the
         shape of the words, never by a list of names: a tracker's words
         (an issue or seed and its number, a bare "#12", the session or
         brief the text was written in); a relative path that leaves the
         repository (a word starting with "../"; "a/b/../c" and ".../x"
         stay inside); a Markdown document named as a name (in prose, a
         link, or a backticked name alone; not an argument of a command)
         that is no file of the tree. Public references (golang/go#78644,
         owner/repo#123, golang/go@8058a577) are fine.
"""
import os
import re
import subprocess
import sys

DOC_TOP = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"]
# Outputs and install places: named by the docs, made by make.
OUTPUTS = {"build", "build-asan", "bin", "libexec"}
# Names the docs use that are not files of this tree, each with why.
NOT_FILES = {
    "memo/": "the cache's layout ($GOWRAP_CACHE/memo/)",
    "merged/": "the cache's layout",
    "deps/memo/": "the cache's layout",
    "deps/run/": "the cache's layout",
    "vendor/": "a Go module's vendor directory",
    "assets/": "a folder inside an .apk",
    "git2.h": "libgit2's header",
    "git-compat-util.h": "git's header",
    "run-command.c": "git's file",
    "gcc_android.c": "Go's runtime/cgo file",
}
FILE_EXT = (".c", ".h", ".py", ".sh", ".bats", ".bash", ".md", ".yml", ".yaml", ".rb", ".tmpl",
            ".corpus", ".txt")
SOURCE_EXT = (".c", ".h", ".py", ".sh", ".bats", ".bash", ".tmpl", ".corpus")
UPPER = re.compile(r"(^|/)[A-Z][A-Z0-9_]+(/|$)")  # DIR/, OUT: a placeholder
PLACEHOLDER = re.compile(r"[<>$*~{}|\\=@]|\.\.\.|…|X\.Y|\bNAME\b|/x\.bats$")
# Words from outside the project, by their shape (docstring, "outside").
OUTSIDE = [
    (re.compile(r"\bissues?\s+#?\d+", re.I), "an issue of this tracker"),
    (re.compile(r"\bseeds?\s+#?\d+", re.I), "a seed"),
    (re.compile(r"\b(?:this|that|the|our|an?|previous|earlier|last|next|another|each)\s+"
                r"(?:session|brief)s?\b", re.I), "the work that wrote it, not the project"),
    (re.compile(r"(?<![\w./<>~$-])\.\./[\w.-]+(?:/[\w.-]+)*"), "a path outside the repository"),
]
DOC_NAME = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w.-]+\.md)\b")
BARE_REF = re.compile(r"(?<![\w/.-])#(\d+)\b(?!/)")
PUBLIC_BEFORE = re.compile(r"[\w.-]+/[\w.-]+#\d+(?:,\s*(?:and\s+)?#\d+)*,\s*(?:and\s+)?$")


def tree_files(root):
    """The tree's files: git's view (tracked and untracked, not ignored) in a
    checkout, else every file but the build outputs."""
    if os.path.isdir(os.path.join(root, ".git")) or os.path.isfile(os.path.join(root, ".git")):
        r = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root,
                           capture_output=True)
        if r.returncode == 0:
            return [f for f in r.stdout.decode("utf-8", "surrogateescape").split("\0")
                    if f and os.path.exists(os.path.join(root, f))]
    out = []
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        top = rel.split(os.sep)[0]
        if top in OUTPUTS or top.startswith("build-") or top == ".git" or rel == os.path.join(
                "tests", ".work"):
            dirs[:] = []
            continue
        for f in files:
            out.append(os.path.normpath(os.path.join(rel, f)))
    return out


def modules(root):
    mods = []
    for e in sorted(os.listdir(root)):
        d = os.path.join(root, e)
        if os.path.isfile(os.path.join(d, "README.md")) and any(
                f.endswith((".c", ".h")) for f in os.listdir(d)):
            mods.append(e)
    return mods


def section(text, heading):
    """The text under `heading` (a whole line) up to the next heading of its
    level or above, or None."""
    m = re.search(r"^" + re.escape(heading) + r"[ \t]*$", text, re.M)
    if not m:
        return None
    level = len(heading) - len(heading.lstrip("#"))
    end = re.compile(r"^#{1,%d} " % level, re.M).search(text, m.end())
    return text[m.end():end.start() if end else len(text)]


def first_table(text):
    """Rows (lists of cells) of the first table in text, header dropped."""
    rows = []
    for line in text.split("\n"):
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            rows.append(cells)
        elif rows:
            break
    return [r for r in rows[1:] if not all(set(c) <= set("-: ") for c in r)]


def words(doc):
    """(word, line, alone) for every word of a backticked span, link target
    and code block word of a document; alone: the word is the whole span or
    link (a name), not a word of a command."""
    out = []
    fenced = False
    for n, line in enumerate(doc.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            words_ = line.split("#")[0].split()  # a shell comment is prose
            out += [(w, n, False) for w in words_]
            continue
        for span in re.findall(r"`([^`]+)`", line):
            ws = span.split()
            out += [(w, n, len(ws) == 1) for w in ws]
        out += [(t, n, True) for t in re.findall(r"\]\(([^)\s#]+)", line)]
    return out


def clean(w):
    w = w.lstrip("(['\"").rstrip(")],;:'\".")
    w = re.sub(r":\d+(-\d+)?$", "", w)  # file:line
    w = w.split("!")[0]                # ZIP!/MEMBER
    return w


def check_paths(root, doc_rel, text, files, top):
    bad = []
    base = os.path.dirname(doc_rel)
    names = {os.path.basename(f) for f in files}
    for raw, line, alone in words(text):
        w = clean(raw)
        if not w or w.startswith(("-", "/", "http")) or "://" in w or PLACEHOLDER.search(w):
            continue
        inner = w.rstrip("/")
        if w in NOT_FILES or inner in NOT_FILES or inner + "/" in NOT_FILES or w.endswith(".go"):
            continue
        first = w.split("/")[0]
        if first in OUTPUTS or UPPER.search(w):
            continue
        if "/" in inner:
            if first not in top and not inner.endswith(FILE_EXT):
                continue  # a Go package or cmd/go's own path
        elif not alone:
            continue      # a bare word of a command: an argument, not a name
        elif w.endswith("/"):
            pass          # a bare folder: beside the document or at the root
        elif inner.endswith(SOURCE_EXT) and "." in inner[1:]:
            if inner in names:
                continue
        else:
            continue
        if any(os.path.exists(os.path.join(root, b, inner)) for b in (base, "")):
            continue
        bad.append(f"{doc_rel}:{line}: names {w}, which is not in the tree")
    return bad


def check_table(root, mod):
    bad = []
    rel = f"{mod}/README.md"
    text = open(os.path.join(root, rel), encoding="utf-8").read()
    sec = section(text, "## Files")
    if sec is None:
        return [f"{rel}: no \"## Files\" table"]
    named, dirs = set(), []
    for row in first_table(sec):
        for name in re.findall(r"`([^`]+)`", row[0]):
            p = os.path.join(root, mod, name)
            if not os.path.exists(p):
                bad.append(f"{rel}: the file table names {name}, which is not in {mod}/")
            elif name.endswith("/"):
                dirs.append(name)
            else:
                named.add(os.path.normpath(name))
    for d, _, fs in os.walk(os.path.join(root, mod)):
        for f in fs:
            r = os.path.relpath(os.path.join(d, f), os.path.join(root, mod))
            if f.endswith((".c", ".h")) and r not in named and not any(
                    r.startswith(x) for x in dirs):
                bad.append(f"{rel}: {mod}/{r} is missing from the file table")
    return bad


def check_codes(root, readme):
    code = sorted(int(v) for v in re.findall(
        r"GW_EXIT_\w+ = (\d+)", open(os.path.join(root, "common/exitcodes.h")).read()))
    sec = section(readme, "## Exit codes") or ""
    doc = sorted(int(v) for v in re.findall(r"^\| (\d+) \|", sec, re.M))
    if code != doc:
        return [f"README.md: the exit-code table lists {doc}, common/exitcodes.h defines {code}"]
    return []


def env_sets(root, files):
    code, tests = set(), set()
    for f in files:
        top = f.split(os.sep)[0]
        if f.endswith((".c", ".h")) and top != "tests":
            text = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
            code |= set(re.findall(r"\"(GOWRAP_[A-Z0-9_]*[A-Z0-9])=?\"", text))
        elif top in ("tests", "scripts", "bench") and f.endswith((".bats", ".bash", ".sh", ".py")):
            text = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
            tests |= set(re.findall(r"\$\{?(GOWRAP_[A-Z0-9_]*[A-Z0-9])\b", text))  # read
    mk = open(os.path.join(root, "Makefile"), encoding="utf-8").read()
    make = set(re.findall(r"^(GOWRAP_\w+)\s*[?:+]?=", mk, re.M))
    return code, make, tests


def check_env(readme, docs, code, make, tests):
    bad = []
    sec = section(readme, "## Commands and environment") or ""
    table = set()
    for row in first_table(sec[sec.find("| variable"):] if "| variable" in sec else ""):
        table |= set(re.findall(r"GOWRAP_[A-Z0-9_]*[A-Z0-9]", row[0]))
    for v in sorted(code - table):
        bad.append(f"README.md: {v} is read by the code but not in the environment table")
    for v in sorted(table - code):
        bad.append(f"README.md: the environment table lists {v}, which the code does not define")
    for rel, text in docs:
        ok = code | make | (set() if rel == "README.md" else tests)
        for n, line in enumerate(text.split("\n"), 1):
            for v in re.findall(r"\bGOWRAP_[A-Z0-9_]*[A-Z0-9]\b", line):
                if v not in ok:
                    bad.append(f"{rel}:{n}: names {v}, which nothing defines")
    return bad


def check_comments(root, files):
    bad = []
    names = {os.path.basename(f) for f in files}
    top = {f.split(os.sep)[0] for f in files}
    srcs = {}
    for f in files:
        if f.endswith((".c", ".h")) and not f.startswith(os.path.join("tests", "fixtures")):
            srcs[f] = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
    system = set()  # the headers the sources include as <name.h>
    for text in srcs.values():
        system |= {os.path.basename(h) for h in re.findall(r"#\s*include\s*<([^>]+)>", text)}
    for f, text in srcs.items():
        for c in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.S):
            for m in re.finditer(r"(?<![\w/.<-])([\w/-]+\.[ch])\b(?![\w/])", c.group(0)):
                w = m.group(1)
                if w in NOT_FILES or w in system or os.path.basename(w)[:-2].isupper():
                    continue
                if "/" in w:
                    if w.split("/")[0] not in top or os.path.exists(os.path.join(root, w)):
                        continue
                elif w in names:
                    continue
                line = text.count("\n", 0, c.start() + m.start()) + 1
                bad.append(f"{f}:{line}: a comment names {w}, which is not in the tree")
    return bad


def named_docs(text):
    """(name, line) for every Markdown document a text names as a name: in
    prose, as a link target, or as a whole backticked span; not an argument
    inside a command (`--out report.md`) or a code block. A span may run
    over a line break, so spans are found in the whole text."""
    keep_lines = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"^[ \t]*```.*?^[ \t]*```[^\n]*$", keep_lines, text, flags=re.M | re.S)
    line = lambda pos: text.count("\n", 0, pos) + 1
    out = [(m.group(1), line(m.start())) for m in re.finditer(r"`([^`\s]+)`", text)
           if DOC_NAME.fullmatch(m.group(1))]
    prose = re.sub(r"`[^`]*`", keep_lines, text)
    out += [(m.group(1), line(m.start())) for m in DOC_NAME.finditer(prose)]
    return out


def check_outside(root, rel, text, files):
    bad = []
    base = os.path.dirname(rel)
    names = {os.path.basename(f) for f in files}
    for n, line in enumerate(text.split("\n"), 1):
        for pat, what in OUTSIDE:
            for m in pat.finditer(line):
                bad.append(f"{rel}:{n}: \"{m.group(0)}\" speaks of {what}")
        prose = re.sub(r"`[^`]*`", "", line)
        for m in BARE_REF.finditer(prose):
            if not PUBLIC_BEFORE.search(prose[:m.start()]):
                bad.append(f"{rel}:{n}: \"{m.group(0)}\" is no public reference (owner/repo#N)")
    for doc, n in named_docs(text):
        if os.path.basename(doc) in names or any(
                os.path.exists(os.path.join(root, b, doc)) for b in (base, "")):
            continue
        bad.append(f"{rel}:{n}: \"{doc}\" names a document that is not in the repository")
    return bad


def check_counts(root, readme):
    """README's Tests table gives each suite's number of tests: it must be
    the suite's number of @test lines, and every suite must have a row."""
    bad = []
    rows = dict(re.findall(r"^\| `tests/([\w-]+)\.bats` \| (\d+) \|", readme, re.M))
    tdir = os.path.join(root, "tests")
    suites = sorted(f[:-5] for f in os.listdir(tdir) if f.endswith(".bats")) if os.path.isdir(tdir) else []
    for name in suites:
        n = len(re.findall(r"^@test ", open(os.path.join(tdir, name + ".bats"), encoding="utf-8").read(), re.M))
        if name not in rows:
            bad.append(f"README.md: the Tests table has no row for tests/{name}.bats ({n} tests)")
        elif int(rows[name]) != n:
            bad.append(f"README.md: the Tests table says tests/{name}.bats has {rows[name]} tests; it has {n}")
    for name in rows:
        if name not in suites:
            bad.append(f"README.md: the Tests table names tests/{name}.bats, which is not in the tree")
    return bad


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    files = tree_files(root)
    top = set(os.listdir(root)) - {".git"}
    mods = modules(root)
    docs = []
    for rel in DOC_TOP + [f"{m}/README.md" for m in mods]:
        p = os.path.join(root, rel)
        if os.path.isfile(p):
            docs.append((rel, open(p, encoding="utf-8").read()))
    readme = dict(docs).get("README.md", "")
    bad = []
    for rel, text in docs:
        bad += check_paths(root, rel, text, files, top)
        bad += check_outside(root, rel, text, files)
    for m in mods:
        bad += check_table(root, m)
    bad += check_comments(root, files)
    bad += check_codes(root, readme)
    bad += check_counts(root, readme)
    bad += check_env(readme, docs, *env_sets(root, files))
    for b in bad:
        print(b)
    if bad:
        print(f"docs: {len(bad)} drift(s)")
        sys.exit(1)
    print("docs: ok")


if __name__ == "__main__":
    main()
