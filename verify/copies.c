/* copies.c — vf_known_copies (verify.h): data only.
 *
 * Each path ships bytes that deps/table.c lists as a linux/android defect
 * (cpu_arm64_hwcap.go, blob b6cc1f4d…: Go 1.26.8's, whose HWCap only the
 * runtime's own internal/cpu gets filled), hashed from the module version
 * named (`git hash-object` of the file in the module cache). Add a path here
 * when a new one is hashed into that table; tests/unit/copies_check.c fails
 * while a row names a module no copy here comes from, or a copy's bytes are
 * not such a row. */
#include "compat.h"
#include "verify.h"

#define HWCAP_GO1268 "cpu_arm64_hwcap.go", "b6cc1f4d988877085d4402db4919840d9110c46a"

const struct vf_copy vf_known_copies[] = {
	{ "github.com/metacubex/utls/internal/cpu", "github.com/metacubex/utls v1.8.7", HWCAP_GO1268 },
	{ "github.com/metacubex/cpu", "github.com/metacubex/cpu v0.1.1", HWCAP_GO1268 },
	{ NULL, NULL, NULL, NULL },
};
