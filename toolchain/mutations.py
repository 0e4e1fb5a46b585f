# toolchain/mutations.py — mutations of toolchain/ for tools/mutants.py (data
# only). Each must make a test of the suite (narrowed by the filter) fail.
SUITE = ["tests/toolchain.bats"]
TARGETS = ["build/gowrap", "build/shim/go", "build/symcheck"]
MUTATIONS = [
    ("toolchain-hash-unchecked", "toolchain/install.c",
     "if (rc == 0 && strcmp(h1.buf, m->sum) != 0)",
     "if (0)",
     "hash mismatch"),
]
