/* zipin.h — Android packages (.aar, .apk) for symcheck, read with libzip.
 *
 * Promise: a zip file yields one vf_input per native library Android would
 * load from it — every `jni/<abi>/lib*.so` (an .aar) and `lib/<abi>/lib*.so`
 * (an .apk) — named `ZIP!/MEMBER`, each read as an ELF slice (elfslice.c)
 * with android as its platform unless its build info says otherwise, and
 * decided by policy.c. A zip
 * that cannot be trusted as a whole (libzip refuses it, too many entries, a
 * name that climbs out of the archive, no library at all) is one input with
 * an error, and so is each member that cannot be read (larger or smaller
 * than it declares, declaring more than max_member bytes, not an ELF file of
 * its ABI directory's machine): `ZIP: MEMBER: why`, so an archive is never
 * passed on its other libraries. Memory grows with the bytes a member
 * actually yields, never with what it declares. Linked into build/symcheck
 * only (the shim links no libzip). */
#ifndef GOWRAP_ZIPIN_H
#define GOWRAP_ZIPIN_H

#include <stddef.h>
#include <stdint.h>

#include "verify.h"

/* What symcheck reads of one member: Go's Android libraries are tens of MB. */
#define VF_ZIP_MAX_MEMBER (512ull << 20)

/* path: a zip file or anything vf_scan_path reads (zipin.c; zipnone.c,
 * linked by `make LIBZIP=no`, refuses every zip). */
void vf_scan_any(struct vf_result *r, const char *path, const struct vf_opts *o);

/* A zip archive in memory (path names it in the results). */
void vf_scan_zip_buffer(struct vf_result *r, const char *path, const void *data, size_t len,
			const struct vf_opts *o, uint64_t max_member);

#endif
