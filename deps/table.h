/* table.h — CPU-feature code in dependencies, by the exact lines it holds.
 *
 * Promise: data only (table.c). A row is a rule: when one compile of a
 * (non-std) package, for a target of the row's families, holds every line
 * the row needs exactly as often as it says (lines compared with their
 * leading and trailing blanks removed and inner runs of blanks folded to one
 * space), the package is defective with that fix, or right on its own. The
 * first line of a row is its trigger: a compile that holds the trigger but
 * not the rest exactly (a line missing, twice, a forbidden line present, or
 * the trigger's file not the shape the row says) is an unknown variant —
 * reported, never patched. Nothing is recognised by name, path or version
 * string: a copy under any import path, any version that keeps the lines, is
 * the same code. */
#ifndef GOWRAP_DEPS_TABLE_H
#define GOWRAP_DEPS_TABLE_H

enum dp_kind {
	DP_KIND_CPUCOPY, /* a copy of Go's internal/cpu */
	DP_KIND_XSYS,    /* golang.org/x/sys/cpu, or a copy of it */
	DP_KIND_CPUID,   /* github.com/klauspost/cpuid/v2 */
	DP_KIND_AUXV,    /* a reader of the auxiliary vector that detects nothing */
	DP_KIND_GVISOR,  /* gVisor's pkg/cpuid (gvisor.dev/gvisor, or a fork) */
};

enum dp_family {
	DP_FAM_IOS = 1,   /* GOOS=ios, or darwin with the ios tag; arm64 */
	DP_FAM_LINUX = 2, /* GOOS=linux on an arch whose copies read HWCap */
	DP_FAM_OTHER = 4, /* any other target: no copy has a defect there (audit only) */
	/* GOOS=android on such an arch. Apart from linux although android
	 * compiles linux's files: code that asks runtime.GOOS decides
	 * otherwise there (x/sys/cpu's arm64 archInit before v0.42.0). */
	DP_FAM_ANDROID = 8,
};

enum dp_role {
	DP_DEFECT, /* compiled for the family: the package is wrong; `fix` repairs it */
	DP_RIGHT,  /* compiled for the family: the package is right on its own */
};

enum dp_fix {
	DP_FIX_NONE,
	DP_FIX_CPU_IOS,   /* replace the file: osInit asserts the four bits */
	DP_FIX_HWCAP,     /* add a file: HWCap/HWCap2/Platform from runtime.getAuxv before init */
	DP_FIX_XSYS_IOS,  /* add a file: the four bits before init/processOptions */
	DP_FIX_CPUID_IOS, /* replace the file by its own bytes, its ios lines changed */
	DP_FIX_XSYS_ANDROID, /* add a file: the package's own doinit before init */
	DP_FIX_GVISOR,       /* add a file: the host feature set's HWCap from runtime.getAuxv before init */
};

enum dp_need {
	DP_ONCE,     /* exactly once in the compile */
	DP_OPTIONAL, /* at most once; its presence may shape the fix */
	DP_NEVER,    /* nowhere in the compile */
};

struct dp_line {
	const char *text; /* folded as above; NULL ends the list */
	enum dp_need need;
};

#define DP_MAX_LINES 8

struct dp_row {
	const char *name;  /* the rule's name: "cpu-ios", "hwcap-arm", ... */
	enum dp_kind kind;
	int families;      /* DP_FAM_* this row speaks for */
	enum dp_role role;
	enum dp_fix fix;
	/* Where the lines were read, and modules that carry them in
	 * parentheses, "(<module> <version>, ...)". A linux/android copy row's
	 * modules are verify/copies.c's (tests/unit/copies_check.c). */
	const char *versions;
	struct dp_line lines[DP_MAX_LINES]; /* lines[0] is the trigger (DP_ONCE) */
	/* When set: the trigger's file holds no code but these lines, in this
	 * order (comments, blank lines, build lines and the package clause
	 * aside), so replacing the whole file loses nothing. */
	const char *const *whole;
};

extern const struct dp_row dp_rows[]; /* terminated by name == NULL */

const char *dp_kind_name(enum dp_kind k);
const char *dp_fix_name(enum dp_fix f);

/* A family's name in GOWRAP_DEPS_FAMILY, the log and the tables ("ios",
 * "linux", "android", "other"), and back (0 for a name that is none). */
const char *dp_family_name(int family);
int dp_family_named(const char *name);

/* The fix templates' version: the marker is <pkg>.gowrapMarker<this>. */
#define DP_FIX_VERSION "V1"

#endif
