/* main.c — the `gowrap` command: dispatches to one subcommand per file,
 * through the one command table (cmds.h). The `go` shim is a separate,
 * lighter program (shim/gowrap.c). */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "strbuf.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *synopsis; /* NULL: hidden */
	const char *summary;
};

#define GW_CMD_ROW(name, fn, synopsis, summary) { name, fn, synopsis, summary },
static const struct cmd cmds[] = { GW_CMDS(GW_CMD_ROW) };
#undef GW_CMD_ROW

int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("gowrap %s\n", GOWRAP_VERSION);
	return 0;
}

static int usage(int asked)
{
	struct sb s = SB_INIT;
	sb_adds(&s, "usage: gowrap <command> [arguments]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (cmds[i].synopsis)
			sb_addf(&s, "  %-33s %s\n", cmds[i].synopsis, cmds[i].summary);
	sb_adds(&s, "\nThe shim itself is installed as `go` (see README); symcheck verifies built Mach-O "
		    "and ELF files.\n");
	int rc = gw_usage(s.buf, asked);
	sb_release(&s);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
		return usage(argc >= 2);
	const char *c = !strcmp(argv[1], "--version") ? "version" : argv[1];
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(c, cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	return gw_fail(GW_EXIT_USAGE, "unknown command", "run `gowrap help` for the list",
		       "%s is not a gowrap command", c);
}
