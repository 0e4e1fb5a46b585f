/* main.c — the `gowrap` command: dispatches to one subcommand per file.
 * The `go` shim is a separate, lighter program (shim/gowrap.c). */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: gowrap <command> [arguments]\n"
	"\n"
	"commands:\n"
	"  overlay [--goroot DIR] [--json]   path of the internal/cpu overlay for this toolchain\n"
	"  toolchain install goX.Y.Z         make a real GOROOT (~/sdk/goX.Y.Z) from the toolchain module\n"
	"  doctor [--json]                   explain the go -> GOROOT -> overlay chain here\n"
	"  audit [--json] [flags] [packages] CPU-feature packages in the build and their verdicts\n"
	"  report [--log F] [PATH...]        Markdown summary of GOWRAP_LOG and checked files (CI)\n"
	"  export-patch [--patches LIST] [-o F] gowrap's fix (and your patches) as one exact -p1 diff\n"
	"  refresh-patch PATCH -o OUT        re-make a patch that needs fuzz as an exact one, for review\n"
	"  shellenv                          print the line that puts the go shim first on PATH\n"
	"  version                           print gowrap's version\n"
	"\n"
	"The shim itself is installed as `go` (see README); symcheck verifies built Mach-O files.\n";

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		return gw_usage(usage, argc >= 2);
	}
	const char *c = argv[1];
	if (!strcmp(c, "overlay"))
		return cmd_overlay(argc - 1, argv + 1);
	if (!strcmp(c, "toolchain"))
		return cmd_toolchain(argc - 1, argv + 1);
	if (!strcmp(c, "doctor"))
		return cmd_doctor(argc - 1, argv + 1);
	if (!strcmp(c, "audit"))
		return cmd_audit(argc - 1, argv + 1);
	if (!strcmp(c, "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(c, "export-patch"))
		return cmd_export_patch(argc - 1, argv + 1);
	if (!strcmp(c, "refresh-patch"))
		return cmd_refresh_patch(argc - 1, argv + 1);
	if (!strcmp(c, "shellenv"))
		return cmd_shellenv(argc - 1, argv + 1);
	/* hidden: the go shim's merge of a caller's -overlay (cmd_merge.c) */
	if (!strcmp(c, "merge-overlay"))
		return cmd_merge_overlay(argc - 1, argv + 1);
	if (!strcmp(c, "version") || !strcmp(c, "--version")) {
		printf("gowrap %s\n", GOWRAP_VERSION);
		return 0;
	}
	return gw_fail(GW_EXIT_USAGE, "unknown command", "run `gowrap help` for the list",
		       "%s is not a gowrap command", c);
}
