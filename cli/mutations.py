# cli/mutations.py — mutations of the gowrap CLI for tools/mutants.py (data
# only). Each must make a test of the suites (narrowed by the filter) fail.
SUITE = ["tests/cli.bats", "tests/toolchain.bats"]
TARGETS = ["build/gowrap", "build/shim/go", "build/symcheck"]
MUTATIONS = [
    ("install-forgets-symcheck", "Makefile",
     "\tinstall -m 0755 $(BUILD)/symcheck $(DESTDIR)$(PREFIX)/bin/symcheck",
     "\ttrue",
     "make install"),
    ("shellenv-grows-path", "cli/cmd_shellenv.c",
     "sb_adds(&line, \"\\\"$(printf %s \\\":$PATH:\\\" | sed -e 's|:\");",
     "sb_adds(&line, \"\\\"$(printf %s \\\":$PATH:\\\" | sed -e 's|:NOT\");",
     "shellenv puts"),
    ("doctor-trusts-path-order", "cli/cmd_doctor.c",
     "d->first = same_file(d->firstgo.buf, d->s.buf);",
     "d->first = 1 || same_file(d->firstgo.buf, d->s.buf);",
     "doctor: shim not first"),
    ("toolchain-hash-unchecked", "cli/toolchain_install.c",
     "if (rc == 0 && strcmp(h1.buf, m->sum) != 0)",
     "if (0)",
     "hash mismatch"),
    # gowrap report (report_md.c, report_scan.c)
    ("report-elf-fail-without-reason", "cli/report_md.c",
     "if (report_jbool(s, \"deps_asked\") == 1 && md_copies(&copies, s, 0)) {",
     "if (0 && md_copies(&copies, s, 0)) {",
     "names each copy NOT fixed"),
    ("report-trusts-symcheck-json-alone", "cli/report_scan.c",
     "if (json_status(j) != code) {",
     "if (0) {",
     "without a working symcheck"),
]
