# verify/mutations.py — mutations of symcheck's readers for tools/mutants.py
# (data only). Each must make a test of SUITE (narrowed by the filter) fail.
SUITE = "tests/verify.bats"
TARGETS = ["build/symcheck"]
MUTATIONS = [
    ("ncmds-unbounded", "verify/macho.c",
     "\tif (m->ncmds > m->sizeofcmds / LOAD_COMMAND_SIZE) {", "\tif (0) {",
     "malformed"),
    ("local-symbols-skipped", "verify/macho.c",
     "if (type & N_STAB || (type & N_TYPE) != N_SECT)", "if (type & N_STAB || (type & N_TYPE) != N_SECT || !(type & 1))",
     "c-archives|llvm-nm"),
]
