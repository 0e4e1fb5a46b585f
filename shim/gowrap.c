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

/* Nothing to add: log why, then become the real go. */
static int pass_through(const char *realgo, char **argv, const char *reason)
{
	L.reason = reason;
	shim_log_write(&L);
	execv(realgo, argv);
	struct gw_err e;
	gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go",
		   "check GOWRAP_GO or the go on PATH", "%s: %s", realgo, strerror(errno));
	fault(&e);
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

static int verify_off(void)
{
	const char *v = getenv("GOWRAP_VERIFY");
	return v && strcmp(v, "0") == 0;
}

/* go install: what it links lands in GOBIN or GOPATH/bin[/GOOS_GOARCH]. */
static int install_verify_wanted(const struct shim_cmdline *cl)
{
	return !verify_off() && strcmp(cl->sub, "install") == 0;
}

/* Does this call write one output file that the check applies to? */
static int verify_wanted(const struct shim_cmdline *cl)
{
	if (verify_off())
		return 0;
	if (!cl->output || !*cl->output)
		return 0;
	return strcmp(cl->sub, "build") == 0 || (strcmp(cl->sub, "test") == 0 && cl->test_c);
}

/* The same file, untouched (any write or rename moves ctime)? */
static int same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       GW_ST_MTIM(a).tv_sec == GW_ST_MTIM(b).tv_sec && GW_ST_MTIM(a).tv_nsec == GW_ST_MTIM(b).tv_nsec &&
	       GW_ST_CTIM(a).tv_sec == GW_ST_CTIM(b).tv_sec && GW_ST_CTIM(a).tv_nsec == GW_ST_CTIM(b).tv_nsec;
}

/* -o names a directory (go build -o dir/, go test -c -o dir/ with several
 * packages): each file go writes there is checked. */
static int outdir_verify_wanted(const struct shim_cmdline *cl, const char *effdir, struct sb *dir)
{
	if (!verify_wanted(cl))
		return 0;
	size_t n = strlen(cl->output);
	struct stat st;
	shim_abs_path(dir, effdir, cl->output);
	if ((n && cl->output[n - 1] == '/') || (stat(dir->buf, &st) == 0 && S_ISDIR(st.st_mode)))
		return 1;
	sb_reset(dir);
	return 0;
}

/* Should a successful call's output be checked, and where is it? `before`
 * is the output's stat from before go ran (NULL: it did not exist). */
static int output_to_verify(const struct shim_cmdline *cl, const char *effdir,
			    const struct stat *before, struct sb *out)
{
	if (!verify_wanted(cl))
		return 0;
	shim_abs_path(out, effdir, cl->output);
	struct stat st;
	/* -o dir/ and -o /dev/null are not one file to check; a Go package
	 * archive (non-main package, -buildmode=archive) holds no linked code;
	 * a file go did not write (go test -c of a package without tests)
	 * is not this build's output. */
	return stat(out->buf, &st) == 0 && S_ISREG(st.st_mode) &&
	       !(before && same_stat(before, &st)) && !vf_is_go_package_archive(out->buf);
}

/* ---- gowrap-deps (shim/deps.h): CPU-feature copies in dependencies ---- */
static struct shim_deps D;
static struct sb deps_log = SB_INIT;

static int deps_sub(const char *sub)
{
	return strcmp(sub, "list") != 0; /* list compiles nothing for the binary */
}

static void deps_log_set(void)
{
	sb_reset(&deps_log);
	shim_deps_log_fields(&D, &deps_log);
	L.extra = deps_log.buf;
}

/* A linux/android arm64 build: only -toolexec, and only when the module
 * graph holds a known copy; otherwise exactly the old pass-through. */
static int deps_linux(const struct shim_cmdline *cl, const char *realgo, char **argv,
		      const char *goflags, int (*verify_wanted_fn)(const struct shim_cmdline *),
		      int (*output_fn)(const struct shim_cmdline *, const char *, const struct stat *, struct sb *))
{
	struct gw_err e = { 0 };
	struct sb effdir = SB_INIT, cache = SB_INIT;
	if (!deps_sub(cl->sub) || shim_effective_dir(cl->chdir, &effdir) < 0)
		return pass_through(realgo, argv, "not an iOS-family target (GOOS is not ios, no ios tag)");
	if (gw_cache_dir(&cache, &e) < 0)
		fault(&e);
	if (shim_deps_plan(cl, realgo, effdir.buf, shim_deps_family("linux", 0), goflags, cache.buf, &D, &e) < 0)
		fault(&e);
	deps_log_set();
	if (!D.act)
		return pass_through(realgo, argv, D.reason);
	L.dir = effdir.buf;
	L.injected = 1;
	char **nv = shim_deps_argv(argv, cl->argc, cl->insert_at, &D);
	nv[0] = (char *)realgo;
	const char *log = getenv("GOWRAP_LOG");
	if (!(log && *log) && !verify_wanted_fn(cl)) {
		setenv("GOWRAP_DEPS_FAMILY", D.family, 1);
		nv[0] = argv[0];
		execv(realgo, nv);
		gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go",
			   "check GOWRAP_GO or the go on PATH", "%s: %s", realgo, strerror(errno));
		fault(&e);
	}
	shim_deps_setenv(&D);
	struct stat before;
	int had = 0;
	if (verify_wanted_fn(cl)) {
		struct sb pre = SB_INIT;
		shim_abs_path(&pre, effdir.buf, cl->output);
		had = stat(pre.buf, &before) == 0;
		sb_release(&pre);
	}
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
	int check = ok && output_fn(cl, effdir.buf, had ? &before : NULL, &outp);
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

int main(int argc, char **argv)
{
	struct gw_err e = { 0 };
	struct sb realgo = SB_INIT;
	shim_log_init(&L);
	if (gw_find_real_go(&realgo, &e) < 0 || shim_loop_check(realgo.buf, argc, argv, &e) < 0)
		fault(&e);

	struct shim_cmdline cl;
	shim_cmdline_parse(argc, argv, &cl);
	L.subcommand = cl.sub;
	if (!cl.sub)
		return pass_through(realgo.buf, argv, "no subcommand");
	if (!shim_sub_needs_overlay(cl.sub))
		return pass_through(realgo.buf, argv, "subcommand does not compile for the target");

	struct shim_target t;
	shim_target_resolve(realgo.buf, &t);
	L.goos = t.goos;
	L.goarch = t.goarch;
	if (strcmp(t.goarch, "arm64") != 0)
		return pass_through(realgo.buf, argv, "GOARCH is not arm64");

	struct shim_words gf;
	if (shim_split_quoted(t.goflags, &gf) < 0) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes in GOFLAGS (Go 1.21+ splits it like a shell word list)",
			   "unterminated quote in GOFLAGS=%s", t.goflags);
		fault(&e);
	}
	const char *gf_tags = NULL, *gf_overlay = NULL;
	goflags_scan(&gf, &gf_tags, &gf_overlay);
	const char *tags = cl.tags ? cl.tags : gf_tags;
	L.tags = tags;
	int ios_tag = tags ? shim_tags_has_ios(tags) : 0;
	if (ios_tag < 0 && !cl.tags) {
		gw_err_set(&e, GW_EXIT_GOFLAGS, "cannot parse GOFLAGS",
			   "balance the quotes of -tags in GOFLAGS, or write it comma-separated (-tags=a,b)",
			   "unterminated quote in the -tags value of GOFLAGS=%s", t.goflags);
		fault(&e);
	}
	if (ios_tag < 0)
		return pass_through(realgo.buf, argv, "malformed -tags: the go command reports it");
	/* gowrap-deps: linux/android arm64 (deps.h) */
	if (strcmp(t.goos, "ios") != 0 && !ios_tag && shim_deps_family(t.goos, 0))
		return deps_linux(&cl, realgo.buf, argv, t.goflags, verify_wanted, output_to_verify);
	if (strcmp(t.goos, "ios") != 0 && !ios_tag)
		return pass_through(realgo.buf, argv, "not an iOS-family target (GOOS is not ios, no ios tag)");
	/* The ios tag makes an iOS-family build only on darwin (Mac Catalyst, as
	 * SagerNet gomobile builds it). Elsewhere internal/cpu has its own
	 * osInit (linux, android, freebsd, openbsd; windows since Go 1.27), which
	 * the overlay's added `arm64 && ios` file would redeclare. */
	if (strcmp(t.goos, "ios") != 0 && strcmp(t.goos, "darwin") != 0)
		return pass_through(realgo.buf, argv, "the ios tag outside darwin: not an iOS-family target");

	/* From here the call needs the overlay. */
	struct sb effdir = SB_INIT;
	if (shim_effective_dir(cl.chdir, &effdir) < 0)
		return pass_through(realgo.buf, argv, "-C directory unusable: the go command reports it");
	L.dir = effdir.buf;
	struct sb gowrap = SB_INIT, cache = SB_INIT;
	if (gw_find_cli(&gowrap, &e) < 0 || gw_cache_dir(&cache, &e) < 0)
		fault(&e);
	/* Only the caller may have written what we read from the cache. */
	if (gw_trust_cache_root(cache.buf, &e) < 0)
		fault(&e);

	struct shim_answer a;
	struct sb key = SB_INIT;
	int keyed = shim_memo_key(&key, realgo.buf, gowrap.buf, effdir.buf) == 0;
	int hit = keyed ? shim_memo_load(cache.buf, key.buf, realgo.buf, &a, &e) : 0;
	if (hit < 0)
		fault(&e);
	L.memo = hit;
	if (!hit) {
		struct gw_goenv env;
		if (gw_goenv_query(realgo.buf, effdir.buf, NULL, &env, &e) < 0)
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
		if (gw_ovreply_ask(gowrap.buf, env.goroot, env.gomodcache, &a.ov, &e) < 0)
			fault(&e);
		a.goroot = env.goroot;
		a.goversion = env.goversion;
		a.gomodcache = env.gomodcache;
		if (keyed)
			shim_memo_store(cache.buf, key.buf, realgo.buf, &a);
	}
	L.goroot = a.goroot;
	L.goversion = a.goversion;
	if (strcmp(a.ov.status, "applied") != 0)
		return pass_through(realgo.buf, argv, "not needed: this toolchain detects ARM64 features on iOS itself");
	/* go install/run pkg@version may switch to a (newer) toolchain go env
	 * did not see; one newer than a fixed toolchain needs nothing either. */
	if (shim_pkgver_check(&cl, realgo.buf, a.goversion, a.gomodcache, &e) < 0)
		fault(&e);
	if (shim_memo_trust_answer(cache.buf, &a, &e) < 0)
		fault(&e);

	/* The caller's own overlay: argv's last -overlay, else GOFLAGS'. */
	const char *theirs = cl.overlay ? cl.overlay : gf_overlay;
	struct sb merged = SB_INIT;
	const char *ov = a.ov.overlay;
	if (theirs && *theirs) {
		if (gw_merge_ask(gowrap.buf, cache.buf, a.ov.overlay, theirs, effdir.buf, &merged, &e) < 0)
			fault(&e);
		ov = merged.buf;
	}
	char *flag;
	char **nv = new_argv(&cl, realgo.buf, ov, &flag);
	L.injected = 1;
	L.overlay = ov;
	/* gowrap-deps: the iOS family gets the dependency fix too (deps.h) */
	if (deps_sub(cl.sub)) {
		if (shim_deps_plan(&cl, realgo.buf, effdir.buf, shim_deps_family(t.goos, 1), t.goflags,
				   cache.buf, &D, &e) < 0)
			fault(&e);
		deps_log_set();
		if (D.act) {
			int n = 0;
			while (nv[n])
				n++;
			char **with = shim_deps_argv(nv, n, cl.insert_at, &D);
			free(nv); /* the strings stay: with points at them */
			nv = with;
			setenv("GOWRAP_DEPS_FAMILY", D.family, 1);
		}
	}

	/* Nothing to do after go (no output to verify, no log line to finish):
	 * become go, as on pass-through — same pid, signals and status by
	 * construction, and no extra process. Else spawn, wait, then act. */
	const char *log = getenv("GOWRAP_LOG");
	/* go's argv[0] is what the caller gave us, on every path (exec, spawn). */
	nv[0] = argv[0];
	if (!(log && *log) && !verify_wanted(&cl) && !install_verify_wanted(&cl)) {
		execv(realgo.buf, nv);
		gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go",
			   "check GOWRAP_GO or the go on PATH", "%s: %s", realgo.buf, strerror(errno));
		fault(&e);
	}
	struct stat before;
	int had_output = 0;
	if (verify_wanted(&cl)) {
		struct sb pre = SB_INIT;
		shim_abs_path(&pre, effdir.buf, cl.output);
		had_output = stat(pre.buf, &before) == 0;
		sb_release(&pre);
	}
	struct sb bindir = SB_INIT;
	struct shim_snapshot bins = { 0 };
	int installing = install_verify_wanted(&cl);
	int check_bins = installing ? shim_install_dir(realgo.buf, t.goos, t.goarch, &bindir) == 0
				    : outdir_verify_wanted(&cl, effdir.buf, &bindir);
	if (check_bins)
		shim_snapshot_take(bindir.buf, &bins);
	if (D.act)
		shim_deps_setenv(&D);
	struct gw_cmd c = { .argv = nv };
	int st = gw_run_wait_as(realgo.buf, &c);
	if (st < 0) {
		gw_err_set(&e, GW_EXIT_NO_REAL_GO, "cannot run the real go", "check GOWRAP_GO or the go on PATH",
			   "%s: %s", realgo.buf, strerror(errno));
		fault(&e);
	}
	L.exit_known = 1;
	L.exit_code = gw_status_code(st);

	struct sb outp = SB_INIT;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && output_to_verify(&cl, effdir.buf, had_output ? &before : NULL, &outp)) {
		struct sb why = SB_INIT;
		int r = vf_check_output_as(outp.buf, a.ov.marker, VF_EXPECT_IOS_BUILD, &why);
		L.output = outp.buf;
		L.verified = r == 0;
		if (r != 0) {
			gw_err_set(&e, GW_EXIT_VERIFY, "built output lacks the gowrap marker",
				   "make sure the go that compiles uses the GOROOT `go env GOROOT` reports here "
				   "(no GOROOT override or wrapper in between), then rebuild; GOWRAP_VERIFY=0 skips this check",
				   "%s%s%s (overlay %s keyed on GOROOT %s)", why.len ? "" : outp.buf,
				   why.len ? "" : ": ", why.len ? why.buf : (r == 2 ? "unreadable" : "marker missing"),
				   ov, a.goroot);
			fault(&e);
		}
	}
	if (check_bins && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		char **changed = shim_snapshot_changed(bindir.buf, &bins);
		for (size_t i = 0; changed[i]; i++) {
			if (vf_is_go_package_archive(changed[i]))
				continue;
			struct sb why = SB_INIT;
			int r = vf_check_output_as(changed[i], a.ov.marker, VF_EXPECT_IOS_BUILD, &why);
			L.output = changed[i];
			L.verified = r == 0;
			if (r != 0) {
				gw_err_set(&e, GW_EXIT_VERIFY,
					   installing ? "installed command lacks the gowrap marker"
						      : "built output lacks the gowrap marker",
					   "make sure the go that compiles uses the GOROOT `go env GOROOT` reports here "
					   "(no GOROOT override or wrapper in between), then reinstall; GOWRAP_VERIFY=0 skips this check",
					   "%s%s%s (overlay %s keyed on GOROOT %s)", why.len ? "" : changed[i],
					   why.len ? "" : ": ", why.len ? why.buf : (r == 2 ? "unreadable" : "marker missing"),
					   ov, a.goroot);
				fault(&e);
			}
			sb_release(&why);
		}
	}
	if (D.act) { /* gowrap-deps: every fixed package's marker (deps.h) */
		int r = shim_deps_check(&D, outp.len ? outp.buf : NULL, &e);
		deps_log_set();
		if (r < 0)
			fault(&e);
	}
	shim_log_write(&L);
	gw_exit_like(st);
}
