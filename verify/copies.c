/* copies.c — vf_known_copies (verify.h): data only.
 *
 * Each path ships bytes that deps/table.c lists as a linux/android defect
 * (cpu_arm64_hwcap.go, blob b6cc1f4d…: Go 1.26.8's, whose HWCap only the
 * runtime's own internal/cpu gets filled). Add a path here when a new one is
 * hashed into that table, with the module version it was hashed from. */
#include "compat.h"
#include "verify.h"

const char *const vf_known_copies[] = {
	"github.com/metacubex/utls/internal/cpu", /* github.com/metacubex/utls v1.8.7 */
	"github.com/metacubex/cpu",               /* github.com/metacubex/cpu v0.1.1 */
	NULL,
};
