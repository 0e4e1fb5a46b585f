/* depgraph.h — which packages of a build's module graph hold CPU-feature
 * code the table knows (deps/table.c): the inside of deps.c's plan.
 *
 * Promise: shim_depgraph_candidates answers from a memo keyed on everything
 * that can change the module graph (the real go, the effective directory,
 * GO* variables, -mod/-modfile, the go.mod/go.sum/go.work files walking up,
 * with their stat) and dropped once a module it saw missing is downloaded;
 * else it asks `go list -m all` and scans each module directory (bounded in
 * depth and files; nested modules, testdata and vendor skipped), each
 * module-cache directory once (they are immutable). It writes only beneath
 * <cache>/deps/, atomically; a cache it cannot write only costs time. */
#ifndef GOWRAP_SHIM_DEPGRAPH_H
#define GOWRAP_SHIM_DEPGRAPH_H

#include "strbuf.h"
#include "words.h"

/* Appends one line "pkg\tfamilies\tunknown-families\n" per package directory
 * with a table file (families: DP_FAM_* bits of its known defects; unknown:
 * of defect file names with other bytes), plus "missing\t<dir>\n" lines.
 * gf: argv's -mod/-modfile flags. When nothing can be said (no go.mod or
 * go.work, go list failed) *reason says why and nothing is appended. */
void shim_depgraph_candidates(const char *realgo, const char *effdir, const char *cache,
			      const struct shim_words *gf, struct sb *cands, const char **reason);

#endif
