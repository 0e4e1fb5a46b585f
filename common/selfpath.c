/* selfpath.c — see selfpath.h. */
#include "compat.h"
#include "selfpath.h"
#include "fsutil.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gw_self_exe(struct sb *out)
{
	char raw[PATH_MAX], res[PATH_MAX];
	if (gw_exe_path(raw, sizeof raw) < 0)
		return -1;
	if (!realpath(raw, res))
		return -1;
	sb_adds(out, res);
	return 0;
}

int gw_self_stat(struct stat *st)
{
	char raw[PATH_MAX];
	if (gw_exe_path(raw, sizeof raw) < 0)
		return -1;
	return stat(raw, st);
}

int gw_shim_dir(struct sb *out)
{
	struct sb self = SB_INIT, cand = SB_INIT;
	int rc = -1;
	if (gw_self_exe(&self) < 0)
		goto done;
	char *slash = strrchr(self.buf, '/');
	if (!slash)
		goto done;
	*slash = '\0';
	static const char *const rel[] = { "shim", "../libexec/gowrap" };
	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		sb_reset(&cand);
		gw_path_join(&cand, self.buf, rel[i]);
		sb_adds(&cand, "/go");
		if (gw_is_executable(cand.buf)) {
			char res[PATH_MAX];
			cand.len -= 3;
			cand.buf[cand.len] = '\0';
			if (!realpath(cand.buf, res))
				goto done;
			sb_adds(out, res);
			rc = 0;
			break;
		}
	}
done:
	sb_release(&self);
	sb_release(&cand);
	return rc;
}
