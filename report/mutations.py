# report/mutations.py — mutations of the CI report for tools/mutants.py (data
# only). Each must make a test of the suites (narrowed by the filter) fail.
SUITE = ["tests/cli.bats"]
TARGETS = ["build/gowrap", "build/shim/go", "build/symcheck"]
MUTATIONS = [
    ("report-elf-fail-without-reason", "report/md.c",
     "if (report_jbool(s, \"deps_asked\") == 1 && md_copies(&copies, s, 0)) {",
     "if (0 && md_copies(&copies, s, 0)) {",
     "names each copy NOT fixed"),
    ("report-trusts-symcheck-json-alone", "report/scan.c",
     "if (json_status(j) != code) {",
     "if (0) {",
     "without a working symcheck"),
]
