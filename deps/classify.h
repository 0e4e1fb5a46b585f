/* classify.h — what one package's compiled files say about it.
 *
 * Promise: given the .go files one compile of a package receives (cmd/go has
 * already applied build constraints, so these are exactly the target's
 * files) and the target family, dp_classify reads them and holds them to
 * the rules of table.h, line by line: not CPU-feature code a rule speaks
 * of; right on its own; defective with a known fix (and the file that holds
 * the rule's trigger, which a replacing fix replaces); or an unknown variant
 * (a rule's trigger is there, the rest of its lines not exactly) — which is
 * never patched. A file is searched for the rules' lines only when it holds
 * one of their words (a few memmem calls per file). Std's own internal/cpu is
 * never handed here (callers skip std). */
#ifndef GOWRAP_DEPS_CLASSIFY_H
#define GOWRAP_DEPS_CLASSIFY_H

#include <stddef.h>

#include "strbuf.h"
#include "table.h"

enum dp_verdict {
	DP_V_NONE,    /* no rule's trigger compiled: no CPU-feature code a rule knows */
	DP_V_RIGHT,   /* right on its own for this family */
	DP_V_FIX,     /* defective, fix known */
	DP_V_UNKNOWN, /* a rule's trigger with the rest of its lines not exactly there */
};

struct dp_class {
	enum dp_verdict verdict;
	const struct dp_row *row; /* the deciding rule (FIX/RIGHT) */
	int file_idx;             /* index of the file holding the rule's trigger; -1 */
	unsigned present;         /* bit i: the rule's lines[i] is in the compile */
	char file[64];            /* that file's base name */
	char why[320];            /* for UNKNOWN: which rule, which line, how often */
};

/* Or'ed into a family: only the defect rules, which are all the build path
 * acts on (gowrap-toolexec, the gate); right rules, which only gowrap audit
 * reports, cost nothing there. */
#define DP_DEFECTS_ONLY 0x100

/* files: paths (any directory); family: DP_FAM_* (| DP_DEFECTS_ONLY). A
 * file that cannot be read holds no lines (the compile that gets it fails
 * on its own). */
void dp_classify(const char *const *files, size_t nfiles, int family, struct dp_class *out);

/* How a file's bytes are found: 0 with out filled, -1 when it cannot be
 * read. dp_classify reads the file; tests/unit/graph_table.c answers from
 * recorded files, so the decision is driven without a module cache. */
typedef int (*dp_read_fn)(const char *path, struct sb *out, void *arg);

/* dp_classify, each file's bytes from read(path, out, arg). */
void dp_classify_by(const char *const *files, size_t nfiles, int family, dp_read_fn read, void *arg,
		    struct dp_class *out);

/* Does every rule line hold one of the words a file is searched for, and
 * every trigger one of the triggers' words? 0, or -1 naming the line (a
 * rule line without one would never be counted). */
int dp_rules_words(char *why, size_t wn);

/* One line folded as the rules compare it: leading and trailing blanks
 * removed, inner runs of blanks made one space. out holds at least n+1. */
size_t dp_fold(const char *line, size_t n, char *out);

/* Is rule line text in the compile the class was made from (by index)? */
int dp_class_has(const struct dp_class *c, const char *text);

/* Base name of a path (pointer into it). */
const char *dp_base(const char *path);

#endif
