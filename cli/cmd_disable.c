/* cmd_disable.c — `gowrap disable`: reads the command line (it takes no
 * arguments); the work is enable/'s (enable.h: en_disable). */
#include "compat.h"
#include "cmds.h"
#include "enable.h"
#include "exitcodes.h"
#include "report.h"

int cmd_disable(int argc, char **argv)
{
	if (argc > 1)
		return gw_fail(GW_EXIT_USAGE, "gowrap disable", "use `gowrap disable`", "unexpected argument %s",
			       argv[1]);
	return en_disable();
}
