/* check.c — the pipeline joined: readers, then policy, then (for the go
 * shim) output's one line.
 *
 * Promise: vf_scan_path and vf_scan_buffer read (walk.c, container.c) and
 * then decide every slice they found (policy.c) with o->expect, so a caller
 * never sees a slice without its verdict. vf_check_output never prints; it
 * only returns the status and the first failure as one line. */
#include "compat.h"

#include "verify_int.h"

static enum vf_expect expect_of(const struct vf_opts *o)
{
	return o ? o->expect : VF_EXPECT_AUTO;
}

void vf_scan_path(struct vf_result *r, const char *path, const struct vf_opts *o)
{
	size_t first = r->n;

	vf_walk_path(r, path, o);
	for (size_t i = first; i < r->n; i++)
		vf_decide(&r->inputs[i], expect_of(o));
}

int vf_scan_buffer(struct vf_input *in, const void *data, size_t len, uint32_t hint,
		   const struct vf_opts *o)
{
	if (vf_read_buffer(in, data, len, hint, o))
		return -1;
	vf_decide(in, expect_of(o));
	return 0;
}

int vf_check_output(const char *path, const char *marker_prefix, struct sb *why)
{
	return vf_check_output_as(path, marker_prefix, VF_EXPECT_AUTO, why);
}

int vf_check_output_as(const char *path, const char *marker_prefix, enum vf_expect expect,
		       struct sb *why)
{
	struct vf_result r = { NULL, 0, 0 };
	struct vf_opts o = { marker_prefix, expect, NULL, NULL };
	int st;

	vf_scan_path(&r, path, &o);
	st = vf_result_status(&r);
	if (why && st)
		vf_first_failure(why, &r);
	vf_result_release(&r);
	return st;
}
