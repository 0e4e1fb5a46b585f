/* buildinfo.c — what Go's build info (__go_buildinfo, .go.buildinfo) says:
 * the Go version, and the GOOS it was built for.
 *
 * Promise: never fails the scan; an unreadable or odd build info just leaves
 * the version empty (the GOOS unknown). Go 1.18+ stores the version inline
 * (varint length then bytes), then the module info; Go 1.16/1.17 store a
 * pointer to a string header, followed here through the file's section map.
 * Only printable strings of a sane length are accepted as the version.
 * Layout: debug/buildinfo/buildinfo.go. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

static void take(const unsigned char *p, uint64_t n, char *out, size_t outsz)
{
	uint64_t i;
	if (n == 0 || n >= outsz || n > 63)
		return;
	for (i = 0; i < n; i++)
		if (p[i] < 0x21 || p[i] > 0x7e)
			return;
	memcpy(out, p, (size_t)n);
	out[n] = 0;
}

static int addr_off(const struct vf_addrmap *m, uint64_t addr, uint64_t *off)
{
	size_t i;
	for (i = 0; i < m->n; i++)
		if (addr >= m->sect[i].addr && addr - m->sect[i].addr < m->sect[i].size) {
			*off = m->sect[i].off + (addr - m->sect[i].addr);
			return 0;
		}
	return -1;
}

/* The varint-prefixed string at *off of an inline build info. */
static int varstr(struct vf_span bi, uint64_t *off, struct vf_span *str)
{
	uint64_t len = 0, i = *off;
	unsigned shift = 0;

	for (; i < bi.len && shift < 63; i++, shift += 7) {
		len |= (uint64_t)(bi.p[i] & 0x7f) << shift;
		if (!(bi.p[i] & 0x80))
			break;
	}
	if (i >= bi.len || bi.p[i] & 0x80 || vf_sub(bi, i + 1, len, str))
		return -1;
	*off = i + 1 + len;
	return 0;
}

void vf_buildinfo_version(struct vf_span file, struct vf_span bi, const struct vf_addrmap *m,
			  char *out, size_t outsz)
{
	unsigned ptr, flags;
	uint64_t sptr, sdata, slen, off;
	struct vf_span str;

	out[0] = 0;
	if (bi.len < GO_BUILDINFO_HDR || memcmp(bi.p, GO_BUILDINFO_MAGIC, GO_BUILDINFO_MAGIC_LEN))
		return;
	ptr = bi.p[14];
	flags = bi.p[15];
	if (flags & GO_BUILDINFO_FLAG_INLINE) {
		off = GO_BUILDINFO_HDR;
		if (!varstr(bi, &off, &str))
			take(str.p, str.len, out, outsz);
		return;
	}
	/* Pointer form: only little-endian targets are Apple's. */
	if (flags & GO_BUILDINFO_FLAG_BE || (ptr != 4 && ptr != 8))
		return;
	if (vf_get_uptr(bi, 16, ptr, &sptr) || addr_off(m, sptr, &off) ||
	    vf_get_uptr(file, off, ptr, &sdata) || vf_get_uptr(file, off + ptr, ptr, &slen) ||
	    addr_off(m, sdata, &off) || vf_sub(file, off, slen, &str))
		return;
	take(str.p, str.len, out, outsz);
}

/* GOOS from the module info's `build\tGOOS=...` line (Go 1.18+, inline
 * form: debug/buildinfo). */
uint32_t vf_buildinfo_goos(struct vf_span bi)
{
	static const char key[] = "\nbuild\tGOOS=";
	struct vf_span ver, mod;
	uint64_t off = GO_BUILDINFO_HDR;

	if (bi.len < GO_BUILDINFO_HDR || memcmp(bi.p, GO_BUILDINFO_MAGIC, GO_BUILDINFO_MAGIC_LEN) ||
	    !(bi.p[15] & GO_BUILDINFO_FLAG_INLINE) || varstr(bi, &off, &ver) || varstr(bi, &off, &mod))
		return 0;
	for (size_t i = 0; i + sizeof key - 1 < mod.len; i++) {
		if (memcmp(mod.p + i, key, sizeof key - 1) != 0)
			continue;
		const unsigned char *v = mod.p + i + sizeof key - 1;
		size_t n = 0, left = mod.len - i - (sizeof key - 1);
		while (n < left && v[n] != '\n')
			n++;
		if (n == 7 && memcmp(v, "android", 7) == 0)
			return VF_PLATFORM_ANDROID;
		if (n == 5 && memcmp(v, "linux", 5) == 0)
			return VF_PLATFORM_LINUX;
		return VF_PLATFORM_OTHER_ELF;
	}
	return 0;
}
