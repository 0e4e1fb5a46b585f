/* state.c — see enable_state.h. */
#include "compat.h"
#include "enable_state.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "toolsel.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX_DIR "make gowrap's config directory (XDG_CONFIG_HOME/gowrap or ~/.config/gowrap) yours and writable"

int en_lock(struct en_state *s, struct gw_err *e)
{
	if (!s->dir.len && gw_enable_dir(&s->dir) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot find gowrap's config directory",
				  "set HOME", "HOME is not set");
	if (gw_mkdirs(s->dir.buf, 0700, e) < 0)
		return -1;
	struct sb p = SB_INIT;
	gw_path_join(&p, s->dir.buf, "lock");
	int fd = open(p.buf, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int rc = fd >= 0 ? fcntl(fd, F_SETLKW, &fl) : -1;
	if (rc < 0)
		gw_err_set(e, GW_EXIT_ENABLE, "cannot lock gowrap's enable state", FIX_DIR, "%s: %s",
			   p.buf, strerror(errno));
	sb_release(&p);
	if (rc < 0 && fd >= 0)
		close(fd);
	return rc < 0 ? -1 : fd;
}

static void state_path(const struct en_state *s, const char *name, struct sb *out)
{
	sb_reset(out);
	gw_path_join(out, s->dir.buf, name);
}

/* One `key value` line into s. */
static void take_line(struct en_state *s, char *l)
{
	char *v = strchr(l, ' ');
	if (!v)
		return;
	*v++ = '\0';
	if (!strcmp(l, "goenv"))
		sb_adds(&s->goenv, v);
	else if (!strcmp(l, "had"))
		s->had = !strcmp(v, "1");
	else if (!strcmp(l, "mkdir"))
		s->made_dir = !strcmp(v, "1");
	else if (!strcmp(l, "gotoolchain")) {
		s->had_tc = 1;
		sb_adds(&s->user_tc, v);
	} else if (!strcmp(l, "name"))
		sb_adds(&s->name, v);
	else if (!strcmp(l, "wrote") && strlen(v) == 64)
		memcpy(s->wrote, v, 65);
	else if (!strcmp(l, "launcher"))
		gw_strv_add(&s->launchers, &s->nlaunchers, v);
	else if (!strcmp(l, "madedir"))
		gw_strv_add(&s->made, &s->nmade, v);
	else if (!strcmp(l, "bin"))
		gw_strv_add(&s->bins, &s->nbins, v);
}

int en_read(struct en_state *s, struct gw_err *e)
{
	struct sb p = SB_INIT, b = SB_INIT;
	int rc = 0;
	state_path(s, "enabled", &p);
	if (sb_read_file(&b, p.buf, 1u << 20) < 0) {
		rc = errno == ENOENT ? 0 : gw_err_set(e, GW_EXIT_ENABLE, "cannot read gowrap's enable state",
						       FIX_DIR, "%s: %s", p.buf, strerror(errno));
		goto done;
	}
	for (char *l = b.buf; l && *l;) {
		char *nl = strchr(l, '\n');
		if (nl)
			*nl = '\0';
		take_line(s, l);
		l = nl ? nl + 1 : NULL;
	}
	state_path(s, "goenv.orig", &p);
	if (s->had && sb_read_file(&s->orig, p.buf, 1u << 20) < 0) {
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot read gowrap's enable state",
				"restore the go env file by hand (it is `go env GOENV`)", "%s: %s", p.buf,
				strerror(errno));
		goto done;
	}
	rc = s->goenv.len && s->name.len ? 1
					  : gw_err_set(e, GW_EXIT_ENABLE, "gowrap's enable state is damaged",
						       "restore the go env file by hand (it is `go env GOENV`) and remove it",
						       "%s lacks its goenv or name line", p.buf);
done:
	sb_release(&p);
	sb_release(&b);
	return rc;
}

int en_write(const struct en_state *s, struct gw_err *e)
{
	struct sb p = SB_INIT, b = SB_INIT;
	int rc = 0;
	state_path(s, "goenv.orig", &p);
	if (s->had)
		rc = en_write_file(p.buf, s->orig.buf, s->orig.len, 0600, e);
	sb_addf(&b, "goenv %s\nhad %d\nmkdir %d\nname %s\nwrote %s\n", s->goenv.buf, s->had, s->made_dir,
		s->name.buf, s->wrote);
	if (s->had_tc)
		sb_addf(&b, "gotoolchain %s\n", s->user_tc.buf);
	for (size_t i = 0; i < s->nlaunchers; i++)
		sb_addf(&b, "launcher %s\n", s->launchers[i]);
	for (size_t i = 0; i < s->nmade; i++)
		sb_addf(&b, "madedir %s\n", s->made[i]);
	for (size_t i = 0; i < s->nbins; i++)
		sb_addf(&b, "bin %s\n", s->bins[i]);
	state_path(s, "enabled", &p);
	if (rc == 0)
		rc = en_write_file(p.buf, b.buf, b.len, 0600, e);
	sb_release(&p);
	sb_release(&b);
	return rc;
}

int en_write_file(const char *path, const void *data, size_t len, mode_t mode, struct gw_err *e)
{
	if (gw_write_atomic(path, data, len, mode, e) == 0)
		return 0;
	e->code = GW_EXIT_ENABLE;
	snprintf(e->what, sizeof e->what, "cannot write %s", path);
	snprintf(e->fix, sizeof e->fix, "make it and its directory writable and run the command again "
		 "(the file is as it was: writes are whole or nothing)");
	return -1;
}

void en_remove(const struct en_state *s)
{
	struct sb p = SB_INIT;
	state_path(s, "enabled", &p);
	unlink(p.buf);
	state_path(s, "goenv.orig", &p);
	unlink(p.buf);
	sb_release(&p);
}

void en_free(struct en_state *s)
{
	struct sb *all[] = { &s->dir, &s->goenv, &s->user_tc, &s->name, &s->orig };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	for (size_t i = 0; i < s->nlaunchers; i++)
		free(s->launchers[i]);
	free(s->launchers);
	s->launchers = NULL;
	s->nlaunchers = 0;
	for (size_t i = 0; i < s->nmade; i++)
		free(s->made[i]);
	free(s->made);
	s->made = NULL;
	s->nmade = 0;
	for (size_t i = 0; i < s->nbins; i++)
		free(s->bins[i]);
	free(s->bins);
	s->bins = NULL;
	s->nbins = 0;
}

int en_file_toolchain(const char *data, struct sb *out)
{
	int found = 0;
	for (const char *l = data; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		if (n >= 12 && strncmp(l, "GOTOOLCHAIN=", 12) == 0) {
			sb_reset(out);
			sb_addf(out, "%.*s", (int)(n - 12), l + 12);
			found = 1;
		}
		l = nl ? nl + 1 : NULL;
	}
	return found;
}

/* Lines copied through; the last GOTOOLCHAIN line replaced by value (or,
 * with value NULL, launcher lines dropped), else value appended. */
void en_set_toolchain(const char *data, size_t len, const char *value, struct sb *out)
{
	const char *last = NULL;
	for (const char *l = data; l < data + len;) {
		const char *nl = memchr(l, '\n', (size_t)(data + len - l));
		if ((size_t)(data + len - l) >= 12 && strncmp(l, "GOTOOLCHAIN=", 12) == 0)
			last = l;
		l = nl ? nl + 1 : data + len;
	}
	for (const char *l = data; l < data + len;) {
		const char *nl = memchr(l, '\n', (size_t)(data + len - l));
		const char *end = nl ? nl + 1 : data + len;
		int tc = (size_t)(end - l) >= 12 && strncmp(l, "GOTOOLCHAIN=", 12) == 0;
		struct sb v = SB_INIT;
		sb_addf(&v, "%.*s", (int)((nl ? nl : end) - l - (tc ? 12 : 0)), l + (tc ? 12 : 0));
		if (value && l == last)
			sb_addf(out, "GOTOOLCHAIN=%s%s", value, nl ? "\n" : "");
		else if (!(tc && !value && gw_is_launcher_name(v.buf)))
			sb_addf(out, "%.*s", (int)(end - l), l);
		sb_release(&v);
		l = end;
	}
	if (value && !last) {
		if (out->len && out->buf[out->len - 1] != '\n')
			sb_addc(out, '\n');
		sb_addf(out, "GOTOOLCHAIN=%s\n", value);
	}
}

int en_is_launcher(const char *path)
{
	struct stat st;
	char target[PATH_MAX];
	if (lstat(path, &st) < 0 || !S_ISLNK(st.st_mode) || !realpath(path, target))
		return 0;
	return gw_is_shim_file(target);
}
