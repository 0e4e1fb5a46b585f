/* opt.c — cli_opt_value and cli_unknown_option (cmds.h). */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"

#include <stdio.h>

#include <string.h>

int cli_opt_value(int argc, char **argv, int *i, const char *name, const char **v)
{
	size_t n = strlen(name);
	if (strncmp(argv[*i], name, n) != 0)
		return 0;
	if (argv[*i][n] == '=') {
		*v = argv[*i] + n + 1;
		return 1;
	}
	if (argv[*i][n] != '\0')
		return 0;
	if (*i + 1 >= argc)
		return -1;
	*v = argv[++*i];
	return 1;
}

int cli_unknown_option(const char *cmd, const char *arg)
{
	char what[128], fix[160];
	snprintf(what, sizeof what, "gowrap %s", cmd);
	snprintf(fix, sizeof fix, "run `gowrap %s --help`", cmd);
	return gw_fail(GW_EXIT_USAGE, what, fix, "unknown option %s", arg);
}
