/* cmd_shellenv.c — `gowrap shellenv`: the one line to eval so that the go shim
 * comes first on PATH (like `brew shellenv`). Prints for POSIX shells, or fish
 * when $SHELL ends in fish or --fish is given. Quoting is single-quote safe. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "selfpath.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sq(struct sb *o, const char *s)
{
	sb_addc(o, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sb_adds(o, "'\\''");
		else
			sb_addc(o, *s);
	}
	sb_addc(o, '\'');
}

int cmd_shellenv(int argc, char **argv)
{
	int fish = 0;
	const char *sh = getenv("SHELL");
	if (sh && strlen(sh) >= 4 && !strcmp(sh + strlen(sh) - 4, "fish"))
		fish = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fish"))
			fish = 1;
		else if (!strcmp(argv[i], "--sh"))
			fish = 0;
		else
			return gw_fail(GW_EXIT_USAGE, "gowrap shellenv", "use `gowrap shellenv [--sh|--fish]`",
				       "unknown argument %s", argv[i]);
	}
	struct sb dir = SB_INIT, line = SB_INIT;
	if (gw_shim_dir(&dir) < 0)
		return gw_fail(GW_EXIT_INTERNAL, "cannot find the go shim",
			       "run `make` (build tree) or `make install` again",
			       "no executable shim/go or ../libexec/gowrap/go beside this gowrap");
	if (fish) {
		sb_adds(&line, "set -gx PATH ");
		sq(&line, dir.buf);
		sb_adds(&line, " $PATH\n");
	} else {
		/* Dropping an earlier copy keeps repeated evals from growing PATH. */
		sb_adds(&line, "export PATH=");
		sq(&line, dir.buf);
		sb_adds(&line, "\"$(printf %s \":$PATH:\" | sed -e 's|:");
		sb_adds(&line, dir.buf);
		sb_adds(&line, ":|:|g' -e 's|:$||')\"\n");
	}
	fputs(line.buf, stdout);
	sb_release(&dir);
	sb_release(&line);
	return 0;
}
