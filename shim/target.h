/* target.h — which calls the shim adds something for, from what the
 * command-line model says (pure: no I/O, no environment).
 *
 * Promise: shim_target decides from the subcommand, GOOS, GOARCH and
 * whether the effective tags hold "ios" (cmdline.h answers all four):
 * an iOS-family build (the overlay applies) is arm64 with GOOS=ios, or
 * GOOS=darwin with the ios tag (Mac Catalyst, as SagerNet gomobile builds
 * it) — the ios tag on any other GOOS is no iOS-family target. That rule
 * is dp_ios_family (deps.h), one function for the shim and for `gowrap
 * audit` (deps/ may not include shim/ headers, so it lives there); the
 * dependency fix acts for dp_family's families (deps.h), never for a linux
 * or android `go list` (it compiles nothing; an iOS-family list still gets
 * the overlay). When neither applies it says why, in the words the log
 * keeps. tests/unit/target.table drives it. */
#ifndef GOWRAP_SHIM_TARGET_H
#define GOWRAP_SHIM_TARGET_H

struct shim_target {
	int ios;    /* an iOS-family target: the overlay step applies */
	int family; /* DP_FAM_*: the deps step applies; 0 none */
};

/* NULL when the call goes on to the steps (t says which), else why it
 * passes through (t all 0). */
const char *shim_target(const char *sub, const char *goos, const char *goarch, int ios_tag,
			struct shim_target *t);

/* Why a build of another arch passes through untouched: no iOS family, and
 * no copy of internal/cpu reads HWCap there (deps.h, dp_family). */
#define SHIM_NO_FIX_ARCH "not arm64, and no copy of internal/cpu reads HWCap on this GOOS/GOARCH"

#endif
