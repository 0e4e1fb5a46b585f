/* want.c — which function names a reader is looking for, and what each one
 * it is handed says.
 *
 * Promise: every reader (macho.c's symbol table, elf.c's, pclntab.c's
 * function table) hands each function name, without Mach-O's leading '_',
 * to vf_want_name and to nothing else: the first name starting with the
 * marker prefix is the marker found (cut to the field's size); a name of
 * vf_upstream_funcs is upstream's darwin detection, unless the prefix asked
 * for names darwin parity (then that sysctl code is the overlay's own); and
 * every name goes to the caller's on_name as well. Patch markers asked
 * (vf_opts.pmarks) are marked present by their names, named by the
 * pclntab's file table (vf_want_file). Each name of a known copy's
 * package (vf_known_copies: `<path>.` exactly; Go escapes the dots of a
 * path's last element in symbol names, %2e, so no other package's names
 * start so) sets its code bit, its `<path>.gowrapMarkerV...` its fixed bit,
 * its exempting function its exempt bit. */
#include "compat.h"
#include <stddef.h>
#include <string.h>

#include "marker.h"
#include "verify_int.h"

/* A fixed copy's marker: <path>.gowrapMarkerV<n> (deps/templates). */
#define COPY_MARKER "." GW_MARKER_FUNC "V"

const char *const vf_upstream_funcs[] = {
	"internal/cpu.sysctlbynameInt32", /* Go 1.25+ cpu_darwin.go, pushed by runtime */
	"internal/cpu.getsysctlbyname",   /* Go 1.16 .. 1.24 cpu_arm64_darwin.go */
	"internal/cpu.sysctlEnabled",     /* usually inlined into osInit */
	NULL,
};

static void want_first(struct vf_want *want, const char *s)
{
	unsigned char c = (unsigned char)s[0];
	want->first[c >> 3] |= (unsigned char)(1u << (c & 7));
}

void vf_want_init(struct vf_want *want, const char *prefix,
		  void (*on_name)(void *ctx, const char *name, size_t n), void *ctx)
{
	memset(want, 0, offsetof(struct vf_want, cand));
	want->prefix = prefix ? prefix : VF_DEFAULT_MARKER;
	want->plen = strlen(want->prefix);
	/* Asked for a darwin-parity marker (the shim passes the exact one it
	 * applied), the sysctl functions are that overlay's own: they must not
	 * excuse a missing marker as upstream's fix would. */
	want->no_upstream = !strncmp(want->prefix, VF_DARWIN_MARKER, sizeof VF_DARWIN_MARKER - 1);
	want->on_name = on_name;
	want->on_name_ctx = ctx;
	if (!want->plen)
		memset(want->first, 0xff, sizeof want->first); /* every name is the marker */
	want_first(want, want->prefix);
	want_first(want, "internal/cpu."); /* vf_upstream_funcs */
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		const struct vf_copy *c = &vf_known_copies[i];
		want->copy_len[i] = strlen(c->path);
		want->exempt_len[i] = c->exempt ? strlen(c->exempt) : 0;
		want_first(want, c->path);
		want->ncopies = i + 1;
	}
	vf_alias_init(want);
}

void vf_want_patches(struct vf_want *want, const struct vf_opts *o)
{
	want->pmarks = o ? o->pmarks : NULL;
	want->npmarks = o && o->pmarks ? (o->npmarks < VF_MAX_PMARKS ? o->npmarks : VF_MAX_PMARKS) : 0;
	for (size_t i = 0; i < want->npmarks; i++) {
		want->pm_len[i] = strlen(want->pmarks[i].symbol);
		want_first(want, want->pmarks[i].symbol);
	}
}

/* n > 0: the name's first byte is one that vf_known_copies' paths start
 * with, checked by the caller. */
static void copies_name(struct vf_want *want, const char *name, size_t n)
{
	for (uint32_t i = 0; i < want->ncopies; i++) {
		size_t pl = want->copy_len[i];
		if (n <= pl || name[pl] != '.' || memcmp(name, vf_known_copies[i].path, pl) != 0)
			continue;
		want->copy_code |= 1u << i;
		if (n - pl >= sizeof COPY_MARKER - 1 &&
		    memcmp(name + pl, COPY_MARKER, sizeof COPY_MARKER - 1) == 0)
			want->copy_fixed |= 1u << i;
		if (want->exempt_len[i] == n && memcmp(name, vf_known_copies[i].exempt, n) == 0)
			want->copy_exempt |= 1u << i;
	}
}

void vf_want_inlined(struct vf_want *want, int (*has)(const void *ctx, const char *name), const void *ctx)
{
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++)
		if (vf_known_copies[i].exempt && !(want->copy_exempt >> i & 1) &&
		    has(ctx, vf_known_copies[i].exempt))
			want->copy_exempt |= 1u << i;
	vf_alias_inlined(want, has, ctx);
}

/* Does file-table name f[0..n) stand for GOROOT file rel ("src/...")?
 * Built -trimpath it is rel without "src/"; else it ends in "/src/...". */
static int names_file(const char *f, size_t n, const char *rel)
{
	size_t k = strlen(rel);
	if (k > 4 && n == k - 4 && !memcmp(f, rel + 4, n))
		return 1;
	return n > k && f[n - k - 1] == '/' && !memcmp(f + n - k, rel, k);
}

void vf_want_file(struct vf_want *want, const char *name, size_t n)
{
	for (size_t i = 0; i < want->npmarks; i++)
		for (size_t j = 0; !(want->pm[i] & VF_PM_NAMED) && j < want->pmarks[i].nfiles; j++)
			if (names_file(name, n, want->pmarks[i].files[j]))
				want->pm[i] |= VF_PM_NAMED;
}

/* vf_want_name's compares, for a name whose first byte some name looked
 * for starts with (verify_int.h). */
void vf_want_name_slow(struct vf_want *want, const char *name, size_t n, int *is_marker)
{
	size_t i;

	if (n)
		copies_name(want, name, n);
	for (i = 0; i < want->npmarks; i++)
		if (!(want->pm[i] & VF_PM_PRESENT) && want->pm_len[i] == n &&
		    !memcmp(name, want->pmarks[i].symbol, n))
			want->pm[i] |= VF_PM_PRESENT;
	if (n >= want->plen && memcmp(name, want->prefix, want->plen) == 0) {
		if (!want->found[0]) {
			size_t k = n < sizeof want->found - 1 ? n : sizeof want->found - 1;
			memcpy(want->found, name, k);
			want->found[k] = 0;
		}
		*is_marker = 1;
		return;
	}
	if (want->upstream || want->no_upstream || n < 13 || memcmp(name, "internal/cpu.", 13) != 0)
		return;
	for (i = 0; vf_upstream_funcs[i]; i++)
		if (strlen(vf_upstream_funcs[i]) == n && memcmp(name, vf_upstream_funcs[i], n) == 0)
			want->upstream = 1;
}
