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
    # the feature sets (overlay/README.md): which one a slice carries
    ("darwin-marker-excused-by-upstream", "verify/pclntab.c",
     "want->no_upstream = !strncmp(", "want->no_upstream = 0 && !strncmp(",
     "tell each other apart"),
    ("variant-darwin-accepts-crypto", "verify/policy.c",
     '(!strcmp(want, "darwin") && !strcmp(has, "upstream"))', '!strcmp(want, "darwin")',
     "accepts darwin parity"),
    ("marker-slice-counts-as-upstream", "verify/policy.c",
     "\tif (s->marker[0])\n\t\ts->upstream = 0;", "",
     "sysctl code is not taken"),
]
