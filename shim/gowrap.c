/* gowrap.c — the `go` shim's main: decide, then exec or run the real go.
 *
 * Promise: a call that gets nothing added is exec'ed to the real go with argv
 * and environment untouched (no extra process, no question asked of go).
 * A build-flag subcommand for an iOS-family arm64 target gets exactly one
 * -overlay (ours, or ours merged with the caller's) at a position the go
 * command accepts, keyed on the GOROOT that will really compile; it runs as a
 * child with signals forwarded, a written -o output is checked for the marker,
 * and the shim exits exactly as go did. gowrap's own faults stop the call
 * before go runs, with one `gowrap: ...` line and a code from exitcodes.h. */
#include "compat.h"
#include "cmdline.h"
#include "deps.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "installout.h"
#include "loopguard.h"
#include "memo.h"
#include "proto_merge.h"
#include "proto_overlay.h"
#include "pkgver.h"
#include "runcmd.h"
#include "shimlog.h"
#include "target.h"
#include "trust.h"
#include "verify.h"
#include "words.h"
#include "workdir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static struct shim_log L;
static char reason_buf[3200];

/* gowrap's own fault: one line on stderr, one line in the log, exit with
 * that code (exit here, not a return from main, so that what main still
 * holds stays reachable for leak checkers). */
static __attribute__((noreturn)) void fault(const struct gw_err *e)
{
	gw_err_format(e, reason_buf, sizeof reason_buf);
	L.reason = reason_buf;
	L.exit_known = 1;
	L.exit_code = e->code;
	shim_log_write(&L);
	exit(gw_err_print(e));
}

/* Become the real go (same pid, signals and status by construction). */
static __attribute__((noreturn)) void exec_go(const char *realgo, char **argv)
{
	execv(realgo, argv);
	struct gw_err e;
	gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go",
		   "check GOWRAP_GO or the go on PATH", "%s: %s", realgo, strerror(errno));
	fault(&e);
}

/* Nothing to add: log why, then become the real go. */
static __attribute__((noreturn)) void pass_through(const char *realgo, char **argv, const char *reason)
{
	L.reason = reason;
	shim_log_write(&L);
	exec_go(realgo, argv);
}

/* -o's stat before go runs (so a file go did not write is not judged);
 * 1 if it existed. */
static int stat_output(const struct shim_cmdline *cl, const char *effdir, struct stat *before)
{
	struct sb pre = SB_INIT;
	gw_abs_path(&pre, effdir, cl->output);
	int had = stat(pre.buf, before) == 0;
	sb_release(&pre);
	return had;
}

/* -tags and -overlay from GOFLAGS (each must be -name=value there). */
static void goflags_scan(const struct shim_words *w, const char **tags, const char **overlay)
{
	for (size_t i = 0; i < w->n; i++) {
		const char *a = w->v[i];
		if (a[0] != '-')
			continue;
		a += a[1] == '-' ? 2 : 1;
		if (strncmp(a, "tags=", 5) == 0)
			*tags = a + 5;
		else if (strncmp(a, "overlay=", 8) == 0)
			*overlay = a + 8;
	}
}

/* The argv go gets: ours replaces the caller's -overlay in place, or is
 * inserted where cmdline.c says a flag is accepted. */
static char **new_argv(const struct shim_cmdline *cl, const char *realgo, const char *ov,
		       char **flag_out)
{
	char **v = gw_xcalloc((size_t)cl->argc + 2, sizeof *v);
	struct sb f = SB_INIT;
	int j = 0;
	for (int i = 0; i < cl->argc; i++) {
		if (i == cl->insert_at && cl->overlay_idx < 0) {
			sb_addf(&f, "-overlay=%s", ov);
			v[j++] = f.buf;
		}
		if (i == cl->overlay_idx) {
			if (cl->overlay_inline) {
				/* keep the caller's spelling (-overlay or --overlay) */
				const char *eq = strchr(cl->argv[i], '=');
				sb_add(&f, cl->argv[i], (size_t)(eq - cl->argv[i]) + 1);
				sb_adds(&f, ov);
				v[j++] = f.buf;
			} else {
				v[j++] = (char *)ov;
			}
			continue;
		}
		v[j++] = cl->argv[i];
	}
	if (cl->insert_at >= cl->argc && cl->overlay_idx < 0) {
		sb_addf(&f, "-overlay=%s", ov);
		v[j++] = f.buf;
	}
	v[0] = (char *)realgo;
	*flag_out = f.len ? f.buf : NULL;
	return v;
}

/* ---- gowrap-deps (shim/deps.h): CPU-feature copies in dependencies ---- */
static struct shim_deps D;

static int deps_sub(const char *sub)
{
	return strcmp(sub, "list") != 0; /* list compiles nothing for the binary */
}

static void deps_log_set(void)
{
	L.fields = shim_deps_log_fields;
	L.fields_arg = &D;
}

/* A linux/android arm64 build: only -toolexec, and only when the module
 * graph holds a known copy; otherwise exactly the old pass-through. */
static __attribute__((noreturn)) void deps_linux(const struct shim_cmdline *cl, const char *realgo,
						 char **argv, const char *goflags)
{
	struct gw_err e = { 0 };
	struct sb effdir = SB_INIT, cache = SB_INIT;
	if (!deps_sub(cl->sub) || gw_effective_dir(cl->chdir, &effdir) < 0)
		pass_through(realgo, argv, "not an iOS-family target (GOOS is not ios, no ios tag)");
	if (gw_cache_dir(&cache, &e) < 0)
		fault(&e);
	if (shim_deps_plan(cl, realgo, effdir.buf, shim_deps_family("linux", 0), goflags, cache.buf, &D, &e) < 0)
		fault(&e);
	deps_log_set();
	if (!D.act)
		pass_through(realgo, argv, D.reason);
	L.dir = effdir.buf;
	L.injected = 1;
	char **nv = shim_deps_argv(argv, cl->argc, cl->insert_at, &D);
	nv[0] = (char *)realgo;
	const char *log = getenv("GOWRAP_LOG");
	if (!(log && *log) && !shim_verify_wanted(cl)) {
		setenv("GOWRAP_DEPS_FAMILY", D.family, 1);
		nv[0] = argv[0];
		exec_go(realgo, nv);
	}
	shim_deps_setenv(&D);
	struct stat before;
	int had = shim_verify_wanted(cl) && stat_output(cl, effdir.buf, &before);
	struct gw_cmd c = { .argv = nv };
	int st = gw_run_wait(&c);
	if (st < 0) {
		gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go", "check GOWRAP_GO or the go on PATH",
			   "%s: %s", realgo, strerror(errno));
		fault(&e);
	}
	L.exit_known = 1;
	L.exit_code = gw_status_code(st);
	struct sb outp = SB_INIT;
	int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	int check = ok && shim_output_to_verify(cl, effdir.buf, had ? &before : NULL, &outp);
	int r = shim_deps_check(&D, check ? outp.buf : NULL, &e);
	deps_log_set();
	if (check) {
		L.output = outp.buf;
		L.verified = r == 0;
	}
	if (r < 0)
		fault(&e);
	shim_log_write(&L);
	gw_exit_like(st);
}
/* ---- end gowrap-deps ---- */

/* What main's steps share: the call as parsed and what each step found.
 * One static instance, so all of it stays reachable when fault() exits. */
struct call {
	char **argv;
	struct sb realgo;
	struct shim_cmdline cl;
	struct shim_target t;
	struct shim_words gf;   /* GOFLAGS, split */
	const char *gf_overlay; /* GOFLAGS' -overlay, or NULL */
	struct sb effdir, gowrap, cache, merged;
	struct shim_answer a;
	const char *ov;         /* the -overlay go gets */
	char **nv;              /* go's argv */
	struct stat before;     /* -o's file before go ran */
	int had_output;
	struct sb bindir;       /* directory whose new files are checked */
	struct shim_snapshot bins;
	int installing, check_bins;
	struct sb outp;         /* the one output file checked */
};

static struct call C = { .realgo = SB_INIT, .effdir = SB_INIT, .gowrap = SB_INIT, .cache = SB_INIT,
			 .merged = SB_INIT, .bindir = SB_INIT, .outp = SB_INIT };

/* Does the call's tag list (argv's -tags, else GOFLAGS') hold ios? Also
 * notes GOFLAGS' -overlay. Malformed GOFLAGS is our fault to report; a
 * malformed -tags on the command line is go's. */
static int ios_tag_of(struct call *c)
{
	struct gw_err e = { 0 };
	if (shim_split_quoted(c->t.goflags, &c->gf) < 0) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes in GOFLAGS (Go 1.21+ splits it like a shell word list)",
			   "unterminated quote in GOFLAGS=%s", c->t.goflags);
		fault(&e);
	}
	const char *gf_tags = NULL;
	goflags_scan(&c->gf, &gf_tags, &c->gf_overlay);
	const char *tags = c->cl.tags ? c->cl.tags : gf_tags;
	L.tags = tags;
	int ios_tag = tags ? shim_tags_has_ios(tags) : 0;
	if (ios_tag < 0 && !c->cl.tags) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes of -tags in GOFLAGS, or write it comma-separated (-tags=a,b)",
			   "unterminated quote in the -tags value of GOFLAGS=%s", c->t.goflags);
		fault(&e);
	}
	if (ios_tag < 0)
		pass_through(c->realgo.buf, c->argv, "malformed -tags: the go command reports it");
	return ios_tag;
}

/* Step 1: which subcommand and target. Returns only for an iOS-family
 * arm64 build; everything else is passed through (or, for linux/android
 * arm64, handed to the dependency fix). */
static void choose_target(struct call *c, int argc)
{
	const char *realgo = c->realgo.buf;
	shim_cmdline_parse(argc, c->argv, &c->cl);
	L.subcommand = c->cl.sub;
	if (!c->cl.sub)
		pass_through(realgo, c->argv, "no subcommand");
	if (!shim_sub_needs_overlay(c->cl.sub))
		pass_through(realgo, c->argv, "subcommand does not compile for the target");

	shim_target_resolve(realgo, &c->t);
	L.goos = c->t.goos;
	L.goarch = c->t.goarch;
	if (strcmp(c->t.goarch, "arm64") != 0)
		pass_through(realgo, c->argv, "GOARCH is not arm64");
	int ios_tag = ios_tag_of(c);
	int ios = strcmp(c->t.goos, "ios") == 0;
	/* gowrap-deps: linux/android arm64 (deps.h) */
	if (!ios && !ios_tag && shim_deps_family(c->t.goos, 0))
		deps_linux(&c->cl, realgo, c->argv, c->t.goflags);
	if (!ios && !ios_tag)
		pass_through(realgo, c->argv, "not an iOS-family target (GOOS is not ios, no ios tag)");
	/* The ios tag makes an iOS-family build only on darwin (Mac Catalyst, as
	 * SagerNet gomobile builds it). Elsewhere internal/cpu has its own
	 * osInit (linux, android, freebsd, openbsd; windows since Go 1.27), which
	 * the overlay's added `arm64 && ios` file would redeclare. */
	if (!ios && strcmp(c->t.goos, "darwin") != 0)
		pass_through(realgo, c->argv, "the ios tag outside darwin: not an iOS-family target");
}

/* Ask gowrap for the overlay (memo miss) and remember the answer. */
static void ask_gowrap(struct call *c, const char *key)
{
	struct gw_err e = { 0 };
	struct gw_goenv env;
	if (gw_goenv_query(c->realgo.buf, c->effdir.buf, NULL, &env, &e) < 0)
		fault(&e);
	L.goroot = env.goroot;
	L.goversion = env.goversion;
	if (env.gomodcache[0] && gw_path_within(env.goroot, env.gomodcache)) {
		gw_err_set(&e, GW_EXIT_MODCACHE_GOROOT, "cannot overlay this toolchain",
			   "run `gowrap toolchain install <version>` and put the printed launcher's directory first on PATH",
			   "%s (%s) lies beneath GOMODCACHE %s, where the go command refuses overlays "
			   "(a GOTOOLCHAIN download); `gowrap toolchain install %s` makes a real GOROOT for it",
			   env.goroot, env.goversion, env.gomodcache, env.goversion);
		fault(&e);
	}
	if (gw_ovreply_ask(c->gowrap.buf, env.goroot, env.gomodcache, &c->a.ov, &e) < 0)
		fault(&e);
	c->a.goroot = env.goroot;
	c->a.goversion = env.goversion;
	c->a.gomodcache = env.gomodcache;
	if (key)
		shim_memo_store(c->cache.buf, key, c->realgo.buf, &c->a);
}

/* Step 2: the overlay for the GOROOT that will compile, from the memo or
 * from gowrap. Returns only when the toolchain needs it. */
static void find_overlay(struct call *c)
{
	struct gw_err e = { 0 };
	const char *realgo = c->realgo.buf;
	if (gw_effective_dir(c->cl.chdir, &c->effdir) < 0)
		pass_through(realgo, c->argv, "-C directory unusable: the go command reports it");
	L.dir = c->effdir.buf;
	if (gw_find_cli(&c->gowrap, &e) < 0 || gw_cache_dir(&c->cache, &e) < 0)
		fault(&e);
	/* Only the caller may have written what we read from the cache. */
	if (gw_trust_cache_root(c->cache.buf, &e) < 0)
		fault(&e);

	static struct sb key = SB_INIT;
	int keyed = shim_memo_key(&key, realgo, c->gowrap.buf, c->effdir.buf) == 0;
	int hit = keyed ? shim_memo_load(c->cache.buf, key.buf, realgo, &c->a, &e) : 0;
	if (hit < 0)
		fault(&e);
	L.memo = hit;
	if (!hit)
		ask_gowrap(c, keyed ? key.buf : NULL);
	L.goroot = c->a.goroot;
	L.goversion = c->a.goversion;
	if (strcmp(c->a.ov.status, "applied") != 0)
		pass_through(realgo, c->argv, "not needed: this toolchain detects ARM64 features on iOS itself");
	/* go install/run pkg@version may switch to a (newer) toolchain go env
	 * did not see; one newer than a fixed toolchain needs nothing either. */
	if (shim_pkgver_check(&c->cl, realgo, c->a.goversion, c->a.gomodcache, &e) < 0)
		fault(&e);
	if (shim_memo_trust_answer(c->cache.buf, &c->a, &e) < 0)
		fault(&e);
}

/* Step 3: go's argv — our overlay (merged with the caller's: argv's last
 * -overlay, else GOFLAGS'), and -toolexec when the dependency fix acts. */
static void make_argv(struct call *c)
{
	struct gw_err e = { 0 };
	const char *theirs = c->cl.overlay ? c->cl.overlay : c->gf_overlay;
	c->ov = c->a.ov.overlay;
	if (theirs && *theirs) {
		if (gw_merge_ask(c->gowrap.buf, c->cache.buf, c->a.ov.overlay, theirs, c->effdir.buf,
				 &c->merged, &e) < 0)
			fault(&e);
		c->ov = c->merged.buf;
	}
	char *flag;
	c->nv = new_argv(&c->cl, c->realgo.buf, c->ov, &flag);
	L.injected = 1;
	L.overlay = c->ov;
	/* gowrap-deps: the iOS family gets the dependency fix too (deps.h) */
	if (deps_sub(c->cl.sub)) {
		if (shim_deps_plan(&c->cl, c->realgo.buf, c->effdir.buf, shim_deps_family(c->t.goos, 1),
				   c->t.goflags, c->cache.buf, &D, &e) < 0)
			fault(&e);
		deps_log_set();
		if (D.act) {
			int n = 0;
			while (c->nv[n])
				n++;
			char **with = shim_deps_argv(c->nv, n, c->cl.insert_at, &D);
			free(c->nv); /* the strings stay: with points at them */
			c->nv = with;
			setenv("GOWRAP_DEPS_FAMILY", D.family, 1);
		}
	}
	/* go's argv[0] is what the caller gave us, on every path (exec, spawn). */
	c->nv[0] = c->argv[0];
}

/* Step 4: nothing to do after go (no output to verify, no log line to
 * finish): become go, as on pass-through — same pid, signals and status by
 * construction, and no extra process. Else remember what the check after
 * go needs and return. */
static void exec_or_prepare(struct call *c)
{
	const char *log = getenv("GOWRAP_LOG");
	if (!(log && *log) && !shim_verify_wanted(&c->cl) && !shim_install_verify_wanted(&c->cl))
		exec_go(c->realgo.buf, c->nv);
	if (shim_verify_wanted(&c->cl))
		c->had_output = stat_output(&c->cl, c->effdir.buf, &c->before);
	c->installing = shim_install_verify_wanted(&c->cl);
	c->check_bins = c->installing
				? shim_install_dir(c->realgo.buf, c->t.goos, c->t.goarch, &c->bindir) == 0
				: shim_outdir_verify_wanted(&c->cl, c->effdir.buf, &c->bindir);
	if (c->check_bins)
		shim_snapshot_take(c->bindir.buf, &c->bins);
}

/* Step 5: go as a child; its wait status. */
static int run_go(struct call *c)
{
	if (D.act)
		shim_deps_setenv(&D);
	struct gw_cmd cmd = { .argv = c->nv };
	int st = gw_run_wait_as(c->realgo.buf, &cmd);
	if (st < 0) {
		struct gw_err e = { 0 };
		gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go", "check GOWRAP_GO or the go on PATH",
			   "%s: %s", c->realgo.buf, strerror(errno));
		fault(&e);
	}
	L.exit_known = 1;
	L.exit_code = gw_status_code(st);
	return st;
}

/* One file go wrote must carry the overlay's marker; fault() if not. */
static void check_marker(const struct call *c, const char *file, const char *what, const char *fix)
{
	struct sb why = SB_INIT;
	int r = vf_check_output_as(file, c->a.ov.marker, VF_EXPECT_IOS_BUILD, &why);
	L.output = file;
	L.verified = r == 0;
	if (r != 0) {
		struct gw_err e = { 0 };
		gw_err_set(&e, GW_EXIT_VERIFY, what, fix, "%s%s%s (overlay %s keyed on GOROOT %s)",
			   why.len ? "" : file, why.len ? "" : ": ",
			   why.len ? why.buf : (r == 2 ? "unreadable" : "marker missing"), c->ov, c->a.goroot);
		fault(&e);
	}
	sb_release(&why);
}

#define FIX_VERIFY(again)                                                                          \
	"make sure the go that compiles uses the GOROOT `go env GOROOT` reports here "             \
	"(no GOROOT override or wrapper in between), then " again "; GOWRAP_VERIFY=0 skips this check"

/* Step 6: after a successful go, every file it wrote carries the marker
 * (-o's file, or each new file of the install or -o directory), and every
 * fixed dependency its own (deps.h). */
static void verify_outputs(struct call *c, int st)
{
	int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	if (ok && shim_output_to_verify(&c->cl, c->effdir.buf, c->had_output ? &c->before : NULL, &c->outp))
		check_marker(c, c->outp.buf, "built output lacks the gowrap marker", FIX_VERIFY("rebuild"));
	if (c->check_bins && ok) {
		char **changed = shim_snapshot_changed(c->bindir.buf, &c->bins);
		for (size_t i = 0; changed[i]; i++) {
			if (vf_is_go_package_archive(changed[i]))
				continue;
			check_marker(c, changed[i],
				     c->installing ? "installed command lacks the gowrap marker"
						   : "built output lacks the gowrap marker",
				     FIX_VERIFY("reinstall"));
		}
	}
	if (D.act) { /* gowrap-deps: every fixed package's marker (deps.h) */
		struct gw_err e = { 0 };
		int r = shim_deps_check(&D, c->outp.len ? c->outp.buf : NULL, &e);
		deps_log_set();
		if (r < 0)
			fault(&e);
	}
}

int main(int argc, char **argv)
{
	struct call *c = &C;
	struct gw_err e = { 0 };
	c->argv = argv;
	shim_log_init(&L);
	if (gw_find_real_go(&c->realgo, &e) < 0 || shim_loop_check(c->realgo.buf, argc, argv, &e) < 0)
		fault(&e);
	choose_target(c, argc);
	/* From here the call needs the overlay. */
	find_overlay(c);
	make_argv(c);
	exec_or_prepare(c);
	int st = run_go(c);
	verify_outputs(c, st);
	shim_log_write(&L);
	gw_exit_like(st);
}
