/* proto_merge.h — the caller's own -overlay and ours, in one file: the
 * request the shim makes of `gowrap merge-overlay` and the CLI's answer.
 *
 * Promise: the go command honours only the last -overlay, so a caller's
 * overlay is merged, never dropped. The shim parses no JSON: it runs the
 * hidden `gowrap merge-overlay --dir EFFDIR --ours OURS --cache CACHE --
 * THEIRS` (cli/cmd_merge.c; the merge is overlay/merge.c, cJSON), which writes $CACHE/merged/<sha256>.json
 * atomically and answers with its absolute path on one line
 * (gw_merge_answer). When the CLI refuses (102 caller file missing or
 * unreadable, 103 not overlay JSON, 104 conflict, 106 cache) e carries the
 * CLI's exit code and its own one-line message (report.h's gw_err_relay);
 * any other failure is GW_EXIT_INTERNAL. */
#ifndef GOWRAP_PROTO_MERGE_H
#define GOWRAP_PROTO_MERGE_H

#include "report.h"
#include "strbuf.h"

#define GW_MERGE_USAGE "usage: gowrap merge-overlay --dir DIR --ours OURS.json [--cache DIR] [--] CALLER.json"

/* The shim's side. gowrap: the CLI; theirs: the caller's path as given;
 * effdir resolves it. out: the merged file's absolute path. */
int gw_merge_ask(const char *gowrap, const char *cache, const char *ours, const char *theirs,
		 const char *effdir, struct sb *out, struct gw_err *e);

/* The shim's reading of what the CLI answered, with no process: code is
 * gw_cli_run's (>= 0), out its stdout (the answer: cut to the path, or
 * emptied on failure) and err its stderr (cut in place). 0, or -1 with e
 * (the CLI's refusal relayed with its code; GW_EXIT_INTERNAL for an answer
 * that is not one absolute path on one line). Any bytes: what the fuzzer
 * drives (proto/fuzz_proto.c). gw_merge_ask is gw_cli_run, then this. */
int gw_merge_read(int code, struct sb *out, struct sb *err, struct gw_err *e);

/* The CLI's side: the answer on stdout. */
void gw_merge_answer(const char *merged_path);

#endif
