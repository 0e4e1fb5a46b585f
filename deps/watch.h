/* watch.h — what the gate's memo re-checks on every hit (memo.h).
 *
 * Promise: dp_watch_build writes the watch list for a listed graph: for each
 * package directory outside the module cache and GOROOT, the names of its
 * .go files ("names") and each .go file's stat ("watch"); each local
 * module's go.mod; for `...` and `all` patterns, the subdirectories, .go
 * files and go.mod of every directory beneath their roots ("tree"; no ., _,
 * testdata or vendor names, not into nested modules, not into GOWRAP_CACHE,
 * GOMODCACHE or GOCACHE). A stat is dev, ino, size, mtime and ctime in ns; a
 * name list is a digest of the sorted names. dp_watch_holds recomputes each
 * line and answers whether all still agree. Paths holding a tab or newline,
 * or a walk past 20000 directories, make the list unstorable (-1). */
#ifndef GOWRAP_DEPS_WATCH_H
#define GOWRAP_DEPS_WATCH_H

#include "deps.h"
#include "graph.h"
#include "strbuf.h"

/* The watch lines for g into out; -1 when they cannot be stored. */
int dp_watch_build(const struct dp_build *b, const struct dp_graph *g, struct sb *out);

/* Re-check the watch block at *cur (up to a "--" line): 1 when every line
 * still agrees, 0 otherwise; *cur moves past the block. */
int dp_watch_holds(char **cur);

#endif
