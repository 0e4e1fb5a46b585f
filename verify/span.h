/* span.h — the one bounds check every symcheck reader goes through.
 *
 * Promise: a span is a byte range that lies wholly inside the mapped file.
 * vf_sub and the vf_get* readers refuse (return -1, touch nothing) any offset
 * or length that would leave the span, with overflow-safe 64-bit arithmetic,
 * so no reader ever does its own pointer arithmetic on file-supplied numbers. */
#ifndef GOWRAP_SPAN_H
#define GOWRAP_SPAN_H

#include <stddef.h>
#include <stdint.h>

struct vf_span {
	const unsigned char *p;
	size_t len;
};

/* 1 if [off, off+n) lies inside a span of length len, else 0. */
int vf_fits(size_t len, uint64_t off, uint64_t n);

/* out = s[off, off+n). */
int vf_sub(struct vf_span s, uint64_t off, uint64_t n, struct vf_span *out);

int vf_get_u16le(struct vf_span s, uint64_t off, uint32_t *v);
int vf_get_u32le(struct vf_span s, uint64_t off, uint32_t *v);
int vf_get_u64le(struct vf_span s, uint64_t off, uint64_t *v);
int vf_get_u32be(struct vf_span s, uint64_t off, uint32_t *v);
int vf_get_u64be(struct vf_span s, uint64_t off, uint64_t *v);
/* A little-endian word of ptrsize (4 or 8) bytes. */
int vf_get_uptr(struct vf_span s, uint64_t off, unsigned ptrsize, uint64_t *v);

/* The same in the byte order a file declares (be: 0 little, 1 big): ELF
 * and Go's pclntab come in both, and a reader picks once, from the header. */
int vf_get_u16bo(struct vf_span s, uint64_t off, int be, uint32_t *v);
int vf_get_u32bo(struct vf_span s, uint64_t off, int be, uint32_t *v);
int vf_get_u64bo(struct vf_span s, uint64_t off, int be, uint64_t *v);
/* A word of size (4 or 8) bytes in byte order be. */
int vf_get_word(struct vf_span s, uint64_t off, unsigned size, int be, uint64_t *v);

/* The NUL-terminated string at off, bounded by the span's end; -1 when off is
 * outside or no NUL follows. *n gets its length without the NUL. */
int vf_get_cstr(struct vf_span s, uint64_t off, const char **str, size_t *n);

#endif
