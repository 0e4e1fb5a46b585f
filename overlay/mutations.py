# overlay/mutations.py — mutations of the overlay generator for
# tools/mutants.py (data only). Each must make a test of SUITE fail; which
# ones fail is in overlay/README.md.
SUITE = "tests/overlay.bats"
TARGETS = ["build/gowrap"]
T='overlay/templates/cpu_arm64_ios_gowrap.go.tmpl'
MUTATIONS = [
 ("bit-too-many", T, "\tARM64.HasSHA2 = true\n", "\tARM64.HasSHA2 = true\n\tARM64.HasCRC32 = true\n", None),
 ("bit-too-few", T, "\tARM64.HasSHA1 = true\n", "", None),
 ("marker-call-dropped", T, "\t{{MARKER}}()\n", "", None),
 ("marker-not-noinline", T, "//go:noinline\n", "", None),
 ("keyed-realpath", "overlay/overlay.c", "\tr->goroot = gw_xstrdup(g->root.buf);", "\tchar *rp = realpath(g->root.buf, NULL);\n\tr->goroot = rp ? rp : gw_xstrdup(g->root.buf);", None),
 ("keyed-other-goroot", "overlay/overlay.c", '\tgw_path_join(&g->keys[0], r->goroot, OV_CPU_DIR "/" OV_ADDED_FILE);\n\tgw_path_join(&g->keys[1], r->goroot, OV_CPU_DIR "/" OV_OTHER_FILE);', '\tgw_path_join(&g->keys[0], "/usr/local/go", OV_CPU_DIR "/" OV_ADDED_FILE);\n\tgw_path_join(&g->keys[1], "/usr/local/go", OV_CPU_DIR "/" OV_OTHER_FILE);', None),
 ("leak-netbsd", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build {{CONSTRAINT}} && (ios || netbsd)\n", None),
 ("leak-darwin-untagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && (ios || darwin)\n", None),
 ("leak-linux-tagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && ios\n", None),
 ("replacement-not-narrowed", "overlay/render.c", 'sb_adds(out, " && !ios");', 'sb_adds(out, "");', None),
 ("replacement-drops-netbsd", "overlay/render.c", 'sb_adds(out, " && !ios");', 'sb_adds(out, " && !ios && !netbsd");', None),
 ("bits-in-init", T, "func osInit() {\n\t{{MARKER}}()\n", "func osInit() {\n\t{{MARKER}}()\n}\n\nfunc init() {\n", None),
 ("nondeterministic-bytes", "overlay/render.c", "\t\tp = close + 2;\n\t}\n\treturn 0;", "\t\tp = close + 2;\n\t}\n\tsb_addf(out, \"// %ld\\n\", (long)getpid());\n\treturn 0;", None, "#include <unistd.h>\n"),
 ("nondeterministic-key", "overlay/overlay.c", '\tsb_addf(&key, "gowrap overlay\\ntemplate', '\tsb_addf(&key, "%ld", (long)getpid());\n\tsb_addf(&key, "gowrap overlay\\ntemplate', None),
]
