/* gitdiff.c — pt_diff (patch.h): one file's change as git writes it.
 *
 * libgit2 makes the diff (git_patch_from_buffers: git's own xdiff, three
 * lines of context, `index` lines with both blob ids, new and deleted files
 * with /dev/null and their mode lines, "\ No newline at end of file"), so
 * what gowrap exports or refreshes is what `git diff` would write: -p1 names
 * that `patch -p1 --fuzz=0`, `git apply` and Bazel's patch apply as they are.
 * With patch/gitparse.c, the only files of the module that include git2.h. */
#include "compat.h"
#include "patch.h"
#include "exitcodes.h"

#include <git2.h>
#include <string.h>

int pt_diff(const char *rel, const char *old, size_t oldlen, int old_exists, const char *new,
	    size_t newlen, int new_exists, struct sb *out, struct gw_err *e)
{
	static int done;
	if (!done) {
		git_libgit2_init();
		done = 1;
	}
	git_diff_options o;
	git_diff_options_init(&o, GIT_DIFF_OPTIONS_VERSION);
	git_patch *p = NULL;
	git_buf b = { 0 };
	int rc = git_patch_from_buffers(&p, old_exists ? (old ? old : "") : NULL, old_exists ? oldlen : 0,
					old_exists ? rel : NULL, new_exists ? (new ? new : "") : NULL,
					new_exists ? newlen : 0, new_exists ? rel : NULL, &o);
	if (rc == 0 && p && git_patch_num_hunks(p) == 0 && old_exists == new_exists) {
		git_patch_free(p);
		return 0; /* no change: no section */
	}
	if (rc == 0 && p)
		rc = git_patch_to_buf(&b, p);
	if (rc < 0 || !p) {
		const git_error *ge = git_error_last();
		git_patch_free(p);
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot write a diff", "report this as a gowrap bug",
				  "%s: libgit2: %s", rel, ge && ge->message ? ge->message : "no reason given");
	}
	sb_add(out, b.ptr, b.size);
	git_buf_dispose(&b);
	git_patch_free(p);
	return 0;
}
