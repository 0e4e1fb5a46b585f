/* cmd_report.c — `gowrap report [--log FILE] [--symcheck-json FILE]...
 * [--out FILE] [PATH...]`: its command line; the CI report itself is
 * report/'s (ci_report.h: what it reads, writes and exits with).
 *
 * Promise: 2 (usage) for an option without its FILE or one it does not
 * know; `--` ends the options; --log defaults to $GOWRAP_LOG, and an empty
 * one (an action input left empty) is no log. */
#include "compat.h"
#include "ci_report.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: gowrap report [--log FILE] [--symcheck-json FILE]... [--out FILE] [PATH...]\n"
	"  --log FILE            the shim's GOWRAP_LOG (default: $GOWRAP_LOG)\n"
	"  --symcheck-json FILE  a saved `symcheck --json` output (repeatable)\n"
	"  --out FILE            append the Markdown summary here\n"
	"                        (default: $GITHUB_STEP_SUMMARY, else stdout)\n"
	"  PATH...               files or bundles to check, as `symcheck PATH` does\n"
	"exit 0 nothing failed, 110 verification failed, 2 usage or an unreadable FILE\n";

/* -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, struct report_args *r, char **json, char **paths)
{
	static const char *const names[] = { "--log", "--out", "--symcheck-json" };
	int dashdash = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		int k = -1, got = 0;
		if (!dashdash && (!strcmp(a, "-h") || !strcmp(a, "--help")))
			return gw_usage(usage_text, 1);
		if (!dashdash && !strcmp(a, "--")) {
			dashdash = 1;
			continue;
		}
		for (int j = 0; !dashdash && j < 3 && !got; j++)
			if ((got = cli_opt_value(argc, argv, &i, names[j], &v)) != 0)
				k = j;
		if (got < 0)
			return gw_fail(GW_EXIT_USAGE, "gowrap report", "give it as `--option FILE`",
				       "%s has no FILE after it", a);
		if (k == 0)
			r->log = *v ? v : NULL; /* an action input left empty */
		else if (k == 1)
			r->out = v;
		else if (k == 2)
			json[r->njson++] = (char *)v;
		else if (!dashdash && a[0] == '-' && a[1] != '\0')
			return gw_fail(GW_EXIT_USAGE, "gowrap report", "run `gowrap report --help`",
				       "unknown option %s", a);
		else
			paths[r->npaths++] = argv[i];
	}
	return -1;
}

int cmd_report(int argc, char **argv)
{
	struct report_args r;
	memset(&r, 0, sizeof r);
	char **json = gw_xcalloc((size_t)argc + 1, sizeof *json);
	char **paths = gw_xcalloc((size_t)argc + 1, sizeof *paths);
	r.json = json;
	r.paths = paths;
	const char *envlog = getenv("GOWRAP_LOG");
	r.log = envlog && *envlog ? envlog : NULL;
	int rc = parse_args(argc, argv, &r, json, paths);
	if (rc < 0)
		rc = report_run(&r);
	free(json);
	free(paths);
	return rc;
}
