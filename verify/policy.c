/* policy.c — what each slice must show, apart from how it was read.
 *
 * Promise (auto): a slice without Go code expects nothing. An arm64/arm64e
 * Go slice on an iOS-family platform (iOS, iOS simulator, tvOS, tvOS
 * simulator, Mac Catalyst, visionOS, visionOS simulator) requires the marker,
 * unless internal/cpu in that slice already carries upstream's darwin sysctl
 * detection (golang/go@8058a577), which makes the overlay unnecessary: then
 * nothing is expected. An arm64 Go slice whose platform cannot be told
 * requires the marker (fail closed: an unknown arm64 Apple slice is most
 * likely an iOS object; --expect decides otherwise). Every other Go slice
 * forbids it: a marker on macOS or x86_64 means the overlay's constraint
 * leaked. --expect required/forbidden applies to every Go slice.
 * VF_EXPECT_IOS_BUILD (the shim's check of what it built for an iOS-family
 * arm64 target) is auto with every arm64 slice treated as iOS-family, since
 * darwin + the ios tag links as macOS outside Catalyst.
 * A slice that carries a gowrap marker has no upstream detection: its
 * sysctl code is the darwin-parity overlay's own. --variant
 * (vf_require_variant) then asks for one feature set, told by the marker's
 * name (vf_slice_variant).
 * ELF slices (android, linux) get the same rule for internal/cpu's marker —
 * forbidden, as on every non-iOS target: the runtime fills std's HWCap — and
 * on android/linux Go code (and an ELF whose GOOS cannot be read: fail
 * closed) of every arch whose internal/cpu reads HWCap/HWCap2 (hwcap_arch:
 * arm64, arm, ppc64, ppc64le, s390x, loong64, mips64, mips64le) every known
 * copy with code in the slice must carry its fix's marker, whatever
 * --expect says of internal/cpu: the runtime fills only std's HWCap, so
 * without the fix every feature the copy derives from it reads false
 * (deps/README.md). 386, amd64, riscv64, mips and mipsle copies read no
 * HWCap (cpuid, hwprobe in the runtime, nothing): no fix is asked there.
 * Mach-O arm64 Go slices of the iOS family (by platform; unknown: as the
 * marker's auto, fail closed) ask the same of every known copy asked on
 * iOS (x/sys/cpu, cpuid, the internal/cpu copies), but x/sys/cpu not where
 * its own darwinSysctlEnabled is in the slice (v0.42.0 and later detect
 * through sysctl themselves). An arm64 ELF slice of android (or of a GOOS
 * that cannot be read: fail closed) asks the same of every known copy
 * asked on android arm64 (x/sys/cpu) whose module's version, from the
 * slice's build info, is before the copy's right_from; a version that
 * cannot be read (no build info, the module replaced by a directory or
 * another module, not a release version) never exempts it.
 * A GOWRAP_PATCHES patch's marker is
 * required in every slice whose pclntab names a file the patch changes in
 * its package (the marker compiles exactly where those files do and its
 * package's init calls it), unless the patch's Gowrap-Go line limits it
 * away from the slice's Go version. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

static int ios_family(uint32_t p)
{
	switch (p) {
	case PLATFORM_IOS:
	case PLATFORM_IOSSIMULATOR:
	case PLATFORM_TVOS:
	case PLATFORM_TVOSSIMULATOR:
	case PLATFORM_MACCATALYST:
	case PLATFORM_VISIONOS:
	case PLATFORM_VISIONOSSIMULATOR:
		return 1;
	default:
		return 0;
	}
}

static void marker_policy(struct vf_slice *s, enum vf_expect requested)
{
	int arm64 = s->cputype == CPU_TYPE_ARM64;

	if (s->marker[0])
		s->upstream = 0;
	if (!s->is_go)
		s->expected = VF_EXPECT_NONE;
	else if (requested == VF_EXPECT_IOS_BUILD)
		s->expected = !arm64 ? VF_EXPECT_FORBIDDEN
			    : s->upstream ? VF_EXPECT_NONE : VF_EXPECT_REQUIRED;
	else if (requested != VF_EXPECT_AUTO)
		s->expected = requested;
	else if (arm64 && (ios_family(s->platform) || s->platform == 0))
		s->expected = s->upstream ? VF_EXPECT_NONE : VF_EXPECT_REQUIRED;
	else
		s->expected = VF_EXPECT_FORBIDDEN;

	if (s->expected == VF_EXPECT_REQUIRED)
		s->ok = s->marker[0] != 0;
	else if (s->expected == VF_EXPECT_FORBIDDEN)
		s->ok = s->marker[0] == 0;
	else
		s->ok = 1;
}

/* Does a copy of internal/cpu for this arch derive features from HWCap
 * (Go 1.26's cpu_arm64_hwcap.go, cpu_arm.go, cpu_ppc64x_linux.go,
 * cpu_s390x.go, cpu_loong64_hwcap.go, cpu_mips64x.go)? */
static int hwcap_arch(uint32_t cputype)
{
	switch (cputype) {
	case CPU_TYPE_ARM64:
	case CPU_TYPE_ARM:
	case VF_CPU_PPC64:
	case VF_CPU_PPC64LE:
	case VF_CPU_S390X:
	case VF_CPU_LOONG64:
	case VF_CPU_MIPS64:
	case VF_CPU_MIPS64LE:
		return 1;
	default:
		return 0;
	}
}

/* Is a Mach-O slice's Go code for the iOS family as the copies' rules
 * mean it (arm64: deps/ fixes nothing else there)? Its platform says so,
 * or, unknown, auto fails closed as marker_policy does and --expect
 * required counts it in, forbidden out. The shim's own check
 * (VF_EXPECT_IOS_BUILD) is not asked: deps/check.c proves each package it
 * fixed carries its marker, and GOWRAP_DEPS=0 builds stay its users'. */
static int ios_copies_slice(const struct vf_slice *s, enum vf_expect requested)
{
	if (s->cputype != CPU_TYPE_ARM64 || requested == VF_EXPECT_IOS_BUILD)
		return 0;
	return ios_family(s->platform) ||
	       (s->platform == 0 && (requested == VF_EXPECT_AUTO || requested == VF_EXPECT_REQUIRED));
}

/* The families whose copies an ELF slice is asked for: linux/android
 * (and an unreadable GOOS: fail closed) on an arch whose internal/cpu reads
 * HWCap; android arm64 and linux arm64 (unreadable GOOS too) on arm64. */
static int elf_families(const struct vf_slice *sl)
{
	int android = sl->platform == VF_PLATFORM_ANDROID || sl->platform == VF_PLATFORM_ELF;
	int linux = sl->platform == VF_PLATFORM_LINUX || sl->platform == VF_PLATFORM_ELF;
	return (hwcap_arch(sl->cputype) && sl->platform != VF_PLATFORM_OTHER_ELF ? VF_COPY_LINUX : 0) |
	       (sl->cputype == CPU_TYPE_ARM64 && android ? VF_COPY_ANDROID_ARM64 : 0) |
	       (sl->cputype == CPU_TYPE_ARM64 && linux ? VF_COPY_LINUX_ARM64 : 0);
}

/* The release numbers of a module version "vX.Y.Z[-pre][+build]": 0, or
 * -1 when it is not one. pre says whether it is a pre-release (a
 * pseudo-version is one: it comes before the release it names). */
static int semver(const char *v, unsigned long n[3], int *pre)
{
	if (*v++ != 'v')
		return -1;
	for (int k = 0; k < 3; k++) {
		int digits = 0;
		for (n[k] = 0; *v >= '0' && *v <= '9' && digits < 9; v++, digits++)
			n[k] = n[k] * 10 + (unsigned long)(*v - '0');
		if (!digits || (k < 2 && *v++ != '.'))
			return -1;
	}
	*pre = *v == '-';
	return *v == 0 || *v == '-' || *v == '+' ? 0 : -1;
}

/* Is version v at or past release from? -1 when v is no version. */
static int at_least(const char *v, const char *from)
{
	unsigned long a[3], b[3];
	int pre, bpre;
	if (semver(v, a, &pre) || semver(from, b, &bpre))
		return -1;
	for (int k = 0; k < 3; k++)
		if (a[k] != b[k])
			return a[k] > b[k];
	return !pre;
}

/* Does copy i detect on its own in this slice? On android arm64 its
 * module's version says (unread: no, and unread is set), elsewhere its
 * exempting function. */
static int copy_exempt(const struct vf_slice *sl, uint32_t i, int fam, int *unread)
{
	const struct vf_copy *c = &vf_known_copies[i];
	*unread = 0;
	if (!(fam & VF_COPY_ANDROID_ARM64) || !c->right_from || !(c->families & VF_COPY_ANDROID_ARM64))
		return sl->deps_exempt >> i & 1;
	int r = sl->deps_verstate[i] == VF_VER_OK ? at_least(sl->deps_ver[i], c->right_from) : -1;
	*unread = r < 0;
	return r > 0;
}

/* The same of a copy's code under another path (alias.c): asked where the
 * copy is, unless its own exempting function is under that path (on
 * android arm64, where the version decides under the copy's own path and
 * no other path has one: its android_exempt function). Undecided (code
 * shaped like an asked copy, unfixed, or more packages than symcheck
 * follows) fails under --strict only. */
static void aliases_policy(struct vf_slice *sl, int fam, int strict)
{
	sl->undecided = sl->deps_asked && sl->aliases_overflow;
	for (unsigned k = 0; k < sl->naliases; k++) {
		struct vf_alias *a = &sl->aliases[k];
		const struct vf_copy *c = &vf_known_copies[a->copy];
		int android = (fam & VF_COPY_ANDROID_ARM64) && (c->families & VF_COPY_ANDROID_ARM64) && c->right_from;
		unsigned ex = android ? VF_AL_EXEMPT_ANDROID : VF_AL_EXEMPT;
		a->flags &= (unsigned char)~(VF_AL_WANT | VF_AL_UNDECIDED);
		if (!sl->deps_asked || !(c->families & fam) || (a->flags & ex))
			continue;
		if (a->how != VF_ALIAS_UNSURE)
			a->flags |= VF_AL_WANT;
		if (a->flags & VF_AL_FIXED)
			continue;
		if (a->how == VF_ALIAS_UNSURE) {
			a->flags |= VF_AL_UNDECIDED;
			sl->undecided = 1;
		} else {
			sl->ok = 0;
		}
	}
	if (strict && sl->undecided) {
		sl->undecided = 2;
		sl->ok = 0;
	}
}

/* Every known copy asked of the slice's family with code here carries its
 * fix, unless it shows it detects on its own (copy_exempt); so does its
 * code under another path (aliases_policy). */
static void copies_policy(struct vf_slice *sl, enum vf_expect requested, int strict)
{
	int fam = sl->elf ? elf_families(sl) : ios_copies_slice(sl, requested) ? VF_COPY_IOS : 0;

	sl->deps_asked = sl->is_go && fam;
	sl->deps_want = sl->deps_unread = 0;
	for (uint32_t i = 0; sl->deps_asked && i < 32 && vf_known_copies[i].path; i++) {
		int unread;
		if (!(vf_known_copies[i].families & fam) || copy_exempt(sl, i, fam, &unread))
			continue;
		sl->deps_want |= 1u << i;
		sl->deps_unread |= (uint32_t)unread << i;
	}
	if (sl->deps_code & ~sl->deps_fixed & sl->deps_want)
		sl->ok = 0;
	aliases_policy(sl, fam, strict);
}

/* A patch's marker is asked where one of its files compiled (the pclntab
 * names it) and its Go-version limit lets it apply. */
static void patches_policy(struct vf_slice *s, const struct vf_opts *o)
{
	for (size_t i = 0; o && o->pmarks && i < o->npmarks && i < VF_MAX_PMARKS; i++) {
		const struct vf_pmark *m = &o->pmarks[i];
		if ((s->pm[i] & VF_PM_NAMED) && (!m->applies || m->applies(m, s->goversion)))
			s->pm[i] |= VF_PM_REQUIRED;
		if ((s->pm[i] & VF_PM_REQUIRED) && !(s->pm[i] & VF_PM_PRESENT))
			s->ok = 0;
	}
}

void vf_decide(struct vf_input *in, const struct vf_opts *o)
{
	enum vf_expect requested = o ? o->expect : VF_EXPECT_AUTO;
	for (size_t i = 0; i < in->nslices; i++) {
		struct vf_slice *s = &in->slices[i];
		marker_policy(s, requested);
		copies_policy(s, requested, o && o->strict);
		patches_policy(s, o);
	}
}

const char *vf_slice_variant(const struct vf_slice *s)
{
	static const size_t nd = sizeof VF_DARWIN_MARKER - 1, nc = sizeof VF_CRYPTO_MARKER - 1;
	if (!s->marker[0])
		return s->upstream ? "upstream" : NULL;
	if (!strncmp(s->marker, VF_DARWIN_MARKER, nd))
		return "darwin";
	if (!strncmp(s->marker, VF_CRYPTO_MARKER, nc))
		return "crypto";
	return "other";
}

int vf_require_variant(struct vf_result *r, const char *want)
{
	if (!want || !strcmp(want, "any"))
		return 0;
	if (strcmp(want, "darwin") != 0 && strcmp(want, "crypto") != 0)
		return -1;
	for (size_t i = 0; i < r->n; i++) {
		for (size_t j = 0; j < r->inputs[i].nslices; j++) {
			struct vf_slice *s = &r->inputs[i].slices[j];
			const char *has = vf_slice_variant(s);
			int needs = s->expected == VF_EXPECT_REQUIRED ||
				    (s->expected == VF_EXPECT_NONE && s->upstream);
			/* A slice failing already keeps its own cause (marker missing). */
			if (!needs || !s->ok)
				continue;
			if (has && (!strcmp(has, want) ||
				    (!strcmp(want, "darwin") && !strcmp(has, "upstream"))))
				continue;
			s->ok = 0;
			s->want_variant = !strcmp(want, "darwin") ? "darwin" : "crypto";
		}
	}
	return 0;
}
