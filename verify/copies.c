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
 * x/sys/cpu and cpuid are asked on iOS only: on linux/android they read the
 * auxiliary vector or std's HWCap themselves (deps/table.c: xsys-auxv,
 * cpuid-linkname), on iOS every version deps/ knows is defective except
 * x/sys from v0.42.0, whose darwinSysctlEnabled asks sysctl (xsys-sysctl). */
#include "compat.h"
#include "verify.h"

#define HWCAP_GO1268 "cpu_arm64_hwcap.go", "b6cc1f4d988877085d4402db4919840d9110c46a"
#define BOTH (VF_COPY_LINUX | VF_COPY_IOS)

const struct vf_copy vf_known_copies[] = {
	{ "github.com/metacubex/utls/internal/cpu", "github.com/metacubex/utls v1.8.7", HWCAP_GO1268, BOTH, NULL },
	{ "github.com/metacubex/cpu", "github.com/metacubex/cpu v0.1.1", HWCAP_GO1268, BOTH, NULL },
	{ "golang.org/x/sys/cpu", "golang.org/x/sys v0.1.0-v0.41.0", "cpu_other_arm64.go", NULL, VF_COPY_IOS,
	  "golang.org/x/sys/cpu.darwinSysctlEnabled" },
	{ "github.com/klauspost/cpuid/v2", "github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2", "os_darwin_arm64.go", NULL,
	  VF_COPY_IOS, NULL },
	{ NULL, NULL, NULL, NULL, 0, NULL },
};
