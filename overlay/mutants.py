#!/usr/bin/env python3
"""overlay/mutants.py — the mutation check of the overlay generator.

Copies the working tree to a scratch directory, applies one deliberate bug at
a time to the overlay code or template, rebuilds there and runs
tests/overlay.bats against that build (GOWRAP_BUILD). Every mutation must make
at least one test fail; the script prints which ones did and exits 1 if any
mutation survived. Never edits the real tree. Usage:
    python3 overlay/mutants.py [mutation-name ...]
"""
import os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T='overlay/templates/cpu_arm64_ios_gowrap.go.tmpl'
M=[
 ("bit-too-many", T, "\tARM64.HasSHA2 = true\n", "\tARM64.HasSHA2 = true\n\tARM64.HasCRC32 = true\n"),
 ("bit-too-few", T, "\tARM64.HasSHA1 = true\n", ""),
 ("marker-call-dropped", T, "\t{{MARKER}}()\n", ""),
 ("marker-not-noinline", T, "//go:noinline\n", ""),
 ("keyed-realpath", "overlay/overlay.c", "\tr->goroot = gw_xstrdup(g->root.buf);", "\tchar *rp = realpath(g->root.buf, NULL);\n\tr->goroot = rp ? rp : gw_xstrdup(g->root.buf);"),
 ("keyed-other-goroot", "overlay/overlay.c", '\tgw_path_join(&g->keys[0], r->goroot, OV_CPU_DIR "/" OV_ADDED_FILE);\n\tgw_path_join(&g->keys[1], r->goroot, OV_CPU_DIR "/" OV_OTHER_FILE);', '\tgw_path_join(&g->keys[0], "/usr/local/go", OV_CPU_DIR "/" OV_ADDED_FILE);\n\tgw_path_join(&g->keys[1], "/usr/local/go", OV_CPU_DIR "/" OV_OTHER_FILE);'),
 ("leak-netbsd", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build {{CONSTRAINT}} && (ios || netbsd)\n"),
 ("leak-darwin-untagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && (ios || darwin)\n"),
 ("leak-linux-tagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && ios\n"),
 ("replacement-not-narrowed", "overlay/render.c", 'sb_adds(out, " && !ios");', 'sb_adds(out, "");'),
 ("replacement-drops-netbsd", "overlay/render.c", 'sb_adds(out, " && !ios");', 'sb_adds(out, " && !ios && !netbsd");'),
 ("bits-in-init", T, "func osInit() {\n\t{{MARKER}}()\n", "func osInit() {\n\t{{MARKER}}()\n}\n\nfunc init() {\n"),
 ("nondeterministic-bytes", "overlay/render.c", "\t\tp = close + 2;\n\t}\n\treturn 0;", "\t\tp = close + 2;\n\t}\n\tsb_addf(out, \"// %ld\\n\", (long)getpid());\n\treturn 0;"),
 ("nondeterministic-key", "overlay/overlay.c", '\tsb_addf(&key, "gowrap overlay\\ntemplate', '\tsb_addf(&key, "%ld", (long)getpid());\n\tsb_addf(&key, "gowrap overlay\\ntemplate'),
]
only = sys.argv[1:]
scratch = tempfile.mkdtemp(prefix="gowrap-mutants.")
survived = []
for name, f, old, new in M:
    if only and name not in only: continue
    work = os.path.join(scratch, "src")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(ROOT, work, ignore=shutil.ignore_patterns(".git", "build", "build-asan"))
    p = os.path.join(work, f)
    s = open(p).read()
    if old not in s:
        print(name, "PATCH-NOT-APPLIED"); continue
    s = s.replace(old, new, 1)
    if "getpid" in new and "#include <unistd.h>" not in s:
        s = "#include <unistd.h>\n" + s
    if "realpath" in new and "#include <stdlib.h>" not in s:
        s = "#include <stdlib.h>\n" + s
    open(p, "w").write(s)
    b = subprocess.run(["make", "build/gowrap"], cwd=work, capture_output=True, text=True)
    if b.returncode:
        print(name, "BUILD-FAILED", b.stderr[-500:]); continue
    r = subprocess.run(["bats", "tests/overlay.bats"], cwd=ROOT,
                       env=dict(os.environ, GOWRAP_BUILD=os.path.join(work, "build")),
                       capture_output=True, text=True)
    fails = re.findall(r"^not ok (\d+) (.*)$", r.stdout, re.M)
    if not fails:
        survived.append(name)
    print(f"{name}: {len(fails)} failing: " + "; ".join(f"#{n} {t[:60]}" for n, t in fails), flush=True)
shutil.rmtree(scratch, ignore_errors=True)
if survived:
    print("SURVIVED: " + " ".join(survived))
    sys.exit(1)
