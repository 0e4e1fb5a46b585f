#!/usr/bin/env python3
"""tests/helpers/fuzz-seeds.py NAME SEEDDIR DICT — seeds and a dictionary
for the libFuzzer targets of the command-line model (cmdline), the record
framing (record) and the shim<->CLI replies (proto), in each target's input
format (the comment at the top of tests/fuzz/fuzz_cmdline.c,
common/fuzz_record.c, proto/fuzz_proto.c). Run by tests/helpers/run-fuzz.sh.

cmdline's seeds are the real command lines of tests/unit/cmdline.corpus,
each twice: its GOFLAGS in the environment, and in the go env file (with a
GOOS and GOARCH there too). record's are framed records of the two memo
kinds, whole, empty, torn and of another version; proto's are replies in
the CLI's format (applied, not-needed, refused, torn; merge answers) with
refusal lines on stderr.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def split_quoted(s):
    """cmd/internal/quoted.Split, as gw_split_quoted (gocmd/words.h)."""
    out, i = [], 0
    while True:
        while i < len(s) and s[i] in " \t\r\n":
            i += 1
        if i >= len(s):
            return out
        if s[i] in "'\"":
            end = s.find(s[i], i + 1)
            if end < 0:
                raise ValueError("unterminated quote: " + s)
            out.append(s[i + 1:end])
            i = end + 1
            continue
        j = i
        while j < len(s) and s[j] not in " \t\r\n":
            j += 1
        out.append(s[i:j])
        i = j


def cmdline_cases():
    """(argv, goflags) of every case of the corpus."""
    cases, argv, gf = [], None, ""
    with open(os.path.join(ROOT, "tests/unit/cmdline.corpus"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("argv: "):
                if argv is not None:
                    cases.append((argv, gf))
                argv, gf = split_quoted(line[6:]), ""
            elif line.startswith("goflags: "):
                gf = line[9:]
    if argv is not None:
        cases.append((argv, gf))
    return cases


def cmdline_seeds():
    seeds = []
    for argv, gf in cmdline_cases():
        args = b"\0".join(a.encode() for a in argv if a)
        seeds.append(gf.encode() + b"\0" + args + b"\0\0")
        env = "GOFLAGS=%s\nGOOS=ios\nGOARCH=arm64\n" % gf
        seeds.append(b"\0" + args + b"\0\0" + env.encode())
    return seeds


CMDLINE_DICT = ["build", "install", "run", "test", "vet", "list", "env", "-C", "--C=", "--",
                "-args", "-o", "-c", "-tags=", "-tags", "-overlay=", "-overlay", "-toolexec=",
                "-toolexec", "-modfile=", "-mod=", "-buildmode=", "-test.", "-v", "-x", "=",
                "'", "\"", ".go", "@latest", "GOFLAGS=", "GOOS=", "GOARCH=", "ios", ",ios",
                "\\x0a", "\\x00"]


def frame(kind, body):
    if body and not body.endswith(b"\n"):
        body += b"\n"
    return b"gowrap-record\t" + kind + b"\n" + body + b"end\n"


def record_seeds():
    shim = (b"k1\nk2\n--\ngoroot\t/g\ngoversion\tgo1.27.3\ngomodcache\t/m\noverlay\t/c/o.json\n"
            b"marker\tgowrapMarkerV1\nstatus\tapplied\nvariant\tv\novgoversion\tgo1.27.3\n"
            b"in\t/g/src/internal/cpu/cpu_arm64.go\nrep\t/c/r.go\n--\n/g 1 2 3\n")
    deps = b"GOOS=ios\nGOARCH=arm64\n--\nfixed\tgithub.com/x/y\tv1\n"
    seeds = []
    for kind, body in ((b"overlay-memo 3", shim), (b"deps-gate 1", deps)):
        seeds.append(kind + b"\n" + frame(kind, body))
        seeds.append(kind + b"\n" + frame(kind, b""))
        seeds.append(kind + b"\n" + frame(kind, body)[:40])
        seeds.append(kind + b"\n" + frame(kind, body + b"end\n"))
    seeds.append(b"overlay-memo 3\n" + frame(b"overlay-memo 2", shim))
    return seeds


RECORD_DICT = ["gowrap-record\\x09", "end\\x0a", "\\x0aend\\x0a", "overlay-memo 3", "deps-gate 1",
               "--\\x0a"]


def proto_seed(code, out, err):
    return bytes([code, len(err) & 0xFF, len(err) >> 8]) + out + err


def proto_seeds():
    applied = (b"gowrap-overlay\t1\nstatus\tapplied\noverlay\t/c/o.json\nmarker\tgowrapMarkerV1\n"
               b"goversion\tgo1.27.3\ngoroot\t/g\nvariant\tgo1.27\n"
               b"input\t/g/src/internal/cpu/cpu_arm64.go\nreplacement\t/c/r.go\nend\n")
    needed = (b"gowrap-overlay\t1\nstatus\tnot-needed\noverlay\t/c/o.json\nmarker\t\n"
              b"goversion\tgo1.27.3\ngoroot\t/g\nvariant\t\nend\n")
    refused = (b"gowrap-overlay\t1\nstatus\trefused\ncode\t108\nerror\tgowrap: unknown internal/cpu "
               b"variant: blob 1234 (fix: add the Go release to overlay/variants.c)\nend\n")
    line = b"gowrap: GOROOT is beneath GOMODCACHE: /m/g (fix: install Go elsewhere)\n"
    fields = b"cannot merge\nboth replace /g/x.go\nremove one of them\n"
    return [
        proto_seed(0, applied, b""),
        proto_seed(0, needed, b""),
        proto_seed(0, applied[:60], b""),
        proto_seed(128 + 8, refused, line),
        proto_seed(128 + 5, b"", line),
        proto_seed(128 + 4, b"", fields),
        proto_seed(0, b"/c/merged/0a1b.json\n", b""),
        proto_seed(0, b"/c/merged/0a1b.json\n/x\n", b""),
        proto_seed(128 + 3, b"", b"gowrap: not overlay JSON: /w/o.json (fix: check it)\n"),
    ]


PROTO_DICT = ["gowrap-overlay\\x091\\x0a", "status\\x09", "applied", "not-needed", "refused",
              "overlay\\x09/", "marker\\x09", "goversion\\x09", "goroot\\x09/", "variant\\x09",
              "input\\x09/", "replacement\\x09/", "code\\x09", "error\\x09gowrap: ", "end\\x0a",
              "gowrap: ", ": ", " (fix: ", ")", "\\x0d"]


def main():
    name, seeddir, dictpath = sys.argv[1:4]
    seeds, words = {"cmdline": (cmdline_seeds, CMDLINE_DICT),
                    "record": (record_seeds, RECORD_DICT),
                    "proto": (proto_seeds, PROTO_DICT)}[name]
    os.makedirs(seeddir, exist_ok=True)
    for i, s in enumerate(seeds()):
        with open(os.path.join(seeddir, "%s-%03d" % (name, i)), "wb") as f:
            f.write(s)
    with open(dictpath, "w", encoding="utf-8") as f:
        for w in words:
            f.write('"%s"\n' % w.replace('"', '\\"'))


if __name__ == "__main__":
    main()
