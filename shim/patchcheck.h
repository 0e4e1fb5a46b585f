/* patchcheck.h — after a GOWRAP_PATCHES build, is every applied patch in
 * what go wrote?
 *
 * Promise: shim_patch_check reads the overlay reply's pmark lines (each a
 * patch's marker and the GOROOT files that require it, proto_overlay.h) and
 * asks verify/ (vf_check_patches) whether every slice of file whose pclntab
 * names one of a marker's files carries that marker. A missing marker is a
 * GW_EXIT_VERIFY error naming the patch file (from the reply's patch lines,
 * by the id the marker ends in), the marker and the slice; an unreadable
 * file is the same code with the reason. Nothing asked (no pmark lines)
 * passes at once. libc only, like the rest of the shim. */
#ifndef GOWRAP_SHIM_PATCHCHECK_H
#define GOWRAP_SHIM_PATCHCHECK_H

#include "proto_overlay.h"
#include "report.h"

/* 0, or -1 with e. fix is the error's fix. */
int shim_patch_check(const struct gw_ovreply *ov, const char *file, const char *fix, struct gw_err *e);

#endif
