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

/* minio/sha256-simd: cpuid's answer, and on linux/arm64 alone the
 * /proc/cpuinfo fallback (cpuid_other.go; v1.0.0 and v1.0.1 alike). */
#define SHA256SIMD_WHY                                                                                     \
	"it takes cpuid/v2's answer (that package's own row says whether it is right), and only on linux/arm64 " \
	"falls back to /proc/cpuinfo's Features line, the kernel's own list"
#define SHA256SIMD_ARM64                                                                                   \
	{ "const procCPUInfo = \"/proc/cpuinfo\"", 1, 1 }, { "if cpuid.CPU.Has(cpuid.SHA2) {", 1, 1 },       \
	{ "if runtime.GOARCH != \"arm64\" || runtime.GOOS != \"linux\" {", 1, 1 },                           \
	{ "const sha256Feature = \"sha2\"", 1, 1 }, { "return bytes.Contains(cpuInfo, []byte(sha256Feature))", 1, 1 }

/* RoaringBitmap/roaring/v2's AVX2 test, in two forms over its versions. */
#define ROARING_WHY                                                                                        \
	"CPUID is an instruction, and AVX2 counts only when OSXSAVE, AVX and XGETBV say the OS saves the YMM " \
	"registers (AVX-512 is x/sys/cpu's answer)"

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
	    { "//go:linkname hwcap internal/cpu.HWCap", 0, 0 } }, NULL, { { NULL, 0, 0 } } },
	{ "cpu11-ppc64x", "copy of internal/cpu", DP_FAM_ANY, DP_SEEN_DEFECTIVE,
	  "its `hwcap` and `hwcap2` (Go 1.11's lowercase names) are never filled: the runtime fills std's "
	  "internal/cpu only, so every PPC64 feature, POWER8 and POWER9 included, reads false; gowrap's fill knows "
	  "`HWCap` only",
	  "github.com/templexxx/cpu v0.0.9 cpu_ppc64x.go, a copy of Go 1.11's internal/cpu",
	  { { "var hwcap uint", 1, 1 },
	    { "var hwcap2 uint", 1, 1 },
	    { "PPC64.HasVMX = isSet(hwcap, _PPC_FEATURE_HAS_ALTIVEC)", 1, 1 },
	    { "PPC64.IsPOWER8 = isSet(hwcap2, _PPC_FEATURE2_ARCH_2_07)", 1, 1 },
	    { "//go:linkname hwcap internal/cpu.HWCap", 0, 0 } }, NULL, { { NULL, 0, 0 } } },
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
	    { "XGETBV", 1, 1 } }, NULL, { { NULL, 0, 0 } } },

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
	    { "eax, _ := xgetbv(0)", 2, 2 } }, NULL, { { NULL, 0, 0 } } },

	/* Detection in Go assembly: compress's BMI1/BMI2 (amd64 only; both
	 * files carry `amd64 && !appengine && !noasm && gc`). */
	{ "compress-cpuinfo", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID leaf 7 is an instruction: BMI1 and BMI2 need nothing from an OS",
	  "github.com/klauspost/compress v1.17.9, v1.18.0, v1.18.5-v1.18.7, v1.19.0-v1.19.2, v1.20.0-v1.20.5 "
	  "internal/cpuinfo/cpuinfo_amd64.go, cpuinfo_amd64.s",
	  { { "func x86extensions() (bmi1, bmi2 bool)", 1, 1 },
	    { "hasBMI1, hasBMI2 = x86extensions()", 1, 1 },
	    { "TEXT " MIDDOT "x86extensions(SB), NOSPLIT, $0", 1, 1 },
	    { "CPUID", 2, 2 },
	    { "BTQ $3, BX // bit 3 = BMI1", 1, 1 },
	    { "BTQ $8, BX // bit 8 = BMI2", 1, 1 } }, NULL, { { NULL, 0, 0 } } },

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
	    { "__blst_platform_cap = 1; /* SHA256 */", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	/* zstd asks the CPU for x86 features only (BMI1, BMI2, ...): on other
	 * arches no branch of ZSTD_cpuid is compiled and the bits read 0. */
	{ "zstd-cpuid", "C through cgo", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "x86 asks CPUID (an instruction: BMI1 and BMI2 need nothing from an OS); elsewhere it asks nothing and "
	  "its x86 bits read 0, which is what those CPUs have",
	  "github.com/DataDog/zstd v1.5.7 cpu.h",
	  { { "MEM_STATIC ZSTD_cpuid_t ZSTD_cpuid(void) {", 1, 1 },
	    { "__asm__(\"cpuid\" : \"=a\"(n) : \"a\"(0) : \"ebx\", \"ecx\", \"edx\");", 1, 1 },
	    { "__asm__(\"cpuid\" : \"=a\"(f1a), \"=c\"(f1c), \"=d\"(f1d) : \"a\"(1) : \"ebx\");", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	/* AES-NI detection in Go assembly (amd64 only: `+build
	 * amd64,!gccgo,!appengine,!noasm`). AES-NI works on XMM registers,
	 * which every amd64 OS saves: no XGETBV is needed. */
	{ "aez-cpuid", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID leaf 1's AES-NI bit is the CPU's own answer, and AES-NI's XMM registers are saved by every amd64 OS",
	  "github.com/Yawning/aez v0.0.0-20211027044916-e49e68abd344 aez_amd64.go, aez_amd64.s",
	  { { "func cpuidAMD64(cpuidParams *uint32)", 1, 1 },
	    { "regs := [4]uint32{0x01}", 1, 1 },
	    { "cpuidAMD64(&regs[0])", 1, 1 },
	    { "return regs[2]&aesniBit != 0", 1, 1 },
	    { "TEXT " MIDDOT "cpuidAMD64(SB),4,$0-8", 1, 1 },
	    { "CPUID", 1, 1 } }, NULL, { { NULL, 0, 0 } } },

	/* blake3's darwin file asks x86 questions. On arm64 (iOS, macOS on
	 * Apple silicon) the amd64 dispatch that reads the answers is not
	 * compiled (compress_noasm.go: `//go:build !amd64`), so the answers
	 * choose nothing. */
	{ "blake3-darwin-x86", "x86 detection", DP_FAM_ANY, DP_SEEN_OTHERARCH,
	  "it asks sysctl for hw.optional.avx512f and cpuid/v2 for AVX2 and AVX-512F, x86 features; this arm64 build "
	  "compiles no code that reads them (the AVX dispatch is compress_amd64.go's)",
	  "lukechampine.com/blake3 v1.1.6, v1.1.7, v1.2.1 cpu_darwin.go, compress_noasm.go; v1.3.0, v1.4.1 "
	  "guts/cpu_darwin.go, guts/compress_noasm.go",
	  { { "b, _ := syscall.Sysctl(\"hw.optional.avx512f\")", 1, 1 },
	    { "haveAVX2 = cpuid.CPU.Supports(cpuid.AVX2)", 1, 1 },
	    { "haveAVX512 = cpuid.CPU.Supports(cpuid.AVX512F)", 1, 1 },
	    { "haveAVX512 = len(b) > 0 && b[0] == 1", 1, 1 },
	    { "if !haveAVX512 {", 1, 1 },
	    { "// On some Macs, AVX512 detection is buggy, so fallback to sysctl", 1, 1 },
	    { "haveAVX2 bool", 1, 1 },
	    { "haveAVX512 bool", 1, 1 },
	    { "case haveAVX512 && buflen >= ChunkSize*2:", 0, 0 } }, "arm64", { { NULL, 0, 0 } } },

	/* Readers of CPU information that choose no code path from it. */
	{ "tailscale-hostinfo-lxcfs", "container check", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "`/proc/cpuinfo` is part of the /proc/mounts entry lxcfs makes (a container check); no CPU feature is read",
	  "tailscale.com v1.102.5, github.com/sagernet/tailscale v1.92.4-sing-box-1.13-mod.7 hostinfo/hostinfo.go",
	  { { "if mem.Contains(mem.B(line), mem.S(\"lxcfs /proc/cpuinfo fuse.lxcfs\")) {", 1, 1 },
	    { "for lr := range lineiter.File(\"/proc/mounts\") {", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "mihomo-updater", "update channel", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "cpuid's X64Level and `cat /proc/cpuinfo` (vfp) pick which release binary the updater downloads; no code "
	  "path of this binary is chosen from them",
	  "github.com/metacubex/mihomo v1.19.2 component/updater/update_core.go",
	  { { "cmd := exec.Command(\"cat\", \"/proc/cpuinfo\")", 1, 1 },
	    { "if runtime.GOARCH == \"amd64\" && cpuid.CPU.X64Level() < 3 {", 1, 1 },
	    { "amd64Compatible = \"-compatible\"", 1, 1 },
	    { "if strings.Contains(cpuInfo, \"vfpv3\") || strings.Contains(cpuInfo, \"vfpv4\") {", 1, 1 },
	    { "} else if strings.Contains(cpuInfo, \"vfp\") {", 1, 1 },
	    { "middle = fmt.Sprintf(\"-%s-%s%s-%s\", runtime.GOOS, runtime.GOARCH, goarm, latestVersion)", 1, 1 },
	    { "middle = fmt.Sprintf(\"-%s-%s%s-%s\", runtime.GOOS, runtime.GOARCH, amd64Compatible, latestVersion)", 1,
	      1 } }, NULL, { { NULL, 0, 0 } } },
	{ "gopsutil-cpu-linux", "system information", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "cpu.Info() returns /proc/cpuinfo's model, MHz and flags to its caller; the package chooses no code path "
	  "from them",
	  "github.com/shirou/gopsutil/v4 v4.25.1, v4.25.11, v4.25.12, v4.26.1-v4.26.10, github.com/shirou/gopsutil/v3 "
	  "v3.23.6-v3.23.9, v3.23.11, v3.23.12, v3.24.2, v3.24.5 cpu/cpu_linux.go",
	  { { "// of the value from /proc/cpuinfo because we want to report the maximum", 1, 1 },
	    { "c.Flags = strings.FieldsFunc(value, func(r rune) bool {", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "go-sysconf-linux", "system information", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "`/proc/cpuinfo` is a TODO comment: the CPU count is read from /sys/devices/system/cpu, no feature is read",
	  "github.com/tklauser/go-sysconf v0.3.5, v0.3.9-v0.4.0 sysconf_linux.go",
	  { { "// TODO(tk): fall back to reading /proc/cpuinfo on legacy systems", 1, 1 } }, NULL,
	  { { NULL, 0, 0 } } },

	/* gVisor's pkg/cpuid fills its arm64 HWCap in Initialize only, and off
	 * linux not even there; its one reader in gVisor, pkg/atomicbitops,
	 * asks golang.org/x/sys/cpu when runtime.GOOS != "linux". (linux/arm64,
	 * where the reader does consult it before Initialize, is table.c's.) */
	{ "gvisor-cpuid-nonlinux", "feature set", DP_FAM_IOS | DP_FAM_ANDROID, DP_SEEN_NOCHOICE,
	  "off linux readHWCap refuses (runtime.GOOS != \"linux\") and the host feature set stays empty; every "
	  "package here that imports it (pkg/atomicbitops) takes golang.org/x/sys/cpu's answer when runtime.GOOS is "
	  "not linux, so nothing chooses from it",
	  "gvisor.dev/gvisor v0.0.0-20260122175437-89a5d21be8f0, v0.0.0-20260224225140-573d5e7127a8, "
	  "github.com/sagernet/gvisor v0.0.0-20250811.0-sing-box-mod.1 pkg/cpuid/cpuid.go, "
	  "pkg/atomicbitops/atomicbitops_arm64.go",
	  { { "return c, fmt.Errorf(\"readHwCap only supported on linux, not %s\", runtime.GOOS)", 1, 1 },
	    { "if runtime.GOOS != \"linux\" {", 2, 2 },
	    { "c, err := readHWCap(\"/proc/self/auxv\")", 1, 1 },
	    { "initOnce.Do(archInitialize)", 1, 1 } }, "arm64",
	  { { "if runtime.GOOS == \"linux\" {", 1, 1 },
	    { "arm64HasATOMICS = cpuid.HostFeatureSet().HasFeature(cpuid.ARM64FeatureATOMICS)", 1, 1 },
	    { "arm64HasATOMICS = cpu.ARM64.HasATOMICS", 1, 1 } } },
	/* Census: hardware inventories, an image variant, hashing libraries. */
	{ "ghw-cpu-linux", "hardware inventory", DP_FAM_LINUX | DP_FAM_ANDROID | DP_FAM_OTHER, DP_SEEN_NOCHOICE,
	  "it parses /proc/cpuinfo into an inventory (processors, cores, flags as strings) it returns; no code path "
	  "is chosen from it",
	  "github.com/jaypipes/ghw v0.25.0-v0.27.0 pkg/cpu/cpu.go, pkg/cpu/cpu_linux.go (the DeviceTree comment from v0.26.0)",
	  { { "// logicalProcessorsFromProcCPUInfo reads the `/proc/cpuinfo` pseudofile and", 1, 1 },
	    { "// 'sse4_2'. To see a list of potential cpuid capabilitiies, see the section on", 1, 1 },
	    { "// Assumes /proc/cpuinfo is in order of logical processor id, then", 1, 1 },
	    { "// can we drop /proc/cpuinfo.", 1, 1 },
	    { "// /proc/cpuinfo. Fall back to the DeviceTree SoC compatible, e.g.", 0, 1 },
	    { "// This is the logical processor ID assigned by the host. In /proc/cpuinfo,", 1, 1 },
	    { "// the /proc/cpuinfo file and matches the \"processor\" attribute. In", 1, 1 },
	    { "// `/proc/cpuinfo` files look like the following:", 1, 1 },
	    { "// Output of /proc/cpuinfo has a blank newline to separate logical", 1, 1 },
	    { "\"in /proc/cpuinfo attributes\")", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "ghw-cpu-darwin", "hardware inventory", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "it asks sysctl for the hw.optional names and returns them as strings in an inventory; no code path is "
	  "chosen from them",
	  "github.com/jaypipes/ghw v0.27.0 pkg/cpu/cpu.go, pkg/cpu/cpu_darwin.go",
	  { { "commonPrefix := \"hw.optional.arm.\"", 1, 1 },
	    { "// 'sse4_2'. To see a list of potential cpuid capabilitiies, see the section on", 1, 1 },
	    { "// getProcessors some more info https://developer.apple.com/documentation/kernel/1387446-sysctlbyname/"
	      "determining_system_capabilities", 1, 1 },
	    { "// getCapabilities valid for ARM, see https://developer.apple.com/documentation/kernel/1387446-"
	      "sysctlbyname/determining_instruction_set_characteristics", 1, 1 },
	    { "if cap == \"hw.optional.AdvSIMD_HPFPCvt\" {", 1, 1 },
	    { "if cap == \"hw.optional.armv8_crc32\" {", 1, 1 },
	    { "// hw.optional.AdvSIMD and hw.optional.floatingpoint are always enabled (see linked doc)", 1, 1 },
	    { "if k == \"hw.optional.arm64\" && v == \"1\" {", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "sysinfo-cpuinfo", "hardware inventory", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "it reads /proc/cpuinfo's vendor, model, cache size and counts into a report; no code path is chosen from "
	  "them",
	  "github.com/zcalusic/sysinfo v1.1.3 cpu.go",
	  { { "f, err := os.Open(\"/proc/cpuinfo\")", 1, 1 },
	    { "// CPU model, as reported by /proc/cpuinfo, can be a bit ugly. Clean up...", 1, 1 } }, NULL,
	  { { NULL, 0, 0 } } },
	{ "sysinfo-cpuid-hypervisor", "hardware inventory", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "a bare CPUID whose one reader asks leaf 1's hypervisor bit and the hypervisor's vendor leaf for a report; "
	  "no CPU feature is read",
	  "github.com/zcalusic/sysinfo v1.1.3 cpuid/cpuid.go, cpuid/cpuid_amd64.s, hypervisor.go",
	  { { "TEXT " MIDDOT "CPUID(SB),$0-12", 1, 1 },
	    { "func CPUID(info *[4]uint32, ax uint32)", 1, 1 },
	    { "CPUID", 1, 1 } }, NULL,
	  { { "cpuid.CPUID(&info, 0x1)", 1, 1 },
	    { "return info[2]&(1<<31) != 0", 1, 1 },
	    { "cpuid.CPUID(&info, ax)", 1, 1 } } },
	{ "platforms-variant", "image variant", DP_FAM_LINUX | DP_FAM_ANDROID | DP_FAM_OTHER, DP_SEEN_NOCHOICE,
	  "/proc/cpuinfo's `Cpu architecture` names the image variant to pull (arm v5-v8); no code path of this "
	  "binary is chosen from it",
	  "github.com/containerd/platforms v0.2.1 cpuinfo_linux.go",
	  { { "cpuinfo, err := os.Open(\"/proc/cpuinfo\")", 1, 1 },
	    { "// by ourselves. We can just parse these information from /proc/cpuinfo", 1, 1 },
	    { "// We first try reading \"Cpu architecture\" field from /proc/cpuinfo", 1, 1 },
	    { "// This is to cover running ARM in emulated environment on x86 host as this field in /proc/cpuinfo", 1,
	      1 } }, NULL, { { NULL, 0, 0 } } },
	{ "sha256simd-cpuid", "cpuid's answer", DP_FAM_ANY, DP_SEEN_RIGHT, SHA256SIMD_WHY,
	  "github.com/minio/sha256-simd v1.0.1 cpuid_other.go",
	  { SHA256SIMD_ARM64,
	    { "hasIntelSha = runtime.GOARCH == \"amd64\" && cpuid.CPU.Supports(cpuid.SHA, cpuid.SSSE3, cpuid.SSE4)",
	      1, 1 } }, NULL, { { NULL, 0, 0 } } },
	/* v1.0.0: the same choice, its amd64 test in sha256.go. */
	{ "sha256simd-cpuid-v1.0.0", "cpuid's answer", DP_FAM_ANY, DP_SEEN_RIGHT, SHA256SIMD_WHY,
	  "github.com/minio/sha256-simd v1.0.0 cpuid_other.go, sha256.go",
	  { SHA256SIMD_ARM64,
	    { "return cpuid.CPU.Supports(cpuid.SHA, cpuid.SSSE3, cpuid.SSE4) && runtime.GOARCH == \"amd64\"", 1, 1 } },
	  NULL, { { NULL, 0, 0 } } },
	{ "blake2b-simd-x86", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID is an instruction, and AVX and AVX2 count only when XGETBV says the OS saves their registers",
	  "github.com/minio/blake2b-simd v0.0.0-20160723061019-3f5f724cb5b1 cpuid.go, cpuid_amd64.s",
	  { { "func cpuid(op uint32) (eax, ebx, ecx, edx uint32)", 1, 1 },
	    { "func xgetbv(index uint32) (eax, edx uint32)", 1, 1 },
	    { "eax, _ := xgetbv(0)", 1, 1 },
	    { "return (eax & 0x6) == 0x6", 1, 1 },
	    { "if mfi >= 7 && haveAVX() {", 1, 1 },
	    { "BYTE $0x0f; BYTE $0x01; BYTE $0xd0 // XGETBV", 1, 1 },
	    { "CPUID", 2, 2 } }, NULL, { { NULL, 0, 0 } } },

	/* The wider census (deps/README.md, "The census": the served modules
	 * that pick SIMD paths). AVX2 needs the OS to save the YMM registers:
	 * each of these asks OSXSAVE and AVX in leaf 1 and XCR0's bits 1 and 2
	 * before leaf 7's AVX2 bit, as Intel's SDM (vol. 1, 14.7.1) says. */
	{ "lz4-avx2", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID is an instruction; AVX2 counts only when OSXSAVE, AVX and XGETBV say the OS saves the YMM "
	  "registers, and PREFETCHW needs nothing from an OS",
	  "github.com/pierrec/lz4/v4 v4.1.32-v4.1.34 internal/lz4block/cpu_amd64.go, cpu_amd64.s",
	  { { "TEXT " MIDDOT "cpuHasAVX2(SB), NOSPLIT, $0-1", 1, 1 },
	    { "hasAVX2 = cpuHasAVX2()", 1, 1 },
	    { "hasPrefetchW = cpuHasPrefetchW()", 1, 1 },
	    { "TEXT " MIDDOT "cpuHasPrefetchW(SB), NOSPLIT, $0-1", 1, 1 },
	    { "ANDL $0x18000000, CX", 1, 1 },
	    { "XGETBV", 1, 1 },
	    { "ANDL $6, AX", 1, 1 },
	    { "TESTL $0x20, BX", 1, 1 },
	    { "CPUID", 5, 5 } }, NULL, { { NULL, 0, 0 } } },
	{ "roaring-avx2", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT, ROARING_WHY,
	  "github.com/RoaringBitmap/roaring/v2 v2.25.0-v2.30.0 popcnt_avx2_amd64.go, popcnt_avx2_amd64.s",
	  { { "TEXT " MIDDOT "_hasAVX2(SB), NOSPLIT, $0-1", 1, 1 },
	    { "var useAVX2 = _hasAVX2()", 1, 1 },
	    { "TESTL $0x18000000, CX", 1, 1 },
	    { "XGETBV", 1, 1 },
	    { "TESTL $0x6, AX", 1, 1 },
	    { "TESTL $0x20, BX", 1, 1 },
	    { "CPUID", 2, 2 } }, NULL, { { NULL, 0, 0 } } },
	/* v2.19.0-v2.24.0: the same three tests, each an AND and a compare. */
	{ "roaring-avx2-andl", "CPUID in assembly", DP_FAM_ANY, DP_SEEN_RIGHT, ROARING_WHY,
	  "github.com/RoaringBitmap/roaring/v2 v2.19.0, v2.21.0-v2.24.0 popcnt_avx2_amd64.go, popcnt_avx2_amd64.s",
	  { { "TEXT " MIDDOT "_hasAVX2(SB), NOSPLIT, $0-1", 1, 1 },
	    { "var useAVX2 = _hasAVX2()", 1, 1 },
	    { "ANDL $0x18000000, CX", 1, 1 },
	    { "CMPL CX, $0x18000000", 1, 1 },
	    { "XGETBV", 1, 1 },
	    { "CMPL AX, $0x6", 1, 1 },
	    { "CMPL BX, $0x20", 1, 1 },
	    { "CPUID", 2, 2 } }, NULL, { { NULL, 0, 0 } } },
	{ "gojson-avx2", "x86 detection", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID is an instruction, and AVX2 counts only when OSXSAVE, AVX and XGETBV say the OS saves the YMM "
	  "registers",
	  "github.com/goccy/go-json v0.11.0-v0.12.0 internal/runtime/cpu_amd64.go, cpu_amd64.s",
	  { { "var HasAVX2 = detectAVX2()", 1, 1 },
	    { "func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)", 1, 1 },
	    { "if ecx1&osxsave == 0 || ecx1&avx == 0 {", 1, 1 },
	    { "if eax, _ := xgetbv(); eax&6 != 6 {", 1, 1 },
	    { "return ebx7&avx2 != 0", 1, 1 },
	    { "CPUID", 1, 1 },
	    { "XGETBV", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	/* BMI2 works on general registers: no OS state to ask for. (Leaf 7 is
	 * asked without the maximum leaf first: a CPU whose highest basic
	 * leaf is below 7, none since 2008's, answers its highest leaf
	 * instead.) */
	{ "geohash-bmi2", "x86 detection", DP_FAM_ANY, DP_SEEN_RIGHT,
	  "CPUID leaf 7's BMI2 bit is the CPU's own answer, and BMI2 needs nothing from an OS",
	  "github.com/mmcloughlin/geohash v0.10.0 geohash_x86.go, asm_x86.s",
	  { { "func hasBMI2() bool {", 1, 1 },
	    { "useAsm = hasBMI2()", 1, 1 },
	    { "_, ebx, _, _ := cpuid(7, 0)", 1, 1 },
	    { "return ebx&(1<<8) != 0", 1, 1 },
	    { "func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)", 1, 1 },
	    { "TEXT " MIDDOT "cpuid(SB), NOSPLIT, $0-24", 1, 1 },
	    { "CPUID", 1, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "procfs-cpuinfo", "system information", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "FS.CPUInfo parses /proc/cpuinfo (flags as strings) for its caller, a metrics exporter's; the package "
	  "chooses no code path from it",
	  "github.com/prometheus/procfs v0.0.5-v0.23.0 cpuinfo.go (the comments' words over the versions: "
	  "v0.0.5-v0.0.11 add parseCPUInfo's, v0.8.0 adds the first's full stop)",
	  { { "case \"cpuid level\":", 1, 1 },
	    { "// CPUInfo contains general information about a system CPU found in /proc/cpuinfo.", 0, 1 },
	    { "// CPUInfo contains general information about a system CPU found in /proc/cpuinfo", 0, 1 },
	    { "// parseCPUInfo parses data from /proc/cpuinfo", 0, 1 } }, NULL, { { NULL, 0, 0 } } },
	{ "m1cpu-sysctl", "system information", DP_FAM_ANY, DP_SEEN_NOCHOICE,
	  "its cgo preamble asks sysctl for the performance levels' core counts, cache sizes and frequencies and the "
	  "brand string, which it returns; no code path is chosen from them",
	  "github.com/shoenig/go-m1cpu v0.1.6, v0.2.1, v0.2.3, v0.2.4 cpu.go",
	  { { "// sysctlbyname(name, &value, &size, NULL, 0);", 1, 1 },
	    { "// sysctlbyname(name, dest, &size, NULL, 0);", 1, 1 },
	    { "// global_pCoreCount = sysctl_int(\"hw.perflevel0.physicalcpu\");", 1, 1 } }, NULL,
	  { { NULL, 0, 0 } } },
	{ NULL, NULL, 0, 0, NULL, NULL, { { NULL, 0, 0 } }, NULL, { { NULL, 0, 0 } } },
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

/* A choice among features: the fields and calls of x/sys/cpu, cpuid/v2 and
 * internal/cpu copies, the micro-architecture levels, Apple's sysctl names,
 * the HWCAP words and the names features go by in /proc/cpuinfo and in Go
 * (as written: "neon" alone is in "Infineon"). */
const char *const dp_seen_choice_words[] = {
	"cpu.X86.", "cpu.ARM64.", "cpu.ARM.", "cpu.PPC64.", "cpu.S390X.", "cpuid.CPU.", "X64Level", ".Supports(",
	"hw.optional", "HWCAP", "HWCap", "hwcap", "HasAVX", "HasNEON", "HasASIMD", "HasATOMICS", "HasAES", "HasPMULL",
	"HasSHA", "HasSSE", "HasCRC32", "avx2", "AVX2", "avx512", "AVX512", "sse4", "SSE4", "asimd", "ASIMD", "NEON",
	"\"neon", "vfp", "VFP", "ATOMICS", "\"atomics", "pmull", "PMULL", "sha_ni", NULL
};

/* Assembly's: x86's CPUID, and arm64's reads of its ID registers (Go's
 * `MRS ID_AA64ISAR0_EL1, R0`, GNU's `mrs x0, id_aa64isar0_el1`). */
const struct dp_seen_asm dp_seen_asm_words[] = {
	{ "CPUID", NULL },
	{ "MRS", "ID_AA64" },
	{ "MRS", "MIDR_EL1" },
	{ NULL, NULL },
};
