/* span.c — the bounds-checked reads not inlined in span.h; see span.h. */
#include "compat.h"
#include "span.h"

#include <string.h>

int vf_sub(struct vf_span s, uint64_t off, uint64_t n, struct vf_span *out)
{
	if (!vf_fits(s.len, off, n))
		return -1;
	out->p = s.p + off;
	out->len = (size_t)n;
	return 0;
}

int vf_get_u16le(struct vf_span s, uint64_t off, uint32_t *v)
{
	const unsigned char *b = vf_at(s, off, 2);
	if (!b)
		return -1;
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8;
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
	const unsigned char *b = vf_at(s, off, 2);
	if (!b)
		return -1;
	*v = be ? (uint32_t)b[0] << 8 | b[1] : (uint32_t)b[1] << 8 | b[0];
	return 0;
}

