/* evidence.c — rules that decide an audit verdict without a fix (see
 * evidence.h and deps/README.md, "What audit reads").
 *
 * Each line was read in the files named in `versions`; a line is compared
 * folded, so gofmt's alignment and a C file's indentation never split a
 * version in two; any other change to a needed line makes the package
 * unknown. The families say for which targets a verdict holds: the lines of
 * an arch's file are only there when that arch compiles it. */
#include "compat.h"
#include "evidence.h"

#include <stddef.h>

/* Go's assembler names a package's own symbol with a middle dot (U+00B7). */
#define MIDDOT "\xc2\xb7"

const struct dp_seen_rule dp_seen_rules[] = {
	/* A copy of Go 1.11's internal/cpu: the variable is the lowercase
	 * hwcap, which Go 1.11's runtime filled in std's package only
	 * (runtime/os_linux_arm64.go: `//go:linkname cpu_hwcap
	 * internal/cpu.hwcap`). Under any other path nothing fills it, on
	 * linux, android, iOS and every other arm64 target alike (the file has
	 * no build line but its arch). A copy that pulls std's HWCap in by
	 * linkname is another copy: unknown. */
	{ "cpu11-arm64", "copy of internal/cpu", DP_FAM_ANY, DP_SEEN_DEFECTIVE,
	  "its `hwcap` (Go 1.11's lowercase name) is never filled: the runtime fills std's internal/cpu only and "
	  "nothing here reads the auxiliary vector or sysctl, so every ARM64 feature reads false; gowrap's fill "
	  "knows `HWCap` only",
	  "github.com/templexxx/cpu v0.0.9 cpu_arm64.go, a copy of Go 1.11's internal/cpu",
	  { { "var hwcap uint", 1, 1 },
	    { "ARM64.HasAES = isSet(hwcap, hwcap_AES)", 1, 1 },
	    { "func doinit() {", 1, 1 },
	    { "//go:linkname hwcap internal/cpu.HWCap", 0, 0 } } },
	{ "cpu11-ppc64x", "copy of internal/cpu", DP_FAM_ANY, DP_SEEN_DEFECTIVE,
	  "its `hwcap` and `hwcap2` (Go 1.11's lowercase names) are never filled: the runtime fills std's "
	  "internal/cpu only, so every PPC64 feature, POWER8 and POWER9 included, reads false; gowrap's fill knows "
	  "`HWCap` only",
	  "github.com/templexxx/cpu v0.0.9 cpu_ppc64x.go, a copy of Go 1.11's internal/cpu",
	  { { "var hwcap uint", 1, 1 },
	    { "var hwcap2 uint", 1, 1 },
	    { "PPC64.HasVMX = isSet(hwcap, _PPC_FEATURE_HAS_ALTIVEC)", 1, 1 },
	    { "PPC64.IsPOWER8 = isSet(hwcap2, _PPC_FEATURE2_ARCH_2_07)", 1, 1 },
	    { "//go:linkname hwcap internal/cpu.HWCap", 0, 0 } } },
	/* The same copy on 386 and amd64 asks the CPU itself. */
	{ "cpu11-x86", "copy of internal/cpu", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID is an instruction, nothing for an OS to fill, and AVX and AVX-512 count only when XGETBV says "
	  "the OS saves their registers",
	  "github.com/templexxx/cpu v0.0.9 cpu_x86.go, cpu_x86.s, a copy of Go 1.11's internal/cpu",
	  { { "func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)", 1, 1 },
	    { "maxID, _, _, _ := cpuid(0, 0)", 1, 1 },
	    { "eax, _ := xgetbv()", 1, 1 },
	    { "X86.HasAVX = isSet(ecx1, cpuid_AVX) && osSupportsAVX", 1, 1 },
	    { "CPUID", 1, 1 },
	    { "XGETBV", 1, 1 } } },

	/* cpuid/v2 on 386 and amd64 (table.c's cpuid rules speak of arm64):
	 * every version v2.0.1-v2.4.2 holds these lines. */
	{ "cpuid-x86", "cpuid", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID is an instruction, nothing for an OS to fill, and AVX and AVX-512 count only when XGETBV says "
	  "the OS saves their registers",
	  "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2 detect_x86.go, cpuid.go, cpuid_amd64.s, cpuid_386.s",
	  { { "func asmCpuid(op uint32) (eax, ebx, ecx, edx uint32)", 1, 1 },
	    { "cpuid = asmCpuid", 1, 1 },
	    { "xgetbv = asmXgetbv", 1, 1 },
	    { "TEXT " MIDDOT "asmCpuid(SB), 7, $0", 1, 1 },
	    { "CPUID", 2, 2 },
	    { "eax, _ := xgetbv(0)", 2, 2 } } },

	/* Detection in Go assembly: compress's BMI1/BMI2 (amd64 only; both
	 * files carry `amd64 && !appengine && !noasm && gc`). */
	{ "compress-cpuinfo", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID leaf 7 is an instruction: BMI1 and BMI2 need nothing from an OS",
	  "github.com/klauspost/compress v1.17.9, v1.18.0 internal/cpuinfo/cpuinfo_amd64.go, cpuinfo_amd64.s",
	  { { "func x86extensions() (bmi1, bmi2 bool)", 1, 1 },
	    { "hasBMI1, hasBMI2 = x86extensions()", 1, 1 },
	    { "TEXT " MIDDOT "x86extensions(SB), NOSPLIT, $0", 1, 1 },
	    { "CPUID", 2, 2 },
	    { "BTQ $3, BX // bit 3 = BMI1", 1, 1 },
	    { "BTQ $8, BX // bit 8 = BMI2", 1, 1 } } },

	/* Detection in C compiled through cgo. blst's src/cpuid.c is reached
	 * from bindings/go/cgo_server.c, whose #include of src/server.c is
	 * found by the -I of its #cgo CFLAGS, and src/server.c's own #include;
	 * every #if branch is read, as the lines of a rule are. */
	{ "blst-cpuid", "C through cgo", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "x86-64 asks CPUID (an instruction); linux and android arm64 ask getauxval(AT_HWCAP), libc's read of the "
	  "vector the kernel gives every process; Apple arm64 asserts SHA-256, which every arm64 Apple CPU has; "
	  "elsewhere it asks nothing and takes no SHA extension",
	  "github.com/supranational/blst v0.3.17 src/cpuid.c",
	  { { "int __blst_platform_cap = 0;", 1, 1 },
	    { "__asm__(\"cpuid\" : \"=a\"(eax), \"=b\"(ebx), \"=c\"(ecx), \"=d\"(edx)", 1, 1 },
	    { "unsigned long hwcap_ce = getauxval(16);", 1, 1 },
	    { "cap = (hwcap_ce>>6) & 1; /* SHA256 */", 1, 1 },
	    { "__blst_platform_cap = 1; /* SHA256 */", 1, 1 } } },
	/* zstd asks the CPU for x86 features only (BMI1, BMI2, ...): on other
	 * arches no branch of ZSTD_cpuid is compiled and the bits read 0. */
	{ "zstd-cpuid", "C through cgo", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "x86 asks CPUID (an instruction: BMI1 and BMI2 need nothing from an OS); elsewhere it asks nothing and "
	  "its x86 bits read 0, which is what those CPUs have",
	  "github.com/DataDog/zstd v1.5.7 cpu.h",
	  { { "MEM_STATIC ZSTD_cpuid_t ZSTD_cpuid(void) {", 1, 1 },
	    { "__asm__(\"cpuid\" : \"=a\"(n) : \"a\"(0) : \"ebx\", \"ecx\", \"edx\");", 1, 1 },
	    { "__asm__(\"cpuid\" : \"=a\"(f1a), \"=c\"(f1c), \"=d\"(f1d) : \"a\"(1) : \"ebx\");", 1, 1 } } },
	{ NULL, NULL, 0, 0, NULL, NULL, { { NULL, 0, 0 } } },
};

/* Go's own words of such code. */
const char *const dp_seen_go_words[] = { "HWCap", "getAuxv", "/proc/self/auxv", "hw.optional", "sysctlbyname",
					 "func cpuid(", "/proc/cpuinfo", "getisar0", NULL };
/* Go 1.11's name of the auxiliary vector's word: whole, as `hwcapprobe` or
 * `hwcap_AES` alone are no use of it. */
const char *const dp_seen_go_idents[] = { "hwcap", NULL };

/* C's: the compilers' CPUID (`__get_cpuid`, `__cpuid`, `__cpuidex`), CPUID
 * in inline assembly, the auxiliary vector (getauxval, FreeBSD's
 * elf_aux_info), Apple's sysctl, Linux's /proc, Windows' feature query, the
 * compilers' `__builtin_cpu_supports`, the NDK's cpufeatures, arm64's ID
 * registers. */
const char *const dp_seen_c_words[] = { "__get_cpuid", "__cpuid", "\"cpuid", "\\tcpuid", "getauxval", "elf_aux_info",
					"AT_HWCAP", "sysctlbyname", "hw.optional", "/proc/cpuinfo", "/proc/self/auxv",
					"IsProcessorFeaturePresent", "__builtin_cpu_supports",
					"android_getCpuFeatures", "ID_AA64", NULL };

/* Assembly's: x86's CPUID, and arm64's reads of its ID registers (Go's
 * `MRS ID_AA64ISAR0_EL1, R0`, GNU's `mrs x0, id_aa64isar0_el1`). */
const struct dp_seen_asm dp_seen_asm_words[] = {
	{ "CPUID", NULL },
	{ "MRS", "ID_AA64" },
	{ "MRS", "MIDR_EL1" },
	{ NULL, NULL },
};
