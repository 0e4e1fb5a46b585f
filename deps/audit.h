/* audit.h — what `gowrap audit` reports about a build's CPU-feature
 * packages (deps/README.md): the verdicts are the dependency fix's own.
 *
 * Promise: from the packages a build compiles (graph.h, listed with the
 * build's flags and environment), one row per CPU-feature package — std's
 * internal/cpu from the target alone, every other package by the content of
 * the files the target compiles (table.c) — with its module, kind and
 * verdict as a build through the shim gets it: "fixed by gowrap", "right on
 * its own", or "wrong and not fixable" (an unknown variant, GOWRAP_DEPS=0,
 * Go < 1.21 for the HWCap fix). Presentation is the CLI's. */
#ifndef GOWRAP_DEPS_AUDIT_H
#define GOWRAP_DEPS_AUDIT_H

#include <stddef.h>

#include "graph.h"

struct dp_audit_row {
	const char *pkg, *mod, *kind, *verdict;
	char *why; /* NULL: none */
	int wrong;
};

struct dp_audit {
	struct dp_audit_row *rows;
	size_t nrows, cap;
	char target[160];
	int family; /* DP_FAM_*, 0 = a target gowrap fixes nothing for */
	int any_wrong;
};

/* Rows for g (which must outlive a: rows point into it). */
void dp_audit(const struct dp_graph *g, struct dp_audit *a);
void dp_audit_free(struct dp_audit *a);

#endif
