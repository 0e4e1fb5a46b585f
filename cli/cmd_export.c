/* cmd_export.c — `gowrap export-patch [--features darwin|crypto] [--no-cpu]
 *                [--patches LIST] [--goroot DIR] [-o FILE]`.
 *
 * Its command line; the export is overlay/'s (ovexport.h). What it writes:
 * gowrap's own internal/cpu fix for the GOROOT in use (the
 * feature set --features names, else GOWRAP_FEATURES, else darwin) — and,
 * with --patches, the user's patches and their markers, as applied through
 * the shim — as one -p1 diff against that GOROOT's bytes, for builds the
 * shim never sees: Bazel's rules_go (`go_sdk.download(patches = [...],
 * patch_strip = 1)`) and Makefiles that copy GOROOT and `patch -p1` it. The
 * diff is exact: made by libgit2 from the GOROOT's bytes and the overlay's
 * (patch/gitdiff.c), files in path order, each with its `index` line, so
 * `patch -p1 --fuzz=0`, `git apply` and Bazel's patch apply it with no fuzz,
 * and it holds nothing path- or host-dependent. Exit 0; the overlay's and
 * the patches' own codes (108, 116, ...) when they refuse. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "ovexport.h"
#include "report.h"

#include <string.h>

static const char usage_fix[] =
	"usage: gowrap export-patch [--features darwin|crypto] [--no-cpu] [--patches LIST] [--goroot DIR] [-o FILE]";

static int parse(int argc, char **argv, struct ov_export *a)
{
	for (int i = 1; i < argc; i++) {
		int r;
		if (!strcmp(argv[i], "--no-cpu"))
			a->no_cpu = 1;
		else if ((r = cli_opt_value(argc, argv, &i, "--features", &a->features)) ||
			 (r = cli_opt_value(argc, argv, &i, "--patches", &a->patches)) ||
			 (r = cli_opt_value(argc, argv, &i, "--goroot", &a->goroot)) ||
			 (r = cli_opt_value(argc, argv, &i, "-o", &a->out))) {
			if (r < 0)
				return gw_fail(GW_EXIT_USAGE, "gowrap export-patch", usage_fix, "%s needs a value",
					       argv[i]);
		} else {
			return gw_fail(GW_EXIT_USAGE, "gowrap export-patch", usage_fix, "unexpected argument %s",
				       argv[i]);
		}
	}
	if (a->no_cpu && !a->patches)
		return gw_fail(GW_EXIT_USAGE, "gowrap export-patch", usage_fix,
			       "--no-cpu exports nothing without --patches");
	return -1;
}

int cmd_export_patch(int argc, char **argv)
{
	struct ov_export a = { 0 };
	int code = parse(argc, argv, &a);
	if (code >= 0)
		return code;
	return ov_export(&a);
}
