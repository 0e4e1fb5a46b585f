/* gitobj.c — see gitobj.h. */
#include "compat.h"
#include "gitobj.h"
#include "exitcodes.h"
#include "hash.h"

#include <git2.h>
#include <stdio.h>
#include <string.h>

static void git_once(void)
{
	/* Init is reference counted; doing it once per process is enough, and
	 * gowrap is short-lived, so shutdown is left to process exit. */
	static int done;
	if (!done) {
		git_libgit2_init();
		done = 1;
	}
}

static const char *git_why(void)
{
	const git_error *ge = git_error_last();
	return ge && ge->message ? ge->message : "unknown libgit2 error";
}

int ov_blob_id(const void *data, size_t len, char out[41], struct gw_err *e)
{
	(void)e; /* gowrap's one blob id (common/hash.h), the same the shim and deps/ use */
	gw_blob_id(data, len, out);
	return 0;
}

int ov_checkout_state(const char *goroot, struct ov_checkout *out, struct gw_err *e)
{
	memset(out, 0, sizeof *out);
	git_once();
	git_repository *repo = NULL;
	/* NO_SEARCH: only GOROOT itself counts. A GOROOT copied into some other
	 * project's work tree must not report that project's HEAD. */
	int rc = git_repository_open_ext(&repo, goroot, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	if (rc == GIT_ENOTFOUND) {
		git_error_clear();
		return 0;
	}
	if (rc < 0)
		return gw_err_set(e, GW_EXIT_USAGE, "cannot read the GOROOT's git checkout",
				  "repair the checkout, or use a released Go (it has a VERSION file)",
				  "%s: %s", goroot, git_why());
	out->is_repo = 1;
	git_oid head;
	if (git_reference_name_to_id(&head, repo, "HEAD") == 0)
		git_oid_tostr(out->head, sizeof out->head, &head);
	else
		git_error_clear();

	git_status_options so;
	git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
	char *spec[] = { "src/internal/cpu/*" };
	so.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
	so.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS;
	so.pathspec.strings = spec;
	so.pathspec.count = 1;
	git_status_list *list = NULL;
	if (git_status_list_new(&list, repo, &so) < 0) {
		gw_err_set(e, GW_EXIT_USAGE, "cannot read the GOROOT's git status",
			   "repair the checkout, or pass --allow-modified to skip this check",
			   "%s: %s", goroot, git_why());
		git_repository_free(repo);
		return -1;
	}
	size_t n = git_status_list_entrycount(list);
	for (size_t i = 0; i < n; i++) {
		const git_status_entry *s = git_status_byindex(list, i);
		if (!s || s->status == GIT_STATUS_CURRENT || (s->status & GIT_STATUS_IGNORED))
			continue;
		const git_diff_delta *d = s->index_to_workdir ? s->index_to_workdir : s->head_to_index;
		const char *p = d ? (d->new_file.path ? d->new_file.path : d->old_file.path) : "?";
		snprintf(out->dirty_path, sizeof out->dirty_path, "%s", p);
		break;
	}
	git_status_list_free(list);
	git_repository_free(repo);
	return 0;
}
