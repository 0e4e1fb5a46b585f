/* want.c — which function names a reader is looking for, and what each one
 * it is handed says.
 *
 * Promise: every reader (macho.c's symbol table, elf.c's, pclntab.c's
 * function table) hands each function name, without Mach-O's leading '_',
 * to vf_want_name and to nothing else: the first name starting with the
 * marker prefix is the marker found (cut to the field's size); a name of
 * vf_upstream_funcs is upstream's darwin detection, unless the prefix asked
 * for names darwin parity (then that sysctl code is the overlay's own); and
 * every name goes to the caller's on_name as well. */
#include "compat.h"
#include <string.h>

#include "verify_int.h"

const char *const vf_upstream_funcs[] = {
	"internal/cpu.sysctlbynameInt32", /* Go 1.25+ cpu_darwin.go, pushed by runtime */
	"internal/cpu.getsysctlbyname",   /* Go 1.16 .. 1.24 cpu_arm64_darwin.go */
	"internal/cpu.sysctlEnabled",     /* usually inlined into osInit */
	NULL,
};

void vf_want_init(struct vf_want *want, const char *prefix,
		  void (*on_name)(void *ctx, const char *name, size_t n), void *ctx)
{
	memset(want, 0, sizeof *want);
	want->prefix = prefix ? prefix : VF_DEFAULT_MARKER;
	want->plen = strlen(want->prefix);
	/* Asked for a darwin-parity marker (the shim passes the exact one it
	 * applied), the sysctl functions are that overlay's own: they must not
	 * excuse a missing marker as upstream's fix would. */
	want->no_upstream = !strncmp(want->prefix, VF_DARWIN_MARKER, sizeof VF_DARWIN_MARKER - 1);
	want->on_name = on_name;
	want->on_name_ctx = ctx;
}

void vf_want_name(struct vf_want *want, const char *name, size_t n, int *is_marker)
{
	size_t i;

	*is_marker = 0;
	if (want->on_name)
		want->on_name(want->on_name_ctx, name, n);
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
