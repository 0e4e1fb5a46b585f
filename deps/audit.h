/* audit.h — what `gowrap audit` reports about a build's CPU-feature
 * packages (deps/README.md): the verdicts are the dependency fix's own.
 *
 * Promise: from the packages a build compiles (graph.h, listed with the
 * build's flags and environment), one row per package that carries
 * CPU-feature code — std's internal/cpu from the target and what the
 * overlay generator answers for the toolchain in use, every other package by
 * the content of the files the target compiles: the rules of table.c over
 * its Go files first; when none holds, the rules of evidence.c over every
 * source it compiles (sources.h: Go, assembly, the C it compiles through cgo
 * and what that #includes inside its module), then the words of such code
 * (seen.h) — with its module,
 * kind and one verdict, as a build through the shim gets it: "fixed by
 * gowrap", "right on its own", "defective, not fixed" (GOWRAP_DEPS=0, Go <
 * 1.21 for the HWCap fix, no overlay for this toolchain), "reads CPU
 * information no code chooses from", "detection for another architecture"
 * (both passing: evidence.h's exhaustive rules) or "unknown"
 * (CPU-feature code no rule speaks of, or a rule's trigger without the rest
 * of its lines). Every verdict of a rule names the file it matched in the
 * package's own module ("<file> in <module@version>"), and where the rule
 * was read as that, never as the file matched. Any GOOS/GOARCH. Packages go
 * could not resolve (`-e`) are named. Presentation is the CLI's. */
#ifndef GOWRAP_DEPS_AUDIT_H
#define GOWRAP_DEPS_AUDIT_H

#include <stddef.h>

#include "graph.h"

#define DP_AUDIT_FIXED "fixed by gowrap"
#define DP_AUDIT_RIGHT "right on its own"
#define DP_AUDIT_DEFECTIVE "defective, not fixed"
#define DP_AUDIT_NOCHOICE "reads CPU information no code chooses from"
#define DP_AUDIT_OTHERARCH "detection for another architecture"
#define DP_AUDIT_UNKNOWN "unknown"

struct dp_audit_row {
	const char *pkg, *mod, *kind, *verdict;
	char *why;  /* NULL: none */
	char *file; /* the file(s) a rule matched, "<file> in <module@version>"; NULL: none */
	int wrong;   /* defective, not fixed */
	int unknown; /* unknown */
};

struct dp_audit {
	struct dp_audit_row *rows;
	size_t nrows, cap;
	char target[160];
	int family; /* DP_FAM_* (DP_FAM_OTHER: a target with no defect to fix) */
	int any_wrong, any_unknown;
};

/* What the overlay generator answers for std's internal/cpu on the iOS
 * family with the toolchain in use (the CLI asks it): */
struct dp_std_answer {
	int fixed;        /* an overlay is applied (or the toolchain needs none) */
	const char *why;  /* for the row: which toolchain, which overlay, or why not */
};

/* Rows for g (which must outlive a: rows point into it; listed with
 * dp_graph_list_audit, so its C and assembly are there to read). std: NULL
 * when the target is not of the iOS family. */
void dp_audit(const struct dp_graph *g, const struct dp_std_answer *std, struct dp_audit *a);
void dp_audit_free(struct dp_audit *a);

#endif
