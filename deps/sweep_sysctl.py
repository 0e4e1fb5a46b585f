#!/usr/bin/env python3
"""deps/sweep_sysctl.py — the x/sys/cpu sysctl fix, linked for every version
the version sweep fixes on iOS.

    make && python3 deps/sweep_sysctl.py [--build DIR]

For each golang.org/x/sys version whose ios/arm64 row in
tests/unit/sweep/sweep.tsv is fix:xsys-ios, a program that imports
golang.org/x/sys/cpu (and reads one field of its ARM64 struct) is built
through the shim into an iOS c-archive (the stand-in Apple toolchain of
tests/helpers/apple/, as the suites build). It records the package's
assembly files for ios/arm64 (the trampoline joins the first), the fields
the fix asks sysctl for (`gowrap-toolexec --render xsys-ios` on that
version's struct: its gowrapSysctlEnabled lines), and whether the linked
object holds the trampoline and the marker; the table is written whole to
tests/unit/sweep/xsys_sysctl.tsv:

    version<TAB>sfiles<TAB>fields<TAB>linked (yes, or go's last line)

tests/sweep.bats holds it to sweep.tsv (every fixed version has a linked
row) and to the renderer (the fields of each version's struct, read from
the sweep's kept bytes). Needs the network for versions not in the module
cache, and Go 1.26 or later (iOS builds need cgo there)."""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWEEP = os.path.join(ROOT, "tests", "unit", "sweep")
APPLE = os.path.join(ROOT, "tests", "helpers", "apple", "bin")

MAIN = """package main

import "C"

import "golang.org/x/sys/cpu"

//export GowrapSweepAtomics
func GowrapSweepAtomics() bool { return cpu.ARM64.HasATOMICS }

func main() {}
"""


def run(argv, cwd, env):
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.environ.get("GOWRAP_BUILD", os.path.join(ROOT, "build")))
    opt = ap.parse_args()
    shim = os.path.join(opt.build, "shim")
    toolexec = os.path.join(shim, "gowrap-toolexec")
    if not os.access(toolexec, os.X_OK):
        sys.exit("sweep_sysctl: no %s (make)" % toolexec)
    versions = []
    for line in open(os.path.join(SWEEP, "sweep.tsv")):
        f = line.rstrip("\n").split("\t")
        if not line.startswith("#") and len(f) == 5 and f[0] == "golang.org/x/sys" and f[2] == "ios/arm64" \
                and f[3] == "fix:xsys-ios":
            versions.append(f[1])
    start = time.time()
    tmp = tempfile.mkdtemp(prefix="gowrap-sweep-sysctl.")
    env = dict(os.environ, GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GOWORK="off", GO111MODULE="on",
               GOWRAP_CACHE=os.path.join(tmp, "cache"), PATH=shim + os.pathsep + os.environ["PATH"],
               GOOS="ios", GOARCH="arm64", CGO_ENABLED="1", CC=os.path.join(APPLE, "cc-ios-arm64"))
    env.pop("GOWRAP_FEATURES", None)
    rows = []
    try:
        for v in versions:
            d = os.path.join(tmp, v)
            os.makedirs(d)
            with open(os.path.join(d, "go.mod"), "w") as f:
                f.write("module gowrapsweep\n\ngo 1.18\n\nrequire golang.org/x/sys %s\n" % v)
            with open(os.path.join(d, "main.go"), "w") as f:
                f.write(MAIN)
            p = run(["go", "list", "-f", "{{.Dir}}|{{join .SFiles \",\"}}", "golang.org/x/sys/cpu"], d, env)
            if p.returncode != 0:
                rows.append([v, "-", "-", (p.stderr.strip().splitlines() or ["?"])[-1]])
                continue
            pkgdir, sfiles = p.stdout.strip().split("|", 1)
            r = run([toolexec, "--render", "xsys-ios", os.path.join(pkgdir, "cpu.go")], d, env)
            fields = len(re.findall(r"^\tARM64\.Has\w+ = gowrapSysctlEnabled", r.stdout, re.M)) \
                if r.returncode == 0 else 0
            out = os.path.join(d, "out.a")
            p = run(["go", "build", "-buildmode=c-archive", "-ldflags=-extar=" + os.path.join(APPLE, "ar"),
                     "-o", out, "."], d, env)
            if p.returncode != 0:
                rows.append([v, sfiles or "-", str(fields), (p.stderr.strip().splitlines() or ["?"])[-1]])
                continue
            run(["llvm-ar", "x", out, "go.o"], d, env)
            nm = run(["llvm-nm", os.path.join(d, "go.o")], d, env).stdout
            linked = all(s in nm for s in ("_gowrap_sysctlbyname_trampoline",
                                           "_golang.org/x/sys/cpu.gowrapSysctlEnabled",
                                           "_golang.org/x/sys/cpu.gowrapMarkerV1"))
            rows.append([v, sfiles or "-", str(fields), "yes" if linked else "no trampoline or marker"])
            print("sweep_sysctl: %s %s" % (v, rows[-1][1:]), file=sys.stderr)
    finally:
        subprocess.run(["chmod", "-R", "u+w", tmp])
        shutil.rmtree(tmp, ignore_errors=True)
    with open(os.path.join(SWEEP, "xsys_sysctl.tsv"), "w") as f:
        f.write("# deps/sweep_sysctl.py's table (generated: run it again, do not edit): x/sys version, its\n"
                "# ios/arm64 assembly files, the fields the fix asks sysctl for, linked through the shim.\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    ok = sum(1 for r in rows if r[3] == "yes")
    print("x/sys versions fixed on ios: %d; linked with the trampoline: %d; fields asked: %s; %.0f s"
          % (len(rows), ok, ",".join(sorted({r[2] for r in rows})), time.time() - start))
    return 0 if ok == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
