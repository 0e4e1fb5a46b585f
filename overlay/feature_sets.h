/* feature_sets.h — the two feature sets the overlay knows: their names, their
 * markers, the files each writes, and the bits an osInit sets.
 *
 * Promise: names and data only (features.c), below everything else in
 * overlay/: overlay.h (ov_generate) and darwin.h build on it, never the
 * other way. */
#ifndef GOWRAP_OV_FEATURE_SETS_H
#define GOWRAP_OV_FEATURE_SETS_H

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

/* The bits an osInit source sets (`\tARM64.HasX = true`, or
 * `= sysctlEnabled([]byte("NAME\x00"))`) into bits, in source order, at
 * most max of them; returns how many. The source is bytes gowrap rendered
 * from verified inputs. */
size_t ov_bits_parse(const char *src, size_t len, struct ov_bit *bits, size_t max);

#endif
