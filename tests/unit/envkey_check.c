/* envkey_check — drives gocmd/envkey.h for tests/unit.bats.
 *   envkey_check NAME[=value]...  one line "keyed ARG" or "not ARG" each, as
 *                                 gw_env_keys_memo judges it;
 *   envkey_check                  the key lines gw_key_env makes of this
 *                                 process's environment;
 *   envkey_check --memos DIR      the env lines of both memos' keys for a
 *                                 build in DIR: "shim LINE" (shim/memo.h),
 *                                 then "deps LINE" (deps/memo.h). */
#include "compat.h"
#include "envkey.h"
#include "strbuf.h"
#include "../../shim/memo.h" /* two modules' memo.h: named by path */
#include "../../deps/memo.h"

#include <stdio.h>
#include <string.h>

/* The "env\t" lines of key, each prefixed with who. */
static void env_lines(const char *who, const char *key)
{
	for (const char *p = key; *p;) {
		size_t n = strcspn(p, "\n");
		if (strncmp(p, "env\t", 4) == 0)
			printf("%s %.*s\n", who, (int)n, p);
		p += n + (p[n] == '\n');
	}
}

static int memos(const char *dir)
{
	struct sb k = SB_INIT;
	if (shim_memo_key(&k, "/bin/sh", "/bin/sh", dir) < 0)
		return 1;
	env_lines("shim", k.buf);
	sb_reset(&k);
	char *none[] = { NULL };
	struct dp_build b = { .realgo = "/bin/sh", .effdir = dir, .cache = dir, .sub = "build",
			      .family = DP_FAM_LINUX, .listflags = none, .pkgs = none };
	dp_memo_key(&b, &k);
	env_lines("deps", k.buf);
	sb_release(&k);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--memos") == 0)
		return memos(argv[2]);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			printf("%s %s\n", gw_env_keys_memo(argv[i]) ? "keyed" : "not", argv[i]);
		return 0;
	}
	struct sb k = SB_INIT;
	gw_key_env(&k);
	fputs(k.buf, stdout);
	sb_release(&k);
	return 0;
}
