/* merge.h — the caller's own -overlay and ours, in one file.
 *
 * Promise: the go command honours only the last -overlay, so a caller's
 * overlay is merged, never dropped: its Replace entries (keys and values made
 * absolute against the effective directory and cleaned, as cmd/go's fsys
 * does) followed by ours go into $CACHE/merged/<sha256>.json, written
 * atomically; identical inputs name the identical file. Both replacing one
 * path with different replacements is GW_EXIT_OVERLAY_CONFLICT naming the path
 * and both files (the same replacement twice is fine); a missing
 * or unreadable caller file is GW_EXIT_USER_OVERLAY; one that is not a JSON
 * object with an object "Replace" of strings is GW_EXIT_USER_OVERLAY_JSON.
 * (`{}` is accepted: the go command accepts it as an empty overlay.) */
#ifndef GOWRAP_SHIM_MERGE_H
#define GOWRAP_SHIM_MERGE_H

#include "report.h"
#include "strbuf.h"

/* theirs: the caller's path as given; effdir resolves it. out: merged path. */
int shim_merge(const char *cache, const char *ours, const char *theirs, const char *effdir,
	       struct sb *out, struct gw_err *e);

#endif
