/* disable.c — `gowrap disable`: undo `gowrap enable` (en_disable).
 *
 * Promise: the go env file comes back byte for byte as it was before
 * enable (absent again if it was absent, its directory removed if enable
 * made it and it is empty) when nobody changed it since; if someone did
 * (`go env -w`), only gowrap's GOTOOLCHAIN line goes, replaced by the
 * user's own. Every launcher enable made is removed (only symlinks to a
 * gowrap shim), then the state. Without an enable it changes nothing,
 * except a launcher line whose state was deleted, which it removes. */
#include "compat.h"
#include "enable.h"
#include "enable_state.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "gosetting.h"
#include "hash.h"
#include "toolsel.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The go env file as it must be after disable into out; 1 to write it,
 * 0 to remove it, -1 to leave it. */
static int restored(const struct en_state *s, const struct sb *cur, int exists, struct sb *out)
{
	char hex[65];
	gw_sha256_hex(cur->buf, cur->len, hex);
	if (exists && !strcmp(hex, s->wrote)) {
		sb_addf(out, "%.*s", (int)s->orig.len, s->orig.buf);
		return s->had;
	}
	if (!exists)
		return -1;
	if (s->had_tc) {
		struct sb v = SB_INIT;
		int ours = en_file_toolchain(cur->buf, &v) && gw_is_launcher_name(v.buf);
		sb_release(&v);
		en_set_toolchain(cur->buf, cur->len, ours ? s->user_tc.buf : NULL, out);
		if (!ours)
			sb_reset(out), sb_addf(out, "%.*s", (int)cur->len, cur->buf);
	} else {
		en_set_toolchain(cur->buf, cur->len, NULL, out);
	}
	return 1;
}

static int put_back(const struct en_state *s, struct gw_err *e)
{
	struct sb cur = SB_INIT, next = SB_INIT;
	int exists = sb_read_file(&cur, s->goenv.buf, 1u << 20) == 0;
	int what = restored(s, &cur, exists, &next), rc = 0;
	struct stat st;
	mode_t mode = exists && stat(s->goenv.buf, &st) == 0 ? st.st_mode & 07777 : 0644;
	if (what == 1 && !(exists && cur.len == next.len && !memcmp(cur.buf, next.buf, cur.len)))
		rc = en_write_file(s->goenv.buf, next.buf, next.len, mode, e);
	if (what == 0 && unlink(s->goenv.buf) < 0 && errno != ENOENT)
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot disable gowrap",
				"make the go env file's directory writable and run `gowrap disable` again",
				"%s: %s", s->goenv.buf, strerror(errno));
	if (rc == 0 && what == 0 && s->made_dir) {
		sb_reset(&cur);
		sb_adds(&cur, s->goenv.buf);
		rmdir(dirname(cur.buf)); /* only when empty: anything else there is not ours */
	}
	sb_release(&cur);
	sb_release(&next);
	return rc;
}

/* No state: a launcher line left behind (state deleted) is still removed. */
static int orphan(struct en_state *s, struct gw_err *e)
{
	struct sb cur = SB_INIT, v = SB_INIT, next = SB_INIT;
	int rc = 0;
	if (gw_goenv_file(&s->goenv) == 0 && sb_read_file(&cur, s->goenv.buf, 1u << 20) == 0 &&
	    en_file_toolchain(cur.buf, &v) && gw_is_launcher_name(v.buf)) {
		en_set_toolchain(cur.buf, cur.len, NULL, &next);
		rc = en_write_file(s->goenv.buf, next.buf, next.len, 0644, e);
		if (rc == 0)
			printf("gowrap disabled: GOTOOLCHAIN=%s removed from %s (gowrap's saved state was "
			       "missing, so the rest of the file is as it is now)\n",
			       v.buf, s->goenv.buf);
	} else {
		printf("gowrap is not enabled: nothing to do\n");
	}
	sb_release(&cur);
	sb_release(&v);
	sb_release(&next);
	return rc;
}

int en_disable(void)
{
	struct en_state s = EN_STATE_INIT;
	struct gw_err e = { 0 };
	int fd = en_lock(&s, &e), rc = fd < 0 ? -1 : en_read(&s, &e);
	if (rc == 0)
		rc = orphan(&s, &e);
	else if (rc == 1 && (rc = put_back(&s, &e)) == 0) {
		for (size_t i = 0; i < s.nlaunchers; i++)
			if (en_is_launcher(s.launchers[i]))
				unlink(s.launchers[i]);
		for (size_t i = 0; i < s.nmade; i++)
			rmdir(s.made[i]); /* only when empty: anything put there since is not ours */
		en_remove(&s);
		printf("gowrap disabled: %s restored\n", s.goenv.buf);
	}
	en_free(&s);
	if (fd >= 0)
		close(fd);
	return rc < 0 ? gw_err_print(&e) : 0;
}
