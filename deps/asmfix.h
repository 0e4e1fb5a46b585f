/* asmfix.h — the assembly half of the x/sys/cpu sysctl fix (render.h's
 * dp_xsys_sysctl): its trampoline into libSystem's sysctlbyname joins the
 * package's first assembly file, as v0.42.0's asm_darwin_arm64_gc.s is part
 * of that package.
 *
 * Promise: the compile that renders the sysctl fix leaves the trampoline's
 * source in its object directory (dp_asm_pending); cmd/go assembles a
 * package's .s files after its compile (work/exec.go: symabis, compile,
 * asm, pack), each into that same directory, so the first assembly there
 * claims it (by rename: once) and is run on a copy of its file with the
 * trampoline appended. Every other assembly, and every -gensymabis run, is
 * untouched. If the trampoline never joins (a toolchain that assembled
 * first), its address stays zero and the Go side calls nothing: the four
 * asserted bits remain, nothing crashes. */
#ifndef GOWRAP_DEPS_ASMFIX_H
#define GOWRAP_DEPS_ASMFIX_H

#include "strbuf.h"

/* Write the trampoline beside the compile's output file (ofile's
 * directory). 0, or -1 with the reason in err. */
int dp_asm_pending(const char *ofile, struct sb *err);

/* argv: asm and its arguments (a NULL-terminated, writable vector). When a
 * trampoline is pending in the directory of its -o, claim it and point the
 * last argument at a copy of the .s file with the trampoline appended. 1
 * when changed, 0 when untouched, -1 with the reason in err (the caller
 * runs the assembly untouched: the Go side then calls nothing). */
int dp_asm_apply(char **argv, int argc, struct sb *path, struct sb *err);

#endif
