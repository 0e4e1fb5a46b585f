/* enable.c — `gowrap enable [--bin DIR]...` (en_enable): once per user, every go on
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
 * Promise: a go that worked is never left unable to run. Before any write
 * enable works out where the go of each context will look for the launcher
 * (enable_reach.h) and refuses with 117, nothing changed, when this shell's
 * would find none (or GOENV=off, a go env file or directory it cannot
 * write, a go older than 1.21, a launcher path taken by something else).
 * After its writes it runs the real go through the switch here (`go
 * version`, `go env GOROOT`) and, if that fails, puts every byte back
 * (undo.c) and refuses. It ends with the table of what it reaches;
 * --dry-run prints that table and changes nothing. The user's file keeps
 * every other line, its bytes before enable are kept for `gowrap disable`;
 * enabling again changes nothing. */
#include "compat.h"
#include "enable.h"
#include "enable_reach.h"
#include "enable_state.h"
#include "enable_steps.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "hash.h"
#include "toolsel.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "runcmd.h"

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
static int make_launcher(struct enable *x, const char *dir, struct gw_err *e)
{
	struct en_state *s = &x->s;
	struct sb *path = &x->path;
	sb_reset(path);
	gw_path_join(path, dir, x->name.buf);
	struct stat st;
	int had = lstat(path->buf, &st) == 0;
	if (had && !en_is_launcher(path->buf))
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
				  "move that file away or give another --bin DIR; nothing was changed",
				  "%s exists and is not a gowrap launcher", path->buf);
	char **missing = NULL;
	size_t nmissing = 0;
	en_missing_dirs(dir, &missing, &nmissing);
	int made = gw_mkdirs(dir, 0755, e) == 0;
	keep_made(s, missing, nmissing, made);
	if (!made)
		return -1;
	struct sb tmp = SB_INIT;
	sb_addf(&tmp, "%s.tmp%ld", path->buf, (long)getpid());
	unlink(tmp.buf);
	int rc = symlink(x->shim.buf, tmp.buf) == 0 && rename(tmp.buf, path->buf) == 0 ? 0 : -1;
	if (rc < 0) {
		gw_err_set(e, GW_EXIT_ENABLE, "cannot make the gowrap launcher",
			   "make the directory writable or give another --bin DIR; nothing was changed", "%s: %s",
			   path->buf, strerror(errno));
		unlink(tmp.buf);
	} else if (!had) {
		gw_strv_add(&x->created, &x->ncreated, path->buf);
	}
	sb_release(&tmp);
	return rc;
}

static void add_once(char ***v, size_t *n, const char *str)
{
	for (size_t k = 0; k < *n; k++)
		if (!strcmp((*v)[k], str))
			return;
	gw_strv_add(v, n, str);
}

/* Record the state, make the launchers, then write the go env file. */
static int apply(struct enable *x, struct gw_err *e)
{
	struct en_state *s = &x->s;
	int exists = sb_read_file(&x->cur, s->goenv.buf, 1u << 20) == 0;
	if (!x->had_state) {
		s->had = exists;
		s->made_dir = x->made_dir;
		sb_adds(&s->orig, x->cur.buf);
		s->had_tc = en_file_toolchain(x->cur.buf, &s->user_tc);
	}
	sb_reset(&s->name);
	sb_adds(&s->name, x->name.buf);
	en_set_toolchain(x->cur.buf, x->cur.len, s->name.buf, &x->next);
	gw_sha256_hex(x->next.buf, x->next.len, s->wrote);
	for (size_t i = 0; i < x->nbins; i++) {
		if (make_launcher(x, x->bins[i], e) < 0)
			return -1;
		add_once(&s->launchers, &s->nlaunchers, x->path.buf);
	}
	for (size_t i = 0; i < x->nuser; i++)
		add_once(&s->bins, &s->nbins, x->user[i]);
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

static void trim(struct sb *b)
{
	while (b->len && (b->buf[b->len - 1] == '\n' || b->buf[b->len - 1] == '\r'))
		b->buf[--b->len] = '\0';
	char *nl = strchr(b->buf, '\n'); /* the first line: one line of error */
	if (nl)
		*nl = '\0', b->len = (size_t)(nl - b->buf);
}

/* The real go through the switch, in enable's own environment (outside
 * any module: the switch is proved, not the module here): `go version` and
 * `go env GOROOT` must both answer. 0, or -1 with e. */
static int prove(struct enable *x, struct gw_err *e)
{
	char *const qs[2][3] = { { "version", NULL, NULL }, { "env", "GOROOT", NULL } };
	int rc = 0;
	for (int q = 0; q < 2 && rc == 0; q++) {
		struct sb out = SB_INIT, err = SB_INIT;
		char *argv[] = { x->realgo.buf, qs[q][0], qs[q][1], NULL };
		struct gw_cmd c = { .argv = argv, .dir = "/", .out = &out, .err = &err, .null_stdin = 1 };
		int st = gw_run(&c);
		struct stat sd;
		int ok = st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && out.len;
		if (ok && q == 1) {
			trim(&out);
			ok = stat(out.buf, &sd) == 0 && S_ISDIR(sd.st_mode);
		}
		if (!ok) {
			trim(&err);
			rc = gw_err_set(e, GW_EXIT_ENABLE, "cannot enable gowrap",
					"nothing was changed (every byte put back); fix what go reports and run "
					"`gowrap enable` again",
					"`%s %s%s%s` through the launcher failed once enabled: %s", x->realgo.buf,
					qs[q][0], qs[q][1] ? " " : "", qs[q][1] ? qs[q][1] : "",
					err.len ? err.buf : out.len ? out.buf : "no answer");
		}
		sb_release(&out);
		sb_release(&err);
	}
	return rc;
}

static void enable_free(struct enable *x)
{
	en_free(&x->s);
	enable_snap_free(&x->snap);
	struct sb *all[] = { &x->realgo, &x->shim, &x->local, &x->name, &x->goenv, &x->conv,
			     &x->cur,    &x->next, &x->path,  &x->benv, &x->bbin };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	char **vs[] = { x->bins, x->user, x->created };
	size_t ns[] = { x->nbins, x->nuser, x->ncreated };
	for (size_t k = 0; k < 3; k++) {
		for (size_t i = 0; i < ns[k]; i++)
			free(vs[k][i]);
		free(vs[k]);
	}
}

/* Lock, snapshot, write, prove; on any failure every byte goes back. */
static int change(struct enable *x, struct gw_err *e)
{
	if (gw_enable_dir(&x->s.dir) < 0)
		return gw_err_set(e, GW_EXIT_ENABLE, "cannot find gowrap's config directory", "set HOME",
				  "HOME is not set");
	en_missing_dirs(x->s.dir.buf, &x->snap.cfg_made, &x->snap.ncfg);
	int fd = en_lock(&x->s, e), rc = fd < 0 ? -1 : 0;
	if (rc == 0 && (x->had_state = en_read(&x->s, e)) < 0)
		rc = -1;
	if (rc == 0) {
		sb_reset(&x->s.goenv); /* asked again: GOENV may have moved */
		sb_adds(&x->s.goenv, x->goenv.buf);
		enable_snap(x);
		rc = apply(x, e) < 0 ? -1 : prove(x, e);
		if (rc < 0)
			enable_undo(x);
	} else {
		enable_undo_dir(x); /* nothing else was written yet */
	}
	if (fd >= 0)
		close(fd);
	return rc;
}

static void enabled(struct enable *x)
{
	printf("gowrap enabled: GOTOOLCHAIN=%s in %s; launcher%s:", x->s.name.buf, x->s.goenv.buf,
	       x->s.nlaunchers > 1 ? "s" : "");
	for (size_t i = 0; i < x->s.nlaunchers; i++)
		printf(" %s", x->s.launchers[i]);
	printf("\n");
	struct en_plan p = { x->realgo.buf, x->name.buf, x->goenv.buf, x->bins, x->nbins, x->s.bins, x->s.nbins,
			     x->bare_ok ? x->benv.buf : NULL, x->bare_ok ? x->bbin.buf : NULL };
	struct sb t = SB_INIT;
	en_reach_table(&p, &t);
	fputs(t.buf, stdout);
	sb_release(&t);
	const char *tc = getenv("GOTOOLCHAIN");
	if (tc && *tc)
		gw_note("GOTOOLCHAIN=%s in this environment wins over the go env file: go calls from "
			"here are not reached (unset it)",
			tc);
}

int en_enable(char *const *bins, size_t nbins, int dry_run)
{
	struct enable x = { .s = EN_STATE_INIT };
	struct sb *all[] = { &x.realgo, &x.shim, &x.local, &x.name, &x.goenv, &x.conv, &x.cur, &x.next, &x.path,
			     &x.benv, &x.bbin, &x.snap.env, &x.snap.state[0], &x.snap.state[1] };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_init(all[i]);
	struct gw_err e = { 0 };
	struct sb table = SB_INIT;
	x.dry_run = dry_run;
	for (size_t i = 0; i < nbins; i++)
		gw_strv_add(&x.user, &x.nuser, bins[i]);
	int rc = enable_plan(&x, &e) < 0 ? -1 : 0;
	if (rc == 0) {
		rc = enable_precheck(&x, &table, &e);
		if (x.dry_run || rc < 0)
			fputs(table.buf ? table.buf : "", stdout);
		fflush(stdout);
	}
	if (rc == 0 && x.dry_run)
		printf("gowrap enable --dry-run: nothing was changed\n");
	else if (rc == 0 && (rc = change(&x, &e)) == 0)
		enabled(&x);
	sb_release(&table);
	enable_free(&x);
	return rc < 0 ? gw_err_print(&e) : 0;
}
