/* gosetting.c — see gosetting.h. */
#include "compat.h"
#include "gosetting.h"
#include "fsutil.h"
#include "strbuf.h"
#include "target.h"

#include <stdlib.h>
#include <string.h>

/* The last NAME=value line of an env file (cfg.readEnvFile), or NULL. */
static char *file_value(const char *path, const char *name)
{
	struct sb b = SB_INIT;
	char *got = NULL;
	size_t n = strlen(name);
	if (sb_read_file(&b, path, 1u << 20) < 0)
		return NULL;
	for (char *line = b.buf; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (strncmp(line, name, n) == 0 && line[n] == '=') {
			free(got);
			got = gw_xstrdup(line + n + 1);
		}
		line = nl ? nl + 1 : NULL;
	}
	sb_release(&b);
	return got;
}

char *shim_go_setting(const char *realgo, const char *name)
{
	const char *v = getenv(name);
	if (v && *v)
		return gw_xstrdup(v);
	struct sb f = SB_INIT;
	char *got = NULL;
	if (shim_goenv_file(&f) == 0)
		got = file_value(f.buf, name);
	if (!got) {
		sb_reset(&f);
		shim_goroot_env_file(realgo, &f);
		if (f.len)
			got = file_value(f.buf, name);
	}
	sb_release(&f);
	return got ? got : gw_xstrdup("");
}
