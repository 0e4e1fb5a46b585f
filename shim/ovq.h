/* ovq.h — asking `gowrap overlay --goroot G --gomodcache M --shim-format`
 * for the overlay.
 *
 * Promise: the generator runs in the gowrap CLI (it links libgit2 and cJSON,
 * which the static, libc-only shim must not load on every go call); the shim
 * spawns it only on a memo miss and reads its line reply. The reply is
 * "key\tvalue" lines (the value is the rest of the line; it never holds a
 * newline), framed so a torn or foreign reply is refused, never guessed at:
 *
 *     gowrap-overlay\t1
 *     status\tapplied | not-needed | refused
 *     overlay\t<abs path>    marker\t<name or empty>   goversion\t...
 *     goroot\t...            variant\t...
 *     input\t<abs path>      (0..n: files the answer was derived from)
 *     replacement\t<abs path> (0..n: the overlay's Replace values)
 *     code\t<n>  error\t<one line>   (refused only, with status)
 *     end
 *
 * A refusal (exit 2) becomes the reply's code when it is
 * GW_EXIT_MODCACHE_GOROOT, else GW_EXIT_OVERLAY_REFUSED, carrying the CLI's
 * own one-line message; other failures keep the CLI's exit code when it is
 * one of gowrap's. */
#ifndef GOWRAP_SHIM_OVQ_H
#define GOWRAP_SHIM_OVQ_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

struct shim_ovl {
	char *overlay;   /* absolute path of the overlay JSON */
	char *marker;    /* "" when not needed */
	char *status;    /* "applied" | "not-needed" */
	char *variant;
	char *goversion;
	char **inputs;   /* absolute files the answer was derived from */
	size_t ninputs;
	char **repl;     /* absolute replacement files the overlay names */
	size_t nrepl;
};

/* Locate the gowrap CLI: GOWRAP_BIN, else beside the shim in the build tree
 * (build/shim/go -> build/gowrap), else the install layout
 * ($PREFIX/libexec/gowrap/go -> $PREFIX/bin/gowrap). */
int shim_find_gowrap(struct sb *out, struct gw_err *e);

/* Run it (gomodcache: `go env GOMODCACHE`, "" = let the CLI default it). On
 * refusal e->why holds the CLI's line verbatim (see shim_err_print). */
int shim_ovq_run(const char *gowrap, const char *goroot, const char *gomodcache,
		 struct shim_ovl *o, struct gw_err *e);

/* Append s to the NULL-terminated list *v of *n entries (copied). */
void shim_list_add(char ***v, size_t *n, const char *s);

void shim_ovl_free(struct shim_ovl *o);

/* Print a gw_err whose text came verbatim from the CLI (what empty). */
int shim_err_print(const struct gw_err *e);

#endif
