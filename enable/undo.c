/* undo.c — see enable_steps.h: every byte one `gowrap enable` may
 * change, recorded before its first write and put back when it fails. */
#include "compat.h"
#include "enable_steps.h"
#include "fsutil.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const state_files[2] = { "enabled", "goenv.orig" };

void en_missing_dirs(const char *dir, char ***v, size_t *n)
{
	struct sb cur = SB_INIT;
	sb_adds(&cur, dir);
	struct stat st;
	while (cur.len > 1 && lstat(cur.buf, &st) < 0 && errno == ENOENT) {
		gw_strv_add(v, n, cur.buf);
		char *slash = strrchr(cur.buf, '/');
		if (!slash || slash == cur.buf)
			break;
		cur.len = (size_t)(slash - cur.buf);
		cur.buf[cur.len] = '\0';
	}
	sb_release(&cur);
}

void enable_snap(struct enable *x)
{
	struct en_snap *n = &x->snap;
	struct stat st;
	n->env_had = sb_read_file(&n->env, x->goenv.buf, 1u << 20) == 0;
	n->env_mode = n->env_had && stat(x->goenv.buf, &st) == 0 ? st.st_mode & 07777 : 0644;
	struct sb p = SB_INIT;
	for (int i = 0; i < 2; i++) {
		sb_reset(&p);
		gw_path_join(&p, x->s.dir.buf, state_files[i]);
		n->state_had[i] = sb_read_file(&n->state[i], p.buf, 1u << 20) == 0;
	}
	sb_release(&p);
	n->nmade = x->s.nmade;
}

/* path back to bytes (had) or gone (!had); a failure here leaves the
 * file as enable wrote it, which disable still undoes. */
static void put_back(const char *path, int had, const struct sb *bytes, mode_t mode)
{
	struct sb cur = SB_INIT;
	struct gw_err e = { 0 };
	int now = sb_read_file(&cur, path, 1u << 20) == 0;
	if (had && !(now && cur.len == bytes->len && !memcmp(cur.buf, bytes->buf, cur.len)))
		en_write_file(path, bytes->buf ? bytes->buf : "", bytes->len, mode, &e);
	else if (!had && now)
		unlink(path);
	sb_release(&cur);
}

void enable_undo(struct enable *x)
{
	struct en_snap *n = &x->snap;
	for (size_t i = 0; i < x->ncreated; i++)
		if (en_is_launcher(x->created[i]))
			unlink(x->created[i]);
	for (size_t i = n->nmade; i < x->s.nmade; i++)
		rmdir(x->s.made[i]); /* only when empty */
	put_back(x->goenv.buf, n->env_had, &n->env, n->env_mode);
	if (!n->env_had && x->made_dir) {
		struct sb d = SB_INIT;
		sb_adds(&d, x->goenv.buf);
		rmdir(dirname(d.buf));
		sb_release(&d);
	}
	struct sb p = SB_INIT;
	for (int i = 0; i < 2; i++) {
		sb_reset(&p);
		gw_path_join(&p, x->s.dir.buf, state_files[i]);
		put_back(p.buf, n->state_had[i], &n->state[i], 0600);
	}
	sb_release(&p);
	enable_undo_dir(x);
}

void enable_undo_dir(struct enable *x)
{
	struct en_snap *n = &x->snap;
	if (!n->ncfg)
		return; /* gowrap's config directory was there: its lock stays */
	struct sb p = SB_INIT;
	gw_path_join(&p, x->s.dir.buf, "lock");
	unlink(p.buf);
	for (size_t i = 0; i < n->ncfg; i++)
		rmdir(n->cfg_made[i]);
	sb_release(&p);
}

void enable_snap_free(struct en_snap *n)
{
	sb_release(&n->env);
	sb_release(&n->state[0]);
	sb_release(&n->state[1]);
	for (size_t i = 0; i < n->ncfg; i++)
		free(n->cfg_made[i]);
	free(n->cfg_made);
}
