/* target.c — see target.h. */
#include "compat.h"
#include "target.h"
#include "deps.h"
#include "table.h"

#include <string.h>

const char *shim_target(const char *sub, const char *goos, const char *goarch, int ios_tag,
			struct shim_target *t)
{
	t->ios = t->family = 0;
	/* dp_ios_family: the one rule for an iOS-family GOOS (deps.h); the
	 * family needs arm64 besides (dp_family). */
	int ios = strcmp(goarch, "arm64") == 0 && dp_ios_family(goos, ios_tag);
	int family = dp_family(goos, goarch, ios);
	if ((family & (DP_FAM_LINUX | DP_FAM_ANDROID)) && strcmp(sub, "list") == 0)
		family = 0; /* list compiles nothing: only the overlay matters to it */
	if (!family && strcmp(goarch, "arm64") != 0)
		return SHIM_NO_FIX_ARCH;
	if (!family)
		return ios_tag && !ios ? "the ios tag outside darwin: not an iOS-family target"
				       : "not an iOS-family target (GOOS is not ios, no ios tag)";
	t->ios = ios;
	t->family = family;
	return NULL;
}
