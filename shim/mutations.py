# shim/mutations.py — mutations of the go shim for tools/mutants.py (data only).
# Each must make a test of SUITE (narrowed by the filter) fail.
SUITE = "tests/shim.bats"
TARGETS = ["build/shim/go", "build/gowrap"]
MUTATIONS = [
    ("tag-substring-match", "shim/words.c",
     "if (n == 3 && memcmp(p, \"ios\", 3) == 0)", "if (n >= 3 && memcmp(p, \"ios\", 3) == 0)",
     "nothing injected, no marker|gomobile style"),
    ("tag-last-in-list-missed", "shim/words.c",
     "\t\tif (!c)\n\t\t\tbreak;\n\t\tp = c + 1;", "\t\tbreak;\n\t\tp = c + 1;",
     "gomobile style|Mac Catalyst"),
    ("goflags-tags-ignored", "shim/gowrap.c",
     "\t\tif (strncmp(a, \"tags=\", 5) == 0)\n\t\t\t*tags = a + 5;", "\t\tif (0)\n\t\t\t*tags = a + 5;",
     "gomobile style|Mac Catalyst"),
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
    ("outdir-not-checked", "shim/gowrap.c",
     "if (c->check_bins && ok) {", "if (0) {",
     "directory checks what go wrote"),
]
