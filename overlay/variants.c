/* variants.c — the known-variants table (see variants.h and README.md).
 *
 * Each blob id can be checked against Go's history with
 *   git log --all --find-object=<blob> -- src/internal/cpu/cpu_arm64_other.go
 * and against a toolchain with `git hash-object`. A new Go release that moves
 * this file is added here as a new row after checking it: never by pattern. */
#include "compat.h"
#include "variants.h"

#include <string.h>

const struct ov_variant ov_variants[] = {
	{
		"arm64-other-go1.18",
		"d313648cb7c4544f6c1d3a0ab66cdd488124f674",
		"go1.18-go1.19",
		"arm64 && !linux && !freebsd && !android && (!darwin || ios)",
		OV_APPLY,
		"toolchain: hashed go1.18.10 go1.19.13; compiled go1.18.10 (all arm64 GOOS)",
	},
	{
		"arm64-other-go1.20",
		"44592cfcede8e19d9c9645246a21a48e9596f26e",
		"go1.20-go1.26",
		"arm64 && !linux && !freebsd && !android && (!darwin || ios) && !openbsd",
		OV_APPLY,
		"toolchain: hashed go1.20.14 go1.21.0 go1.22.0 go1.23.0 go1.24.0 go1.24.13 go1.25.0 "
		"go1.26.0 go1.26.8; compiled go1.20.14 go1.22.0 go1.24.0 go1.25.0 go1.26.8",
	},
	{
		"arm64-other-go1.27",
		"826f96177e8e794cda026c5124ccf47cc8e4a52f",
		"go1.27",
		"arm64 && !linux && !freebsd && !android && (!darwin || ios) && !openbsd && !windows",
		OV_APPLY,
		"toolchain: hashed go1.27.0 go1.27.3; compiled go1.27.3",
	},
	{ NULL, NULL, NULL, NULL, OV_APPLY, NULL },
};

/* Go's own darwin detection, copied for the iOS family by the darwin-parity
 * overlay. Check a row with
 *   git log --all --find-object=<blob> -- src/internal/cpu/cpu_arm64_darwin.go
 * The field set changes per release (1.26 adds HasSHA3 to what osInit
 * detects, 1.27 HasSB), which is why each release's own files are copied. */
const struct ov_darwin_files ov_darwin_rows[] = {
	{
		"darwin-go1.26",
		"arm64-other-go1.20",
		"bd89cd4e8017797c7a8344de6fc2fa652f3ca7da",
		"arm64 && darwin && !ios",
		"2d4ac54fc2f5c4eb1050eacb0678c9aa70785467",
		"darwin && !ios",
		"go1.26",
		"toolchain: hashed go1.26.0 go1.26.8; compiled and linked go1.26.8",
	},
	{
		"darwin-go1.27",
		"arm64-other-go1.27",
		"d32b459329321bb1e8ea0db748c041a336e1bb8a",
		"arm64 && darwin && !ios",
		"2d4ac54fc2f5c4eb1050eacb0678c9aa70785467",
		"darwin && !ios",
		"go1.27",
		"toolchain: hashed go1.27.0 go1.27.3; compiled and linked go1.27.3",
	},
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

const struct ov_darwin_files *ov_darwin_files_by_blob(const char *a64_blob, const char *darwin_blob)
{
	for (const struct ov_darwin_files *d = ov_darwin_rows; d->id; d++)
		if (strcmp(d->a64_blob, a64_blob) == 0 &&
		    strcmp(d->darwin_blob ? d->darwin_blob : "", darwin_blob) == 0)
			return d;
	return NULL;
}

const struct ov_variant *ov_variant_by_blob(const char *blob_hex)
{
	for (const struct ov_variant *v = ov_variants; v->id; v++)
		if (strcmp(v->blob, blob_hex) == 0)
			return v;
	return NULL;
}
