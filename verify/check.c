/* check.c — the pipeline joined: readers, then policy, then (for the go
 * shim) output's one line.
 *
 * Promise: vf_scan_path and vf_scan_buffer read (walk.c, container.c) and
 * then decide every slice they found (policy.c) with o->expect, so a caller
 * never sees a slice without its verdict. vf_check_output never prints; it
 * only returns the status and the first failure as one line. */
#include "compat.h"

#include "verify_int.h"

void vf_scan_path(struct vf_result *r, const char *path, const struct vf_opts *o)
{
	size_t first = r->n;

	if (o && o->pmarks) {
		r->pmarks = o->pmarks;
		r->npmarks = o->npmarks;
	}
	vf_walk_path(r, path, o);
	for (size_t i = first; i < r->n; i++)
		vf_decide(&r->inputs[i], o);
}

int vf_scan_buffer(struct vf_input *in, const void *data, size_t len, uint32_t hint,
		   const struct vf_opts *o)
{
	if (vf_read_buffer(in, data, len, hint, o))
		return -1;
	vf_decide(in, o);
	return 0;
}

int vf_check_output(const char *path, const char *marker_prefix, struct sb *why)
{
	return vf_check_output_as(path, marker_prefix, VF_EXPECT_AUTO, why);
}

int vf_check_output_as(const char *path, const char *marker_prefix, enum vf_expect expect,
		       struct sb *why)
{
	struct vf_result r = { 0 };
	struct vf_opts o = { .marker = marker_prefix, .expect = expect };
	int st;

	vf_scan_path(&r, path, &o);
	st = vf_result_status(&r);
	if (why && st)
		vf_first_failure(why, &r);
	vf_result_release(&r);
	return st;
}

int vf_check_patches(const char *path, const struct vf_pmark *pm, size_t n, struct sb *why)
{
	struct vf_result r = { 0 };
	struct vf_opts o = { .expect = VF_EXPECT_NONE, .pmarks = pm, .npmarks = n };
	int st = 0;

	vf_scan_path(&r, path, &o);
	for (size_t i = 0; i < r.n && st != 2; i++) {
		const struct vf_input *in = &r.inputs[i];
		if (in->error) {
			st = 2;
			if (why)
				sb_addf(why, "%s: %s", in->path, in->error);
		}
		for (size_t j = 0; !st && j < in->nslices; j++)
			for (size_t k = 0; !st && k < n && k < VF_MAX_PMARKS; k++) {
				const struct vf_slice *s = &in->slices[j];
				if (!(s->pm[k] & VF_PM_REQUIRED) || (s->pm[k] & VF_PM_PRESENT))
					continue;
				st = 1;
				char ab[32], pb[32];
				if (why)
					sb_addf(why, "%s: %s %s slice: compiles %s's files without its marker %s",
						in->path, vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab),
						vf_platform_name(s->platform, pb, sizeof pb), pm[k].patch,
						pm[k].symbol);
			}
	}
	if (!st && n > VF_MAX_PMARKS) {
		st = 2;
		if (why)
			sb_addf(why, "%zu patch markers, more than the %d one check reads", n, VF_MAX_PMARKS);
	}
	vf_result_release(&r);
	return st;
}
