/* memo.h — remembering "which GOROOT, which overlay" between go calls.
 *
 * Promise: a cached iOS build should cost what a hand-given -overlay costs,
 * so the answer of `go env` + `gowrap overlay` is kept in
 * $CACHE/memo/<sha256 of key>. The key holds everything that can change the
 * answer: the real go and gowrap binaries (path + stat), the environment
 * (gocmd/envkey.h: the one rule both memos key on), the effective directory,
 * the go.mod and go.work found walking up from it (path + stat), and the go
 * env file (path + stat). A hit is re-validated: every input file the
 * generator named, the overlay JSON and its replacement files are re-stat'ed
 * (dev, ino, size, mtime ns, ctime ns), and after a toolchain switch the
 * goX.Y.Z launcher lookup on PATH is redone. Any doubt is a miss; failures
 * are never stored; a memo that cannot be written is simply not written. */
#ifndef GOWRAP_SHIM_MEMO_H
#define GOWRAP_SHIM_MEMO_H

#include "proto_overlay.h"
#include "report.h"
#include "strbuf.h"

struct shim_answer {
	char *goroot;
	char *goversion;
	char *gomodcache;
	struct gw_ovreply ov;
};

/* Build the key; -1 when the inputs cannot be keyed safely (then: no memo). */
int shim_memo_key(struct sb *key, const char *realgo, const char *gowrap, const char *effdir);

/* Add GOWRAP_PATCHES to the key (nothing when patches is NULL): which
 * overlay was asked for (cpu: the internal/cpu fix too) and every patch
 * file's path and SHA-256 (common/patchlist.h reads them), so editing,
 * adding or removing a patch is a miss. -1 when a patch file cannot be
 * read: no memo (gowrap then names the fault). */
int shim_memo_key_patches(struct sb *key, const char *patches, int cpu);

/* 1 on a valid hit (a filled), 0 on miss, -1 (e set, 106) when the memo
 * directory or file is not the caller's alone (trust.h). */
int shim_memo_load(const char *cache, const char *key, const char *realgo,
		   struct shim_answer *a, struct gw_err *e);

/* The overlay JSON and every replacement file the answer names lie beneath
 * the cache and pass trust.h's checks (hit or miss alike); -1 (106) else. */
int shim_memo_trust_answer(const char *cache, const struct shim_answer *a, struct gw_err *e);

void shim_memo_store(const char *cache, const char *key, const char *realgo,
		     const struct shim_answer *a);

void shim_answer_free(struct shim_answer *a);

#endif
