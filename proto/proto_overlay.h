/* proto_overlay.h — the overlay reply between the shim and `gowrap overlay`,
 * both sides of it.
 *
 * Promise: the generator runs in the gowrap CLI (it links libgit2 and cJSON,
 * which the static, libc-only shim must not load on every go call); the shim
 * spawns `gowrap overlay --goroot G [--gomodcache M] --shim-format` only on a
 * memo miss and reads its line reply. The CLI writes the reply with
 * gw_ovreply_write / gw_ovreply_write_refused, the shim reads it with
 * gw_ovreply_ask: the format lives here and nowhere else. It is
 * "key\tvalue" lines (the value is the rest of the line; it never holds a
 * newline), framed so a torn or foreign reply is refused, never guessed at:
 *
 *     gowrap-overlay\t1
 *     status\tapplied | not-needed | refused
 *     overlay\t<abs path>    marker\t<name or empty>   goversion\t...
 *     goroot\t...            variant\t...
 *     input\t<abs path>      (0..n: files the answer was derived from)
 *     replacement\t<abs path> (0..n: the overlay's Replace values)
 *     patched\t<n>           (entries GOWRAP_PATCHES put in the overlay)
 *     patch\t<state>\t<id>\t<file>   (0..n: each patch file, in order;
 *                            state exact|offset|already|skipped)
 *     pmark\t<symbol>\t<src/...>...  (0..n: a patch's marker and the
 *                            GOROOT files whose code requires it)
 *     code\t<n>  error\t<one line>   (refused only, with status)
 *     end
 *
 * With GOWRAP_PATCHES the shim adds `--patches LIST --goversion V`, and
 * `--no-cpu` for a target gowrap's internal/cpu overlay is not for (status
 * is then not-needed, the overlay the patches' alone).
 *
 * Exit codes are exitcodes.h's on both sides, with no translation: the CLI
 * exits with its refusal's code (105 GOROOT beneath GOMODCACHE, 108 unknown
 * variant or modified checkout) and the shim stops with the same code and
 * the CLI's own line (report.h's gw_err_relay). */
#ifndef GOWRAP_PROTO_OVERLAY_H
#define GOWRAP_PROTO_OVERLAY_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

struct gw_ovreply {
	char *overlay;   /* absolute path of the overlay JSON */
	char *marker;    /* "" when not needed */
	char *status;    /* "applied" | "not-needed" */
	char *variant;
	char *goversion;
	char *goroot;
	char **inputs;   /* absolute files the answer was derived from */
	size_t ninputs;
	char **repl;     /* absolute replacement files the overlay names */
	size_t nrepl;
	char *patched;   /* "0": GOWRAP_PATCHES put nothing in the overlay */
	char **patches;  /* "state\tid\tfile" */
	size_t npatches;
	char **pmarks;   /* "symbol\tsrc/file..." */
	size_t npmarks;
};

/* What the shim asks besides GOROOT: patches NULL for none. */
struct gw_ovask {
	const char *goroot, *gomodcache, *goversion;
	const char *patches;
	int no_cpu;
};

/* Locate the gowrap CLI: GOWRAP_BIN, else beside the shim in the build tree
 * (build/shim/go -> build/gowrap), else the install layout
 * ($PREFIX/libexec/gowrap/go -> $PREFIX/bin/gowrap). */
int gw_find_cli(struct sb *out, struct gw_err *e);

/* Run the CLI (argv[0]: gw_find_cli's answer) with stdin from /dev/null,
 * capturing stdout (up to 1 MiB) and stderr. Returns the code gowrap stops
 * with: 0, the CLI's own exitcodes.h code, or GW_EXIT_INTERNAL for any
 * other status (a crash; a CLI of another version rejecting an option);
 * -1 with e set when it cannot be started. Both protocols use it. */
int gw_cli_run(char *const argv[], struct sb *out, struct sb *err, struct gw_err *e);

/* The shim's side: run the CLI (gomodcache: `go env GOMODCACHE`, "" = let
 * the CLI default it) and read its reply into o. */
int gw_ovreply_ask(const char *gowrap, const struct gw_ovask *ask, struct gw_ovreply *o,
		   struct gw_err *e);

/* The shim's reading of what the CLI answered, with no process: code is
 * gw_cli_run's (>= 0), out and err its stdout and stderr (both cut in
 * place). 0 with o filled (free with gw_ovreply_free), or -1 with e: the
 * CLI's refusal relayed with its code, or a reply not exactly of the format
 * above (GW_EXIT_INTERNAL). Any bytes: what the fuzzer drives
 * (proto/fuzz_proto.c). gw_ovreply_ask is gw_cli_run, then this. */
int gw_ovreply_read(int code, struct sb *out, struct sb *err, struct gw_ovreply *o,
		    struct gw_err *e);

/* The CLI's side: append the reply for r (every field but repl may be
 * borrowed pointers). -1 with e set, nothing appended, when a value holds a
 * newline and so cannot be sent. */
int gw_ovreply_write(struct sb *out, const struct gw_ovreply *r, struct gw_err *e);
/* The CLI's side of a refusal: status, code and the one-line error. */
void gw_ovreply_write_refused(struct sb *out, const struct gw_err *refusal);

void gw_ovreply_free(struct gw_ovreply *o);

#endif
