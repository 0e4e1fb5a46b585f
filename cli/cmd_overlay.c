/* cmd_overlay.c — `gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json]
 *                 [--allow-modified] [--features darwin|crypto]
 *                 [--patches LIST [--no-cpu]]`: its command line; the answer
 * is overlay/'s (ovanswer.h: what it prints and exits with).
 *
 * Promise: --features names the feature set, else GOWRAP_FEATURES, else
 * darwin (an unknown --features is a usage error, exit 2; an unknown
 * GOWRAP_FEATURES is 115, the code the shim stops with too: it selects the
 * set through the environment it passes on); --patches defaults to
 * GOWRAP_PATCHES; GOWRAP_ALLOW_MODIFIED=1 is --allow-modified; the hidden
 * --shim-format asks for the shim's line reply. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "overlay.h"
#include "ovanswer.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* tests/cli.bats pins this line in two usage errors; --features has its own. */
static const char usage_fix[] =
	"usage: gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified]";
static const char features_fix[] =
	"use --features darwin (the default: macOS parity) or --features crypto (the four ARMv8.0 "
	"crypto bits only)";
static const char usage_text[] =
	"usage: gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified]\n"
	"                      [--features darwin|crypto] [--patches LIST [--no-cpu]]\n"
	"  --patches (default: $GOWRAP_PATCHES): your own GOROOT patches, applied exactly, in the\n"
	"  overlay too; --no-cpu: the patches alone, without the internal/cpu fix\n"
	"  --features (default: $GOWRAP_FEATURES, else darwin): darwin = this GOROOT's own darwin\n"
	"  detection for the iOS family, as macOS gets it; crypto = HasAES, HasPMULL, HasSHA1,\n"
	"  HasSHA2 asserted, nothing else\n";

/* Returns -1 to go on, else the exit code (usage error printed, or --help). */
static int parse_args(int argc, char **argv, struct ov_ask *a)
{
	const char *am = getenv("GOWRAP_ALLOW_MODIFIED"), *features = NULL;
	a->o.allow_modified = am && !strcmp(am, "1");
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		if (!strcmp(s, "--features") && i + 1 < argc)
			features = argv[++i];
		else if (!strncmp(s, "--features=", 11))
			features = s + 11;
		else if (!strcmp(s, "--json"))
			a->json = 1;
		else if (!strcmp(s, "--shim-format")) /* hidden: for the go shim */
			a->shim = 1;
		else if (!strcmp(s, "--allow-modified"))
			a->o.allow_modified = 1;
		else if (!strcmp(s, "--no-cpu"))
			a->no_cpu = 1;
		else if (cli_opt_value(argc, argv, &i, "--patches", &a->patches) > 0 ||
			 cli_opt_value(argc, argv, &i, "--goversion", &a->goversion) > 0)
			continue;
		else if (!strcmp(s, "--goroot") && i + 1 < argc)
			a->goroot = argv[++i];
		else if (!strncmp(s, "--goroot=", 9))
			a->goroot = s + 9;
		else if (!strcmp(s, "--gomodcache") && i + 1 < argc)
			a->gomodcache = argv[++i];
		else if (!strncmp(s, "--gomodcache=", 13))
			a->gomodcache = s + 13;
		else if (!strcmp(s, "--goroot") || !strcmp(s, "--gomodcache"))
			return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix, "%s needs a directory", s);
		else if (!strcmp(s, "--features"))
			return gw_fail(GW_EXIT_USAGE, "gowrap overlay", features_fix, "--features needs a value");
		else if (!strcmp(s, "-h") || !strcmp(s, "--help"))
			return gw_usage(usage_text, 1);
		else
			return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix, "unexpected argument %s",
				       s);
	}
	if (a->goroot && !*a->goroot)
		return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix, "--goroot is empty");
	const char *env = getenv("GOWRAP_PATCHES");
	if (!a->patches && env && *env)
		a->patches = env;
	if (a->no_cpu && !a->patches)
		return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix, "--no-cpu needs --patches");
	/* The flag wins over the environment the shim passes on. */
	struct gw_err e = { 0 };
	if (features && ov_features_parse(features, &a->o.features) < 0)
		return gw_fail(GW_EXIT_USAGE, "gowrap overlay", features_fix,
			       "--features %.64s names no feature set", features);
	if (!features && ov_features_from_env(&a->o.features, &e) < 0)
		return gw_err_print(&e);
	return -1;
}

int cmd_overlay(int argc, char **argv)
{
	struct ov_ask a = { 0 };
	int code = parse_args(argc, argv, &a);
	if (code >= 0)
		return code;
	return ov_answer(&a);
}
