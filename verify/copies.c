/* copies.c — vf_known_copies (verify.h): data only.
 *
 * The linux/android entries ship bytes that deps/table.c lists as a
 * linux/android defect (cpu_arm64_hwcap.go, blob b6cc1f4d…: Go 1.26.8's,
 * whose HWCap only the runtime's own internal/cpu gets filled), hashed from
 * the module version named (`git hash-object` of the file in the module
 * cache); the same copies ship cpu_arm64_other.go's empty osInit on iOS
 * (deps/table.c's cpu-ios). Add a path here when a new one is hashed into
 * that table; tests/unit/copies_check.c fails while a row names a module no
 * linux/android copy here comes from, or such a copy's bytes are not a row.
 * cpuid is asked on iOS only: on linux/android it reads std's HWCap
 * (deps/table.c: cpuid-linkname); on iOS every version deps/ knows is
 * defective. x/sys/cpu is asked on iOS, where every version before v0.42.0
 * is defective and v0.42.0's darwinSysctlEnabled asks sysctl
 * (xsys-sysctl), and on android arm64: v0.1.0-v0.41.0's cpu_arm64.go calls
 * doinit (hwcap_linux.go's auxiliary vector) only when runtime.GOOS is
 * linux, netbsd or openbsd (and windows from v0.41.0), so on android it sets
 * FP and ASIMD and nothing else; v0.42.0 calls doinit on every GOOS but
 * freebsd. On linux it reads the auxiliary vector itself (xsys-auxv), on
 * android arm (cpu_linux.go) doinit runs on every GOOS. gVisor's pkg/cpuid
 * (and sing-box's fork of it) is asked on linux arm64: its host feature set
 * stays 0 until Initialize, which netstack users never call, yet
 * pkg/atomicbitops' init reads it there (deps/table.c: gvisor-cpuid); on
 * android and other GOOSes atomicbitops asks golang.org/x/sys/cpu. */
#include "compat.h"
#include "verify.h"
#include "marker.h"

#define HWCAP_GO1268 "cpu_arm64_hwcap.go", "b6cc1f4d988877085d4402db4919840d9110c46a"
#define BOTH (VF_COPY_LINUX | VF_COPY_IOS)
#define GVISOR_WHY                                                                                            \
	"gVisor's cpuid without gowrap's dependency fix (no " GW_MARKER_FUNC "V... marker), so its host "     \
	"feature set reads 0 until cpuid.Initialize, and pkg/atomicbitops, whose init reads it, never uses "  \
	"LSE atomics on linux arm64"

/* Shapes (vf_copy_shapes, alias.c): function names each copy's code links wherever it is
 * asked, read in the ios/arm64 c-archives of tests/verify_gopath.bats (and
 * in the sources of every version the entry names): x/sys/cpu's cpu.go init
 * calls initOptions and processOptions (v0.1.0 on); cpuid's init calls
 * Detect, whose addInfo reads getProcFeatures (cpuid_arm64.s: an assembly
 * function, `.abi0` in the symbol table, bare in the pclntab) on arm64
 * (v2.0.1 on). x/sys/cpu's doinit is linked
 * on android arm64 only where its archInit calls it (v0.42.0 on: README's
 * "Why the build info"). */
static const char *const xsys_shape[] = { "initOptions", "processOptions", NULL };
static const char *const cpuid_shape[] = { "Detect", "addInfo", "getProcFeatures", NULL };

const struct vf_copy vf_known_copies[] = {
	{ "github.com/metacubex/utls/internal/cpu", "github.com/metacubex/utls v1.8.7", HWCAP_GO1268, BOTH, NULL, NULL, NULL },
	{ "github.com/metacubex/cpu", "github.com/metacubex/cpu v0.1.1", HWCAP_GO1268, BOTH, NULL, NULL, NULL },
	{ "golang.org/x/sys/cpu", "golang.org/x/sys v0.1.0-v0.41.0", "cpu_other_arm64.go", NULL,
	  VF_COPY_IOS | VF_COPY_ANDROID_ARM64, "golang.org/x/sys/cpu.darwinSysctlEnabled", "v0.42.0", NULL },
	{ "github.com/klauspost/cpuid/v2", "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2", "os_darwin_arm64.go", NULL,
	  VF_COPY_IOS, NULL, NULL, NULL },
	{ "gvisor.dev/gvisor/pkg/cpuid", "gvisor.dev/gvisor v0.0.0-20260224225140-573d5e7127a8", "cpuid.go", NULL,
	  VF_COPY_LINUX_ARM64, NULL, NULL, GVISOR_WHY },
	{ "github.com/sagernet/gvisor/pkg/cpuid", "github.com/sagernet/gvisor v0.0.0-20260727.0-sing-box-mod.1",
	  "cpuid.go", NULL, VF_COPY_LINUX_ARM64, NULL, NULL, GVISOR_WHY },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL },
};

const struct vf_shape vf_copy_shapes[] = {
	{ "golang.org/x/sys/cpu", xsys_shape, "doinit" },
	{ "github.com/klauspost/cpuid/v2", cpuid_shape, NULL },
	{ NULL, NULL, NULL },
};
