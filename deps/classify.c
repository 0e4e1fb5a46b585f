/* classify.c — see classify.h. */
#include "compat.h"
#include "classify.h"
#include "hash.h"

#include <stdio.h>
#include <string.h>

/* Go source files in the table are a few KB; anything this large is not one. */
#define DP_FILE_LIMIT (1u << 20)

const char *dp_base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int defect_name(const char *file, int family)
{
	for (const struct dp_row *r = dp_rows; r->blob; r++)
		if ((r->families & family) && r->role == DP_DEFECT && strcmp(r->file, file) == 0)
			return 1;
	return 0;
}

static int blob_of_file(const char *path, char hex[41], void *arg)
{
	(void)arg;
	return gw_blob_id_file(path, DP_FILE_LIMIT, hex);
}

void dp_classify(const char *const *files, size_t nfiles, int family, struct dp_class *out)
{
	dp_classify_by(files, nfiles, family, blob_of_file, NULL, out);
}

void dp_classify_by(const char *const *files, size_t nfiles, int family, dp_blob_fn blob, void *arg,
		    struct dp_class *out)
{
	memset(out, 0, sizeof *out);
	out->verdict = DP_V_NONE;
	out->file_idx = -1;
	for (size_t i = 0; i < nfiles; i++) {
		const char *b = dp_base(files[i]);
		char hex[41];
		if (!dp_name_known(b))
			continue;
		if (blob(files[i], hex, arg) < 0)
			snprintf(hex, sizeof hex, "unreadable");
		const struct dp_row *r = dp_row_find(b, hex);
		if (r && (r->families & family)) {
			/* A defect outranks a right row (both cannot be in one
			 * compile for the packages we know; be conservative). */
			if (r->role == DP_DEFECT || out->verdict == DP_V_NONE) {
				if (out->verdict != DP_V_UNKNOWN) {
					out->verdict = r->role == DP_DEFECT ? DP_V_FIX : DP_V_RIGHT;
					out->row = r;
					out->file_idx = (int)i;
				}
			}
		} else if (!r && defect_name(b, family)) {
			out->verdict = DP_V_UNKNOWN;
			out->row = NULL;
			out->file_idx = (int)i;
			snprintf(out->why, sizeof out->why, "%s has blob %.12s, not in the table", b, hex);
		}
	}
}
