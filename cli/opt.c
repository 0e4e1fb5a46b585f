/* opt.c — cli_opt_value (cmds.h). */
#include "compat.h"
#include "cmds.h"

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
