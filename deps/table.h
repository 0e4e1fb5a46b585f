/* table.h — known CPU-feature files in dependencies, by git blob id.
 *
 * Promise: data only (table.c). A row says: a file with these exact bytes,
 * compiled into a package for this target family, makes that package
 * defective (and which fix applies) or right on its own. Nothing is ever
 * recognised by name, path or version string: the base name only narrows
 * which files are hashed. A table base name with unknown bytes is reported
 * as an unknown variant, never patched. */
#ifndef GOWRAP_DEPS_TABLE_H
#define GOWRAP_DEPS_TABLE_H

enum dp_kind {
	DP_KIND_CPUCOPY, /* a copy of Go's internal/cpu */
	DP_KIND_XSYS,    /* golang.org/x/sys/cpu */
	DP_KIND_CPUID,   /* github.com/klauspost/cpuid/v2 */
};

enum dp_family {
	DP_FAM_IOS = 1,   /* GOOS=ios, or darwin with the ios tag; arm64 */
	DP_FAM_LINUX = 2, /* GOOS=linux or android; arm64 */
};

enum dp_role {
	DP_DEFECT, /* compiled for the family: the package is wrong; `fix` repairs it */
	DP_RIGHT,  /* compiled for the family: the package is right on its own */
};

enum dp_fix {
	DP_FIX_NONE,
	DP_FIX_CPU_IOS,   /* replace the file: osInit asserts the four bits */
	DP_FIX_HWCAP,     /* add a file: HWCap from runtime.getAuxv before init */
	DP_FIX_XSYS_IOS,  /* add a file: the four bits before init/processOptions */
	DP_FIX_CPUID_IOS, /* replace the file by its own bytes, setIf on ios too */
};

struct dp_row {
	const char *blob;     /* git blob id */
	const char *file;     /* base name the bytes ship under */
	enum dp_kind kind;
	int families;         /* DP_FAM_* this row speaks for */
	enum dp_role role;
	enum dp_fix fix;
	/* Where these bytes come from; modules that copy them in parentheses,
	 * "(<module> <version>, ...)". A linux/android copy row's modules are
	 * verify/copies.c's (tests/unit/copies_check.c). */
	const char *versions;
};

extern const struct dp_row dp_rows[]; /* terminated by blob == NULL */

/* The row for (base name, blob id), or NULL. */
const struct dp_row *dp_row_find(const char *file, const char *blob);
/* Is this base name one the table knows (so the file is worth hashing)? */
int dp_name_known(const char *file);
const char *dp_kind_name(enum dp_kind k);
const char *dp_fix_name(enum dp_fix f);

/* The fix templates' version: the marker is <pkg>.gowrapMarker<this>. */
#define DP_FIX_VERSION "V1"

#endif
