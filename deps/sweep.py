#!/usr/bin/env python3
"""deps/sweep.py — the version sweep: every version the module proxy serves
of golang.org/x/sys (golang.org/x/sys/cpu) and github.com/klauspost/cpuid/v2,
and the gVisor pseudo-versions apps pin (PINNED: gVisor's pkg/cpuid on the
arm64 targets), held to the rules of deps/table.c for each target of the
dependency fix.

    make unit && python3 deps/sweep.py [--build DIR]

For each version `go list -m -versions MODULE` prints and each target of
TARGETS, it lists the .go files that target compiles of the package (a
temporary module requiring MODULE@VERSION, `go list` with GOOS/GOARCH set;
a version/target where the package does not list: "-"), records each
file's `git hash-object`, and keeps the bytes of each file that holds one of
the rules' words (deps/classify.c's words[], read from it) under
tests/unit/sweep/files/<blob> (a file without one holds no rule's line).
The verdicts come from the classifier itself (DIR/unit/sweep_table --print:
fix:RULE, right:RULE, none, unknown) and the table is written whole to
tests/unit/sweep/sweep.tsv:

    module<TAB>version<TAB>target<TAB>verdict<TAB>file:blob,file:blob,...

(files "-" when no compiled file holds a word). tests/sweep.bats holds the
checked-in table to the rules: when a rule changes so that a version's
verdict does, the check fails until this is run again and the change is
read in the diff. Prints per module: the versions, per target the count of
fix / right / none / unknown / "-", every unknown with its why, and every
"-" with go's first line. Versions go into the normal module cache;
everything else into a temporary directory. Needs the network (the module
proxy) for versions not yet in the cache."""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "unit", "sweep")

MODULES = [
    ("golang.org/x/sys", "golang.org/x/sys/cpu"),
    ("github.com/klauspost/cpuid/v2", "github.com/klauspost/cpuid/v2"),
]
# GOOS/GOARCH, CGO_ENABLED: ios builds are cgo builds (gomobile, Xcode); a
# cross-compile to linux has cgo off unless a C compiler is named.
TARGETS = [
    ("ios/arm64", "1"),
    ("linux/arm64", "0"),
    ("linux/arm", "0"),
    ("linux/ppc64le", "0"),
    ("linux/s390x", "0"),
    ("linux/loong64", "0"),
    ("linux/mips64le", "0"),
    # android compiles linux's files, but code that asks runtime.GOOS
    # decides otherwise there: every GOARCH android has, apart.
    ("android/arm64", "0"),
    ("android/arm", "0"),
    ("android/amd64", "0"),
    ("android/386", "0"),
]
VERDICTS = ["fix", "right", "none", "unknown", "-"]

# gVisor publishes pseudo-versions only (thousands, none listed): swept are
# those the releases of apps carrying its netstack pin in their go.mod
# (tailscale.com, github.com/xtls/xray-core, github.com/v2fly/v2ray-core/v5,
# and sing-box's and sing-tun's fork; deps/README.md, "gVisor"), for the
# arm64 targets of deps/ families (its pkg/cpuid builds for amd64 and arm64
# only, and amd64 is of none).
PINNED = {
    "gvisor.dev/gvisor": [
        "v0.0.0-20231020174304-b8a429915ff1", "v0.0.0-20231202080848-1f7806d17489",
        "v0.0.0-20240320123526-dc6abceb7ff0", "v0.0.0-20240722211153-64c016c92987",
        "v0.0.0-20250205023644-9414b50a5633", "v0.0.0-20250428193742-2d800c3129d5",
        "v0.0.0-20260122175437-89a5d21be8f0", "v0.0.0-20260224225140-573d5e7127a8",
    ],
    "github.com/sagernet/gvisor": [
        "v0.0.0-20241123041152-536d05261cff", "v0.0.0-20250325023245-7a9c0f5725fb",
        "v0.0.0-20250811.0-sing-box-mod.1", "v0.0.0-20260727.0-sing-box-mod.1",
    ],
}
PINNED_TARGETS = [("ios/arm64", "1"), ("linux/arm64", "0"), ("android/arm64", "0")]
MODULES += [(m, m + "/pkg/cpuid") for m in PINNED]


def words():
    """deps/classify.c's words[]: the table follows the classifier."""
    src = open(os.path.join(ROOT, "deps", "classify.c")).read()
    m = re.search(r"static const char \*const words\[\] = \{(.*?)\};", src, re.S)
    if not m:
        sys.exit("sweep: no words[] in deps/classify.c")
    return [w.encode().decode("unicode_escape").encode() for w in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))]


def go(args, cwd, env, check=True):
    p = subprocess.run(["go"] + args, cwd=cwd, env=env, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit("sweep: go %s: %s" % (" ".join(args), p.stderr.strip()))
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.environ.get("GOWRAP_BUILD", os.path.join(ROOT, "build")),
                    help="the build directory whose unit/sweep_table computes the verdicts")
    ap.add_argument("--module", action="append", help="sweep only this module (repeatable)")
    opt = ap.parse_args()
    driver = os.path.join(opt.build, "unit", "sweep_table")
    if not os.access(driver, os.X_OK):
        sys.exit("sweep: no %s (make unit)" % driver)
    if shutil.which("git") is None:
        sys.exit("sweep: git is needed (git hash-object)")
    start = time.time()
    ws = words()
    tmp = tempfile.mkdtemp(prefix="gowrap-sweep.")
    base = dict(os.environ, GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GOWORK="off", GO111MODULE="on")
    base.pop("GOWRAP_CACHE", None)
    rows = []     # [module, version, target, verdict, files]
    keep = {}     # blob -> bytes
    blob_of = {}  # path -> (blob, has word)
    failed = []   # (module, version, target, go's first line)
    try:
        for mod, pkg in MODULES:
            if opt.module and mod not in opt.module:
                continue
            versions = PINNED.get(mod) or go(["list", "-m", "-versions", mod], tmp, base).stdout.split()[1:]
            print("sweep: %s: %d versions" % (mod, len(versions)), file=sys.stderr)
            for v in versions:
                d = os.path.join(tmp, "m", mod.replace("/", "_"), v)
                os.makedirs(d)
                with open(os.path.join(d, "go.mod"), "w") as f:
                    f.write("module gowrapsweep\n\ngo 1.18\n\nrequire %s %s\n" % (mod, v))
                go(["mod", "download", "%s@%s" % (mod, v)], d, base)
                for target, cgo in PINNED_TARGETS if mod in PINNED else TARGETS:
                    goos, goarch = target.split("/")
                    env = dict(base, GOOS=goos, GOARCH=goarch, CGO_ENABLED=cgo)
                    p = go(["list", "-f", '{{.Dir}}|{{join .GoFiles " "}} {{join .CgoFiles " "}}', pkg], d, env,
                           check=False)
                    if p.returncode != 0:
                        first = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[0]
                        failed.append((mod, v, target, first))
                        rows.append([mod, v, target, "-", "-"])
                        continue
                    dirname, names = p.stdout.strip().split("|", 1)
                    paths = [os.path.join(dirname, n) for n in names.split()]
                    new = [q for q in paths if q not in blob_of]
                    if new:  # git's blob ids, one call per listing
                        ids = subprocess.run(["git", "hash-object", "--no-filters", "--"] + new,
                                             capture_output=True, text=True, check=True).stdout.split()
                        if len(ids) != len(new):
                            sys.exit("sweep: git hash-object answered %d ids for %d files" % (len(ids), len(new)))
                        for q, b in zip(new, ids):
                            data = open(q, "rb").read()
                            has = any(w in data for w in ws)
                            if has:
                                keep[b] = data
                            blob_of[q] = (b, has)
                    files = ["%s:%s" % (os.path.basename(q), blob_of[q][0]) for q in paths if blob_of[q][1]]
                    rows.append([mod, v, target, "?", ",".join(files) or "-"])
        os.makedirs(os.path.join(OUT, "files"), exist_ok=True)
        for b, data in keep.items():
            path = os.path.join(OUT, "files", b)
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(data)
        # The verdicts: the classifier's, over the bytes just kept.
        raw = os.path.join(tmp, "raw.tsv")
        with open(raw, "w") as f:
            for r in rows:
                f.write("\t".join(r) + "\n")
        p = subprocess.run([driver, "--print", raw, os.path.join(OUT, "files")], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("sweep: %s --print: %s" % (driver, p.stderr.strip()))
        printed = [l.split("\t") for l in p.stdout.splitlines()]
        if len(printed) != len(rows):
            sys.exit("sweep: %s --print answered %d rows for %d" % (driver, len(printed), len(rows)))
        why = {}
        for r, q in zip(rows, printed):
            if q[:3] != r[:3] or q[4] != r[4]:
                sys.exit("sweep: %s --print answered another row: %s" % (driver, "\t".join(q)))
            r[3] = q[3]
            if len(q) > 5 and q[5] != "-":
                why[tuple(r[:3])] = q[5]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    table = os.path.join(OUT, "sweep.tsv")
    if opt.module and os.path.exists(table):  # keep the other modules' rows
        old = [l.rstrip("\n").split("\t") for l in open(table) if not l.startswith("#") and l.strip()]
        rows = [r for r in old if r[0] not in opt.module] + rows
    with open(table, "w") as f:
        f.write("# deps/sweep.py's table (generated: run it again, do not edit): module, version, target,\n"
                "# the classifier's verdict, the compiled files that hold a rule's word (file:blob).\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    # bytes no row names any more go
    used = {fb.split(":", 1)[1] for r in rows if r[4] != "-" for fb in r[4].split(",")}
    for b in os.listdir(os.path.join(OUT, "files")):
        if b not in used:
            os.unlink(os.path.join(OUT, "files", b))

    for mod, _ in MODULES:
        mine = [r for r in rows if r[0] == mod]
        if not mine:
            continue
        nv = len({r[1] for r in mine})
        print("%s: %d versions (%s .. %s)" % (mod, nv, mine[0][1], mine[-1][1]))
        print("  %-15s %5s %5s %5s %7s %5s  rules" % ("target", *VERDICTS))
        for target, _ in TARGETS:
            t = [r for r in mine if r[2] == target]
            n = {k: sum(1 for r in t if r[3].split(":")[0] == k) for k in VERDICTS}
            rules = sorted({r[3] for r in t if ":" in r[3]})
            print("  %-15s %5d %5d %5d %7d %5d  %s" % (target, *(n[k] for k in VERDICTS), " ".join(rules)))
    unknown = [r for r in rows if r[3] == "unknown"]
    print("unknown: %d" % len(unknown))
    for r in unknown:
        print("  %s %s %s: %s" % (r[0], r[1], r[2], why.get(tuple(r[:3]), "?")))
    print("not listed (-): %d" % len(failed))
    for m, v, t, first in failed:
        print("  %s %s %s: %s" % (m, v, t, first))
    print("%d rows, %d files kept, %.0f s" % (len(rows), len(used), time.time() - start))


if __name__ == "__main__":
    main()
