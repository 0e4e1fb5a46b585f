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
 * (vf_require_variant) then asks for one feature set. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

int vf_is_ios_family(uint32_t p)
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

void vf_apply_policy(struct vf_slice *s, enum vf_expect requested)
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
	else if (arm64 && (vf_is_ios_family(s->platform) || s->platform == 0))
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

/* xcodebuild's library identifiers: <platform>-<archs>[-<variant>], e.g.
 * ios-arm64, ios-arm64_x86_64-simulator, ios-arm64_x86_64-maccatalyst,
 * tvos-arm64, xros-arm64-simulator, macos-arm64_x86_64. */
uint32_t vf_platform_from_dirname(const char *name)
{
	static const struct { const char *os; uint32_t dev, sim; } t[] = {
		{ "ios", PLATFORM_IOS, PLATFORM_IOSSIMULATOR },
		{ "tvos", PLATFORM_TVOS, PLATFORM_TVOSSIMULATOR },
		{ "watchos", PLATFORM_WATCHOS, PLATFORM_WATCHOSSIMULATOR },
		{ "xros", PLATFORM_VISIONOS, PLATFORM_VISIONOSSIMULATOR },
		{ "macos", PLATFORM_MACOS, 0 },
	};
	const char *dash = strchr(name, '-'), *last = strrchr(name, '-');
	size_t i, n;

	if (!dash)
		return 0;
	n = (size_t)(dash - name);
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (strlen(t[i].os) != n || strncmp(name, t[i].os, n) != 0)
			continue;
		if (last != dash && strcmp(last, "-simulator") == 0)
			return t[i].sim;
		if (last != dash && strcmp(last, "-maccatalyst") == 0)
			return t[i].dev == PLATFORM_IOS ? PLATFORM_MACCATALYST : 0;
		return t[i].dev;
	}
	return 0;
}
