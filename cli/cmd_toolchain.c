/* cmd_toolchain.c — `gowrap toolchain install goX.Y.Z [--sdk DIR] [--bin DIR]`.
 *
 * Promise: stdout carries exactly one line on success, the launcher's absolute
 * path (so `PATH=$(dirname "$(gowrap toolchain install go1.27.3)"):$PATH`
 * works); everything else goes to stderr. Exit 0 on success (also when the
 * SDK was already installed), GW_EXIT_USAGE for a bad command line or version
 * string, GW_EXIT_TOOLCHAIN for every other failure. The steps live in
 * toolchain/ (see toolchain.h).
 *
 * `gowrap toolchain hash DIR MODULE@VERSION` is a helper for tests and for
 * checking an SDK by hand: it prints the go.sum hash (h1:) DIR would have as
 * the extracted zip of MODULE@VERSION. Not in the usage text on purpose. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "toolchain.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: gowrap toolchain install goX.Y.Z [--sdk DIR] [--bin DIR]\n"
	"\n"
	"Makes a real GOROOT for Go release goX.Y.Z in DIR/goX.Y.Z (default ~/sdk/goX.Y.Z,\n"
	"as golang.org/dl does) from the golang.org/toolchain module (the module cache's\n"
	"copy, or one `go mod download` fetches through GOPROXY), checked against the\n"
	"module's go.sum hash, and a goX.Y.Z launcher in --bin DIR (default $GOBIN, else\n"
	"$(go env GOPATH)/bin). With that directory on PATH, a GOTOOLCHAIN switch to goX.Y.Z\n"
	"runs this GOROOT instead of the module cache's, so -overlay works there.\n"
	"Prints the launcher's path.\n";

static int usage_error(const char *why)
{
	gw_fail(GW_EXIT_USAGE, "gowrap toolchain", "see `gowrap toolchain --help`", "%s", why);
	return GW_EXIT_USAGE;
}

static int cmd_install(int argc, char **argv)
{
	struct tc_install_opts o = { NULL, NULL, NULL };
	for (int i = 1; i < argc; i++) {
		const char *v = NULL;
		if (cli_opt_value(argc, argv, &i, "--sdk", &v) != 0) {
			if (!v || !*v)
				return usage_error("--sdk needs a directory");
			o.sdk = v;
		} else if (cli_opt_value(argc, argv, &i, "--bin", &v) != 0) {
			if (!v || !*v)
				return usage_error("--bin needs a directory");
			o.bin = v;
		} else if (argv[i][0] == '-') {
			char why[256];
			snprintf(why, sizeof why, "unknown flag %.200s", argv[i]);
			return usage_error(why);
		} else if (o.version) {
			return usage_error("install takes one version");
		} else {
			o.version = argv[i];
		}
	}
	if (!o.version)
		return usage_error("missing the version, e.g. go1.27.3");
	struct gw_err e;
	memset(&e, 0, sizeof e);
	if (tc_version_check(o.version, &e) < 0)
		return gw_err_print(&e);
	struct sb launcher = SB_INIT;
	int rc = tc_install(&o, &launcher, &e);
	if (rc == 0)
		printf("%s\n", launcher.buf);
	sb_release(&launcher);
	return rc == 0 ? 0 : gw_err_print(&e);
}

static int cmd_hash(int argc, char **argv)
{
	if (argc != 3)
		return usage_error("usage: gowrap toolchain hash DIR MODULE@VERSION");
	struct gw_err e;
	struct sb h = SB_INIT;
	memset(&e, 0, sizeof e);
	int rc = tc_dirhash_h1(argv[1], argv[2], &h, &e);
	if (rc == 0)
		printf("%s\n", h.buf);
	sb_release(&h);
	return rc == 0 ? 0 : gw_err_print(&e);
}

int cmd_toolchain(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
		return gw_usage(usage, argc >= 2);
	if (!strcmp(argv[1], "install"))
		return cmd_install(argc - 1, argv + 1);
	if (!strcmp(argv[1], "hash"))
		return cmd_hash(argc - 1, argv + 1);
	return usage_error("unknown toolchain subcommand (want install)");
}
