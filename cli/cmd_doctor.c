/* cmd_doctor.c — `gowrap doctor [--json] [--go PATH]`: reads the command
 * line; the findings are doctor/'s (doctor.h). */
#include "compat.h"
#include "cmds.h"
#include "doctor.h"
#include "exitcodes.h"
#include "report.h"

#include <string.h>

int cmd_doctor(int argc, char **argv)
{
	int json = 0;
	const char *go = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (cli_opt_value(argc, argv, &i, "--go", &go) != 1)
			return gw_fail(GW_EXIT_USAGE, "gowrap doctor", "use `gowrap doctor [--json] [--go PATH]`",
				       "unknown argument %s", argv[i]);
	}
	return dr_doctor(json, go);
}
