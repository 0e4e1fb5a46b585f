/* main.c — the `gowrap` command: dispatches to one subcommand per file,
 * through the one command table (cmds.h). The `go` shim is a separate,
 * lighter program (shim/gowrap.c).
 *
 * Before a visible command runs, its arguments are read against its row:
 * -h or --help anywhere before `--` prints the row's help (stdout, exit 0),
 * and an option the row does not name is refused here, one line naming it
 * (exit 2), so no command accepts an option its help and manual lack.
 * A row marked GW_GOFLAGS passes the options it does not name on to go. */
#include "compat.h"
#include "cmds.h"
#include "cmdrefs.h"
#include "exitcodes.h"
#include "report.h"
#include "strbuf.h"
#include "usage.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

#define GW_CMD_FN(name, fn, opts, ex, synopsis, summary, env, exits, flags) fn,
static int (*const fns[])(int, char **) = { GW_CMDS(GW_CMD_FN) };
#undef GW_CMD_FN

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
	for (size_t i = 0; i < GW_NCMDS; i++)
		if (gw_cmdrefs[i].synopsis)
			sb_addf(&s, "  %-14s %s\n", gw_cmdnames[i], gw_cmdrefs[i].summary);
	sb_adds(&s, "\n`gowrap help COMMAND` (or `gowrap COMMAND --help`) shows a command's options; its manual "
		    "page is gowrap-COMMAND(1).\nThe shim itself is installed as `go`; symcheck(1) verifies "
		    "built Mach-O and ELF files.\n");
	int rc = gw_usage(s.buf, asked);
	sb_release(&s);
	return rc;
}

static int help_of(size_t i)
{
	struct sb s = SB_INIT;
	gw_help(&s, &gw_cmdrefs[i]);
	int rc = gw_usage(s.buf, 1);
	sb_release(&s);
	return rc;
}

/* argv of command i against its row: -1 to run it, else the exit status
 * (help printed, or an unknown option refused). */
static int check_args(size_t i, int argc, char **argv)
{
	const struct gw_cmdref *r = &gw_cmdrefs[i];
	if (!r->synopsis)
		return -1; /* hidden: the shim's own call, read by the command alone */
	int unknown = 0;
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		int inl = 0;
		if (!strcmp(a, "--"))
			break;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return help_of(i);
		if (a[0] != '-' || !a[1])
			continue;
		const struct gw_opt *o = gw_opt_find(r, a, &inl);
		if (o && o->arg[0] && !inl)
			k++; /* its value, whatever it looks like */
		else if (!o && !gw_cmdgoflags[i] && !unknown)
			unknown = k; /* refused after the look for --help */
	}
	if (unknown)
		return cli_unknown_option(gw_cmdnames[i], argv[unknown]);
	return -1;
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
		return usage(argc >= 2);
	const char *c = !strcmp(argv[1], "--version") ? "version" : argv[1];
	int help = !strcmp(c, "help");
	if (help && argc == 2)
		return usage(1);
	if (help)
		c = argv[2];
	for (size_t i = 0; i < GW_NCMDS; i++) {
		if (strcmp(c, gw_cmdnames[i]) != 0)
			continue;
		if (help)
			return gw_cmdrefs[i].synopsis ? help_of(i) : usage(1);
		int rc = check_args(i, argc - 1, argv + 1);
		return rc >= 0 ? rc : fns[i](argc - 1, argv + 1);
	}
	return gw_fail(GW_EXIT_USAGE, "unknown command", "run `gowrap help` for the list",
		       "%s is not a gowrap command", c);
}
