/* touched.c — pt_touched (patch.h): what symcheck needs of a patch file to
 * know where its markers must be, with libc alone.
 *
 * symcheck links this file and frame.c, never libgit2: it is run where the
 * shim never was (a Bazel or GOROOT-copying build), on machines that may
 * have no libgit2, and it needs no hunk, only the files each section leaves
 * behind. frame.c has checked every hunk's counts, so in the text it hands
 * on a line that starts "diff --git " is always a section header and a
 * "+++ " line before the section's first "@@" is its new-side name. */
#include "compat.h"
#include "patch_int.h"
#include "hash.h"

#include <stdlib.h>
#include <string.h>

int pt_versions_ok(char *const *versions, size_t n, const char *goversion)
{
	if (!n)
		return 1;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(versions[i]);
		char next = goversion[k < strlen(goversion) ? k : strlen(goversion)];
		if (strncmp(goversion, versions[i], k) == 0 && !(next >= '0' && next <= '9'))
			return 1;
	}
	return 0;
}

/* The new-side names of f's sections ("+++ b/src/..."), /dev/null (a
 * deleted file) left out. */
static int new_names(const struct pt_frame *f, const char *name, struct pt_touched *t, struct gw_err *e)
{
	const char *p = f->text.buf, *end = p + f->text.len;
	int header = 0;
	size_t sec = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (len >= 11 && !memcmp(p, "diff --git ", 11)) {
			header = 1;
			sec++;
		} else if (header && len >= 2 && !memcmp(p, "@@", 2)) {
			header = 0;
		} else if (header && len > 4 && !memcmp(p, "+++ ", 4)) {
			const char *n = p + 4;
			size_t k = len - 4;
			if (!(k == 9 && !memcmp(n, "/dev/null", 9))) {
				size_t line = sec && sec <= f->nsecs ? f->secs[sec - 1].line_no : 0;
				if (k < 7 || memcmp(n, "b/src/", 6) || memchr(n, '"', k) || memchr(n, '\t', k))
					return pt_refuse(e, name, line,
							 "regenerate the patch with `git diff` or `diff -u` (-p1 paths, a/src/..., b/src/...)",
							 "a file name is not a plain -p1 path under src/ (%.*s)", (int)(k > 200 ? 200 : k), n);
				gw_strv_addn(&t->paths, &t->npaths, n + 2, k - 2);
			}
		}
		p += len + 1;
	}
	return 0;
}

void pt_patch_id(const char *bytes, size_t n, char id[13])
{
	char hex[65];
	gw_sha256_hex(bytes, n, hex);
	memcpy(id, hex, 12);
	id[12] = '\0';
}

int pt_touched_read(const char *bytes, size_t n, const char *name, struct pt_touched *t, struct gw_err *e)
{
	memset(t, 0, sizeof *t);
	pt_patch_id(bytes, n, t->id);
	struct pt_frame f;
	int rc = pt_frame(bytes, n, name, &f, e);
	if (rc == 0)
		rc = new_names(&f, name, t, e);
	if (rc == 0) {
		t->versions = f.versions;
		t->nversions = f.nversions;
		f.versions = NULL;
		f.nversions = 0;
	}
	pt_frame_free(&f);
	if (rc < 0)
		pt_touched_free(t);
	return rc;
}

void pt_marker_symbol(struct sb *out, const char *dir, size_t dirlen, const char *id)
{
	size_t skip = dirlen >= 4 && !memcmp(dir, "src/", 4) ? 4 : 0;
	sb_addf(out, "%.*s.gowrapPatch%s", (int)(dirlen - skip), dir + skip, id);
}

void pt_touched_free(struct pt_touched *t)
{
	gw_strv_free(&t->paths, &t->npaths);
	gw_strv_free(&t->versions, &t->nversions);
}
