/* span.c — bounds-checked reads; see span.h. */
#include "compat.h"
#include "span.h"

#include <string.h>

int vf_fits(size_t len, uint64_t off, uint64_t n)
{
	/* Written as subtractions so a huge off or n cannot wrap around. */
	if (off > (uint64_t)len)
		return 0;
	return n <= (uint64_t)len - off;
}

int vf_sub(struct vf_span s, uint64_t off, uint64_t n, struct vf_span *out)
{
	if (!vf_fits(s.len, off, n))
		return -1;
	out->p = s.p + off;
	out->len = (size_t)n;
	return 0;
}

static const unsigned char *at(struct vf_span s, uint64_t off, uint64_t n)
{
	return vf_fits(s.len, off, n) ? s.p + off : NULL;
}

int vf_get_u16le(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = at(s, off, 2);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8;
	return 0;
}

int vf_get_u32le(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = at(s, off, 4);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	return 0;
}

int vf_get_u64le(struct vf_span s, uint64_t off, uint64_t *v)
{
	uint32_t lo, hi;
	if (vf_get_u32le(s, off, &lo) || vf_get_u32le(s, off + 4, &hi))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

int vf_get_u32be(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = at(s, off, 4);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
	return 0;
}

int vf_get_u64be(struct vf_span s, uint64_t off, uint64_t *v)
{
	uint32_t hi, lo;
	if (vf_get_u32be(s, off, &hi) || vf_get_u32be(s, off + 4, &lo))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

int vf_get_uptr(struct vf_span s, uint64_t off, unsigned ptrsize, uint64_t *v)
{
	uint32_t w;
	if (ptrsize == 8)
		return vf_get_u64le(s, off, v);
	if (ptrsize != 4 || vf_get_u32le(s, off, &w))
		return -1;
	*v = w;
	return 0;
}

int vf_get_u16bo(struct vf_span s, uint64_t off, int be, uint32_t *v)
{
	const unsigned char *b = at(s, off, 2);
	if (!b)
		return -1;
	*v = be ? (uint32_t)b[0] << 8 | b[1] : (uint32_t)b[1] << 8 | b[0];
	return 0;
}

int vf_get_u32bo(struct vf_span s, uint64_t off, int be, uint32_t *v)
{
	return be ? vf_get_u32be(s, off, v) : vf_get_u32le(s, off, v);
}

int vf_get_u64bo(struct vf_span s, uint64_t off, int be, uint64_t *v)
{
	return be ? vf_get_u64be(s, off, v) : vf_get_u64le(s, off, v);
}

int vf_get_word(struct vf_span s, uint64_t off, unsigned size, int be, uint64_t *v)
{
	uint32_t w;
	if (size == 8)
		return vf_get_u64bo(s, off, be, v);
	if (size != 4 || vf_get_u32bo(s, off, be, &w))
		return -1;
	*v = w;
	return 0;
}

int vf_get_cstr(struct vf_span s, uint64_t off, const char **str, size_t *n)
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
