/* buildinfo.c — what Go's build info (__go_buildinfo, .go.buildinfo) says:
 * the Go version, the GOOS it was built for, and a module's version.
 *
 * Promise: never fails the scan; an unreadable or odd build info just leaves
 * the version empty (the GOOS unknown, a module's version unread). Go 1.18+
 * stores the version inline (varint length then bytes), then the module
 * info; Go 1.16/1.17 store a pointer to a string header, followed here
 * through the file's section map. Only printable strings of a sane length
 * are accepted as the version. Layout: debug/buildinfo/buildinfo.go; the
 * module info's lines: runtime/debug's BuildInfo.String. */
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

/* The module info string of an inline build info (Go 1.18+). */
static int modinfo(struct vf_span bi, struct vf_span *mod)
{
	struct vf_span ver;
	uint64_t off = GO_BUILDINFO_HDR;

	if (bi.len < GO_BUILDINFO_HDR || memcmp(bi.p, GO_BUILDINFO_MAGIC, GO_BUILDINFO_MAGIC_LEN) ||
	    !(bi.p[15] & GO_BUILDINFO_FLAG_INLINE) || varstr(bi, &off, &ver) || varstr(bi, &off, mod))
		return -1;
	return 0;
}

/* GOOS from the module info's `build\tGOOS=...` line (Go 1.18+, inline
 * form: debug/buildinfo). */
uint32_t vf_buildinfo_goos(struct vf_span bi)
{
	static const char key[] = "\nbuild\tGOOS=";
	struct vf_span mod;

	if (modinfo(bi, &mod))
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

/* Field k of a tab-separated line (empty past its last). */
static struct vf_span field(struct vf_span line, unsigned k)
{
	struct vf_span f = { line.p, 0 };
	size_t at = 0, n = 0;
	for (; k && at < line.len; at++)
		if (line.p[at] == '\t')
			k--;
	while (!k && at + n < line.len && line.p[at + n] != '\t')
		n++;
	if (!k)
		vf_sub(line, at, n, &f);
	return f;
}

static int field_is(struct vf_span f, const char *s, size_t n)
{
	return f.len == n && memcmp(f.p, s, n) == 0;
}

/* f as a C string in out when it fits and every byte is printable. */
static void keep(struct vf_span f, char *out, size_t outsz)
{
	out[0] = 0;
	if (f.len >= outsz)
		return;
	for (size_t i = 0; i < f.len; i++)
		if (f.p[i] < 0x20 || f.p[i] > 0x7e)
			return;
	memcpy(out, f.p, f.len);
	out[f.len] = 0;
}

/* After module mod's line: the `=>` line that replaces it, if it is one. A
 * path that is a directory (cmd/go: `./`, `../`, `/`, or a Windows drive
 * or backslash) has no version; another module's versions are not mod's. */
static enum vf_verstate replaced(struct vf_span line, const char *mod, size_t ml, char *out,
				 size_t outsz)
{
	struct vf_span path = field(line, 1);

	if (field_is(path, mod, ml)) {
		keep(field(line, 2), out, outsz);
		return VF_VER_OK;
	}
	keep(path, out, outsz);
	if (path.len && (path.p[0] == '.' || path.p[0] == '/' || path.p[0] == '\\' ||
			 (path.len > 1 && path.p[1] == ':')))
		return VF_VER_DIR;
	return VF_VER_OTHER;
}

enum vf_verstate vf_buildinfo_modver(struct vf_span bi, const char *mod, size_t ml, char *out,
				     size_t outsz)
{
	enum vf_verstate st = VF_VER_ABSENT;
	struct vf_span info;
	int prev = 0; /* the line before was mod's own */

	out[0] = 0;
	if (modinfo(bi, &info))
		return VF_VER_NOINFO;
	for (size_t at = 0; at < info.len;) {
		struct vf_span line, kind;
		size_t n = 0;
		while (at + n < info.len && info.p[at + n] != '\n')
			n++;
		if (vf_sub(info, at, n, &line))
			break;
		kind = field(line, 0);
		int was = prev;
		at += n + 1;
		prev = 0;
		if (was && field_is(kind, "=>", 2)) {
			st = replaced(line, mod, ml, out, outsz);
			continue;
		}
		if (!(field_is(kind, "dep", 3) || field_is(kind, "mod", 3)) || !field_is(field(line, 1), mod, ml))
			continue;
		if (st != VF_VER_ABSENT) {
			out[0] = 0;
			return VF_VER_TWICE;
		}
		st = VF_VER_OK;
		keep(field(line, 2), out, outsz);
		prev = 1;
	}
	return st;
}
