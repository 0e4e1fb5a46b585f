/* overlay.h — GOROOT in, overlay JSON out. Used by `gowrap overlay` and
 * `gowrap doctor`; the shim reaches it through `gowrap overlay --shim-format`
 * (a line reply, proto/proto_overlay.h), never by linking this module.
 *
 * Promise: ov_generate identifies $GOROOT/src/internal/cpu by git blob id
 * against the known-variants tables and either
 *   - writes a target-preserving overlay (status "applied") of one of two
 *     feature sets (enum ov_features):
 *       darwin (the default): this GOROOT's own darwin detection for the iOS
 *         family — its cpu_darwin.go and cpu_arm64_darwin.go, byte for byte
 *         but for the //go:build line and a call to
 *         internal/cpu.gowrapMarkerDarwin<V> — with the original
 *         cpu_arm64_other.go narrowed by `&& !(darwin && ios)`;
 *       crypto: the original cpu_arm64_other.go with `&& !ios` appended, plus
 *         an added cpu_arm64_ios_gowrap.go whose osInit sets exactly HasAES,
 *         HasPMULL, HasSHA1 and HasSHA2 and calls internal/cpu.gowrapMarker<V>;
 *   - or, for a toolchain that already detects features on iOS, writes an
 *     overlay with no replacements (status "not-needed");
 *   - or refuses (e->code set, nothing guessed).
 * Overlay keys are GOROOT exactly as given (no symlink resolution), as `go env
 * GOROOT` prints it. Files live content-addressed under the cache directory
 * ($CACHE/overlay/<key>/, the key covering the feature set), are written
 * atomically and only when their bytes differ, so identical inputs always
 * name byte-identical files at one path. Nothing is ever written into GOROOT
 * or GOMODCACHE. */
#ifndef GOWRAP_OVERLAY_H
#define GOWRAP_OVERLAY_H

#include <stddef.h>

#include "feature_sets.h"
#include "report.h"

struct ov_opts {
	const char *goversion;  /* from `go env GOVERSION`; NULL: VERSION file / git HEAD */
	const char *gomodcache; /* refuse a GOROOT beneath it; NULL: skip that check */
	const char *cache_dir;  /* NULL: gw_cache_dir() */
	int allow_modified;     /* source checkout with local changes in internal/cpu */
	int dry_run;            /* identify only: write nothing (doctor) */
	enum ov_features features;
};

struct ov_result {
	char *overlay;        /* absolute path of the overlay JSON (NULL on dry_run) */
	char *goroot;         /* as given (made absolute against cwd if relative) */
	char *goversion;
	const char *status;   /* "applied" | "not-needed" */
	const char *marker;   /* OV_MARKER, or NULL when not-needed */
	const char *variant;  /* table row id ("<row>+<darwin row>" for darwin
			       * parity), or the structural name */
	const char *features; /* ov_features_name() of the set asked for */
	const char *tmpl;     /* that set's template version */
	const char *darwin_row; /* the darwin files' row (darwin parity), else NULL */
	char blob[41];        /* blob id of cpu_arm64_other.go ("" if absent) */
	char commit[41];      /* HEAD of a source-checkout GOROOT, else "" */
	char **inputs;        /* absolute GOROOT paths the result was derived from */
	size_t ninputs;
	struct ov_bit bits[OV_MAX_BITS]; /* what the overlay's osInit sets (applied) */
	size_t nbits;
	char variant_buf[96];
};

/* 0 on success; -1 with e set. e->code is GW_EXIT_OVERLAY_REFUSED for an
 * unknown variant or a modified checkout, GW_EXIT_MODCACHE_GOROOT for a GOROOT
 * beneath GOMODCACHE, GW_EXIT_CACHE for cache faults. On refusal the fields
 * identified so far (goroot, goversion, blob, variant) are still filled. */
int ov_generate(const char *goroot, const struct ov_opts *opts, struct ov_result *res,
		struct gw_err *e);
void ov_result_free(struct ov_result *res);

#endif
