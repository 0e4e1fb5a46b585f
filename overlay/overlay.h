/* overlay.h — GOROOT in, overlay JSON out. Used by `gowrap overlay` and
 * `gowrap doctor`; the shim reaches it through `gowrap overlay --shim-format`
 * (a line reply, proto/proto_overlay.h), never by linking this module.
 *
 * Promise: ov_generate identifies $GOROOT/src/internal/cpu by git blob id
 * against the known-variants table and either
 *   - writes a target-preserving overlay (status "applied"): the original
 *     cpu_arm64_other.go with `&& !ios` appended to its //go:build line, plus
 *     an added cpu_arm64_ios_gowrap.go whose osInit sets exactly HasAES,
 *     HasPMULL, HasSHA1 and HasSHA2 and calls internal/cpu.gowrapMarker<V>;
 *   - or, for a toolchain that already detects features on iOS, writes an
 *     overlay with no replacements (status "not-needed");
 *   - or refuses (e->code set, nothing guessed).
 * Overlay keys are GOROOT exactly as given (no symlink resolution), as `go env
 * GOROOT` prints it. Files live content-addressed under the cache directory
 * ($CACHE/overlay/<key>/), are written atomically and only when their bytes
 * differ, so identical inputs always name byte-identical files at one path.
 * Nothing is ever written into GOROOT or GOMODCACHE. */
#ifndef GOWRAP_OVERLAY_H
#define GOWRAP_OVERLAY_H

#include <stddef.h>

#include "marker.h"
#include "report.h"

/* The template version: the marker's suffix and part of every cache key. Bump
 * it whenever templates/ or the derivation in render.c changes. */
#define OV_TEMPLATE_VERSION "V1"
#define OV_MARKER_FUNC GW_MARKER_FUNC OV_TEMPLATE_VERSION
#define OV_MARKER "internal/cpu." OV_MARKER_FUNC

/* Names of the files the overlay touches, relative to GOROOT. */
#define OV_CPU_DIR "src/internal/cpu"
#define OV_OTHER_FILE "cpu_arm64_other.go"
#define OV_ADDED_FILE "cpu_arm64_ios_gowrap.go"

struct ov_opts {
	const char *goversion;  /* from `go env GOVERSION`; NULL: VERSION file / git HEAD */
	const char *gomodcache; /* refuse a GOROOT beneath it; NULL: skip that check */
	const char *cache_dir;  /* NULL: gw_cache_dir() */
	int allow_modified;     /* source checkout with local changes in internal/cpu */
	int dry_run;            /* identify only: write nothing (doctor) */
};

struct ov_result {
	char *overlay;        /* absolute path of the overlay JSON (NULL on dry_run) */
	char *goroot;         /* as given (made absolute against cwd if relative) */
	char *goversion;
	const char *status;   /* "applied" | "not-needed" */
	const char *marker;   /* OV_MARKER, or NULL when not-needed */
	const char *variant;  /* table row id, or the structural name */
	char blob[41];        /* blob id of cpu_arm64_other.go ("" if absent) */
	char commit[41];      /* HEAD of a source-checkout GOROOT, else "" */
	char **inputs;        /* absolute GOROOT paths the result was derived from */
	size_t ninputs;
};

/* 0 on success; -1 with e set. e->code is GW_EXIT_OVERLAY_REFUSED for an
 * unknown variant or a modified checkout, GW_EXIT_MODCACHE_GOROOT for a GOROOT
 * beneath GOMODCACHE, GW_EXIT_CACHE for cache faults. On refusal the fields
 * identified so far (goroot, goversion, blob, variant) are still filled. */
int ov_generate(const char *goroot, const struct ov_opts *opts, struct ov_result *res,
		struct gw_err *e);
void ov_result_free(struct ov_result *res);

#endif
