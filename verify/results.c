/* results.c — the bookkeeping of results.h.
 *
 * Promise: vf_result_status gives symcheck's exit status (2 beats 1: an
 * unreadable input is worse than a missing marker, and hides nothing — every
 * input is still reported). Arrays grow through gw_grow, which never
 * returns short. */
#include "compat.h"
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "results.h"
#include "strbuf.h"

struct vf_input *vf_result_add(struct vf_result *r, const char *path)
{
	struct vf_input *in;
	r->inputs = gw_grow(r->inputs, &r->cap, r->n + 1, sizeof *r->inputs);
	in = &r->inputs[r->n++];
	memset(in, 0, sizeof *in);
	in->path = gw_xstrdup(path);
	return in;
}

struct vf_slice *vf_input_add_slice(struct vf_input *in)
{
	in->slices = gw_grow(in->slices, &in->cap, in->nslices + 1, sizeof *in->slices);
	memset(&in->slices[in->nslices], 0, sizeof in->slices[0]);
	return &in->slices[in->nslices++];
}

int vf_result_status(const struct vf_result *r)
{
	size_t i, j;
	int st = 0;

	for (i = 0; i < r->n; i++) {
		if (r->inputs[i].error)
			return 2;
		for (j = 0; j < r->inputs[i].nslices; j++)
			if (!r->inputs[i].slices[j].ok)
				st = 1;
	}
	return st;
}

void vf_input_release(struct vf_input *in)
{
	free(in->path);
	free(in->error);
	free(in->slices);
	in->path = in->error = NULL;
	in->slices = NULL;
	in->nslices = in->cap = 0;
}

void vf_result_release(struct vf_result *r)
{
	size_t i;
	for (i = 0; i < r->n; i++)
		vf_input_release(&r->inputs[i]);
	free(r->inputs);
	r->inputs = NULL;
	r->n = r->cap = 0;
}
