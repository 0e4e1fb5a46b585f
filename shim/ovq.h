/* ovq.h — asking `gowrap overlay --goroot G --json` for the overlay.
 *
 * Promise: the generator runs in the gowrap CLI (it links libgit2, which the
 * shim must not load on every go call); the shim spawns it only on a memo
 * miss and reads its one JSON object. A refusal (exit 2) becomes
 * GW_EXIT_OVERLAY_REFUSED carrying the CLI's own one-line message; other
 * failures keep the CLI's exit code when it is one of gowrap's. */
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
};

/* Locate the gowrap CLI: GOWRAP_BIN, else beside the shim in the build tree
 * (build/shim/go -> build/gowrap), else the install layout
 * ($PREFIX/libexec/gowrap/go -> $PREFIX/bin/gowrap). */
int shim_find_gowrap(struct sb *out, struct gw_err *e);

/* Run it. On refusal e->what/why hold the CLI's line verbatim (see
 * shim_ovq_print). */
int shim_ovq_run(const char *gowrap, const char *goroot, struct shim_ovl *o, struct gw_err *e);
void shim_ovl_free(struct shim_ovl *o);

/* Print a gw_err whose text came verbatim from the CLI (what empty). */
int shim_err_print(const struct gw_err *e);

#endif
