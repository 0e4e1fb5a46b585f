/* cmd_enable.c — `gowrap enable [--bin DIR]...`: once per user, every go on
 * the machine (run by absolute path, from an Xcode build phase, an IDE, a
 * Makefile, gomobile's own go calls) goes through gowrap.
 *
 * How: the go env file (`go env GOENV`) gets GOTOOLCHAIN=goX.Y.Z-gowrap, a
 * toolchain name without +auto/+path, so cmd/go's toolchain.Select switches
 * every go 1.21+ that reads it, whatever its path and whatever go.mod says,
 * to the first executable of that name on PATH: a symlink to the go shim,
 * put in GOBIN (else GOPATH's first bin: where `go install` and
 * golang.org/dl launchers go), beside each go on PATH that is a link outside
 * its GOROOT (Homebrew's /opt/homebrew/bin/go), and in each --bin DIR (a
 * directory a build's own PATH holds, e.g. Xcode's). The shim then
 * runs what the user's own GOTOOLCHAIN selects (shim/enabled.h).
 *
 * Promise: nothing changes unless everything can (GOENV=off, a go env file
 * or directory we cannot write, a go older than 1.21, a launcher path taken
 * by something else: refused with 117 before any write); the user's file
 * keeps every other line, and its bytes before enable are kept for
 * `gowrap disable`; enabling again changes nothing. */
#include "compat.h"
#include "cmds.h"
#include "enable.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "gosetting.h"
#include "hash.h"
#include "pathwalk.h"
#include "selfpath.h"
#include "toolsel.h"

#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX_DISABLE "nothing was changed; fix the cause and run `gowrap enable` again"

/* The directory the go env file lives in, writable (or makeable). */
static int check_writable(const char *file, int *made_dir, struct gw_err *e)
{
	struct sb d = SB_INIT;
	sb_adds(&d, file);
	char *dir = dirname(d.buf);
	struct stat st;
	int rc = 0;
	*made_dir = stat(dir, &st) != 0;
	if (!*made_dir && !S_ISDIR(st.st_mode))
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				"point GOENV at a file in a directory, " FIX_DISABLE,
				"%s (the go env file's directory) is not a directory", dir);
	else if (access(file, F_OK) == 0 && access(file, W_OK) != 0)
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				"make the go env file writable (`go env -w` needs it too), " FIX_DISABLE,
				"the go env file %s is not writable", file);
	else if (!*made_dir && access(dir, W_OK) != 0)
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				"make the go env file's directory writable, " FIX_DISABLE,
				"%s (the go env file's directory) is not writable", dir);
	sb_release(&d);
	return rc;
}

/* pathwalk's test: every go on PATH that is not a shim and not its own
 * GOROOT's bin/go (a Homebrew-style link: /opt/homebrew/bin/go), whose
 * directory scripts put first when they run that go by path. Collects. */
static int beside_go(const char *path, void *arg)
{
	char root[PATH_MAX], dir[PATH_MAX];
	struct sb *dirs = arg;
	if (gw_is_shim_file(path) || gw_own_goroot(path, root) < 0 || strlen(path) >= sizeof dir)
		return 0;
	strcpy(dir, path);
	*strrchr(dir, '/') = '\0';
	struct sb own = SB_INIT;
	gw_path_join(&own, root, "bin");
	char rdir[PATH_MAX];
	if (!(realpath(dir, rdir) && !strcmp(rdir, own.buf)))
		sb_addf(dirs, "%s\n", dir);
	sb_release(&own);
	return 0;
}

/* Where the launchers go besides --bin's: GOBIN (or GOPATH's first/bin)
 * and the directory of each linked go on PATH. */
static void default_bin(const char *realgo, char ***bins, size_t *n)
{
	struct sb dirs = SB_INIT, none = SB_INIT;
	gw_path_find(getenv("PATH"), "go", GW_PATH_ABSOLUTE_ONLY, beside_go, &dirs, &none);
	for (char *l = dirs.buf; l && *l;) {
		char *nl = strchr(l, '\n');
		*nl = '\0';
		gw_strv_add(bins, n, l);
		l = nl + 1;
	}
	sb_release(&dirs);
	sb_release(&none);
	char *gobin = gw_go_setting(realgo, "GOBIN");
	char *gopath = gw_go_setting(realgo, "GOPATH");
	struct sb b = SB_INIT;
	if (*gobin)
		sb_adds(&b, gobin);
	else if (*gopath)
		sb_addf(&b, "%.*s/bin", (int)strcspn(gopath, ":"), gopath);
	else if (getenv("HOME"))
		sb_addf(&b, "%s/go/bin", getenv("HOME"));
	if (b.len)
		gw_strv_add(bins, n, b.buf);
	sb_release(&b);
	free(gobin);
	free(gopath);
}

/* The directories of dir that do not exist yet, deepest first, into s
 * once made: disable takes them away again when they are empty (a GOPATH/bin
 * the user never had is not left behind). */
static void note_missing(const char *dir, char ***v, size_t *n)
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

/* keep: 0 when the directories were not made after all. */
static void keep_made(struct en_state *s, char **v, size_t n, int keep)
{
	for (size_t i = 0; i < n; i++) {
		int known = 0;
		for (size_t k = 0; k < s->nmade; k++)
			known |= !strcmp(s->made[k], v[i]);
		if (keep && !known)
			gw_strv_add(&s->made, &s->nmade, v[i]);
		free(v[i]);
	}
	free(v);
}

/* A symlink dir/name -> shim, made beside and renamed over (atomic);
 * something not ours already there is refused. */
static int make_launcher(struct en_state *s, const char *dir, const char *name, const char *shim,
			 struct sb *path, struct gw_err *e)
{
	sb_reset(path);
	gw_path_join(path, dir, name);
	struct stat st;
	if (lstat(path->buf, &st) == 0 && !en_is_launcher(path->buf))
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "move that file away or give another --bin DIR; " FIX_DISABLE,
				  "%s exists and is not a gowrap launcher", path->buf);
	char **missing = NULL;
	size_t nmissing = 0;
	note_missing(dir, &missing, &nmissing);
	int made = gw_mkdirs(dir, 0755, e) == 0;
	keep_made(s, missing, nmissing, made);
	if (!made)
		return -1;
	struct sb tmp = SB_INIT;
	sb_addf(&tmp, "%s.tmp%ld", path->buf, (long)getpid());
	unlink(tmp.buf);
	int rc = symlink(shim, tmp.buf) == 0 && rename(tmp.buf, path->buf) == 0 ? 0 : -1;
	if (rc < 0) {
		gw_err_set(e, GW_EXIT_ENABLE, "cannot make the gowrap launcher",
			   "make the directory writable or give another --bin DIR", "%s: %s", path->buf,
			   strerror(errno));
		unlink(tmp.buf);
	}
	sb_release(&tmp);
	return rc;
}

struct enable {
	struct en_state s;
	struct sb realgo, shim, local, cur, next, path;
	char **bins;
	size_t nbins;
	int had_state;
};

/* What enable needs before it writes anything; 0, or -1 with e. */
static int gather(struct enable *x, struct gw_err *e)
{
	if (gw_goenv_file(&x->s.goenv) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "unset GOENV=off (every go must read the go env file for this), " FIX_DISABLE,
				  "GOENV=off: the go command reads no go env file, so no setting reaches it");
	if (gw_find_real_go(&x->realgo, e) < 0)
		return -1;
	if (gw_local_toolchain(x->realgo.buf, &x->local) < 0 ||
	    gw_gover_compare(x->local.buf + 2, "1.21") < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "install Go 1.21 or newer (the first with toolchain switches); " FIX_DISABLE,
				  "%s is %s, which never switches toolchains", x->realgo.buf,
				  x->local.len ? x->local.buf : "of unknown version");
	if (gw_shim_dir(&x->shim) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot find the go shim",
				  "run `make` (build tree) or `make install` again", "no shim beside this gowrap");
	sb_adds(&x->shim, "/go");
	default_bin(x->realgo.buf, &x->bins, &x->nbins);
	return check_writable(x->s.goenv.buf, &x->s.made_dir, e);
}

/* Record the state, make the launchers, then write the go env file. */
static int apply(struct enable *x, struct gw_err *e)
{
	struct en_state *s = &x->s;
	int exists = sb_read_file(&x->cur, s->goenv.buf, 1u << 20) == 0;
	if (!x->had_state) {
		s->had = exists;
		sb_adds(&s->orig, x->cur.buf);
		s->had_tc = en_file_toolchain(x->cur.buf, &s->user_tc);
	}
	sb_reset(&s->name);
	sb_addf(&s->name, "%s%s", x->local.buf, GW_LAUNCHER_SUFFIX);
	en_set_toolchain(x->cur.buf, x->cur.len, s->name.buf, &x->next);
	gw_sha256_hex(x->next.buf, x->next.len, s->wrote);
	for (size_t i = 0; i < x->nbins; i++) {
		if (make_launcher(s, x->bins[i], s->name.buf, x->shim.buf, &x->path, e) < 0)
			return -1;
		int known = 0;
		for (size_t k = 0; k < s->nlaunchers; k++)
			known |= !strcmp(s->launchers[k], x->path.buf);
		if (!known)
			gw_strv_add(&s->launchers, &s->nlaunchers, x->path.buf);
	}
	if (en_write(s, e) < 0)
		return -1;
	if (exists && x->cur.len == x->next.len && !memcmp(x->cur.buf, x->next.buf, x->cur.len))
		return 0; /* already enabled: the file stays as it is */
	struct stat st;
	mode_t mode = exists && stat(s->goenv.buf, &st) == 0 ? st.st_mode & 07777 : 0644;
	struct sb d = SB_INIT;
	sb_adds(&d, s->goenv.buf);
	int rc = gw_mkdirs(dirname(d.buf), 0755, e) < 0 ? -1
							 : en_write_file(s->goenv.buf, x->next.buf, x->next.len, mode, e);
	sb_release(&d);
	return rc;
}

static void enable_free(struct enable *x)
{
	en_free(&x->s);
	struct sb *all[] = { &x->realgo, &x->shim, &x->local, &x->cur, &x->next, &x->path };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	for (size_t i = 0; i < x->nbins; i++)
		free(x->bins[i]);
	free(x->bins);
}

int cmd_enable(int argc, char **argv)
{
	struct enable x = { .s = EN_STATE_INIT, .realgo = SB_INIT, .shim = SB_INIT, .local = SB_INIT,
			    .cur = SB_INIT, .next = SB_INIT, .path = SB_INIT };
	struct gw_err e = { 0 };
	for (int i = 1; i < argc; i++) {
		const char *v;
		int r = cli_opt_value(argc, argv, &i, "--bin", &v);
		if (r != 1 || v[0] != '/')
			return gw_fail(GW_EXIT_USAGE, "gowrap enable", "use `gowrap enable [--bin /ABS/DIR]...`",
				       "%s %s", r == 1 ? "not an absolute directory:" : "unknown argument",
				       r == 1 ? v : argv[i]);
		gw_strv_add(&x.bins, &x.nbins, v);
	}
	int fd = en_lock(&x.s, &e), rc = fd < 0 ? -1 : 0;
	if (rc == 0 && (x.had_state = en_read(&x.s, &e)) < 0)
		rc = -1;
	if (rc == 0 && x.had_state)
		sb_reset(&x.s.goenv); /* asked again: GOENV may have moved */
	rc = rc < 0 ? -1 : gather(&x, &e) < 0 ? -1 : apply(&x, &e);
	if (rc < 0 && x.had_state == 0) { /* a failed first enable leaves nothing */
		for (size_t i = 0; i < x.s.nlaunchers; i++)
			if (en_is_launcher(x.s.launchers[i]))
				unlink(x.s.launchers[i]);
		for (size_t i = 0; i < x.s.nmade; i++)
			rmdir(x.s.made[i]);
		if (x.s.dir.len)
			en_remove(&x.s);
	}
	if (rc == 0) {
		printf("gowrap enabled: GOTOOLCHAIN=%s in %s; launcher%s:", x.s.name.buf, x.s.goenv.buf,
		       x.s.nlaunchers > 1 ? "s" : "");
		for (size_t i = 0; i < x.s.nlaunchers; i++)
			printf(" %s", x.s.launchers[i]);
		printf("\n");
		const char *t = getenv("GOTOOLCHAIN");
		if (t && *t)
			gw_note("GOTOOLCHAIN=%s in this environment wins over the go env file: go calls from "
				"here are not reached (unset it)", t);
	}
	enable_free(&x);
	if (fd >= 0)
		close(fd);
	return rc < 0 ? gw_err_print(&e) : 0;
}
