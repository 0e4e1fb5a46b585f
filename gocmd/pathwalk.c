/* pathwalk.c — see pathwalk.h. */
#include "compat.h"
#include "pathwalk.h"
#include "fsutil.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

void gw_path_walk_start(struct gw_path_walk *w, const char *list)
{
	w->next = list;
}

int gw_path_next(struct gw_path_walk *w, struct sb *entry)
{
	const char *p = w->next;
	if (!p)
		return 0;
	size_t n = strcspn(p, ":");
	sb_reset(entry);
	sb_add(entry, p, n);
	w->next = p[n] ? p + n + 1 : NULL;
	return 1;
}

/* Turn an entry into the directory it names under mode; -1: skip it. */
static int entry_dir(struct sb *d, enum gw_path_mode mode)
{
	if (mode == GW_PATH_ABSOLUTE_ONLY)
		return d->len && d->buf[0] == '/' ? 0 : -1;
	if (mode == GW_PATH_AS_WRITTEN) {
		if (!d->len)
			sb_adds(d, ".");
		return 0;
	}
	if (d->len && d->buf[0] == '/')
		return 0;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		return d->len ? 0 : -1; /* a relative entry stays as written */
	struct sb abs = SB_INIT;
	if (d->len)
		gw_path_join(&abs, cwd, d->buf);
	else
		sb_adds(&abs, cwd);
	sb_reset(d);
	sb_add(d, abs.buf, abs.len);
	sb_release(&abs);
	return 0;
}

int gw_path_find(const char *list, const char *name, enum gw_path_mode mode,
		 int (*accept)(const char *path, void *arg), void *arg, struct sb *out)
{
	struct gw_path_walk w;
	struct sb cand = SB_INIT;
	int rc = -1;
	gw_path_walk_start(&w, list);
	while (rc < 0 && gw_path_next(&w, &cand)) {
		if (entry_dir(&cand, mode) < 0)
			continue;
		if (cand.buf[cand.len - 1] != '/')
			sb_addc(&cand, '/');
		sb_adds(&cand, name);
		if (gw_is_executable(cand.buf) && (!accept || accept(cand.buf, arg))) {
			sb_add(out, cand.buf, cand.len);
			rc = 0;
		}
	}
	sb_release(&cand);
	return rc;
}
