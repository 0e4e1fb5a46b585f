/* gowrap.c — the `go` shim's main: one pipeline for every target.
 *
 *   parse (cmdline.h: argv + GOFLAGS + go env file) -> target
 *   -> overlay step (iOS family: -overlay keyed on the GOROOT that compiles)
 *   -> deps plan step (iOS family, linux/android arm64: deps.h)
 *   -> run the real go -> verify step (overlay marker, patch markers, deps markers)
 *   -> log -> exit like go
 *
 * Promise: a call that gets nothing added is exec'ed to the real go with argv
 * and environment untouched (no extra process, no question asked of go).
 * A build-flag subcommand for an iOS-family arm64 target gets exactly one
 * -overlay (ours, or ours merged with the caller's) at a position the go
 * command accepts, keyed on the GOROOT that will really compile; a build
 * whose packages carry a known defective CPU-feature copy gets gowrap's
 * -toolexec. Then go runs as a child with signals forwarded, what it wrote
 * is checked for the markers, and the shim exits exactly as go did.
 * gowrap's own faults stop the call before go runs, with one `gowrap: ...`
 * line and a code from exitcodes.h. Only cmdline.c reads argv and GOFLAGS. */
#include "compat.h"
#include "cmdline.h"
#include "deps.h"
#include "enabled.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "installout.h"
#include "loopguard.h"
#include "memo.h"
#include "patchcheck.h"
#include "proto_merge.h"
#include "proto_overlay.h"
#include "pkgver.h"
#include "runcmd.h"
#include "shimlog.h"
#include "target.h"
#include "gosetting.h"
#include "toolsel.h"
#include "trust.h"
#include "verify.h"
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
	/* Inside an Xcode build phase, a verification failure in the form
	 * Xcode's Issue navigator lists (FILE:LINE:COL: error: ...), naming
	 * the output that failed; same words, one write. */
	const char *xc = getenv("XCODE_VERSION_ACTUAL");
	if (e->code == GW_EXIT_VERIFY && xc && *xc && L.output) {
		struct sb line = SB_INIT;
		sb_addf(&line, "%s:1:1: error: %s\n", L.output, reason_buf);
		gw_write_all(2, line.buf, line.len);
		exit(e->code);
	}
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

/* What main's steps share: the call as parsed and what each step found.
 * One static instance, so all of it stays reachable when fault() exits. */
struct call {
	char **argv;
	struct sb realgo;
	struct shim_cmdline cl;
	int ios;                /* an iOS-family target: the overlay step applies */
	const char *patches;    /* GOWRAP_PATCHES (non-empty), or NULL */
	int cpu;                /* the overlay holds the internal/cpu fix: its marker is checked */
	int family;             /* DP_FAM_*: the deps step applies */
	struct sb effdir, gowrap, cache, merged;
	struct shim_answer a;
	const char *ov;         /* the -overlay go gets; NULL: none */
	const char *ov_reason;  /* why not, for the log */
	struct dp_build b;
	struct dp_plan d;
	int deps_ran;
	char **nv;              /* go's argv */
	struct stat before;     /* -o's file before go ran */
	int had_output;
	struct sb bindir;       /* directory whose new files are checked */
	struct shim_snapshot bins;
	int installing, check_bins;
	char **changed;         /* what go wrote into bindir */
	struct sb outp;         /* the one output file checked */
};

static struct call C = { .realgo = SB_INIT, .effdir = SB_INIT, .gowrap = SB_INIT, .cache = SB_INIT,
			 .merged = SB_INIT, .bindir = SB_INIT, .outp = SB_INIT };

/* The target's ios tag: 1 or 0; a malformed list in GOFLAGS is our fault to
 * report (107), one on the command line is go's (passed through). */
static int ios_tag_of(struct call *c)
{
	struct gw_err e = { 0 };
	const struct shim_cmdline *cl = &c->cl;
	if (cl->goflags_bad) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes in GOFLAGS (Go 1.21+ splits it like a shell word list)",
			   "unterminated quote in GOFLAGS=%s", cl->goflags);
		fault(&e);
	}
	int ios_tag = shim_cmdline_ios_tag(cl);
	if (ios_tag < 0 && !cl->tags_argv) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes of -tags in GOFLAGS, or write it comma-separated (-tags=a,b)",
			   "unterminated quote in the -tags value of GOFLAGS=%s", cl->goflags);
		fault(&e);
	}
	if (ios_tag < 0)
		pass_through(c->realgo.buf, c->argv, "malformed -tags: the go command reports it");
	return ios_tag;
}

/* Step 1: which subcommand and target. Returns only for a build of a
 * target gowrap fixes something for; everything else is passed through. */
static void choose_target(struct call *c)
{
	const char *realgo = c->realgo.buf;
	const struct shim_cmdline *cl = &c->cl;
	L.subcommand = cl->sub;
	if (!cl->sub)
		pass_through(realgo, c->argv, "no subcommand");
	if (!cl->build_sub)
		pass_through(realgo, c->argv, "subcommand does not compile for the target");
	L.goos = cl->goos;
	L.goarch = cl->goarch;
	int arm64 = strcmp(cl->goarch, "arm64") == 0;
	/* GOWRAP_PATCHES: every target; the host build stops here */
	if (!arm64 && !c->patches && !dp_family(cl->goos, cl->goarch, 0))
		pass_through(realgo, c->argv, SHIM_NO_FIX_ARCH);
	int ios_tag = arm64 ? ios_tag_of(c) : 0;
	L.tags = cl->tags;
	struct shim_target t;
	const char *why = shim_target(cl->sub, cl->goos, cl->goarch, ios_tag, &t);
	if (why && !c->patches)
		pass_through(realgo, c->argv, why);
	c->ios = t.ios;
	c->family = t.family;
}

/* Step 2: where go runs and gowrap's cache, checked on every path. */
static void prepare(struct call *c)
{
	struct gw_err e = { 0 };
	if (gw_effective_dir(c->cl.chdir, &c->effdir) < 0)
		pass_through(c->realgo.buf, c->argv, "-C directory unusable: the go command reports it");
	L.dir = c->effdir.buf;
	if (gw_cache_dir(&c->cache, &e) < 0)
		fault(&e);
	/* Only the caller may have written what we read from the cache. */
	if (gw_trust_cache_root(c->cache.buf, &e) < 0)
		fault(&e);
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
	struct gw_ovask ask = { .goroot = env.goroot, .gomodcache = env.gomodcache,
				.goversion = env.goversion, .patches = c->patches, .no_cpu = !c->ios };
	if (gw_ovreply_ask(c->gowrap.buf, &ask, &c->a.ov, &e) < 0)
		fault(&e);
	c->a.goroot = env.goroot;
	c->a.goversion = env.goversion;
	c->a.gomodcache = env.gomodcache;
	if (key)
		shim_memo_store(c->cache.buf, key, c->realgo.buf, &c->a);
}

/* Step 3: the overlay for the GOROOT that will compile, from the memo or
 * from gowrap: the internal/cpu fix (iOS family) and GOWRAP_PATCHES (every
 * target). c->ov stays NULL when the toolchain needs none. */
static void overlay_step(struct call *c)
{
	struct gw_err e = { 0 };
	const char *realgo = c->realgo.buf;
	if (!c->ios && !c->patches)
		return;
	if (gw_find_cli(&c->gowrap, &e) < 0)
		fault(&e);

	static struct sb key = SB_INIT;
	int keyed = shim_memo_key(&key, realgo, c->gowrap.buf, c->effdir.buf) == 0 &&
		    shim_memo_key_patches(&key, c->patches, c->ios) == 0;
	int hit = keyed ? shim_memo_load(c->cache.buf, key.buf, realgo, &c->a, &e) : 0;
	if (hit < 0)
		fault(&e);
	L.memo = hit;
	if (!hit)
		ask_gowrap(c, keyed ? key.buf : NULL);
	L.goroot = c->a.goroot;
	L.goversion = c->a.goversion;
	L.patches = c->a.ov.patches;
	L.npatches = c->a.ov.npatches;
	c->cpu = c->ios && strcmp(c->a.ov.status, "applied") == 0;
	int patched = c->a.ov.patched && strcmp(c->a.ov.patched, "0") != 0;
	if (!c->cpu && !patched) {
		c->ov_reason = c->ios ? "not needed: this toolchain detects ARM64 features on iOS itself"
				      : "GOWRAP_PATCHES changes nothing this toolchain compiles";
		return;
	}
	/* go install/run pkg@version may switch to a (newer) toolchain go env
	 * did not see; one newer than a fixed toolchain needs nothing either. */
	if (shim_pkgver_check(&c->cl, realgo, c->a.goversion, c->a.gomodcache, &e) < 0)
		fault(&e);
	if (shim_memo_trust_answer(c->cache.buf, &c->a, &e) < 0)
		fault(&e);
	c->ov = c->a.ov.overlay;
}

/* Step 4: the dependency fix's plan (deps.h), from what the model says. */
static void deps_step(struct call *c)
{
	struct gw_err e = { 0 };
	const struct shim_cmdline *cl = &c->cl;
	if (strcmp(cl->sub, "list") == 0 || !c->family)
		return; /* list compiles nothing for the binary; patches alone need no plan */
	c->b = (struct dp_build){
		.realgo = c->realgo.buf, .effdir = c->effdir.buf, .cache = c->cache.buf, .sub = cl->sub,
		.family = c->family, .listflags = cl->listflags, .nlistflags = cl->nlistflags,
		.pkgs = cl->pkgs, .npkgs = cl->npkgs, .pkg_at_version = cl->pkg_at_version,
		.their_toolexec = cl->toolexec, .modfile = cl->modfile,
	};
	int r = dp_plan(&c->b, &c->d, &e);
	c->deps_ran = 1;
	L.fields = dp_log_fields;
	L.fields_arg = &c->d;
	if (r < 0)
		fault(&e);
}

/* Step 5: go's argv — our overlay (merged with the caller's: argv's last
 * -overlay, else GOFLAGS'), and -toolexec when the dependency fix acts. */
static void make_argv(struct call *c)
{
	struct gw_err e = { 0 };
	if (!c->ov && !c->d.act)
		pass_through(c->realgo.buf, c->argv, c->ov_reason ? c->ov_reason : c->d.reason);
	const char *theirs = c->cl.overlay ? c->cl.overlay : c->cl.gf_overlay;
	if (c->ov && theirs && *theirs) {
		if (gw_merge_ask(c->gowrap.buf, c->cache.buf, c->a.ov.overlay, theirs, c->effdir.buf,
				 &c->merged, &e) < 0)
			fault(&e);
		c->ov = c->merged.buf;
	}
	c->nv = shim_cmdline_argv(&c->cl, c->ov, c->d.act ? c->d.toolexec.buf : NULL);
	L.injected = 1;
	L.overlay = c->ov;
	L.reason = c->ov ? NULL : c->ov_reason;
	if (c->d.act)
		dp_plan_setenv(&c->d);
}

/* The log's goroot and goversion when no overlay step asked go (the
 * dependency fix alone: linux and android arm64), so the report can say
 * which Go built what it verified. Only with the log on, as one `go env`
 * costs a few ms; a failed answer leaves them out and changes nothing. */
static void log_goversion(struct call *c)
{
	static struct gw_goenv env;
	struct gw_err e = { 0 };
	if (gw_goenv_query(c->realgo.buf, c->effdir.buf, NULL, &env, &e) < 0)
		return;
	L.goroot = env.goroot;
	L.goversion = env.goversion;
}

/* Step 6: nothing to do after go (no output to verify, no log line to
 * finish, no state record to read and remove): become go, as on
 * pass-through — same pid, signals and status by construction, and no extra
 * process. Else remember what the check after go needs and return. */
static void exec_or_prepare(struct call *c)
{
	const char *log = getenv("GOWRAP_LOG");
	if (!(log && *log) && !c->d.act && !shim_verify_wanted(&c->cl) &&
	    !shim_install_verify_wanted(&c->cl))
		exec_go(c->realgo.buf, c->nv);
	if (log && *log && !L.goversion)
		log_goversion(c);
	if (shim_verify_wanted(&c->cl))
		c->had_output = stat_output(&c->cl, c->effdir.buf, &c->before);
	c->installing = shim_install_verify_wanted(&c->cl);
	c->check_bins = c->installing
				? shim_install_dir(c->realgo.buf, c->cl.goos, c->cl.goarch, &c->bindir) == 0
				: shim_outdir_verify_wanted(&c->cl, c->effdir.buf, &c->bindir);
	if (c->check_bins)
		shim_snapshot_take(c->bindir.buf, &c->bins);
}

/* Step 7: go as a child; its wait status. */
static int run_go(struct call *c)
{
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

/* One file go wrote must carry every applied patch's marker where a file
 * the patch changes compiled (patchcheck.h); fault() if not. */
static void check_patches(const struct call *c, const char *file)
{
	struct gw_err e = { 0 };
	L.output = file;
	if (shim_patch_check(&c->a.ov, file,
			     "make sure the go that compiles uses the GOROOT `go env GOROOT` reports here "
			     "(no GOROOT override or wrapper in between), then rebuild; GOWRAP_VERIFY=0 "
			     "skips this check",
			     &e) < 0) {
		L.verified = 0;
		fault(&e);
	}
}

#define FIX_VERIFY(again)                                                                          \
	"make sure the go that compiles uses the GOROOT `go env GOROOT` reports here "             \
	"(no GOROOT override or wrapper in between), then " again "; GOWRAP_VERIFY=0 skips this check"

/* Step 8: after a successful go, every file it wrote carries the overlay's
 * marker (-o's file, or each new file of the install or -o directory), each
 * applied patch's where its files compiled, and every fixed dependency its
 * own (deps.h). */
static void verify_outputs(struct call *c, int st)
{
	int ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
	int have = ok && shim_output_to_verify(&c->cl, c->effdir.buf, c->had_output ? &c->before : NULL,
					       &c->outp);
	if (have && c->cpu)
		check_marker(c, c->outp.buf, "built output lacks the gowrap marker", FIX_VERIFY("rebuild"));
	if (have && !c->cpu) {
		L.output = c->outp.buf;
		L.verified = 1; /* the patch and deps checks below decide */
	}
	if (have && c->ov)
		check_patches(c, c->outp.buf);
	/* kept in c: the log, written after this step, names one of them */
	char **changed = c->changed =
		c->check_bins && ok ? shim_snapshot_changed(c->bindir.buf, &c->bins) : NULL;
	size_t n = 0;
	for (size_t i = 0; changed && changed[i]; i++) {
		if (vf_is_go_package_archive(changed[i])) {
			free(changed[i]);
			continue;
		}
		changed[n++] = changed[i];
		if (c->cpu)
			check_marker(c, changed[i],
				     c->installing ? "installed command lacks the gowrap marker"
						   : "built output lacks the gowrap marker",
				     FIX_VERIFY("reinstall"));
		else if (c->d.act || c->ov) {
			L.output = changed[i];
			L.verified = 1;
		}
		if (c->ov)
			check_patches(c, changed[i]);
	}
	if (changed)
		changed[n] = NULL;
	struct gw_err e = { 0 };
	if (c->d.act && dp_check(&c->d, c->cache.buf, have ? c->outp.buf : NULL, changed, &e) < 0) {
		if (e.code == GW_EXIT_VERIFY)
			L.verified = 0;
		fault(&e);
	}
}

int main(int argc, char **argv)
{
	struct call *c = &C;
	struct gw_err e = { 0 };
	c->argv = argv;
	shim_log_init(&L);
	const char *patches = getenv("GOWRAP_PATCHES");
	c->patches = patches && *patches ? patches : NULL;
	int reached = shim_enabled_reached();
	if ((reached ? gw_find_switching_go(argv[0], &c->realgo, &e) : gw_find_real_go(&c->realgo, &e)) < 0)
		fault(&e);
	shim_cmdline_parse(argc, argv, c->realgo.buf, &c->cl);
	/* enabled (gowrap enable): run what the user's GOTOOLCHAIN selects,
	 * never back through the launcher */
	if ((reached || gw_enabled_name(c->realgo.buf, NULL)) &&
	    shim_enabled_select(&c->cl, &c->realgo, &e) < 0)
		fault(&e);
	if (shim_loop_check(c->realgo.buf, c->cl.argc, c->cl.argv, &e) < 0)
		fault(&e);
	choose_target(c);
	/* From here gowrap may add something; each step says what. */
	prepare(c);
	overlay_step(c);
	deps_step(c);
	make_argv(c);
	exec_or_prepare(c);
	int st = run_go(c);
	verify_outputs(c, st);
	shim_log_write(&L);
	gw_exit_like(st);
}
