# base/mutations.py — mutations of what the shim and the CLI share, for
# tools/mutants.py (data only): the two shim<->CLI protocols pass the CLI's
# own exit code and line on, with nothing translated.
SUITE = "tests/shim.bats"
TARGETS = ["build/shim/go", "build/gowrap"]
MUTATIONS = [
    ("overlay-refusal-code-dropped", "proto/proto_overlay.c",
     "gw_err_relay(e, code, line, \"gowrap overlay failed\",",
     "gw_err_relay(e, GW_EXIT_INTERNAL, line, \"gowrap overlay failed\",",
     "fault 10[58]"),
    ("overlay-refusal-line-dropped", "proto/proto_overlay.c",
     "const char *line = parsed == 0 && f[F_ERROR] ? f[F_ERROR] : sb_first_line(err);",
     "const char *line = NULL; (void)err; /* err is read only here */",
     "fault 10[58]"),
    ("merge-refusal-code-dropped", "proto/proto_merge.c",
     "gw_err_relay(e, code, sb_first_line(err), \"gowrap merge-overlay failed\",",
     "gw_err_relay(e, GW_EXIT_INTERNAL, sb_first_line(err), \"gowrap merge-overlay failed\",",
     "fault 10[234]"),
    ("torn-reply-accepted", "proto/proto_overlay.c",
     "\treturn -1; /* no \"end\": torn */",
     "\treturn f[F_STATUS] ? 0 : -1;",
     "the overlay reply"),
    ("foreign-status-passed-on", "proto/proto_overlay.c",
     "return code == 0 || (code >= 100 && code < 128) ? code : GW_EXIT_INTERNAL;",
     "return code;",
     "the overlay reply"),
]
