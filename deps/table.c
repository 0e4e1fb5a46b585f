/* table.c — the rules for CPU-feature code in dependencies (see table.h and
 * deps/README.md, "Rules").
 *
 * Each line was read in the files named in `versions` (Go's own
 * src/internal/cpu at the releases given, the module versions given); the
 * version sweep (deps/sweep.py, tests/unit/sweep/sweep.tsv) holds every version the
 * module proxy serves of x/sys and cpuid to these rules. A line is compared
 * folded (table.h), so gofmt's alignment never splits a version in two; any
 * other change to a needed line makes the version unknown, never patched. */
#include "compat.h"
#include "table.h"

#include <string.h>

static const char *const empty_osinit[] = { "func osInit() {", "}", NULL };
static const char *const empty_doinit[] = { "func doinit() {", "}", NULL };

/* The fill goes into a copy of internal/cpu: its own structs and helpers. */
#define HWCAP_DECL { "var HWCap uint", DP_ONCE }
#define HWCAP2_OPT { "var HWCap2 uint", DP_OPTIONAL }
#define PLATFORM_OPT { "var Platform string", DP_OPTIONAL }
#define NO_FILL { "HWCap = uint(val)", DP_NEVER }

/* x/sys/cpu's arm64 archInit before v0.42.0 (cpu_arm64.go) with the files
 * android compiles beside it (cpu_linux_arm64.go, hwcap_linux.go): which
 * GOOSes reach doinit is the one line that differs. The trigger is doinit's
 * own line, not that case: "openbsd" is a word in hundreds of x/sys/unix's
 * files, and a trigger word found makes the build path read a compile's
 * files line by line (bench/classify.sh: +1.7 ms on x/sys/unix's). */
#define XSYS_ANDROID(name, role, fix, versions, doinit_case)                                              \
	{ name, DP_KIND_XSYS, DP_FAM_ANDROID, role, fix, versions,                                          \
	  { { "func doinit() {", DP_ONCE }, { doinit_case, DP_ONCE }, { "case \"freebsd\":", DP_ONCE },       \
	    { "setMinimalFeatures()", DP_ONCE }, { "func readHWCAP() error {", DP_ONCE },                     \
	    { "var hwCap uint", DP_ONCE }, { "var ARM64 struct {", DP_ONCE } },                                \
	  NULL }

const struct dp_row dp_rows[] = {
	/* internal/cpu copies, ios family: cpu_arm64_other.go's empty osInit
	 * (Go 1.18-1.27; github.com/metacubex/utls v1.8.7, github.com/metacubex/cpu
	 * v0.1.1). The whole file is the empty function, so it is replaced. */
	{ "cpu-ios", DP_KIND_CPUCOPY, DP_FAM_IOS, DP_DEFECT, DP_FIX_CPU_IOS,
	  "Go 1.18-1.27 cpu_arm64_other.go (github.com/metacubex/utls v1.8.7, github.com/metacubex/cpu v0.1.1)",
	  { { "func osInit() {", DP_ONCE }, { "osInit()", DP_ONCE }, { "var ARM64 struct {", DP_ONCE } },
	  empty_osinit },
	/* A copy whose osInit on ios asks sysctl, as macOS's does (Go's
	 * cpu_arm64_darwin.go): right. */
	{ "cpu-sysctl", DP_KIND_CPUCOPY, DP_FAM_IOS, DP_RIGHT, DP_FIX_NONE, "Go 1.18-1.27 cpu_arm64_darwin.go",
	  { { "func osInit() {", DP_ONCE },
	    { "ARM64.HasATOMICS = sysctlEnabled([]byte(\"hw.optional.armv8_1_atomics\\x00\"))", DP_ONCE } },
	  NULL },

	/* internal/cpu copies, linux and android: HWCap (HWCap2, Platform) that
	 * only std's internal/cpu gets from the runtime (archauxv). One row per
	 * arch: the line that derives a feature from it is the arch's own. */
	{ "hwcap-arm64", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.18-1.27 cpu_arm64_hwcap.go (github.com/metacubex/utls v1.8.7, github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "ARM64.HasAES = isSet(HWCap, hwcap_AES)", DP_ONCE }, HWCAP2_OPT, PLATFORM_OPT, NO_FILL },
	  NULL },
	{ "hwcap-arm", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.18-1.27 cpu_arm.go (github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "ARM.HasVFPv4 = isSet(HWCap, hwcap_VFPv4)", DP_ONCE }, HWCAP2_OPT, PLATFORM_OPT, NO_FILL },
	  NULL },
	{ "hwcap-ppc64x", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.18-1.27 cpu_ppc64x_linux.go (github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "PPC64.IsPOWER9 = isSet(HWCap2, hwcap2_ARCH_3_00)", DP_ONCE }, { "var HWCap2 uint", DP_ONCE },
	    PLATFORM_OPT, NO_FILL },
	  NULL },
	{ "hwcap-s390x", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.18-1.27 cpu_s390x.go (github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "S390X.HasVX = isSet(HWCap, hwcap_VX)", DP_ONCE }, HWCAP2_OPT, PLATFORM_OPT, NO_FILL },
	  NULL },
	{ "hwcap-loong64", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.25-1.27 cpu_loong64_hwcap.go (github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "Loong64.HasLSX = hwcIsSet(HWCap, hwcap_LOONGARCH_LSX)", DP_ONCE }, HWCAP2_OPT, PLATFORM_OPT,
	    NO_FILL },
	  NULL },
	{ "hwcap-mips64x", DP_KIND_CPUCOPY, DP_FAM_LINUX | DP_FAM_ANDROID, DP_DEFECT, DP_FIX_HWCAP,
	  "Go 1.18-1.27 cpu_mips64x.go (github.com/metacubex/cpu v0.1.1)",
	  { HWCAP_DECL, { "MIPS64X.HasMSA = isSet(HWCap, hwcap_MIPS_MSA)", DP_ONCE }, HWCAP2_OPT, PLATFORM_OPT, NO_FILL },
	  NULL },

	/* golang.org/x/sys/cpu before v0.42.0, ios family: archInit's default
	 * case ends in setMinimalFeatures, and the doinit compiled there is
	 * empty (cpu_other_arm64.go). v0.1.0-v0.41.0, any copy of it. */
	{ "xsys-ios", DP_KIND_XSYS, DP_FAM_IOS, DP_DEFECT, DP_FIX_XSYS_IOS,
	  "golang.org/x/sys v0.1.0-v0.41.0 cpu_other_arm64.go, cpu_arm64.go",
	  { { "func doinit() {}", DP_ONCE }, { "func setMinimalFeatures() {", DP_ONCE },
	    { "setMinimalFeatures()", DP_ONCE }, { "var ARM64 struct {", DP_ONCE } },
	  NULL },
	/* From v0.42.0 (golang/sys@942780bb, golang/go#43046) doinit asks sysctl. */
	{ "xsys-sysctl", DP_KIND_XSYS, DP_FAM_IOS, DP_RIGHT, DP_FIX_NONE,
	  "golang.org/x/sys v0.42.0-v0.50.0 cpu_darwin_arm64.go",
	  { { "func darwinSysctlEnabled(name []byte) bool {", DP_ONCE } }, NULL },
	/* x/sys/cpu reads the auxiliary vector itself on linux: every version's
	 * archInit reaches doinit there (on arm64 through its "linux" case). */
	{ "xsys-auxv", DP_KIND_XSYS, DP_FAM_LINUX, DP_RIGHT, DP_FIX_NONE, "golang.org/x/sys v0.1.0-v0.50.0 hwcap_linux.go",
	  { { "func readHWCAP() error {", DP_ONCE } }, NULL },
	/* x/sys/cpu on android/arm64 before v0.42.0: archInit switches on
	 * runtime.GOOS, and the case that calls doinit names linux, netbsd,
	 * openbsd (v0.41.0: and windows) but not android, so the default's
	 * setMinimalFeatures is all android gets. */
	XSYS_ANDROID("xsys-android", DP_DEFECT, DP_FIX_XSYS_ANDROID, "golang.org/x/sys v0.1.0-v0.40.0 cpu_arm64.go",
		     "case \"linux\", \"netbsd\", \"openbsd\":"),
	XSYS_ANDROID("xsys-android-windows", DP_DEFECT, DP_FIX_XSYS_ANDROID, "golang.org/x/sys v0.41.0 cpu_arm64.go",
		     "case \"linux\", \"netbsd\", \"openbsd\", \"windows\":"),
	/* The same versions with android added to that case (a fork's
	 * backport): archInit reaches doinit on android, nothing to add. */
	XSYS_ANDROID("xsys-android-case", DP_RIGHT, DP_FIX_NONE,
		     "golang.org/x/sys v0.1.0-v0.40.0 cpu_arm64.go, android added to the doinit case",
		     "case \"linux\", \"android\", \"netbsd\", \"openbsd\":"),
	XSYS_ANDROID("xsys-android-case-windows", DP_RIGHT, DP_FIX_NONE,
		     "golang.org/x/sys v0.41.0 cpu_arm64.go, android added to the doinit case",
		     "case \"linux\", \"android\", \"netbsd\", \"openbsd\", \"windows\":"),
	/* From v0.42.0 arm64's archInit calls doinit on every GOOS but freebsd;
	 * on arm (cpu_linux.go) it always did. Neither calls setMinimalFeatures:
	 * nothing chooses by GOOS between the auxiliary vector and the minimum. */
	{ "xsys-auxv-android", DP_KIND_XSYS, DP_FAM_ANDROID, DP_RIGHT, DP_FIX_NONE,
	  "golang.org/x/sys v0.42.0-v0.50.0 cpu_arm64.go (arm64); v0.1.0-v0.50.0 cpu_linux.go (arm)",
	  { { "func readHWCAP() error {", DP_ONCE }, { "doinit()", DP_ONCE }, { "setMinimalFeatures()", DP_NEVER } },
	  NULL },
	/* A copy of Go 1.11's internal/cpu (its arm64 type is the lowercase
	 * `arm64`; its only feature sets are X86, PPC64, ARM64 and S390X) on an
	 * arch with none of them — 32-bit arm: the doinit compiled there is a
	 * file of its own and empty, and no feature of this arch
	 * exists in its API to be missed (what is read of ARM64 on arm is
	 * rightly false). x/sys/cpu's copies declare `var ARM64 struct {`.
	 * Android only: there every `func doinit() {` already triggers
	 * xsys-android (above), so this row only settles what was that
	 * trigger's unknown; on linux no rule is triggered by a doinit. */
	{ "cpu11-nofeatures", DP_KIND_CPUCOPY, DP_FAM_ANDROID, DP_RIGHT, DP_FIX_NONE,
	  "github.com/templexxx/cpu v0.0.9 cpu_no_init.go, cpu.go (a copy of Go 1.11's internal/cpu: no feature set "
	  "for this GOARCH, so its empty doinit misses nothing)",
	  { { "func doinit() {", DP_ONCE }, { "var ARM64 arm64", DP_ONCE }, { "var ARM64 struct {", DP_NEVER } },
	  empty_doinit },

	/* github.com/klauspost/cpuid/v2, ios family: detectOS leaves the four
	 * crypto bits (and, from v2.1.0, its sysctl detection) to macOS. */
	{ "cpuid-ios", DP_KIND_CPUID, DP_FAM_IOS, DP_DEFECT, DP_FIX_CPUID_IOS,
	  "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2 os_darwin_arm64.go",
	  { { "c.featureSet.setIf(runtime.GOOS != \"ios\", AESARM, PMULL, SHA1, SHA2)", DP_ONCE },
	    { "func detectOS(c *CPUInfo) bool {", DP_ONCE }, { "if runtime.GOOS != \"ios\" {", DP_OPTIONAL } },
	  NULL },
	/* cpuid on linux arm64: HWCap through std's internal/cpu by linkname,
	 * or (-tags nounsafe) the auxiliary vector read itself. */
	{ "cpuid-linkname", DP_KIND_CPUID, DP_FAM_LINUX | DP_FAM_ANDROID, DP_RIGHT, DP_FIX_NONE,
	  "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2 os_unsafe_linux_arm64.go, os_linux_arm64.go",
	  { { "//go:linkname hwcap internal/cpu.HWCap", DP_ONCE } }, NULL },
	{ "cpuid-auxv", DP_KIND_CPUID, DP_FAM_LINUX | DP_FAM_ANDROID, DP_RIGHT, DP_FIX_NONE,
	  "github.com/klauspost/cpuid/v2 v2.4.0-v2.4.2 os_linux_arm64.go (-tags nounsafe)",
	  { { "if buf, err := ioutil.ReadFile(\"/proc/self/auxv\"); err == nil {", DP_ONCE },
	    { "func detectOS(c *CPUInfo) bool {", DP_ONCE } },
	  NULL },
	/* The same read before v2.4.0, its line split in two (found by running
	 * v2.3.0 with -tags nounsafe: tests/goos.bats). */
	{ "cpuid-auxv-read", DP_KIND_CPUID, DP_FAM_LINUX | DP_FAM_ANDROID, DP_RIGHT, DP_FIX_NONE,
	  "github.com/klauspost/cpuid/v2 v2.0.1-v2.3.0 os_linux_arm64.go (-tags nounsafe)",
	  { { "buf, err := ioutil.ReadFile(\"/proc/self/auxv\")", DP_ONCE },
	    { "func detectOS(c *CPUInfo) bool {", DP_ONCE } },
	  NULL },

	/* gVisor's pkg/cpuid on linux/arm64: HostFeatureSet() is what
	 * Initialize (initOnce.Do(archInitialize) -> initHWCap) filled, and
	 * nothing else fills it; pkg/atomicbitops' init reads it on linux
	 * (atomicbitops_arm64.go), before any caller can run Initialize. The
	 * fix writes hostFeatureSet.hwCap's two fields, so their lines are
	 * needed; HasFeature's line is arm64's (amd64 asks CPUID, and compiles
	 * pkg/cpuid only under runsc's sentry). Read in every pinned version
	 * of deps/README.md's sweep, gVisor's and sing-box's fork alike. */
	{ "gvisor-cpuid", DP_KIND_GVISOR, DP_FAM_LINUX, DP_DEFECT, DP_FIX_GVISOR,
	  "gvisor.dev/gvisor v0.0.0-20231020174304-b8a429915ff1 to v0.0.0-20260224225140-573d5e7127a8 pkg/cpuid "
	  "cpuid.go, cpuid_arm64.go, native_arm64.go (gvisor.dev/gvisor v0.0.0-20260224225140-573d5e7127a8, "
	  "github.com/sagernet/gvisor v0.0.0-20260727.0-sing-box-mod.1)",
	  { { "func initHWCap() {", DP_ONCE }, { "hostFeatureSet.hwCap = c", DP_ONCE }, { "initHWCap()", DP_ONCE },
	    { "type hwCap struct {", DP_ONCE }, { "hwCap1 uint64", DP_ONCE }, { "hwCap2 uint64", DP_ONCE },
	    { "return fs.hwCap.hwCap1&(1<<feature) != 0", DP_ONCE } },
	  NULL },

	/* Targets of no family (amd64, 386, riscv64, mips, wasm, windows,
	 * macOS, ...): the packages detect features there without HWCap the
	 * runtime must fill, or without the iOS branch (gowrap audit only; the
	 * build path never classifies for these targets). */
	{ "xsys-other", DP_KIND_XSYS, DP_FAM_OTHER, DP_RIGHT, DP_FIX_NONE, "golang.org/x/sys v0.1.0-v0.50.0 cpu.go",
	  { { "func processOptions() {", DP_ONCE } }, NULL },
	{ "cpu-other", DP_KIND_CPUCOPY, DP_FAM_OTHER, DP_RIGHT, DP_FIX_NONE, "Go 1.18-1.27 cpu.go",
	  { { "func doinit() {", DP_ONCE }, { "var ARM64 struct {", DP_ONCE } }, NULL },
	{ "cpuid-other", DP_KIND_CPUID, DP_FAM_OTHER, DP_RIGHT, DP_FIX_NONE,
	  "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2",
	  { { "func detectOS(c *CPUInfo) bool {", DP_ONCE } }, NULL },
	/* x/sys/unix hands out the auxiliary vector (Auxv) and detects no
	 * feature itself: right everywhere (audit only names it otherwise). */
	{ "xsys-unix-auxv", DP_KIND_AUXV, DP_FAM_IOS | DP_FAM_LINUX | DP_FAM_ANDROID | DP_FAM_OTHER, DP_RIGHT, DP_FIX_NONE,
	  "golang.org/x/sys v0.30.0-v0.50.0 unix/auxv.go",
	  { { "func Auxv() ([][2]uintptr, error) {", DP_ONCE } }, NULL },
	{ NULL, 0, 0, 0, 0, NULL, { { NULL, 0 } }, NULL },
};

const char *dp_kind_name(enum dp_kind k)
{
	switch (k) {
	case DP_KIND_CPUCOPY: return "copy of internal/cpu";
	case DP_KIND_XSYS: return "x/sys/cpu";
	case DP_KIND_CPUID: return "cpuid";
	case DP_KIND_AUXV: return "auxiliary vector";
	case DP_KIND_GVISOR: return "gVisor cpuid";
	}
	return "?";
}

static const struct {
	int family;
	const char *name;
} family_names[] = { { DP_FAM_IOS, "ios" }, { DP_FAM_LINUX, "linux" }, { DP_FAM_ANDROID, "android" },
		     { DP_FAM_OTHER, "other" } };

const char *dp_family_name(int family)
{
	for (size_t i = 0; i < sizeof family_names / sizeof family_names[0]; i++)
		if (family_names[i].family == family)
			return family_names[i].name;
	return "?";
}

int dp_family_named(const char *name)
{
	for (size_t i = 0; i < sizeof family_names / sizeof family_names[0]; i++)
		if (strcmp(family_names[i].name, name) == 0)
			return family_names[i].family;
	return 0;
}

const char *dp_fix_name(enum dp_fix f)
{
	switch (f) {
	case DP_FIX_NONE: return "none";
	case DP_FIX_CPU_IOS: return "cpu-ios";
	case DP_FIX_HWCAP: return "hwcap";
	case DP_FIX_XSYS_IOS: return "xsys-ios";
	case DP_FIX_CPUID_IOS: return "cpuid-ios";
	case DP_FIX_XSYS_ANDROID: return "xsys-android";
	case DP_FIX_GVISOR: return "gvisor-cpuid";
	}
	return "?";
}
