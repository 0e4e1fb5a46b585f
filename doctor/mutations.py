# doctor/mutations.py — mutations of `gowrap doctor`'s findings for
# tools/mutants.py (data only). Each must make a test of the suites (narrowed
# by the filter) fail.
SUITE = ["tests/cli.bats"]
TARGETS = ["build/gowrap", "build/shim/go", "build/symcheck"]
MUTATIONS = [
    ("doctor-trusts-path-order", "doctor/doctor.c",
     "d->first = same_file(d->firstgo.buf, d->s.buf);",
     "d->first = 1 || same_file(d->firstgo.buf, d->s.buf);",
     "doctor: shim not first"),
]
