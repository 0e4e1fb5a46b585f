/* elfslice.c — an ELF output (android, linux) as one slice of facts.
 *
 * Promise: an ELF file is one slice: its machine as the arch (arm64,
 * x86_64, armv7, i386 as before; the others as GOARCH names them: ppc64 and
 * ppc64le, mips64 and mips64le, mips and mipsle told apart by class and byte
 * order, s390x, loong64, riscv64), GOOS from the build info as the platform (none
 * readable: the hint, else VF_PLATFORM_ELF), the Go version, internal/cpu's
 * overlay marker and where it was found, and which known copies of
 * internal/cpu (vf_known_copies) have code in it and carry the dependency
 * fix's marker (deps_code, deps_fixed, deps_exempt: want.c matches the
 * names), and for each copy with a version rule (vf_copy.right_from) the
 * version of its module the build info names. Found in an Android ABI
 * directory, the file's machine must be that ABI's, or the file is refused. What the
 * slice must show is policy.c's, not decided here. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "marker.h"
#include "verify_int.h"

#define EM_386 3u
#define EM_MIPS 8u      /* mips, mipsle (ELFCLASS32); mips64, mips64le (64) */
#define EM_PPC64 21u    /* ppc64 big-endian, ppc64le */
#define EM_S390 22u     /* s390x is its 64-bit class */
#define EM_ARM 40u
#define EM_X86_64 62u
#define EM_AARCH64 183u
#define EM_RISCV 243u
#define EM_LOONGARCH 258u

/* The arch Go would call the file's machine, class and byte order; a
 * machine Go never emits in that class is named by its number
 * (cputype-0xff...), and no copy's fix is asked of it (policy.c). */
static void set_arch(struct vf_slice *sl, const struct vf_elf *e)
{
	uint32_t other = 0xff000000u | e->machine;

	switch (e->machine) {
	case EM_AARCH64: sl->cputype = CPU_TYPE_ARM64; break;
	case EM_X86_64: sl->cputype = CPU_TYPE_X86_64; break;
	case EM_ARM: sl->cputype = CPU_TYPE_ARM; sl->cpusubtype = CPU_SUBTYPE_ARM_V7; break;
	case EM_386: sl->cputype = CPU_TYPE_X86; break;
	case EM_MIPS:
		sl->cputype = e->is64 ? (e->be ? VF_CPU_MIPS64 : VF_CPU_MIPS64LE)
				      : (e->be ? VF_CPU_MIPS : VF_CPU_MIPSLE);
		break;
	case EM_PPC64: sl->cputype = !e->is64 ? other : e->be ? VF_CPU_PPC64 : VF_CPU_PPC64LE; break;
	case EM_S390: sl->cputype = e->is64 && e->be ? VF_CPU_S390X : other; break;
	case EM_LOONGARCH: sl->cputype = e->is64 && !e->be ? VF_CPU_LOONG64 : other; break;
	case EM_RISCV: sl->cputype = e->is64 && !e->be ? VF_CPU_RISCV64 : other; break;
	default: sl->cputype = other; break; /* printed as cputype-0x... */
	}
}

/* Each known copy with a version rule: its module's version, as the build
 * info names it (the module is vf_copy.module up to its space). */
static void read_versions(struct vf_slice *sl, struct vf_span bi)
{
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		const char *m = vf_known_copies[i].module;
		if (!vf_known_copies[i].right_from)
			continue;
		sl->deps_verstate[i] = (unsigned char)vf_buildinfo_modver(bi, m, strcspn(m, " "), sl->deps_ver[i],
									  sizeof sl->deps_ver[i]);
	}
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

int vf_read_elf(struct vf_input *in, struct vf_span s, uint32_t hint, const char *abi,
		const struct vf_opts *o, struct sb *err)
{
	struct vf_want want;
	struct vf_elf e;

	vf_want_init(&want, o ? o->marker : NULL, o ? o->on_name : NULL, o ? o->on_name_ctx : NULL);
	vf_want_patches(&want, o);
	if (vf_elf_read(s, &want, &e, err) || abi_mismatch(abi, e.machine, err))
		return -1;
	struct vf_slice *sl = vf_input_add_slice(in);
	sl->elf = 1;
	set_arch(sl, &e);
	sl->is_go = e.has_pcln || e.buildinfo.len;
	sl->platform = vf_buildinfo_goos(e.buildinfo);
	if (!sl->platform)
		sl->platform = hint ? hint : VF_PLATFORM_ELF;
	if (e.buildinfo.len) {
		struct vf_addrmap none = { 0 };
		vf_buildinfo_version(s, e.buildinfo, &none, sl->goversion, sizeof sl->goversion);
	}
	memcpy(sl->marker, want.found, sizeof sl->marker);
	sl->found_in = e.found_in;
	sl->deps_code = want.copy_code;
	sl->deps_fixed = want.copy_fixed;
	sl->deps_exempt = want.copy_exempt;
	sl->naliases = vf_want_aliases(&want, sl->aliases, &sl->aliases_overflow);
	read_versions(sl, e.buildinfo);
	memcpy(sl->pm, want.pm, sizeof sl->pm);
	return 0;
}
