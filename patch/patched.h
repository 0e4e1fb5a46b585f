/* patched.h — GOWRAP_PATCHES applied for `gowrap overlay --patches` and
 * `gowrap export-patch` (patched.c; the shim asks through the first,
 * proto/proto_overlay.h). */
#ifndef GOWRAP_PATCH_PATCHED_H
#define GOWRAP_PATCH_PATCHED_H

#include <stddef.h>

#include "report.h"

struct pt_patched {
	char *overlay;      /* the overlay: base's entries, then the patches' */
	size_t nfiles;      /* entries the patches added (files and markers) */
	char **inputs;      /* GOROOT paths read (files, marker directories) */
	size_t ninputs;
	char **patches;     /* "state\tid\tpath" per patch file, in order */
	size_t npatches;
	char **marks;       /* "symbol\tsrc/file\t..." per marker */
	size_t nmarks;
};

/* Apply spec's patches to goroot (goversion: for the limits and messages)
 * and write the overlay (base: gowrap's own overlay JSON, or NULL). 0, or
 * -1 with e (GW_EXIT_PATCH: a patch unreadable or refused; 106 cache). */
int pt_patched_apply(const char *spec, const char *goroot, const char *goversion, const char *cache,
		     const char *base, struct pt_patched *o, struct gw_err *e);
void pt_patched_free(struct pt_patched *o);

/* gowrap's own overlay file read once: each string Replace entry (the GOROOT
 * path, the file that replaces it) handed to fn in file order. The one reader
 * of that file for both the patches (who must not replace the same file) and
 * overlay's shim reply (which names the files go will read). 0, or -1 with
 * 111 in e when the file cannot be read or has no Replace object. */
int pt_overlay_entries(const char *overlay, void (*fn)(void *ctx, const char *key, const char *value),
		       void *ctx, struct gw_err *e);

#endif
