/* proto_merge.c — see proto_merge.h. */
#include "compat.h"
#include "proto_merge.h"
#include "proto_overlay.h"
#include "exitcodes.h"
#include "runcmd.h"

#include <errno.h>
#include <string.h>

int gw_merge_read(int code, struct sb *out, struct sb *err, struct gw_err *e)
{
	if (code != 0) {
		/* The CLI's refusal, with its code and its own line. */
		gw_err_relay(e, code, sb_first_line(err), "gowrap merge-overlay failed",
			     "run it by hand and report what it says");
		sb_reset(out);
		return -1;
	}
	/* Exactly one line: an absolute path. */
	if (out->len < 2 || out->buf[0] != '/' || out->buf[out->len - 1] != '\n' ||
	    memchr(out->buf, '\n', out->len - 1) || memchr(out->buf, '\0', out->len)) {
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap merge-overlay answered nonsense",
			   "check that GOWRAP_BIN is the gowrap installed with this shim",
			   "expected one absolute path on stdout");
		sb_reset(out);
		return -1;
	}
	out->buf[--out->len] = '\0';
	return 0;
}

int gw_merge_ask(const char *gowrap, const char *cache, const char *ours, const char *theirs,
		 const char *effdir, struct sb *out, struct gw_err *e)
{
	char *argv[] = { (char *)gowrap, "merge-overlay", "--dir", (char *)effdir,
			 "--ours", (char *)ours, "--cache", (char *)cache, "--",
			 (char *)theirs, NULL };
	struct sb err = SB_INIT;
	sb_reset(out);
	int rc = gw_cli_run(argv, out, &err, e);
	if (rc >= 0)
		rc = gw_merge_read(rc, out, &err, e);
	else
		sb_reset(out);
	sb_release(&err);
	return rc;
}

void gw_merge_answer(const char *merged_path)
{
	struct sb s = SB_INIT;
	sb_addf(&s, "%s\n", merged_path);
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}
