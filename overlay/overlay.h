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

#include "marker.h"
#include "report.h"

/* The template versions: each the marker's suffix and part of every cache
 * key of its feature set. Bump one whenever its template or derivation
 * changes. Neither marker name is a prefix of the other, so a verifier given
 * one exact name never matches the other (verify/: prefix matching). */
#define OV_TEMPLATE_VERSION "V1" /* crypto */
#define OV_MARKER_FUNC GW_MARKER_FUNC OV_TEMPLATE_VERSION
#define OV_MARKER "internal/cpu." OV_MARKER_FUNC
#define OV_DARWIN_VERSION "DarwinV1"
#define OV_DARWIN_MARKER_FUNC GW_MARKER_FUNC OV_DARWIN_VERSION
#define OV_DARWIN_MARKER "internal/cpu." OV_DARWIN_MARKER_FUNC

/* Names of the files the overlay touches, relative to GOROOT. */
#define OV_CPU_DIR "src/internal/cpu"
#define OV_OTHER_FILE "cpu_arm64_other.go"
#define OV_ADDED_FILE "cpu_arm64_ios_gowrap.go"        /* crypto */
#define OV_DARWIN_FILE "cpu_darwin.go"
#define OV_A64DARWIN_FILE "cpu_arm64_darwin.go"
#define OV_DARWIN_ADDED "cpu_darwin_ios_gowrap.go"       /* darwin: the sysctl plumbing */
#define OV_A64DARWIN_ADDED "cpu_arm64_darwin_ios_gowrap.go" /* darwin: osInit */

/* Which bits the iOS family gets. Zero is the default. */
enum ov_features {
	OV_FEATURES_DARWIN, /* macOS parity: assert the four, detect the rest by sysctl */
	OV_FEATURES_CRYPTO, /* assert HasAES, HasPMULL, HasSHA1, HasSHA2 only */
};

/* "darwin" / "crypto" to the enum; -1 for anything else. */
int ov_features_parse(const char *s, enum ov_features *out);
const char *ov_features_name(enum ov_features f);
/* GOWRAP_FEATURES (unset or empty: darwin); -1 with e set (GW_EXIT_USAGE) for
 * a value that names no feature set. */
int ov_features_from_env(enum ov_features *out, struct gw_err *e);

/* One ARM64 bit the overlay's osInit sets: asserted (sysctl "") or read
 * from that sysctl. */
struct ov_bit {
	char name[24];   /* "HasCRC32" */
	char sysctl[64]; /* "hw.optional.armv8_crc32", "" when asserted */
};
#define OV_MAX_BITS 16

/* The packages of Go 1.26/1.27 that read a bit ("" for a name it does not
 * know): for doctor and the README. */
const char *ov_bit_readers(const char *bit);

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
