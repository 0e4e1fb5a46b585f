/* span.h — the one bounds check every symcheck reader goes through.
 *
 * Promise: a span is a byte range that lies wholly inside the mapped file.
 * vf_sub and the vf_get* readers refuse (return -1, touch nothing) any offset
 * or length that would leave the span, with overflow-safe 64-bit arithmetic,
 * so no reader ever does its own pointer arithmetic on file-supplied numbers.
 * The readers asked once per name of a slice (thousands: every symbol and
 * every pclntab function) are inline here, the rest in span.c: a call costs
 * as much as the read (bench/symcheck_cpu.sh). */
#ifndef GOWRAP_SPAN_H
#define GOWRAP_SPAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct vf_span {
	const unsigned char *p;
	size_t len;
};

/* 1 if [off, off+n) lies inside a span of length len, else 0. */
static inline int vf_fits(size_t len, uint64_t off, uint64_t n)
{
	/* Written as subtractions so a huge off or n cannot wrap around. */
	if (off > (uint64_t)len)
		return 0;
	return n <= (uint64_t)len - off;
}

/* s.p + off when [off, off+n) lies inside s, else NULL. */
static inline const unsigned char *vf_at(struct vf_span s, uint64_t off, uint64_t n)
{
	return vf_fits(s.len, off, n) ? s.p + off : NULL;
}

/* out = s[off, off+n). */
int vf_sub(struct vf_span s, uint64_t off, uint64_t n, struct vf_span *out);

int vf_get_u16le(struct vf_span s, uint64_t off, uint32_t *v);

static inline int vf_get_u32le(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = vf_at(s, off, 4);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	return 0;
}

static inline int vf_get_u64le(struct vf_span s, uint64_t off, uint64_t *v)
{
	uint32_t lo, hi;
	if (vf_get_u32le(s, off, &lo) || vf_get_u32le(s, off + 4, &hi))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

static inline int vf_get_u32be(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = vf_at(s, off, 4);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
	return 0;
}

static inline int vf_get_u64be(struct vf_span s, uint64_t off, uint64_t *v)
{
	uint32_t hi, lo;
	if (vf_get_u32be(s, off, &hi) || vf_get_u32be(s, off + 4, &lo))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

/* A little-endian word of ptrsize (4 or 8) bytes. */
int vf_get_uptr(struct vf_span s, uint64_t off, unsigned ptrsize, uint64_t *v);

/* The same in the byte order a file declares (be: 0 little, 1 big): ELF
 * and Go's pclntab come in both, and a reader picks once, from the header. */
int vf_get_u16bo(struct vf_span s, uint64_t off, int be, uint32_t *v);

static inline int vf_get_u32bo(struct vf_span s, uint64_t off, int be, uint32_t *v)
{
	return be ? vf_get_u32be(s, off, v) : vf_get_u32le(s, off, v);
}

static inline int vf_get_u64bo(struct vf_span s, uint64_t off, int be, uint64_t *v)
{
	return be ? vf_get_u64be(s, off, v) : vf_get_u64le(s, off, v);
}

/* A word of size (4 or 8) bytes in byte order be. */
static inline int vf_get_word(struct vf_span s, uint64_t off, unsigned size, int be, uint64_t *v)
{
	uint32_t w;
	if (size == 8)
		return vf_get_u64bo(s, off, be, v);
	if (size != 4 || vf_get_u32bo(s, off, be, &w))
		return -1;
	*v = w;
	return 0;
}

/* The NUL-terminated string at off, bounded by the span's end; -1 when off is
 * outside or no NUL follows. *n gets its length without the NUL. */
static inline int vf_get_cstr(struct vf_span s, uint64_t off, const char **str, size_t *n)
{
	const unsigned char *b, *nul;
	if (off >= (uint64_t)s.len)
		return -1;
	b = s.p + off;
	nul = memchr(b, 0, s.len - (size_t)off);
	if (!nul)
		return -1;
	*str = (const char *)b;
	*n = (size_t)(nul - b);
	return 0;
}

#endif
