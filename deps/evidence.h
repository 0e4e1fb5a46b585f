/* evidence.h — rules that decide an audit verdict without a fix.
 *
 * Promise: data only (evidence.c). `gowrap audit` holds a package to these
 * rules when no rule of table.h holds for it: CPU-feature code the build path
 * has no fix for, in any source the package compiles — its Go files, its
 * assembly, the C, C++ and Objective-C it compiles through cgo, and what
 * those and cgo's preamble #include from inside the module (sources.h). A
 * rule is a list of exact lines, folded as table.h's are (leading and
 * trailing blanks removed, inner runs of blanks one space), each held by the
 * package's sources between `min` and `max` times; the first line is the
 * trigger. For a target of the rule's families, a package that holds every
 * line as the rule says gets the rule's verdict and reason; one that holds
 * the trigger but not the rest is unknown. A rule may speak for some GOARCHes
 * only (`arches`). A rule that finds CPU information read but not chosen
 * from, or detection for another architecture, must account for every line
 * of CPU-feature code in the package: a line holding a word of such code
 * (below) or a feature's name (dp_seen_choice_words) that is not one of the
 * rule's lines makes the package unknown, so a dispatch added to such code
 * is never passed — unless the rule names `users` lines: then every package
 * of the build importing this one must hold them (a detector whose only
 * readers branch away from it on the target), and an importer without them
 * makes the package unknown. Nothing is recognised by name, path or version string. The words of such code, per kind of source, make
 * a package no rule decides "unknown", never "ok". The build path (the gate,
 * gowrap-toolexec) never reads this file. */
#ifndef GOWRAP_DEPS_EVIDENCE_H
#define GOWRAP_DEPS_EVIDENCE_H

#include "table.h"

#define DP_FAM_ANY (DP_FAM_IOS | DP_FAM_LINUX | DP_FAM_ANDROID | DP_FAM_OTHER)

enum dp_seen_verdict {
	DP_SEEN_RIGHT,     /* right on its own for the family */
	DP_SEEN_DEFECTIVE, /* wrong for the family, and gowrap has no fix for it */
	DP_SEEN_NOCHOICE,  /* reads CPU information no code chooses from (exhaustive) */
	DP_SEEN_OTHERARCH, /* detection for another architecture than the target's (exhaustive) */
};

struct dp_seen_line {
	const char *text;  /* folded; NULL ends the list */
	unsigned min, max; /* how many times the package's sources hold it */
};

#define DP_SEEN_LINES 12
#define DP_SEEN_USERS 4

struct dp_seen_rule {
	const char *name;
	const char *kind;     /* as audit prints it */
	int families;         /* DP_FAM_* */
	enum dp_seen_verdict verdict;
	const char *reason;   /* one line: why that verdict */
	const char *versions; /* where the lines were read */
	struct dp_seen_line lines[DP_SEEN_LINES]; /* lines[0]: the trigger */
	const char *arches;   /* GOARCHes, comma-separated, it speaks for; NULL: every one */
	/* Lines every package of the build that imports this one must hold
	 * (counted in each importer's sources): a rule that says nothing
	 * chooses from a detector's answer rests on its readers' lines. */
	struct dp_seen_line users[DP_SEEN_USERS];
};

/* Does the rule have to account for every line of CPU-feature code? */
#define DP_SEEN_EXHAUSTIVE(v) ((v) == DP_SEEN_NOCHOICE || (v) == DP_SEEN_OTHERARCH)

extern const struct dp_seen_rule dp_seen_rules[]; /* terminated by name == NULL */

/* The words of CPU-feature code. A package's sources are read line by line
 * for the rules only when one of them holds a word: Go files the Go words
 * (and a Go identifier below as a whole identifier), cgo's Go files (`"C"`)
 * the C words too, C/C++/Objective-C files and headers the C words, assembly
 * an instruction below. NULL-terminated. */
extern const char *const dp_seen_go_words[];
extern const char *const dp_seen_go_idents[];
extern const char *const dp_seen_c_words[];
/* What a choice among CPU features is made by: a feature's name or the
 * fields and calls detectors answer with (as written). Read only in a package
 * an exhaustive rule would decide. NULL-terminated. */
extern const char *const dp_seen_choice_words[];

/* An assembly line whose first word (after a label) is `op`, in any case,
 * and whose operands hold `operand` (any case; NULL: any operands). */
struct dp_seen_asm {
	const char *op, *operand;
};
extern const struct dp_seen_asm dp_seen_asm_words[]; /* terminated by op == NULL */

#endif
