# common/mutations.py — mutations of the shared helpers for tools/mutants.py
# (data only): the one error shape and the one JSON writer.
SUITE = ["tests/errshape.bats", "tests/verify.bats"]
TARGETS = ["build/shim/go", "build/gowrap", "build/symcheck"]
MUTATIONS = [
    ("relay-line-not-read-back", "common/report.c",
     "if (line && *line && parse_line(e, line) == 0) {",
     "if (line && *line && parse_line(e, line) == 99) {",
     "runs the shim again"),
    ("relay-fix-dropped", "common/report.c",
     "\t\ttail = fix;\n",
     "\t\ttail = end;\n",
     "runs the shim again"),
    ("error-without-fix-accepted", "tools/errshape.py",
     "    return arg == \"NULL\" or re.fullmatch(r'(\"\"\\s*)+', arg) is not None",
     "    return arg == \"NULL\"",
     "errshape"),
    ("json-comma-missing", "common/jsonw.c",
     "\t\tif (w->n[w->depth])\n\t\t\tsb_adds(w->out, w->comma);",
     "\t\tif (0)\n\t\t\tsb_adds(w->out, w->comma);",
     "json"),
]
