#!/usr/bin/env python3
"""tools/mutants.py — the one mutation runner: break the code on purpose, one
change at a time, and require a test to fail.

    python3 tools/mutants.py MODULE [mutation-name ...]

MODULE names a folder holding `mutations.py`, a data file (no logic) with
    SUITE = "tests/x.bats"          # the suite (or a list of suites) that must catch them
    TARGETS = ["build/gowrap"]      # what make rebuilds in the scratch copy
    MUTATIONS = [(name, file, old, new, bats_filter_or_None[, prelude]), ...]
(prelude: text put at the top of the file, e.g. an #include the change needs;
old and new may be lists of the same length: one mutation made of several
edits of that file, each applied once)
and optionally ENV = {name: {VAR: value}}, extra environment for one
mutation's suite run (e.g. what a suite's setup may skip).
Each mutation is applied to a scratch copy of the committed tree (`git
archive HEAD`, so uncommitted edits are not measured), the targets are rebuilt
there, and the copy's suite runs against that build (GOWRAP_BUILD) with the filter
(`bats -f`). A mutation whose text is not found, or whose build fails, counts
as not checked; one no test catches is SURVIVED. Exit 1 unless every mutation
was applied and caught. The real tree is never edited.
"""
import importlib.util, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(module):
    path = os.path.join(ROOT, module, "mutations.py")
    spec = importlib.util.spec_from_file_location("mutations", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: tools/mutants.py MODULE [mutation-name ...]")
    table = load(sys.argv[1])
    only = set(sys.argv[2:])
    scratch = tempfile.mkdtemp(prefix="gowrap-mutants.")
    bad = []
    try:
        for name, f, old, new, flt, *prelude in table.MUTATIONS:
            if only and name not in only:
                continue
            work = os.path.join(scratch, name)
            os.makedirs(work)
            tar = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", work], input=tar, check=True)
            p = os.path.join(work, f)
            s = open(p, encoding="utf-8", errors="surrogateescape").read()
            olds, news = (old, new) if isinstance(old, (list, tuple)) else ([old], [new])
            missing = [o for o in olds if o not in s]
            if missing:
                print(f"{name}: NOT APPLIED (text not found in {f})", flush=True)
                bad.append(name)
                continue
            for o, n in zip(olds, news):
                s = s.replace(o, n, 1)
            s = "".join(prelude) + s
            open(p, "w", encoding="utf-8", errors="surrogateescape").write(s)
            b = subprocess.run(["make", "-j2"] + table.TARGETS, cwd=work, capture_output=True, text=True)
            if b.returncode:
                print(f"{name}: BUILD FAILED\n{b.stderr[-800:]}", flush=True)
                bad.append(name)
                continue
            suites = [table.SUITE] if isinstance(table.SUITE, str) else list(table.SUITE)
            cmd = ["bats", "--tap"] + (["-f", flt] if flt else []) + suites
            # The suite of the scratch copy, so a mutated tool (tools/*.py)
            # is the one the tests run.
            r = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                               env=dict(os.environ, GOWRAP_BUILD=os.path.join(work, "build"),
                                        **getattr(table, "ENV", {}).get(name, {})))
            fails = re.findall(r"^not ok (\d+) (.*)$", r.stdout, re.M)
            if fails:
                print(f"{name}: caught by " + "; ".join(t[:70] for _, t in fails), flush=True)
            else:
                print(f"{name}: SURVIVED", flush=True)
                bad.append(name)
            shutil.rmtree(work, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if bad:
        print("not caught or not checked: " + " ".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
