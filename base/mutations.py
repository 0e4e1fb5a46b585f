# base/mutations.py — mutations of what the shim and the CLI share, for
# tools/mutants.py (data only): the two shim<->CLI protocols pass the CLI's
# own exit code and line on, with nothing translated.
SUITE = "tests/shim.bats"
TARGETS = ["build/shim/go", "build/gowrap"]
MUTATIONS = [
    ("overlay-refusal-code-dropped", "base/proto_overlay.c",
     "int ours = code >= 100 && code < 128 ? code : GW_EXIT_INTERNAL;",
     "int ours = GW_EXIT_INTERNAL;",
     "fault 10[58]"),
    ("overlay-refusal-line-dropped", "base/proto_overlay.c",
     "const char *line = parsed == 0 && f[F_ERROR] ? f[F_ERROR] : sb_first_line(&err);",
     "const char *line = NULL;",
     "fault 10[58]"),
    ("merge-refusal-code-dropped", "base/proto_merge.c",
     "gw_err_relay(e, code >= 100 && code < 128 ? code : GW_EXIT_INTERNAL, sb_first_line(&err),",
     "gw_err_relay(e, GW_EXIT_INTERNAL, sb_first_line(&err),",
     "fault 10[234]"),
    ("torn-reply-accepted", "base/proto_overlay.c",
     "\treturn -1; /* no \"end\": torn */",
     "\treturn f[F_STATUS] ? 0 : -1;",
     "the overlay reply"),
    ("foreign-status-passed-on", "base/proto_overlay.c",
     "int ours = code >= 100 && code < 128 ? code : GW_EXIT_INTERNAL;",
     "int ours = code;",
     "the overlay reply"),
]
