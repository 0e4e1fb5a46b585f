/* merge.h — the caller's own -overlay and ours, in one file.
 *
 * Promise: the go command honours only the last -overlay, so a caller's
 * overlay is merged, never dropped. The shim parses no JSON: it runs the
 * hidden `gowrap merge-overlay --dir EFFDIR --ours OURS --cache CACHE --
 * THEIRS` (cli/cmd_merge.c, cJSON), which writes $CACHE/merged/<sha256>.json
 * atomically and prints its absolute path. When the CLI refuses (102 caller
 * file missing or unreadable, 103 not overlay JSON, 104 conflict, 106 cache)
 * e carries the CLI's exit code and its own one-line message verbatim (print
 * it with shim_err_print); any other failure is GW_EXIT_INTERNAL. */
#ifndef GOWRAP_SHIM_MERGE_H
#define GOWRAP_SHIM_MERGE_H

#include "report.h"
#include "strbuf.h"

/* gowrap: the CLI; theirs: the caller's path as given; effdir resolves it.
 * out: the merged file's absolute path. */
int shim_merge(const char *gowrap, const char *cache, const char *ours, const char *theirs,
	       const char *effdir, struct sb *out, struct gw_err *e);

#endif
