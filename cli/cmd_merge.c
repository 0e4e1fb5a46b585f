/* cmd_merge.c — hidden `gowrap merge-overlay --dir DIR --ours OURS.json
 *                [--cache DIR] [--] CALLER.json`, run by the go shim.
 *
 * Promise: its command line; the merge is overlay/'s (ovmerge.h: what is
 * merged, where it is kept and what each refusal exits with) and the answer
 * proto/proto_merge.h's (both sides of this protocol). 2 (usage) unless
 * --dir and --ours are absolute, --cache (default: gowrap's cache) too, and
 * one caller overlay is given. Errors are one line on stderr. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "ovmerge.h"
#include "proto_merge.h"
#include "report.h"
#include "strbuf.h"

#include <string.h>

static const char usage_fix[] = GW_MERGE_USAGE;

int cmd_merge_overlay(int argc, char **argv)
{
	const char *dir = NULL, *ours = NULL, *cache = NULL, *theirs = NULL;
	int i = 1;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-')
			break;
		if (i + 1 >= argc)
			return gw_fail(GW_EXIT_USAGE, "gowrap merge-overlay", usage_fix,
				       "%s needs a value", a);
		if (!strcmp(a, "--dir"))
			dir = argv[++i];
		else if (!strcmp(a, "--ours"))
			ours = argv[++i];
		else if (!strcmp(a, "--cache"))
			cache = argv[++i];
		else
			return gw_fail(GW_EXIT_USAGE, "gowrap merge-overlay", usage_fix,
				       "unexpected argument %s", a);
	}
	if (i + 1 == argc)
		theirs = argv[i];
	if (!dir || dir[0] != '/' || !ours || ours[0] != '/' || !theirs || !theirs[0] ||
	    (cache && cache[0] != '/'))
		return gw_fail(GW_EXIT_USAGE, "gowrap merge-overlay", usage_fix,
			       "--dir and --ours must be absolute and one caller overlay given");

	struct gw_err e = { 0 };
	struct sb cdir = SB_INIT, out = SB_INIT;
	int code = 0;
	if (!cache) {
		if (gw_cache_dir(&cdir, &e) < 0) {
			code = gw_err_print(&e);
			goto done;
		}
		cache = cdir.buf;
	}
	if (ov_merge(cache, ours, theirs, dir, &out, &e) < 0) {
		code = gw_err_print(&e);
		goto done;
	}
	gw_merge_answer(out.buf);
done:
	sb_release(&cdir);
	sb_release(&out);
	return code;
}
