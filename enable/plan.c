/* plan.c — see enable_steps.h: what `gowrap enable` will do,
 * decided before it changes anything. */
#include "compat.h"
#include "enable_reach.h"
#include "enable_steps.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "gosetting.h"
#include "pathwalk.h"
#include "selfpath.h"
#include "toolsel.h"

#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX_AGAIN "nothing was changed; fix the cause and run `gowrap enable` again"

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
				"point GOENV at a file in a directory, " FIX_AGAIN,
				"%s (the go env file's directory) is not a directory", dir);
	else if (access(file, F_OK) == 0 && access(file, W_OK) != 0)
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				"make the go env file writable (`go env -w` needs it too), " FIX_AGAIN,
				"the go env file %s is not writable", file);
	else if (!*made_dir && access(dir, W_OK) != 0)
		rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				"make the go env file's directory writable, " FIX_AGAIN,
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

static void add_dir(struct enable *x, const char *dir)
{
	for (size_t i = 0; i < x->nbins; i++)
		if (!strcmp(x->bins[i], dir))
			return;
	gw_strv_add(&x->bins, &x->nbins, dir);
}

/* Where the launchers go: beside each linked go on PATH; GOBIN (else the
 * shell's GOPATH's first/bin); the bare context's GOPATH's first/bin (an
 * Xcode phase that puts $(go env GOPATH)/bin on PATH computes it with no
 * GOPATH variable, so a GOPATH set only in the shell points elsewhere);
 * each --bin DIR. */
static void default_bin(struct enable *x)
{
	struct sb dirs = SB_INIT, none = SB_INIT, b = SB_INIT;
	gw_path_find(getenv("PATH"), "go", GW_PATH_ABSOLUTE_ONLY, beside_go, &dirs, &none);
	for (char *l = dirs.buf; l && *l;) {
		char *nl = strchr(l, '\n');
		*nl = '\0';
		add_dir(x, l);
		l = nl + 1;
	}
	char *gobin = gw_go_setting(x->realgo.buf, "GOBIN");
	char *gopath = gw_go_setting(x->realgo.buf, "GOPATH");
	if (*gobin)
		sb_adds(&b, gobin);
	else if (*gopath)
		sb_addf(&b, "%.*s/bin", (int)strcspn(gopath, ":"), gopath);
	else if (getenv("HOME"))
		sb_addf(&b, "%s/go/bin", getenv("HOME"));
	if (b.len)
		add_dir(x, b.buf);
	sb_adds(&x->conv, b.len ? b.buf : "$HOME/go/bin");
	x->bare_ok = en_bare_context(x->realgo.buf, &x->benv, &x->bbin, &none) == 0;
	if (x->bare_ok && x->bbin.len && x->bbin.buf[0] == '/')
		add_dir(x, x->bbin.buf);
	for (size_t i = 0; i < x->nuser; i++)
		add_dir(x, x->user[i]);
	struct sb *all[] = { &dirs, &none, &b };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	free(gobin);
	free(gopath);
}

int enable_plan(struct enable *x, struct gw_err *e)
{
	if (gw_goenv_file(&x->goenv) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "unset GOENV=off (every go must read the go env file for this), " FIX_AGAIN,
				  "GOENV=off: the go command reads no go env file, so no setting reaches it");
	if (gw_find_real_go(&x->realgo, e) < 0)
		return -1;
	if (gw_local_toolchain(x->realgo.buf, &x->local) < 0 ||
	    gw_gover_compare(x->local.buf + 2, "1.21") < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "install Go 1.21 or newer (the first with toolchain switches); " FIX_AGAIN,
				  "%s is %s, which never switches toolchains", x->realgo.buf,
				  x->local.len ? x->local.buf : "of unknown version");
	if (gw_shim_dir(&x->shim) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot find the go shim",
				  "run `make` (build tree) or `make install` again", "no shim beside this gowrap");
	sb_adds(&x->shim, "/go");
	sb_addf(&x->name, "%s%s", x->local.buf, GW_LAUNCHER_SUFFIX);
	/* before any go runs: go makes the go env file's directory for its
	 * own telemetry counters */
	if (check_writable(x->goenv.buf, &x->made_dir, e) < 0)
		return -1;
	default_bin(x);
	return 0;
}

/* The PATH line for the user's login shell, putting dir first. */
static void path_line(const char *dir, struct sb *out)
{
	const char *sh = getenv("SHELL"), *base = sh && strrchr(sh, '/') ? strrchr(sh, '/') + 1 : sh ? sh : "";
	const char *rc = "~/.profile";
	struct sb p = SB_INIT;
	if (!strcmp(base, "fish")) {
		sb_addf(out, "`fish_add_path %s`", dir);
		return;
	}
	if (!strcmp(base, "zsh"))
		rc = "~/.zshrc";
	else if (!strcmp(base, "bash")) {
		sb_addf(&p, "%s/.bash_profile", getenv("HOME") ? getenv("HOME") : "");
		rc = access(p.buf, F_OK) == 0 ? "~/.bash_profile" : "~/.bashrc";
	}
	sb_addf(out, "`echo 'export PATH=\"%s:$PATH\"' >> %s` and open a new shell", dir, rc);
	sb_release(&p);
}

/* A directory this PATH holds that the user may write: theirs, or the
 * usual shared one (/usr/local/bin, /opt/homebrew/bin); "" when none. */
static void writable_on_path(struct sb *out)
{
	struct gw_path_walk w;
	struct sb e = SB_INIT;
	const char *home = getenv("HOME");
	size_t hl = home ? strlen(home) : 0;
	gw_path_walk_start(&w, getenv("PATH"));
	while (!out->len && gw_path_next(&w, &e)) {
		struct stat st;
		int mine = hl > 1 && !strncmp(e.buf, home, hl) && e.buf[hl] == '/';
		int shared = !strcmp(e.buf, "/usr/local/bin") || !strcmp(e.buf, "/opt/homebrew/bin");
		if ((mine || shared) && stat(e.buf, &st) == 0 && S_ISDIR(st.st_mode) && access(e.buf, W_OK) == 0)
			sb_adds(out, e.buf);
	}
	sb_release(&e);
}

int enable_precheck(struct enable *x, struct sb *out, struct gw_err *e)
{
	struct en_plan p = { x->realgo.buf, x->name.buf, x->goenv.buf, x->bins, x->nbins, x->user, x->nuser,
			     x->bare_ok ? x->benv.buf : NULL, x->bare_ok ? x->bbin.buf : NULL };
	if (en_reach_table(&p, out) == EN_REACHED)
		return 0;
	struct sb dirs = SB_INIT, fix = SB_INIT, w = SB_INIT;
	if (en_path_finds(&p, getenv("PATH"), &dirs) == EN_NOT_REACHED) {
		gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
			   "move it away, or put a launcher directory before it on PATH; nothing was changed",
			   "%s: every go run here would run it instead", dirs.buf);
		sb_release(&dirs);
		return -1;
	}
	sb_reset(&dirs);
	for (size_t i = 0; i < x->nbins; i++)
		sb_addf(&dirs, "%s%s", i ? ", " : "", x->bins[i]);
	/* the go-convention directory (GOBIN or GOPATH's bin) is the one
	 * `go install` fills too: the one worth a PATH line */
	sb_adds(&fix, "put a launcher directory on this shell's PATH: ");
	path_line(x->conv.buf, &fix);
	writable_on_path(&w);
	sb_addf(&fix, "; or name a directory this PATH holds: `gowrap enable --bin %s`; then run gowrap enable "
		"again (nothing was changed)", w.len ? w.buf : "DIR");
	gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap", fix.buf,
		   "this shell's PATH holds none of the launcher directories (%s), so every go run here would "
		   "stop, trying to download %s", dirs.buf, x->name.buf);
	sb_release(&dirs);
	sb_release(&fix);
	sb_release(&w);
	return -1;
}
