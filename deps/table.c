/* table.c — the known CPU-feature files (see table.h and deps/README.md).
 *
 * Check a Go row with
 *   git log --all --find-object=<blob> -- src/internal/cpu/<file>
 * and any row against a module or toolchain with `git hash-object <file>`.
 * The internal/cpu rows are Go's own files: a dependency that carries them
 * byte for byte is a copy (github.com/metacubex/utls v1.8.7 carries Go
 * 1.26.8's). Add rows only after hashing the real files. */
#include "compat.h"
#include "table.h"

#include <string.h>

const struct dp_row dp_rows[] = {
	/* internal/cpu copies: the empty osInit (ios family). Same blobs as the
	 * GOROOT table in overlay/variants.c. */
	{ "d313648cb7c4544f6c1d3a0ab66cdd488124f674", "cpu_arm64_other.go", DP_KIND_CPUCOPY,
	  DP_FAM_IOS, DP_DEFECT, DP_FIX_CPU_IOS, "Go 1.18-1.19" },
	{ "44592cfcede8e19d9c9645246a21a48e9596f26e", "cpu_arm64_other.go", DP_KIND_CPUCOPY,
	  DP_FAM_IOS, DP_DEFECT, DP_FIX_CPU_IOS, "Go 1.20-1.26 (github.com/metacubex/utls v1.8.7)" },
	{ "826f96177e8e794cda026c5124ccf47cc8e4a52f", "cpu_arm64_other.go", DP_KIND_CPUCOPY,
	  DP_FAM_IOS, DP_DEFECT, DP_FIX_CPU_IOS, "Go 1.27" },
	/* internal/cpu copies: HWCap that only the runtime fills (linux, android). */
	{ "b6cc1f4d988877085d4402db4919840d9110c46a", "cpu_arm64_hwcap.go", DP_KIND_CPUCOPY,
	  DP_FAM_LINUX, DP_DEFECT, DP_FIX_HWCAP, "Go 1.26.8 (github.com/metacubex/utls v1.8.7)" },
	{ "4c35029e730a69f2eab4abf9ee46913bc010afb0", "cpu_arm64_hwcap.go", DP_KIND_CPUCOPY,
	  DP_FAM_LINUX, DP_DEFECT, DP_FIX_HWCAP, "Go 1.27.3" },
	/* golang.org/x/sys/cpu: before v0.42.0 archInit ends in
	 * setMinimalFeatures on ios (the file compiled there has an empty doinit). */
	{ "ff74d7afa8146929bdc66a477168f3f31802a452", "cpu_other_arm64.go", DP_KIND_XSYS,
	  DP_FAM_IOS, DP_DEFECT, DP_FIX_XSYS_IOS, "golang.org/x/sys v0.41.0" },
	{ "0b470744a0ba2b129d32d0d3c6ef24fc9d300fd2", "cpu_darwin_arm64.go", DP_KIND_XSYS,
	  DP_FAM_IOS, DP_RIGHT, DP_FIX_NONE, "golang.org/x/sys v0.42.0 (golang/sys@942780bb)" },
	/* x/sys/cpu reads the auxiliary vector itself on linux */
	{ "34e49f955a8774d604f72fd4da206145f7795027", "hwcap_linux.go", DP_KIND_XSYS,
	  DP_FAM_LINUX, DP_RIGHT, DP_FIX_NONE, "golang.org/x/sys v0.41.0, v0.42.0" },
	/* github.com/klauspost/cpuid/v2 */
	{ "da07522e7cba43b66cbc6916849e44158d4e443b", "os_darwin_arm64.go", DP_KIND_CPUID,
	  DP_FAM_IOS, DP_DEFECT, DP_FIX_CPUID_IOS, "github.com/klauspost/cpuid/v2 v2.3.0" },
	{ "d96d24438b3eea8350d30fe903b0bc8eb0f983c1", "os_linux_arm64.go", DP_KIND_CPUID,
	  DP_FAM_LINUX, DP_RIGHT, DP_FIX_NONE, "github.com/klauspost/cpuid/v2 v2.3.0" },
	{ NULL, NULL, 0, 0, 0, 0, NULL },
};

const struct dp_row *dp_row_find(const char *file, const char *blob)
{
	for (const struct dp_row *r = dp_rows; r->blob; r++)
		if (strcmp(r->blob, blob) == 0 && strcmp(r->file, file) == 0)
			return r;
	return NULL;
}

int dp_name_known(const char *file)
{
	for (const struct dp_row *r = dp_rows; r->blob; r++)
		if (strcmp(r->file, file) == 0)
			return 1;
	return 0;
}

const char *dp_kind_name(enum dp_kind k)
{
	switch (k) {
	case DP_KIND_CPUCOPY: return "copy of internal/cpu";
	case DP_KIND_XSYS: return "x/sys/cpu";
	case DP_KIND_CPUID: return "cpuid";
	}
	return "?";
}

const char *dp_fix_name(enum dp_fix f)
{
	switch (f) {
	case DP_FIX_NONE: return "none";
	case DP_FIX_CPU_IOS: return "cpu-ios";
	case DP_FIX_HWCAP: return "hwcap";
	case DP_FIX_XSYS_IOS: return "xsys-ios";
	case DP_FIX_CPUID_IOS: return "cpuid-ios";
	}
	return "?";
}
