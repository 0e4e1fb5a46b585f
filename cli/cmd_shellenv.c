/* placeholder until implemented */
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
int cmd_shellenv(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return gw_fail(GW_EXIT_INTERNAL, "gowrap shellenv", "", "not implemented yet");
}
