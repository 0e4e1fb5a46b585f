/* ovexport.h — gowrap's fix (and the user's patches) as one exact -p1 diff,
 * for builds the shim never sees (`gowrap export-patch`): Bazel's rules_go
 * (`go_sdk.download(patches = [...], patch_strip = 1)`) and Makefiles that
 * copy GOROOT and `patch -p1` it.
 *
 * Promise: ov_export writes, to out (atomically) or stdout, gowrap's own
 * internal/cpu fix for goroot (else the real go's GOROOT) of the feature
 * set features names (else GOWRAP_FEATURES, else darwin) — none with
 * no_cpu — and, with patches, the user's patches and their markers as the
 * shim applies them, as one diff against that GOROOT's bytes: made by
 * libgit2 from the GOROOT's bytes and the overlay's (patch/gitdiff.c),
 * files in path order, each with its `index` line, so `patch -p1
 * --fuzz=0`, `git apply` and Bazel's patch apply it with no fuzz, and
 * holding nothing path- or host-dependent. Its exit code: 0; the overlay's
 * and the patches' own codes (108, 116, ...) when they refuse; 2 for an
 * unknown feature set or a GOROOT with no VERSION. */
#ifndef GOWRAP_OVEXPORT_H
#define GOWRAP_OVEXPORT_H

struct ov_export {
	const char *features, *patches, *goroot, *out; /* NULL: the defaults above */
	int no_cpu;
};

int ov_export(const struct ov_export *a);

#endif
