/* android.c — ELF outputs (android and linux): one slice per file, and what
 * it must show.
 *
 * Promise: an ELF file is one slice: its machine as the arch (arm64,
 * x86_64, armv7, i386), GOOS from the build info as the platform, the Go
 * version, internal/cpu's overlay marker (policy.c: forbidden here, as on
 * every non-iOS target — the runtime fills std's HWCap), and which known
 * copies of internal/cpu (vf_known_copies) have code in it and carry the
 * dependency fix's marker. On arm64 linux/android (and an ELF whose GOOS
 * cannot be read: fail closed) every such copy must carry it, whatever
 * --expect says of internal/cpu: without it the copy's HWCap stays 0
 * (deps/README.md). Found in an Android ABI directory, the file's machine
 * must be that ABI's. */
#include "compat.h"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "macho_format.h"
#include "marker.h"
#include "verify_int.h"

#define EM_386 3u
#define EM_ARM 40u
#define EM_X86_64 62u
#define EM_AARCH64 183u

/* A fixed copy's marker: <path>.gowrapMarkerV<n> (deps/templates). */
#define COPY_MARKER "." GW_MARKER_FUNC "V"

int vf_is_elf(struct vf_span s)
{
	return s.len >= 4 && memcmp(s.p, "\177ELF", 4) == 0;
}

/* A zip (.aar, .apk) starts with a local file header, or is empty. */
int vf_is_zip_file(const char *path)
{
	unsigned char b[4];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t k;

	if (fd < 0)
		return 0;
	k = read(fd, b, sizeof b);
	close(fd);
	return k == 4 && b[0] == 'P' && b[1] == 'K' && ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6));
}

struct copies {
	const struct vf_opts *o;
	uint32_t code, fixed;
};

/* Go escapes the dots of a path's last element in symbol names (%2e), so
 * `<path>.` starts only that package's names. */
static void on_name(void *ctx, const char *name, size_t n)
{
	struct copies *c = ctx;

	if (c->o && c->o->on_name)
		c->o->on_name(c->o->on_name_ctx, name, n);
	for (uint32_t i = 0; i < 32 && vf_known_copies[i]; i++) {
		size_t pl = strlen(vf_known_copies[i]);
		if (n <= pl || name[pl] != '.' || memcmp(name, vf_known_copies[i], pl) != 0)
			continue;
		c->code |= 1u << i;
		if (n - pl >= sizeof COPY_MARKER - 1 &&
		    memcmp(name + pl, COPY_MARKER, sizeof COPY_MARKER - 1) == 0)
			c->fixed |= 1u << i;
	}
}

static void set_arch(struct vf_slice *sl, uint32_t machine)
{
	switch (machine) {
	case EM_AARCH64: sl->cputype = CPU_TYPE_ARM64; break;
	case EM_X86_64: sl->cputype = CPU_TYPE_X86_64; break;
	case EM_ARM: sl->cputype = CPU_TYPE_ARM; sl->cpusubtype = CPU_SUBTYPE_ARM_V7; break;
	case EM_386: sl->cputype = CPU_TYPE_X86; break;
	default: sl->cputype = 0xff000000u | machine; break; /* printed as cputype-0x... */
	}
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

/* GOOS from the module info's `build\tGOOS=...` line (Go 1.18+, inline
 * form: debug/buildinfo); 0 when it cannot be read. */
static uint32_t goos_platform(struct vf_span bi)
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

/* Android's ABI directories and the machine each holds. */
static int abi_mismatch(const char *abi, uint32_t machine, struct sb *err)
{
	static const struct { const char *abi; uint32_t machine; } t[] = {
		{ "arm64-v8a", EM_AARCH64 }, { "armeabi-v7a", EM_ARM }, { "armeabi", EM_ARM },
		{ "x86", EM_386 }, { "x86_64", EM_X86_64 },
	};
	for (size_t i = 0; abi && i < sizeof t / sizeof t[0]; i++)
		if (!strcmp(abi, t[i].abi) && machine != t[i].machine) {
			sb_addf(err, "ELF machine %u in the %s directory, which holds machine %u", machine,
				abi, t[i].machine);
			return 1;
		}
	return 0;
}

/* Every known copy with code here carries its fix, where one is asked. */
static void copies_policy(struct vf_slice *sl)
{
	sl->deps_asked = sl->is_go && sl->cputype == CPU_TYPE_ARM64 &&
			 sl->platform != VF_PLATFORM_OTHER_ELF;
	if (sl->deps_asked && (sl->deps_code & ~sl->deps_fixed))
		sl->ok = 0;
}

int vf_scan_elf(struct vf_input *in, struct vf_span s, uint32_t hint, const char *abi,
		const struct vf_opts *o, struct sb *err)
{
	struct copies c = { o, 0, 0 };
	struct vf_want want;
	struct vf_elf e;

	vf_want_init(&want, o ? o->marker : NULL, on_name, &c);
	if (vf_elf_read(s, &want, &e, err) || abi_mismatch(abi, e.machine, err))
		return -1;
	in->slices = gw_grow(in->slices, &in->cap, in->nslices + 1, sizeof *in->slices);
	struct vf_slice *sl = &in->slices[in->nslices++];
	memset(sl, 0, sizeof *sl);
	sl->elf = 1;
	set_arch(sl, e.machine);
	sl->is_go = e.has_pcln || e.buildinfo.len;
	sl->platform = goos_platform(e.buildinfo);
	if (!sl->platform)
		sl->platform = hint ? hint : VF_PLATFORM_ELF;
	if (e.buildinfo.len) {
		struct vf_addrmap none = { 0 };
		vf_buildinfo_version(s, e.buildinfo, &none, sl->goversion, sizeof sl->goversion);
	}
	memcpy(sl->marker, want.found, sizeof sl->marker);
	sl->found_in = e.found_in;
	sl->deps_code = c.code;
	sl->deps_fixed = c.fixed;
	vf_apply_policy(sl, o ? o->expect : VF_EXPECT_AUTO);
	copies_policy(sl);
	return 0;
}

const char *vf_elf_platform_name(uint32_t p)
{
	return p == VF_PLATFORM_ANDROID ? "android" : p == VF_PLATFORM_LINUX ? "linux"
		: p == VF_PLATFORM_ELF ? "elf" : p == VF_PLATFORM_OTHER_ELF ? "other-elf" : NULL;
}

/* `; deps: PATH fixed, PATH NOT fixed` (or `none`), where asked. */
void vf_elf_text(struct sb *out, const struct vf_slice *s)
{
	const char *sep = "";

	if (!s->deps_asked)
		return;
	sb_adds(out, "; deps: ");
	for (uint32_t i = 0; i < 32 && vf_known_copies[i]; i++) {
		if (!(s->deps_code >> i & 1))
			continue;
		sb_addf(out, "%s%s %s", sep, vf_known_copies[i],
			s->deps_fixed >> i & 1 ? "fixed" : "NOT fixed");
		sep = ", ";
	}
	if (!*sep)
		sb_adds(out, "none");
}

/* "deps_asked": bool, "deps": [{"package", "fixed"}] (flat: the writer's
 * depth is bounded, JW_MAX_DEPTH). */
void vf_elf_json(struct jw *w, const struct vf_slice *s)
{
	jw_bool(w, "deps_asked", s->deps_asked);
	jw_arr(w, "deps");
	for (uint32_t i = 0; i < 32 && vf_known_copies[i]; i++) {
		if (!(s->deps_code >> i & 1))
			continue;
		jw_obj(w, NULL);
		jw_str(w, "package", vf_known_copies[i]);
		jw_bool(w, "fixed", s->deps_fixed >> i & 1);
		jw_end(w);
	}
	jw_end(w);
}

int vf_elf_cause(struct sb *out, const struct vf_slice *s)
{
	int marker_ok = s->expected == VF_EXPECT_REQUIRED ? s->marker[0] != 0
		      : s->expected == VF_EXPECT_FORBIDDEN ? s->marker[0] == 0 : 1;
	uint32_t missing = s->deps_asked ? s->deps_code & ~s->deps_fixed : 0;
	const char *sep = "";

	/* internal/cpu's own verdict first: its cause is policy.c's. */
	if (!marker_ok || !missing)
		return 0;
	for (uint32_t i = 0; i < 32 && vf_known_copies[i]; i++) {
		if (missing >> i & 1)
			sb_addf(out, "%s%s", sep, vf_known_copies[i]);
		if (missing >> i & 1)
			sep = ", ";
	}
	sb_adds(out, ": a copy of Go's internal/cpu without gowrap's dependency fix (no "
		     GW_MARKER_FUNC "V... marker), so its HWCap stays 0 on linux/android arm64; "
		     "build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0)");
	return 1;
}
