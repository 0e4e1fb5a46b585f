/* patchlist.h — the one reader of GOWRAP_PATCHES' files, for the shim (its
 * memo is keyed on their bytes) and for patch/ (which parses them).
 *
 * Promise: a GOWRAP_PATCHES value is ':'-separated, like PATH (an empty
 * entry means nothing). A directory stands for its *.patch and *.diff files
 * (not those whose name starts with '.', no subdirectories) in byte order of
 * their names, a file for itself whatever its name, entries in the order
 * given. A patch file is opened O_NONBLOCK and must then be a regular file
 * of at most GW_PATCH_MAX_BYTES (fstat, before a byte is read): a FIFO, a
 * device or a socket is refused at once, never waited on; a symlink is
 * followed (the caller's choice, as with -overlay), a loop of them refused.
 * Failures are GW_EXIT_PATCH, naming the entry. libc only. */
#ifndef GOWRAP_PATCHLIST_H
#define GOWRAP_PATCHLIST_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

#define GW_PATCH_MAX_BYTES ((size_t)16 << 20)

/* The patch files of spec, appended to the NULL-terminated list *v of *n
 * paths. 0, or -1 with e for an entry that is missing or cannot be listed. */
int gw_patch_list(const char *spec, char ***v, size_t *n, struct gw_err *e);

/* One patch file's bytes into out. 0, or -1 with e. */
int gw_patch_read(const char *path, struct sb *out, struct gw_err *e);

#endif
