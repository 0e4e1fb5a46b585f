/* cmd_refresh.c — `gowrap refresh-patch PATCH -o OUT [--fuzz N] [--goroot DIR]`:
 * its command line; the refresh is patch/'s (refresh.h: what it runs,
 * prints, writes and exits with).
 *
 * Promise: 2 (usage) without a PATCH and -o OUT, for an argument it does not
 * know, or a --fuzz that is not one digit; --fuzz defaults to 2 (GNU
 * patch's own default). */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "refresh.h"
#include "report.h"

#include <string.h>

static const char usage_fix[] = "usage: gowrap refresh-patch PATCH -o OUT [--fuzz N] [--goroot DIR]";

struct refresh {
	const char *patch, *out, *fuzz, *goroot;
};

static int parse(int argc, char **argv, struct refresh *r)
{
	for (int i = 1; i < argc; i++) {
		int k;
		if ((k = cli_opt_value(argc, argv, &i, "-o", &r->out)) ||
		    (k = cli_opt_value(argc, argv, &i, "--fuzz", &r->fuzz)) ||
		    (k = cli_opt_value(argc, argv, &i, "--goroot", &r->goroot))) {
			if (k < 0)
				return gw_fail(GW_EXIT_USAGE, "gowrap refresh-patch", usage_fix, "%s needs a value",
					       argv[i]);
		} else if (argv[i][0] != '-' && !r->patch) {
			r->patch = argv[i];
		} else {
			return gw_fail(GW_EXIT_USAGE, "gowrap refresh-patch", usage_fix, "unexpected argument %s",
				       argv[i]);
		}
	}
	if (!r->patch || !r->out)
		return gw_fail(GW_EXIT_USAGE, "gowrap refresh-patch", usage_fix, "a PATCH and -o OUT are needed");
	if (!r->fuzz)
		r->fuzz = "2";
	if (strspn(r->fuzz, "0123456789") != strlen(r->fuzz) || strlen(r->fuzz) != 1)
		return gw_fail(GW_EXIT_USAGE, "gowrap refresh-patch", usage_fix, "--fuzz takes 0..9");
	return -1;
}

int cmd_refresh_patch(int argc, char **argv)
{
	struct refresh r = { 0 };
	int code = parse(argc, argv, &r);
	if (code >= 0)
		return code;
	return pt_refresh(r.patch, r.out, r.fuzz, r.goroot);
}
