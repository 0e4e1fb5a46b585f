/* ovmerge.h — a caller's -overlay merged with gowrap's (`gowrap
 * merge-overlay`, run by the go shim; proto/proto_merge.h is the protocol).
 *
 * Promise: the go command honours only the last -overlay, so a caller's
 * overlay is merged, never dropped. Both files are read with cJSON (the shim
 * links no JSON parser). The caller's file is opened as cmd/go opens it
 * (joined to effdir, the effective directory, never lexically cleaned). Its
 * Replace entries — absolute keys and values cleaned as cmd/go's fsys does,
 * relative ones kept as written, since go resolves them against effdir
 * itself (so a directory that is not UTF-8 never has to go through JSON) —
 * followed by ours go into $CACHE/merged/<sha256>.json, written atomically
 * after the cache's trust checks (common/trust.h), and rewritten when the
 * bytes there differ; identical inputs name the identical file, whose
 * absolute path goes into out. Both replacing one path with different
 * replacements is 104 naming the path and both files (the same replacement
 * twice is fine); a missing or unreadable caller file 102; one that is not
 * a JSON object with an object "Replace" (field name matched ASCII
 * case-insensitively, as encoding/json does) of strings or nulls 103. `{}`
 * is accepted: the go command accepts it as an empty overlay. Nothing is
 * half-written. */
#ifndef GOWRAP_OVMERGE_H
#define GOWRAP_OVMERGE_H

#include "report.h"
#include "strbuf.h"

/* 0 and out the merged file's absolute path, or -1 with e. */
int ov_merge(const char *cache, const char *ours, const char *theirs, const char *effdir,
	     struct sb *out, struct gw_err *e);

#endif
