/* refresh.h — a patch that no longer applies exactly to the Go in use, made
 * exact again for a person to review (`gowrap refresh-patch`).
 *
 * Promise: pt_refresh applies patch the way the Makefiles that carry it do
 * (wireguard-apple's on Go 1.26.8) — GNU patch with fuzz (0..9), --forward,
 * in a scratch copy of only the files it names (a new directory under
 * TMPDIR, removed afterwards; goroot, else the real go's GOROOT, is only
 * read) — prints GNU patch's report (which hunk needed which fuzz or
 * offset) and the exact patch made from the result, and writes that patch
 * to out: libgit2's diff of the GOROOT's bytes against the result
 * (gitdiff.c), `index` lines pinned to this GOROOT's blob ids, the
 * original's Gowrap-Go lines kept. Before writing, the new patch is applied
 * here and must apply exactly. Its exit code: 0; 116 when GNU patch fails
 * even with fuzz, or the patch cannot be read; 2 for a GOROOT with no
 * VERSION; the real go's own codes (100, 101, 109). */
#ifndef GOWRAP_PATCH_REFRESH_H
#define GOWRAP_PATCH_REFRESH_H

int pt_refresh(const char *patch, const char *out, const char *fuzz, const char *goroot);

#endif
