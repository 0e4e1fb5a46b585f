/* gitobj.h — the only place overlay/ talks to libgit2.
 *
 * Promise: ov_blob_id gives the same 40-hex id as `git hash-object` for the
 * bytes (so table rows can be looked up in Go's history); ov_checkout_state
 * reports, for a GOROOT that is a git work tree, its HEAD commit and whether
 * anything under src/internal/cpu differs from HEAD (modified, staged, added,
 * deleted or untracked). libgit2 is initialised once, lazily. */
#ifndef GOWRAP_OV_GITOBJ_H
#define GOWRAP_OV_GITOBJ_H

#include <stddef.h>

#include "report.h"

/* out: 41 bytes (40 hex + NUL). Returns 0, or -1 with e set. */
int ov_blob_id(const void *data, size_t len, char out[41], struct gw_err *e);

struct ov_checkout {
	int is_repo;            /* GOROOT itself is a git work tree */
	char head[41];          /* HEAD commit, "" when unborn */
	char dirty_path[512];   /* first changed path under src/internal/cpu, "" if clean */
};

/* 0 on success (is_repo may be 0), -1 with e set when the repository is
 * there but cannot be read. */
int ov_checkout_state(const char *goroot, struct ov_checkout *out, struct gw_err *e);

#endif
