/* darwin.c — see darwin.h. */
#include "compat.h"
#include "darwin.h"
#include "exitcodes.h"
#include "feature_sets.h"
#include "render.h"

#include <string.h>

static const char osinit_open[] = "\nfunc osInit() {\n";

/* The marker call goes first in osInit, so a verifier finding the marker
 * knows this osInit ran in the binary (it cannot be dead code on its own). */
static int add_marker_call(const struct sb *src, struct sb *out, struct gw_err *e)
{
	const char *at = strstr(src->buf, osinit_open);
	if (!at || strstr(at + 1, osinit_open))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot place the darwin-parity marker",
				  "report this as a gowrap bug with `go version`",
				  OV_A64DARWIN_FILE " has no single `func osInit() {` line, though its blob id is in the table");
	size_t cut = (size_t)(at - src->buf) + sizeof osinit_open - 1;
	sb_add(out, src->buf, cut);
	sb_adds(out, "\t" OV_DARWIN_MARKER_FUNC "()\n");
	sb_add(out, src->buf + cut, src->len - cut);
	return 0;
}

int ov_darwin_render(const struct ov_darwin_files *row, const char *other_constraint,
		     const struct sb *darwin, const struct sb *a64, struct sb *darwin_out,
		     struct sb *a64_out, struct gw_err *e)
{
	struct sb expr = SB_INIT, a64b = SB_INIT;
	int rc = -1;
	/* C && darwin && ios: inside cpu_arm64_other.go's own targets, so the
	 * replacement's `C && !(darwin && ios)` leaves none without an osInit. */
	sb_addf(&expr, "%s && darwin && ios", other_constraint);
	if (row->darwin_blob &&
	    ov_render_rebuild(darwin->buf, darwin->len, row->darwin_constraint, expr.buf, OV_DARWIN_FILE,
			      darwin_out, e) < 0)
		goto out;
	if (ov_render_rebuild(a64->buf, a64->len, row->a64_constraint, expr.buf, OV_A64DARWIN_FILE, &a64b,
			      e) < 0 ||
	    add_marker_call(&a64b, a64_out, e) < 0 ||
	    ov_render_template("cpu_arm64_darwin_marker.go.tmpl", OV_DARWIN_MARKER_FUNC, OV_DARWIN_VERSION,
			       other_constraint, a64_out, e) < 0)
		goto out;
	rc = 0;
out:
	sb_release(&expr);
	sb_release(&a64b);
	return rc;
}
