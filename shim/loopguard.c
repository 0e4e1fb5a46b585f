/* loopguard.c — see loopguard.h. */
#include "compat.h"
#include "loopguard.h"
#include "exitcodes.h"
#include "hash.h"
#include "strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VAR "GOWRAP_SHIM_LOOP"

int shim_loop_check(const char *realgo, int argc, char **argv, struct gw_err *e)
{
	struct sb s = SB_INIT;
	char cwd[PATH_MAX], hex[65];
	sb_adds(&s, realgo);
	for (int i = 1; i < argc; i++) {
		sb_addc(&s, '\0');
		sb_adds(&s, argv[i]);
	}
	sb_addc(&s, '\0');
	sb_adds(&s, getcwd(cwd, sizeof cwd) ? cwd : "?");
	gw_sha256_hex(s.buf, s.len, hex);
	hex[16] = '\0';
	sb_release(&s);

	long depth = 0;
	const char *v = getenv(VAR);
	if (v && *v) {
		char *end;
		depth = strtol(v, &end, 10);
		if (*end != ':' || depth < 0 || depth > SHIM_MAX_DEPTH)
			depth = 0; /* not ours: start over */
		else if (strcmp(end + 1, hex) == 0)
			return gw_err_set(e, GW_EXIT_SHIM_LOOP, "the shim runs itself",
					  "point GOWRAP_GO (or the go on PATH after the shim) at the real go, not at a wrapper that runs `go` again",
					  "%s ran the same go command again (same arguments, same directory) under the shim",
					  realgo);
	}
	if (depth >= SHIM_MAX_DEPTH)
		return gw_err_set(e, GW_EXIT_SHIM_LOOP, "the shim runs itself",
				  "point GOWRAP_GO (or the go on PATH after the shim) at the real go, not at a wrapper that runs `go` again",
				  "%d go calls nested under the shim (through %s)", SHIM_MAX_DEPTH, realgo);
	char val[96];
	snprintf(val, sizeof val, "%ld:%s", depth + 1, hex);
	setenv(VAR, val, 1);
	return 0;
}
