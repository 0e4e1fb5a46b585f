# shim/mutations.py — mutations of the go shim for tools/mutants.py (data only).
# Each must make a test of SUITE (narrowed by the filter) fail.
SUITE = ["tests/shim.bats", "tests/unit.bats", "tests/patches.bats", "tests/android.bats"]
TARGETS = ["build/shim/go", "build/gowrap", "unit"]  # unit: tests/unit.bats's drivers
MUTATIONS = [
    ("tag-substring-match", "gocmd/words.c",
     "if (n == 3 && memcmp(p, \"ios\", 3) == 0)", "if (n >= 3 && memcmp(p, \"ios\", 3) == 0)",
     "nothing injected, no marker|gomobile style"),
    ("tag-last-in-list-missed", "gocmd/words.c",
     "\t\tif (!c)\n\t\t\tbreak;\n\t\tp = c + 1;", "\t\tbreak;\n\t\tp = c + 1;",
     "gomobile style|Mac Catalyst"),
    ("goflags-tags-ignored", "shim/cmdline.c",
     "\t\tif (IS(\"tags\"))\n\t\t\ttags = eq + 1;", "\t\tif (0)\n\t\t\ttags = eq + 1;",
     "gomobile style|Mac Catalyst|corpus"),
    # The parser of old: a flag's separate value ended its view of argv.
    ("stops-at-first-flag-value", "shim/cmdline.c",
     "\t\t\tval = argv[++i];\n\t\t\tval_idx = i;\n\t\t\tinl = 0;",
     "\t\t\tval = argv[i + 1];\n\t\t\tval_idx = i + 1;\n\t\t\tinl = 0;\n\t\t\tnote_flag(cl, name, n, val, val_idx, inl, is_test);\n\t\t\tbreak;",
     "corpus"),
    ("goflags-toolexec-ignored", "shim/cmdline.c",
     "\t\telse if (IS(\"toolexec\"))\n\t\t\tte = eq + 1;", "\t\telse if (0)\n\t\t\tte = eq + 1;",
     "corpus"),
    ("log-two-writes", "shim/shimlog.c",
     "ssize_t w = write(fd, s.buf, s.len);",
     "ssize_t w = write(fd, s.buf, s.len / 2); if (w >= 0) w += write(fd, s.buf + s.len / 2, s.len - s.len / 2);",
     "log:"),
    ("path-walk-takes-shim", "gocmd/pathwalk.c",
     "if (gw_is_executable(cand.buf) && (!accept || accept(cand.buf, arg))) {",
     "if (gw_is_executable(cand.buf) && ((void)accept, (void)arg, 1)) {",
     "fault 101"),
    ("flag-table-v-takes-value", "shim/cmdline.c",
     "{ K_BOOL, SALL, 1, \" v \" },", "{ K_VALUE, SALL, 1, \" v \" },",
     "non-flag after a post-package flag"),
    # The memo's environment (gocmd/envkey.c, the one rule both memos use):
    # the GO* part of the rule dropped, or the shim's key without it.
    ("memo-env-rule-drops-go", "gocmd/envkey.c",
     "if (strncmp(kv, \"GO\", 2) == 0 || strncmp(kv, \"CGO_\", 4) == 0)",
     "if (strncmp(kv, \"CGO_\", 4) == 0)",
     "memo"),
    ("memo-key-without-env", "shim/memo.c",
     "\tgw_key_env(key); /* envkey.h: the one rule both memos key on */",
     "\t/* the environment left out */",
     "memo"),
    ("outdir-not-checked", "shim/gowrap.c",
     "c->check_bins && ok ? shim_snapshot_changed", "0 ? shim_snapshot_changed",
     "directory checks what go wrote"),
    # The target decision and the overlay memo's key, caught by the table
    # tests over recorded inputs (tests/unit.bats, no go build).
    # a call only the dependency fix touched logs no Go version (android.bats)
    ("log-without-goversion", "shim/gowrap.c",
     "if (log && *log && !L.goversion)\n\t\tlog_goversion(c);",
     "if (0)\n\t\tlog_goversion(c);",
     "the Go version that built it"),
    # the rule lives in deps/ (dp_ios_family), which the shim's target decision calls
    ("ios-tag-any-goos", "deps/gate.c",
     '(ios_tag && strcmp(goos, "darwin") == 0)',
     "ios_tag",
     "targets:"),
    ("linux-list-gets-deps", "shim/target.c",
     'if ((family & (DP_FAM_LINUX | DP_FAM_ANDROID)) && strcmp(sub, "list") == 0)',
     'if (0 && strcmp(sub, "list") == 0)',
     "targets:"),
    ("memo-key-without-gomod", "shim/memo.c",
     'add_walk_up(key, "gomod", effdir, "go.mod");',
     "",
     "memo keys"),
    # GOWRAP_PATCHES: the check after the build (patchcheck.c)
    ("patch-check-skipped", "shim/gowrap.c",
     "\tif (have && c->ov)\n\t\tcheck_patches(c, c->outp.buf);", "",
     "after the build each applied patch"),
    ("patch-check-dir-outputs-skipped", "shim/gowrap.c",
     "\t\tif (c->ov)\n\t\t\tcheck_patches(c, changed[i]);", "",
     "after the build each applied patch"),
]
