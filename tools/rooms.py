#!/usr/bin/env python3
"""tools/rooms.py — the module table of ARCHITECTURE.md is the tree's folders,
and a folder includes of another only what the table names public.

    python3 tools/rooms.py [ROOT]

Two checks, one line per finding, exit 1 if there is any (silent otherwise):

rows     ARCHITECTURE.md's "## Modules" table has one row per top-level
         folder of the tree (a dot-folder is no module, build/ and build-*/
         are make's outputs) and no row for a folder that is not there.
public   every `#include "x.h"` of a folder's C sources that names a header
         of another folder (the folder's own header of that name wins, as
         the include path puts it first) names one of the headers the
         other folder's row lists in its public-header column; a row whose
         cell starts with "every header" makes all its headers public.
         So each room's public header is the only thing others include.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def table(root):
    text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    m = re.search(r"^## Modules[ \t]*$", text, re.M)
    if not m:
        return None
    end = re.search(r"^#{1,2} ", text[m.end():], re.M)
    sec = text[m.end():m.end() + end.start() if end else len(text)]
    rows = {}
    for line in sec.split("\n"):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        f = re.fullmatch(r"`([^`/]+)/`", cells[0])
        if f and len(cells) >= 3:
            rows[f.group(1)] = cells[2]
    return rows


def folders(root):
    return sorted(e for e in os.listdir(root)
                  if os.path.isdir(os.path.join(root, e)) and not e.startswith(".")
                  and e != "build" and not e.startswith("build-"))  # make's outputs


def sources(root, d):
    return sorted(f for f in os.listdir(os.path.join(root, d)) if f.endswith((".c", ".h")))


def main(argv):
    root = os.path.abspath(argv[0] if argv else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    rows = table(root)
    if rows is None:
        print("ARCHITECTURE.md: no \"## Modules\" table")
        return 1
    bad = []
    dirs = folders(root)
    for d in dirs:
        if d not in rows:
            bad.append(f"ARCHITECTURE.md: the module table has no row for {d}/")
    for d in sorted(rows):
        if d not in dirs:
            bad.append(f"ARCHITECTURE.md: the module table names {d}/, which is not in the tree")
    owner = {}
    for d in dirs:
        for f in sources(root, d):
            if f.endswith(".h"):
                owner.setdefault(f, []).append(d)
    for d in dirs:
        own = set(sources(root, d))
        for f in sources(root, d):
            text = open(os.path.join(root, d, f), encoding="utf-8", errors="replace").read()
            for h in INCLUDE.findall(text):
                if h in own or "/" in h:
                    continue
                for o in owner.get(h, []):
                    cell = rows.get(o, "")
                    if cell.startswith("every header") or f"`{h}`" in cell:
                        continue
                    bad.append(f"{d}/{f}: includes {o}/{h}, which {o}/ does not make public "
                               f"(ARCHITECTURE.md)")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
