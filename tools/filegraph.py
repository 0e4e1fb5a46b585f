#!/usr/bin/env python3
"""tools/filegraph.py — no file of a module takes names from a file that takes
names from it (CONTRIBUTING.md, "Layout and layering").

The graph, per module folder: one node per file stem (a .c and its own .h are
one node); an edge A -> B when A includes B's header, or when A's object needs
a symbol B's object defines (nm: A's undefined names, B's defined ones). The
objects are compiled at -O0 into their own tree (BUILD/filegraph, kept
between runs so make rebuilds only what changed), never into the programs'
build: every .c of the module gets one, the fuzz targets too. Includes and
symbols of other modules are not edges here: which module may use which is
the Makefile's INC_* lists, checked by tests/layout.bats.

Usage: tools/filegraph.py [--build DIR] [--edges] [MODULE...]
(default: every module, lowest first). Prints one line per cycle, naming each
file and the name each takes from the next, and exits 1 if there is any;
--edges prints the graph instead. Run from the repository root.
"""
import os
import re
import subprocess
import sys

MODULES = ["common", "gocmd", "proto", "verify", "patch", "overlay", "deps", "shim", "toolchain", "enable", "doctor", "report", "audit", "cli"]

# Cycles known and not yet broken, each exactly (module, its files): a
# cycle that grows or a new one still fails. Remove an entry with its fix.
ALLOWED = set()  # no cycle is excused: fix it (a flag or a helper in a file of its own)

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources(mod):
    return sorted(f for f in os.listdir(mod) if f.endswith((".c", ".h")))


def stem(f):
    return f.rsplit(".", 1)[0]


def objects(mods, build):
    """Compile every module .c into build/filegraph; map "mod/x.c" -> object."""
    tree = os.path.join(build, "filegraph")
    want = {}
    for m in mods:
        for f in sources(m):
            if f.endswith(".c"):
                want[f"{m}/{f}"] = f"{tree}/obj/{m}/{stem(f)}.o"
    r = subprocess.run(["make", "--no-print-directory", "-s", f"BUILD={tree}", "OPT=-O0",
                        "SAN=", *want.values()], capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stdout + r.stderr)
        sys.exit("filegraph: cannot compile the module objects (see above)")
    return want


def symbols(obj):
    """(defined, undefined) global names of one object, from nm -P."""
    nm = os.environ.get("NM", "nm")
    out = subprocess.run([nm, "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        name, t = f[0], f[1]
        if t in ("U", "w", "v"):
            undefined.add(name)
        elif t.isupper():
            defined.add(name)
    return defined, undefined


def graph(mod, objs):
    """edges[a][b] = why (the header, or the names a takes from b)."""
    files = sources(mod)
    nodes = {stem(f) for f in files}
    edges = {n: {} for n in nodes}
    owner, needs = {}, {}
    for f in files:
        a = stem(f)
        with open(os.path.join(mod, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for h in INCLUDE.findall(text):
            b = stem(os.path.basename(h))
            if h in files and b != a:
                edges[a].setdefault(b, set()).add(h)
        if f.endswith(".c"):
            d, u = symbols(objs[f"{mod}/{f}"])
            for s in d:
                owner.setdefault(s, set()).add(a)  # zipin.c and zipnone.c both define one
            needs[a] = needs.get(a, set()) | u
    for a, u in needs.items():
        for s in u:
            for b in owner.get(s, ()):
                if b != a:
                    edges[a].setdefault(b, set()).add(s)
    return edges


def sccs(edges):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = n
        n += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = n
                    n += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def a_cycle(edges, comp):
    """One cycle through the component's first node (breadth-first: shortest)."""
    start, inside = comp[0], set(comp)
    prev, queue = {start: None}, [start]
    for v in queue:
        for w in sorted(edges[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in inside and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [start]


def name(mod, n):
    return f"{mod}/{n}.c" if os.path.exists(os.path.join(mod, n + ".c")) else f"{mod}/{n}.h"


def describe(mod, edges, comp, cyc):
    parts = [name(mod, cyc[0])]
    for a, b in zip(cyc, cyc[1:]):
        why = sorted(edges[a][b])
        more = f" +{len(why) - 2}" if len(why) > 2 else ""
        parts.append(f"{name(mod, b)} ({', '.join(why[:2])}{more})")
    line = f"{mod}: file cycle: " + " -> ".join(parts)
    if len(comp) > len(cyc) - 1:
        line += f"; tangled with it: {' '.join(name(mod, n) for n in comp if n not in cyc)}"
    return line


def main(argv):
    build, show, mods = "build", False, []
    it = iter(argv)
    for a in it:
        if a == "--build":
            build = next(it)
        elif a == "--edges":
            show = True
        else:
            mods.append(a.rstrip("/"))
    mods = mods or [m for m in MODULES if os.path.isdir(m)]
    objs = objects(mods, build)
    bad = 0
    for m in mods:
        edges = graph(m, objs)
        if show:
            for a in sorted(edges):
                for b in sorted(edges[a]):
                    print(f"{name(m, a)} -> {name(m, b)}: {' '.join(sorted(edges[a][b]))}")
            continue
        for comp in sccs(edges):
            if (m, frozenset(comp)) in ALLOWED:
                continue
            print(describe(m, edges, comp, a_cycle(edges, comp)))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
