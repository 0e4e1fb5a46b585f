/* symcheck_patches.h — `symcheck --patches DIR_OR_FILE`: which patch
 * markers to ask for.
 *
 * Promise: each value is read as GOWRAP_PATCHES reads it (common/
 * patchlist.h: ':'-separated; a file, or a directory's *.patch and *.diff
 * files in name order), each patch file with patch/'s libc-only reader
 * (pt_touched_read: frame.c, never libgit2), and gives one vf_pmark per
 * package directory the patch leaves a file in: the marker the shim's
 * overlay adds there (pt_marker_symbol), that directory's files, and the
 * patch's Gowrap-Go limit as the mark's applies(). Part of the symcheck
 * program, not of libverify (which uses common/ alone). */
#ifndef GOWRAP_SYMCHECK_PATCHES_H
#define GOWRAP_SYMCHECK_PATCHES_H

#include <stddef.h>

#include "patch.h"
#include "strbuf.h"
#include "verify.h"

struct sc_patches {
	struct vf_pmark *marks;
	size_t n, cap;
	struct pt_touched **t;   /* one per patch file, owning the paths */
	size_t nt, tcap;
	char **names;            /* the patch files' paths, as given */
	size_t nnames;
	char **syms;             /* the marks' symbols */
	size_t nsyms;
};

/* Add spec's patches. 0, or -1 with one line in err: what, why and fix,
 * without a program's name in front. */
int sc_patches_add(struct sc_patches *p, const char *spec, struct sb *err);
void sc_patches_free(struct sc_patches *p);

#endif
