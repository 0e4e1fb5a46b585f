/* memo.h — the gate's answers, kept between calls.
 *
 * Promise: an answer (the build's defective and unknown packages) is stored
 * under the SHA-256 of a key that holds everything that decides which
 * packages the build compiles and where their files come from: the real go
 * (path + stat), the directory, the subcommand and family, the build's
 * flags and packages, the environment (gocmd/envkey.h: the one rule both
 * memos key on), and the go.mod, go.sum, go.work, go.work.sum,
 * vendor/modules.txt files walking up, the -modfile and its .sum, the GOWORK
 * file and the go env file (path + stat: dev, ino, size, mtime and ctime in
 * ns). With it the record keeps a watch list: every file and directory whose
 * change could change the answer without changing the key — for each
 * package directory outside the module cache and GOROOT, the names of its
 * .go files and each of them (path + stat); each local module's go.mod; for
 * `...` and `all` patterns, the subdirectories, .go files and go.mod of
 * every directory beneath their roots. A hit re-reads every watched name
 * list and re-stats every watched file; any difference is a miss. (Not a
 * directory's mtime: `go build -o x .` writes next to the sources.) Records go through common/record.h (trusted read,
 * atomic write); one that cannot be written only costs the next call a
 * `go list`. */
#ifndef GOWRAP_DEPS_MEMO_H
#define GOWRAP_DEPS_MEMO_H

#include "deps.h"
#include "graph.h"

/* The key for b (deterministic: the environment is sorted). */
void dp_memo_key(const struct dp_build *b, struct sb *key);

/* 1 hit (p->pkgs, p->unknown filled); 0 miss; -1 refused (e: GW_EXIT_CACHE). */
int dp_memo_load(const struct dp_build *b, const char *key, struct dp_plan *p, struct gw_err *e);

/* Store the answer for g (the listed graph); watch list built here. */
void dp_memo_store(const struct dp_build *b, const char *key, const struct dp_graph *g,
		   const struct dp_plan *p);

#endif
