/* classify.h — what one package's compiled files say about it.
 *
 * Promise: given the .go files one compile of a package receives (cmd/go has
 * already applied build constraints, so these are exactly the target's
 * files) and the target family, dp_classify hashes only files whose base
 * name the table knows and reports: not a CPU-feature package; right on its
 * own; defective with a known fix (and which file the fix replaces, if any);
 * or an unknown variant (a defect-row name with bytes the table does not
 * know) — which is never patched. Std's own internal/cpu is never a copy. */
#ifndef GOWRAP_DEPS_CLASSIFY_H
#define GOWRAP_DEPS_CLASSIFY_H

#include <stddef.h>

#include "table.h"

enum dp_verdict {
	DP_V_NONE,    /* no table file compiled: not a CPU-feature package we know */
	DP_V_RIGHT,   /* right on its own for this family */
	DP_V_FIX,     /* defective, fix known */
	DP_V_UNKNOWN, /* a defect-row base name with unknown bytes */
};

struct dp_class {
	enum dp_verdict verdict;
	const struct dp_row *row; /* the deciding row (FIX/RIGHT) */
	int file_idx;             /* index of the file the row matched; -1 */
	char why[256];            /* for UNKNOWN: which file, which blob */
};

/* files: paths (any directory); family: DP_FAM_*. A file that cannot be
 * read counts as unknown bytes. */
void dp_classify(const char *const *files, size_t nfiles, int family, struct dp_class *out);

/* How a file's git blob id is found: 0 with hex filled, -1 when it cannot be
 * read. dp_classify hashes the file; tests/unit/graph_table.c answers from
 * recorded ids, so the decision is driven without the files. */
typedef int (*dp_blob_fn)(const char *path, char hex[41], void *arg);

/* dp_classify, each blob id from blob(path, hex, arg) (only for the files
 * whose base name the table knows). */
void dp_classify_by(const char *const *files, size_t nfiles, int family, dp_blob_fn blob, void *arg,
		    struct dp_class *out);

/* Base name of a path (pointer into it). */
const char *dp_base(const char *path);

#endif
