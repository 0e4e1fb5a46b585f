# overlay/mutations.py — mutations of the overlay generator for
# tools/mutants.py (data only). Each must make a test of SUITE (narrowed by
# the filter, so a mutation runs only the tests that judge it) fail; which
# ones fail is in overlay/README.md.
SUITE = "tests/overlay.bats"
TARGETS = ["build/gowrap", "build/shim/go"]
T = 'overlay/templates/cpu_arm64_ios_gowrap.go.tmpl'
D = 'overlay/templates/cpu_arm64_darwin_marker.go.tmpl'
CRYPTO_FILES = "crypto generated files"
CRYPTO_MATRIX = "crypto generated files|crypto, Go 1.26.8: internal/cpu|ios tag on GOOSes"
DARWIN_MATRIX = "darwin parity, Go 1.26.8: internal/cpu"
MUTATIONS = [
 # crypto (GOWRAP_FEATURES=crypto): the template and its build lines
 ("bit-too-many", T, "\tARM64.HasSHA2 = true\n", "\tARM64.HasSHA2 = true\n\tARM64.HasCRC32 = true\n", CRYPTO_FILES),
 ("bit-too-few", T, "\tARM64.HasSHA1 = true\n", "", CRYPTO_FILES),
 ("marker-call-dropped", T, "\t{{MARKER}}()\n", "", CRYPTO_MATRIX),
 ("marker-not-noinline", T, "//go:noinline\n", "", CRYPTO_MATRIX),
 ("leak-netbsd", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build {{CONSTRAINT}} && (ios || netbsd)\n", CRYPTO_MATRIX),
 ("leak-darwin-untagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && (ios || darwin)\n", CRYPTO_MATRIX),
 ("leak-linux-tagged", T, "//go:build {{CONSTRAINT}} && ios\n", "//go:build arm64 && ios\n", CRYPTO_MATRIX),
 ("replacement-not-narrowed", "overlay/overlay.c", '" && !ios", OV_OTHER_FILE', '"", OV_OTHER_FILE', CRYPTO_MATRIX),
 ("bits-in-init", T, "func osInit() {\n\t{{MARKER}}()\n", "func osInit() {\n\t{{MARKER}}()\n}\n\nfunc init() {\n", CRYPTO_FILES),
 # both sets
 ("replacement-drops-netbsd", "overlay/render.c", "\tsb_adds(out, suffix);", "\tsb_adds(out, suffix);\n\tsb_adds(out, \" && !netbsd\");", "internal/cpu compiles"),
 ("keyed-realpath", "overlay/overlay.c", "\tr->goroot = gw_xstrdup(g->root.buf);", "\tchar *rp = realpath(g->root.buf, NULL);\n\tr->goroot = rp ? rp : gw_xstrdup(g->root.buf);", "symlinked GOROOT"),
 ("keyed-other-goroot", "overlay/overlay.c", "\tgw_path_join(&g->keys[i], r->goroot, OV_CPU_DIR);", "\tgw_path_join(&g->keys[i], r->goroot[0] ? \"/usr/local/go\" : r->goroot, OV_CPU_DIR);", "symlinked GOROOT|Go 1.27.3: internal/cpu"),
 ("nondeterministic-bytes", "overlay/render.c", "\t\tp = close + 2;\n\t}\n\treturn 0;", "\t\tp = close + 2;\n\t}\n\tsb_addf(out, \"// %ld\\n\", (long)getpid());\n\treturn 0;", "deterministic|32 parallel|own cache key", "#include <unistd.h>\n"),
 ("nondeterministic-key", "overlay/overlay.c", '\tsb_addf(&key, "gowrap overlay\\nfeatures', '\tsb_addf(&key, "%ld", (long)getpid());\n\tsb_addf(&key, "gowrap overlay\\nfeatures', "deterministic|32 parallel|own cache key"),
 # darwin parity (the default)
 ("darwin-asserts-atomics", D, "func {{MARKER}}() {}\n", "func {{MARKER}}() {}\n\nfunc init() {\n\tARM64.HasATOMICS = true\n}\n", "darwin parity is the default|but for the build line"),
 ("darwin-leaks-macos", "overlay/darwin.c", 'sb_addf(&expr, "%s && darwin && ios", other_constraint);', 'sb_addf(&expr, "arm64 && darwin%s", "");', DARWIN_MATRIX),
 ("darwin-leaves-tagged-netbsd-bare", "overlay/darwin.h", '#define OV_DARWIN_OTHER_SUFFIX " && !(darwin && ios)"', '#define OV_DARWIN_OTHER_SUFFIX " && !ios"', DARWIN_MATRIX),
 ("darwin-marker-call-dropped", "overlay/darwin.c", '\tsb_adds(out, "\\t" OV_DARWIN_MARKER_FUNC "()\\n");\n', "", "but for the build line|" + DARWIN_MATRIX),
 ("darwin-marker-not-noinline", D, "//go:noinline\n", "", DARWIN_MATRIX),
 ("darwin-no-plumbing", "overlay/darwin.c", "\tif (row->darwin_blob &&", "\tif (0 &&", DARWIN_MATRIX),
 ("darwin-files-guessed", "overlay/overlay.c", "ov_darwin_files_by_blob(a64, dar) : NULL;", "ov_darwin_files_by_blob(a64, dar) : NULL;\n\tif (!d)\n\t\td = ov_darwin_rows;", "refuses darwin files"),
 ("darwin-mixed-releases", "overlay/overlay.c", "\tif (d && strcmp(d->other_id, g->v->id) == 0)", "\tif (d)", "refuses darwin files"),
 ("default-is-crypto", "overlay/features.c", "\t*out = OV_FEATURES_DARWIN;", "\t*out = OV_FEATURES_CRYPTO;", "darwin parity is the default|feature sets"),
 ("env-beats-flag", "cli/cmd_overlay.c", "\tif (!features && ov_features_from_env(", "\tif (ov_features_from_env(", "feature sets"),
 # the variant in the keys: the overlay cache's and the shim's memo
 ("key-ignores-features", "overlay/overlay.c",
  '\tsb_addf(&key, "gowrap overlay\\nfeatures %s\\ntemplate %s\\ngoroot %s\\nstatus %s\\nvariant %s\\n",\n\t\tr->features, r->tmpl, r->goroot, r->status, r->variant);\n\tfor (size_t i = 0; i < g->nfiles; i++) {\n\t\tchar id[41];\n\t\tif (ov_blob_id(g->files[i].content.buf, g->files[i].content.len, id, e) < 0)\n\t\t\tgoto out;\n\t\tsb_addf(&key, "file %s %s\\n", g->files[i].name, id);\n\t}',
  '\tsb_addf(&key, "gowrap overlay\\ngoroot %s\\n", r->goroot);', "own cache key|through the shim"),
 # (the shim's memo keys on gocmd/envkey.c's rule: GOWRAP_FEATURES made an exception)
 ("memo-key-without-features", "gocmd/envkey.c", '"GOWRAP_TOOLEXEC_NEXT", "GOWRAP_INNER_",\n', '"GOWRAP_TOOLEXEC_NEXT", "GOWRAP_INNER_", "GOWRAP_FEATURES",\n', "through the shim"),
]
