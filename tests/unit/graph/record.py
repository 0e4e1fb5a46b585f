#!/usr/bin/env python3
"""tests/unit/graph/record.py — records the `go list -deps` replies that
tests/unit/graph.table drives the gate's parser and classifier with, once,
from the real go (recorded with go1.26.8, modules from the fixtures' go.sum):

    make unit && python3 tests/unit/graph/record.py

Each reply is exactly what dp_graph_list gets (its template, from
`build/unit/graph_table --template`), listed in a copy of the fixtures (so
nothing is written into the tree), with these prefixes replaced so the
files are the same on every machine: the copy's directory -> /FIXTURES,
GOMODCACHE -> /GOMODCACHE, GOROOT -> /GOROOT (and GOCACHE -> /GOCACHE:
a test main is generated there). `blobs` holds `git
hash-object` of every listed file that holds one of the rules' words
(WORDS, deps/classify.c's), std's included, under the same replaced paths,
and `files/<blob>` its bytes: the driver classifies by these and reads no
module cache or GOROOT. `template`
is the template they were listed with (tests/unit.bats requires it to be
dp_graph_list's still: record again when it changes).
"""
import os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIX = os.path.join(ROOT, "tests", "fixtures")
DRIVER = os.path.join(ROOT, "build", "unit", "graph_table")

# name, fixture, GOOS, GOARCH, CGO_ENABLED, extra go list arguments
REPLIES = [
    ("depsprobe-ios-arm64.list", "depsprobe", "ios", "arm64", "1", ["."]),
    ("depsprobe-linux-arm64.list", "depsprobe", "linux", "arm64", "0", ["."]),
    ("depsprobe-catalyst-arm64.list", "depsprobe", "darwin", "arm64", "1", ["-tags", "ios", "."]),
    # depsprobe42 is depsprobe's program with x/sys v0.42.0 (as tests/deps.bats builds it)
    ("depsprobe42-ios-arm64.list", "depsprobe42", "ios", "arm64", "1", ["."]),
    ("xsys-test-ios-arm64.list", "depsprobe", "ios", "arm64", "1", ["-test", "golang.org/x/sys/cpu"]),
]


# deps/classify.c's words: a file with none of them holds no rule's line.
WORDS = [w.encode() for w in ("HWCap", "osInit", "doinit", "setMinimalFeatures", "ARM64", "featureSet",
                              "darwinSysctlEnabled", "readHWCAP", "detectOS", "/proc/self/auxv",
                              "processOptions", "func Auxv()", "Platform", 'runtime.GOOS != "ios"')]


def go_env(name):
    return subprocess.run(["go", "env", name], capture_output=True, text=True, check=True).stdout.strip()


def main():
    tmpl = subprocess.run([DRIVER, "--template"], capture_output=True, check=True).stdout[:-1]
    with open(os.path.join(HERE, "template"), "wb") as w:
        w.write(tmpl + b"\n")
    tmp = tempfile.mkdtemp(prefix="gowrap-record.")
    shutil.copytree(os.path.join(FIX, "depsprobe"), os.path.join(tmp, "depsprobe"))
    os.makedirs(os.path.join(tmp, "depsprobe42"))
    for f in ("go.mod", "go.sum"):
        shutil.copy(os.path.join(FIX, "depsprobe42", f), os.path.join(tmp, "depsprobe42", f))
    shutil.copy(os.path.join(FIX, "depsprobe", "main.go"), os.path.join(tmp, "depsprobe42", "main.go"))
    subst = [(tmp, "/FIXTURES"), (go_env("GOMODCACHE"), "/GOMODCACHE"), (go_env("GOROOT"), "/GOROOT"),
             (go_env("GOCACHE"), "/GOCACHE")]
    blobs = {}
    for name, fixture, goos, goarch, cgo, args in REPLIES:
        env = dict(os.environ, GOOS=goos, GOARCH=goarch, CGO_ENABLED=cgo, GOFLAGS="", GOWORK="off")
        argv = ["go", "list", "-deps"] + [a for a in args if a == "-test"] + ["-f", tmpl.decode()]
        argv += [a for a in args if a != "-test"]
        out = subprocess.run(argv, cwd=os.path.join(tmp, fixture), env=env, capture_output=True,
                             check=True).stdout.decode()
        for line in out.split("\n")[:-1]:
            f = line.split("\t")
            for file in f[4].replace("\x1e", "\x1f").split("\x1f"):
                path = os.path.join(f[3], file)
                if file and os.path.isfile(path) and any(w in open(path, "rb").read() for w in WORDS):
                    blob = subprocess.run(["git", "hash-object", "--no-filters", path],
                                          capture_output=True, text=True, check=True).stdout.strip()
                    blobs[path] = blob
                    os.makedirs(os.path.join(HERE, "files"), exist_ok=True)
                    shutil.copy(path, os.path.join(HERE, "files", blob))
        for old, new in subst:
            out = out.replace(old, new)
        with open(os.path.join(HERE, name), "w") as w:
            w.write(out)
    with open(os.path.join(HERE, "blobs"), "w") as w:
        for path in sorted(blobs):
            for old, new in subst:
                path2 = path.replace(old, new) if path.startswith(old) else path
                if path2 != path:
                    break
            w.write(f"{path2}\t{blobs[path]}\n")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
