/* envkey.c — see envkey.h. */
#include "compat.h"
#include "envkey.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

/* Does kv name the variable `name` ("NAME" or "NAME=...")?  A name ending
 * in '_' is a prefix (GOWRAP_INNER_). */
static int names(const char *kv, const char *name)
{
	size_t n = strlen(name);
	if (strncmp(kv, name, n) != 0)
		return 0;
	return name[n - 1] == '_' || kv[n] == '\0' || kv[n] == '=';
}

int gw_env_keys_memo(const char *kv)
{
	static const char *const skip[] = {
		"GOCACHE", "GOCACHEPROG", "GOTMPDIR", "GOMAXPROCS",
		"GOWRAP_CACHE", "GOWRAP_LOG", "GOWRAP_VERIFY", "GOWRAP_SHIM_LOOP",
		"GOWRAP_DEPS_STATE", "GOWRAP_DEPS_FAMILY", "GOWRAP_TOOLEXEC_NEXT", "GOWRAP_INNER_",
		NULL,
	};
	static const char *const also[] = { "CC", "CXX", "PATH", "HOME", "XDG_CONFIG_HOME", NULL };
	for (int i = 0; skip[i]; i++)
		if (names(kv, skip[i]))
			return 0;
	if (strncmp(kv, "GO", 2) == 0 || strncmp(kv, "CGO_", 4) == 0)
		return 1;
	for (int i = 0; also[i]; i++)
		if (names(kv, also[i]))
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void gw_key_env(struct sb *key)
{
	size_t n = 0;
	for (char **e = environ; e && *e; e++)
		n += gw_env_keys_memo(*e) && strchr(*e, '=');
	char **v = gw_xcalloc(n + 1, sizeof *v);
	size_t j = 0;
	for (char **e = environ; e && *e && j < n; e++)
		if (gw_env_keys_memo(*e) && strchr(*e, '='))
			v[j++] = *e;
	qsort(v, j, sizeof *v, cmp_str);
	for (size_t i = 0; i < j; i++) {
		sb_adds(key, "env\t");
		for (const char *c = v[i]; *c; c++) {
			if (*c == '\\' || *c == '\n' || *c == '\t') {
				sb_addc(key, '\\');
				sb_addc(key, *c == '\n' ? 'n' : *c == '\t' ? 't' : '\\');
			} else {
				sb_addc(key, *c);
			}
		}
		sb_addc(key, '\n');
	}
	free(v);
}
