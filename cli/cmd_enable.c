/* cmd_enable.c — `gowrap enable [--dry-run] [--bin DIR]...`: reads the
 * command line; the work is enable/'s (enable.h: the go env file, the
 * launchers, the state, the check before and the proof after). */
#include "compat.h"
#include "cmds.h"
#include "enable.h"
#include "exitcodes.h"
#include "report.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

int cmd_enable(int argc, char **argv)
{
	char **bins = NULL;
	size_t nbins = 0;
	int dry_run = 0, rc = -1;
	for (int i = 1; i < argc && rc < 0; i++) {
		const char *v;
		if (!strcmp(argv[i], "--dry-run")) {
			dry_run = 1;
			continue;
		}
		int r = cli_opt_value(argc, argv, &i, "--bin", &v);
		if (r != 1 || v[0] != '/')
			rc = gw_fail(GW_EXIT_USAGE, "gowrap enable", "use `gowrap enable [--dry-run] [--bin /ABS/DIR]...`",
				     "%s %s", r == 1 ? "not an absolute directory:" : "unknown argument",
				     r == 1 ? v : argv[i]);
		else
			gw_strv_add(&bins, &nbins, v);
	}
	if (rc < 0)
		rc = en_enable(bins, nbins, dry_run);
	for (size_t i = 0; i < nbins; i++)
		free(bins[i]);
	free(bins);
	return rc;
}
