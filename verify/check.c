/* check.c — results as a whole, and the one call the go shim makes.
 *
 * Promise: vf_result_status gives symcheck's exit status (2 beats 1: an
 * unreadable input is worse than a missing marker, and hides nothing — every
 * input is still reported). vf_check_output never prints; it only returns
 * the status and the first failure as one line. */
#include "compat.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "macho_format.h"
#include "verify_int.h"

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

int vf_is_go_package_archive(const char *path)
{
	unsigned char b[AR_MAGIC_LEN + AR_NAME_LEN];
	size_t n = 0, k = strlen(AR_GO_PKGDEF);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	while (n < sizeof b) {
		ssize_t r = read(fd, b + n, sizeof b - n);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n < sizeof b || memcmp(b, AR_MAGIC, AR_MAGIC_LEN) != 0 ||
	    memcmp(b + AR_MAGIC_LEN, AR_GO_PKGDEF, k) != 0)
		return 0;
	/* the rest of the name field is blank padding */
	for (size_t i = AR_MAGIC_LEN + k; i < sizeof b; i++)
		if (b[i] != ' ')
			return 0;
	return 1;
}
