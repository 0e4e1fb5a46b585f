/* verify.h — does every Mach-O slice carry the gowrap marker where it must?
 *
 * Promise: given files (thin Mach-O, fat, Darwin ar, fat ar) or .framework /
 * .xcframework directories, report one vf_slice per architecture slice with
 * its arch, platform, Go version, whether a function named with the marker
 * prefix exists (symbol table first, else Go's pclntab) and the verdict under
 * the policy in policy.c (the result types: results.h). Readers only look at headers, load commands, the
 * symbol table, __gopclntab and __go_buildinfo; every number read from a file
 * is bounds-checked (span.h) before use. Errors are one line each, in
 * vf_input.error, and never hide the other inputs. Depends on libc + common/. */
#ifndef GOWRAP_VERIFY_H
#define GOWRAP_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "marker.h"
#include "results.h"
#include "strbuf.h"

#define VF_DEFAULT_MARKER "internal/cpu." GW_MARKER_FUNC
/* The two feature sets' markers (overlay/overlay.h): darwin parity is
 * internal/cpu.gowrapMarkerDarwin<V>, crypto internal/cpu.gowrapMarkerV<n>.
 * Neither is a prefix of the other. */
#define VF_DARWIN_MARKER "internal/cpu." GW_MARKER_FUNC "Darwin"
#define VF_CRYPTO_MARKER "internal/cpu." GW_MARKER_FUNC "V"

struct vf_opts {
	const char *marker;      /* prefix without the leading '_'; NULL = default */
	enum vf_expect expect;   /* AUTO applies policy.c */
	/* Optional: called with every function name read (symbol table and
	 * pclntab, no leading '_'); then no reader stops at the first marker.
	 * Used by names.c for per-package markers. */
	void (*on_name)(void *ctx, const char *name, size_t n);
	void *on_name_ctx;
	/* Patch markers to require where their files compiled (at most
	 * VF_MAX_PMARKS); every reader then reads the pclntab's file table. */
	const struct vf_pmark *pmarks;
	size_t npmarks;
	/* --strict: a slice with code shaped like a known copy asked there,
	 * unfixed, that symcheck cannot attribute (VF_ALIAS_UNSURE, or more
	 * such packages than it follows) fails; else it is only reported. */
	int strict;
};

/* The packages whose CPU-feature code deps/ fixes, as readers of built
 * files see them: by the names their functions ship under (copies.c;
 * path == NULL ends the list; at most 32). deps/ finds the code by its
 * lines and blob ids, never by path; this is the one list of the paths
 * those bytes ship under. A package's code (a name starting `<path>.`) in
 * a slice of a family it is asked on requires its `<path>.gowrapMarkerV...`,
 * unless the slice also holds its exempting function (policy.c); the same
 * code under another path (vendored in GOPATH mode, a fork) is asked the
 * same (results.h's vf_alias):
 *   VF_COPY_LINUX: linux/android slices of an arch whose internal/cpu reads
 *     HWCap (arm64, arm, ppc64, ppc64le, s390x, loong64, mips64, mips64le).
 *     Such an entry is a copy of internal/cpu whose file and blob are a row
 *     of deps/table.c (DP_KIND_CPUCOPY, DP_FAM_LINUX, DP_DEFECT), and every
 *     module such a row names is the module of one of these
 *     (tests/unit/copies_check.c holds the two tables to each other);
 *   VF_COPY_IOS: arm64 slices of the iOS family (iOS, its simulator, tvOS,
 *     visionOS, Mac Catalyst), where deps/ fixes the package on every
 *     version its ios rules name;
 *   VF_COPY_ANDROID_ARM64: android arm64 ELF slices (and arm64 ELF whose
 *     GOOS cannot be read: fail closed), where the package's own detection
 *     depends on its module's version: before right_from it leaves the
 *     features unread on android (its archInit calls doinit for linux, not
 *     for android), from right_from on it reads them itself;
 *   VF_COPY_LINUX_ARM64: linux arm64 ELF slices (and arm64 ELF whose GOOS
 *     cannot be read: fail closed), for a package deps/ fixes on linux arm64
 *     only (gVisor's pkg/cpuid: deps/table.c's gvisor-cpuid); `why` says
 *     what its code, unfixed, leaves wrong. */
#define VF_COPY_LINUX 1
#define VF_COPY_IOS 2
#define VF_COPY_ANDROID_ARM64 4
#define VF_COPY_LINUX_ARM64 8
struct vf_copy {
	const char *path;   /* import path: the package's names start `<path>.` */
	const char *module; /* "<module path> <version(s)>" the bytes were read in */
	const char *file;   /* the base name deps/table.c knows the bytes by */
	const char *blob;   /* their git blob id (NULL: matched by lines only) */
	int families;       /* VF_COPY_* it is asked on */
	/* A function whose presence in the slice shows the package detects on
	 * its own there (right without the fix); NULL: none. Not asked on
	 * VF_COPY_ANDROID_ARM64, where right_from decides. */
	const char *exempt;
	/* VF_COPY_ANDROID_ARM64: the first release of the module (`<module
	 * path>` above, as the slice's build info names its version) that
	 * detects on its own there; a version that cannot be read (replaced by
	 * a directory, no build info) never exempts. NULL on other entries. */
	const char *right_from;
	const char *why; /* VF_COPY_LINUX_ARM64: the defect, after the path; NULL on others */
};
extern const struct vf_copy vf_known_copies[];

/* A known copy's code under another path (alias.c): names, the functions
 * (after `<p>.`) its code links on every family it is asked on, all of them
 * there making a package of another path this copy (NULL-ended); a copy
 * with no shape is found under another path only vendored. android_exempt:
 * a function whose presence under another path shows the copy's own
 * detection runs on android arm64 (where a copy under its own path is
 * judged by its module's version, which no other path has); NULL none.
 * path == NULL ends the list (copies.c). */
struct vf_shape {
	const char *path; /* the vf_known_copies entry's */
	const char *const *names;
	const char *android_exempt;
};
extern const struct vf_shape vf_copy_shapes[];

/* Read path (file or bundle directory) and append one vf_input per file
 * found to r (a directory that cannot be walked appends one with an error),
 * every slice decided by policy.c with o->expect (check.c). */
void vf_scan_path(struct vf_result *r, const char *path, const struct vf_opts *o);

/* Parse an in-memory file into in (in->path must be set by the caller) and
 * decide its slices as vf_scan_path does. hint_platform is used for slices
 * that name no platform (0 = none). Returns 0, or -1 with in->error set. */
int vf_scan_buffer(struct vf_input *in, const void *data, size_t len,
		   uint32_t hint_platform, const struct vf_opts *o);

/* Which detection a slice's internal/cpu carries (policy.c): "darwin" (a darwin-parity
 * marker), "crypto" (the four-bit marker), "upstream" (no marker, upstream's
 * own sysctl detection), "other" (a marker found with another --marker
 * prefix), or NULL (none). */
const char *vf_slice_variant(const struct vf_slice *s);

/* --variant (policy.c): every Go slice with iOS-family detection expected
 * (marker required, or upstream's detection) must carry want: "darwin"
 * (upstream's own detection is darwin parity too) or "crypto". Failing
 * slices get ok = 0 and want_variant set. "any" or NULL changes nothing.
 * -1 for another value. */
int vf_require_variant(struct vf_result *r, const char *want);

/* Output (output.c). */
/* Slice lines go to out; `symcheck: PATH: reason` lines to errs (NULL: out). */
void vf_format_text(struct sb *out, struct sb *errs, const struct vf_result *r);
void vf_format_json(struct sb *out, const struct vf_result *r);
/* One line naming the first failing slice and the likely cause; "" if none. */
void vf_first_failure(struct sb *out, const struct vf_result *r);

/* Names for output. */
const char *vf_arch_name(uint32_t cputype, uint32_t cpusubtype, char *buf, size_t n);
const char *vf_platform_name(uint32_t platform, char *buf, size_t n);
const char *vf_expect_name(enum vf_expect e);
const char *vf_found_name(enum vf_found f);

/* Check every slice of path with expectation auto and the given marker prefix
 * (NULL = default). Returns 0 when all slices are as expected, 1 when any falls
 * short, 2 when unreadable; `why` (may be NULL) gets one line naming the first
 * failing slice (arch, platform) and the likely cause. */
int vf_check_output(const char *path, const char *marker_prefix, struct sb *why);
/* The same with the expectation given (the shim passes VF_EXPECT_IOS_BUILD). */
int vf_check_output_as(const char *path, const char *marker_prefix, enum vf_expect expect,
		       struct sb *why);

/* The patch markers alone (the shim's check after a GOWRAP_PATCHES build):
 * every slice of path whose pclntab names a file of pm[i] carries
 * pm[i].symbol. 0 yes, 1 some slice lacks one (why: the first, naming the
 * patch, the marker and the slice), 2 unreadable (why: the reason). */
int vf_check_patches(const char *path, const struct vf_pmark *pm, size_t n, struct sb *why);

/* Is path a Go package archive (`go build -o` of a non-main package, or
 * -buildmode=archive): an ar file whose first member is __.PKGDEF? Such a file
 * holds compiled Go objects, not linked code, so no marker can be in it.
 * 1 yes, 0 no (or unreadable). (sniff.c) */
int vf_is_go_package_archive(const char *path);

/* Per-package markers (names.c): every function name in path that is
 * `<import path>.gowrapMarker...` goes into markers (one per line, sorted,
 * unique), in every slice or section it appears in; present[i] is set when
 * some function of package pkgs[i] (`<pkgs[i]>.`) is in the file. Reads
 * ELF64 (.symtab, .gopclntab) and everything vf_scan_path reads (Mach-O,
 * fat, ar, bundles). 0, or -1 with one line in err. */
int vf_pkg_markers(const char *path, const char *const *pkgs, size_t npkgs, int *present,
		   struct sb *markers, struct sb *err);

#endif
