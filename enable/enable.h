/* enable.h — every go on the machine routed through gowrap, and back:
 * `gowrap enable`, `gowrap disable`, and what `gowrap doctor` says of them.
 * The only header of enable/ that other folders include.
 *
 * Promise: en_enable changes nothing until it has worked out where the go
 * of each context will look for the launcher (this shell, an Xcode build
 * phase, a bare `env -i` context, each --bin DIR) and found that this
 * shell's go reaches one; then it writes the state, the launchers and the
 * go env file's GOTOOLCHAIN line under one lock, proves the real go runs
 * through the switch, and puts every byte back when anything fails (117,
 * nothing changed). en_disable puts the go env file back byte for byte
 * (or drops only gowrap's line when someone changed it since) and removes
 * only what enable made. en_doctor_rows only reads. Each returns as a
 * command does: the exit status, the error already printed. */
#ifndef GOWRAP_ENABLE_H
#define GOWRAP_ENABLE_H

#include <stddef.h>

struct jw;
struct sb;

/* `gowrap enable`: bins the --bin directories (absolute, as given),
 * dry_run: print the table of what each context reaches, change nothing. */
int en_enable(char *const *bins, size_t nbins, int dry_run);

/* `gowrap disable`. */
int en_disable(void);

/* gowrap doctor's `enable` rows: enabled, the launcher on PATH, and whether
 * go (NULL: not asked) reaches gowrap; JSON into w, text lines into text,
 * refusals into problems. 1 when enabled. */
int en_doctor_rows(struct jw *w, struct sb *text, struct sb *problems, const char *go);

#endif
