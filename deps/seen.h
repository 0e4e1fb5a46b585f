/* seen.h — what gowrap audit makes of a package's sources when no rule of
 * table.h holds for it.
 *
 * Promise: dp_seen_classify holds every source of one package (sources.h)
 * to the rules of evidence.h for the target's family: a rule whose lines are
 * all there as often as it says decides (the files that hold them named,
 * its trigger's first); a rule's trigger without the rest is unknown, which
 * line and how often said; failing both, a word of CPU-feature code (Go's,
 * C's, or an assembly instruction, evidence.h) in any source is unknown,
 * the word and its file named; a package whose sources a limit left unread
 * is unknown too. Lines are read only from a package that holds a word. */
#ifndef GOWRAP_DEPS_SEEN_H
#define GOWRAP_DEPS_SEEN_H

#include <stddef.h>

#include "evidence.h"
#include "sources.h"

enum dp_seen_what {
	DP_SEEN_NONE,    /* no CPU-feature code seen */
	DP_SEEN_RULE,    /* `rule` decides */
	DP_SEEN_UNKNOWN, /* CPU-feature code no rule decides: `why` */
};

struct dp_seen {
	enum dp_seen_what what;
	const struct dp_seen_rule *rule;
	char files[400]; /* RULE: the files that hold its lines, "a, b in module" */
	char why[600];   /* UNKNOWN: which rule's line how often, or which word in which file */
};

/* family: DP_FAM_* of the target; goarch: its GOARCH (a rule's `arches`).
 * An exhaustive rule (evidence.h) whose lines hold decides only when no
 * other line of the sources holds a word of CPU-feature code or a
 * feature's name; else the package is unknown, that line named. */
void dp_seen_classify(const struct dp_srcs *s, int family, const char *goarch, struct dp_seen *out);

/* Does one importer's sources s hold rule r's `users` lines as often as it
 * says? 0, or 1 with why (which line, how often, in which importer). */
int dp_seen_users(const struct dp_seen_rule *r, const struct dp_srcs *s, const char *importer, char *why,
		  size_t wn);

/* Does every rule of evidence.h hold a line with a word that gets its
 * sources read (a Go or C word, or an assembly instruction)? 0, or -1
 * naming the rule (a package holding only its lines would never be read). */
int dp_seen_rules_words(char *why, size_t wn);

#endif
