/* pset.h — a GOWRAP_PATCHES set applied to one GOROOT, and its markers.
 *
 * Promise: pt_set_load reads and parses every patch file the list names
 * (common/patchlist.h's order); pt_set_apply applies them in that order, in memory, to
 * the bytes of the GOROOT given (never written there): each patch's file
 * sections to what the GOROOT and the patches before it made of each file.
 * A patch is applied whole or not at all. Its state: applied exactly, at an
 * offset, already in (every file section already holds its result: upstream
 * took it, or an earlier patch made it), skipped (its Gowrap-Go line limits
 * it to other Go versions), or refused — a GW_EXIT_PATCH error naming the
 * patch file, the hunk, the GOROOT file and the Go version, the blob the
 * patch was made for when its `index` line says, and the earlier patch of
 * the set that changed the file, when one did (then the fix is about the two
 * patches, not a refresh for this Go). With keep_going (doctor)
 * every patch gets its state and the error is kept per patch.
 *
 * pt_set_markers (marker.c) gives, for every patch applied or already in
 * that touches a compiled file (.go other than _test.go, assembly, C, headers), one Go file per
 * package it changed, `gowrap_patch_<id>.go`, defining
 * `<import path>.gowrapPatch<id>` (the id is the first 12 hex digits of the
 * patch file's SHA-256: nothing path- or host-dependent), //go:noinline and
 * called from an init func, so the linker keeps it in every binary that
 * links the package for a target where one of the changed files compiles —
 * its build constraint is the OR of theirs (file-name GOOS/GOARCH suffixes
 * and //go:build lines) — and only there. A header (.h) counts where go/build
 * lists it (the same two rules), where its package's assembly and C can
 * include it. */
#ifndef GOWRAP_PATCH_PSET_H
#define GOWRAP_PATCH_PSET_H

#include <stddef.h>

#include "patch.h"
#include "report.h"
#include "strbuf.h"

enum pt_pstate { PP_EXACT, PP_OFFSET, PP_ALREADY, PP_SKIPPED, PP_REFUSED };

struct pt_gfile {
	char *rel;            /* src/... */
	int existed;          /* in the GOROOT */
	char blob[41];        /* the GOROOT's bytes' blob id; "" absent */
	struct sb orig;
	int exists;           /* after the patches applied so far */
	struct sb cur;
	long changed_by;      /* the last patch that changed it; -1 none */
};

struct pt_item {
	char *path;           /* the patch file */
	struct pt_patch p;
	int parsed;
	enum pt_pstate state;
	struct sb note;       /* how each file section went, "; "-separated */
	struct gw_err err;    /* refused or unreadable */
	size_t *changed;      /* gfiles this patch touched (changed or already in) */
	size_t nchanged;
};

struct pt_set {
	const char *goroot, *goversion;
	struct pt_item *items;
	size_t nitems;
	struct pt_gfile *files;
	size_t nfiles, cap;
};

int pt_set_load(struct pt_set *s, const char *spec, int keep_going, struct gw_err *e);
int pt_set_apply(struct pt_set *s, const char *goroot, const char *goversion, int keep_going,
		 struct gw_err *e);
void pt_set_free(struct pt_set *s);
const char *pt_pstate_name(enum pt_pstate st);

struct pt_mark {
	char *file;           /* src/<dir>/gowrap_patch_<id>.go */
	char *symbol;         /* <import path>.gowrapPatch<id> */
	struct sb content;
	char **req;           /* the changed files (src/...) that require it */
	size_t nreq;
	size_t item;          /* the patch */
};

int pt_set_markers(const struct pt_set *s, struct pt_mark **out, size_t *n, struct gw_err *e);
void pt_marks_free(struct pt_mark *m, size_t n);

/* The build constraint of the file rel with these bytes, as one //go:build
 * expression ("" when it compiles everywhere its package does); 1 when it
 * never compiles into a binary (a _test.go file, a file go build does not
 * compile); -1 with e for an old // +build line without //go:build. */
int pt_constraint(const char *rel, const char *b, size_t n, struct sb *expr, struct gw_err *e);

#endif
