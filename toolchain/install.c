/* install.c — `gowrap toolchain install goX.Y.Z`, step by step.
 *
 * Promise: afterwards <sdk>/goX.Y.Z is a complete GOROOT whose files hash to
 * the toolchain module's go.sum line (h1:), with `.unpacked-success` in it as
 * golang.org/dl leaves it, and <bin>/goX.Y.Z is a symlink to its bin/go —
 * or, on any failure, neither exists in a half-written state: the tree is
 * built in a temporary sibling and renamed into place only once verified.
 * Where the module comes from is the go command's business: `go mod download`
 * reuses the module cache or fetches through GOPROXY (with "direct" removed,
 * so nothing but a module proxy is contacted, and the checksum database
 * vouches for it). The module cache is only read. */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MARKER ".unpacked-success"
#define FIX_STOP "run the install again"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Complete = our marker is there and VERSION names this release (a tree
 * golang.org/dl unpacked passes too: it is just as real a GOROOT). */
static int sdk_complete(const char *dir, const char *version)
{
	struct sb p = SB_INIT, v = SB_INIT;
	gw_path_join(&p, dir, MARKER);
	int ok = access(p.buf, F_OK) == 0;
	sb_reset(&p);
	gw_path_join(&p, dir, "VERSION");
	if (ok && sb_read_file(&v, p.buf, 4096) == 0) {
		size_t n = strcspn(v.buf, "\n");
		ok = n == strlen(version) && !strncmp(v.buf, version, n);
	} else {
		ok = 0;
	}
	sb_release(&p);
	sb_release(&v);
	return ok;
}

/* Make dir (creating it) absolute, so the launcher's symlink text never
 * depends on the directory it was made from. */
static int absolute_dir(const char *dir, const char *what, struct sb *out, struct gw_err *e)
{
	char abs[PATH_MAX];
	e->why[0] = '\0';
	if (gw_mkdirs(dir, 0755, e) < 0 || !realpath(dir, abs)) {
		char fix[128], why[sizeof e->why];
		snprintf(why, sizeof why, "%s", e->why[0] ? e->why : strerror(errno));
		snprintf(fix, sizeof fix, "pass %s DIR with a directory you can write", what);
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot use directory", fix, "%s: %s", dir, why);
	}
	sb_adds(out, abs);
	return 0;
}

static int write_marker(const char *dir, const char *module, const char *sum, struct gw_err *e)
{
	struct sb p = SB_INIT, body = SB_INIT;
	gw_path_join(&p, dir, MARKER);
	/* golang.org/dl only tests that the file exists; we also say what it is. */
	sb_addf(&body, "gowrap toolchain install\n%s %s\n", module, sum);
	int rc = gw_write_atomic(p.buf, body.buf, body.len, 0644, e);
	if (rc < 0)
		e->code = GW_EXIT_TOOLCHAIN;
	sb_release(&p);
	sb_release(&body);
	return rc;
}

/* Flush the new tree to disk before it is renamed into place: a rename
 * can otherwise reach the disk before the 250 MB it publishes. */
static void flush_tree(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		gw_syncfs(fd);
		close(fd);
	}
}

/* Build, verify and publish <target> from the module's Dir. */
static int build_sdk(const char *version, const char *sdkroot, const char *target,
		     const char *workdir, const char *module, const struct tc_module *m,
		     struct gw_err *e)
{
	struct sb tmp = SB_INIT, gobin = SB_INIT, h1 = SB_INIT;
	sb_addf(&tmp, "%s/.%s.gowrap-XXXXXX", sdkroot, version);
	if (!mkdtemp(tmp.buf)) {
		int rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot create the SDK",
				    "pass --sdk DIR with a directory you can write", "%s: %s",
				    tmp.buf, strerror(errno));
		sb_release(&tmp);
		return rc;
	}
	chmod(tmp.buf, 0755); /* mkdtemp makes it 0700; a GOROOT is world-readable */
	struct tc_tree_stats st;
	double t0 = now();
	int rc = tc_copy_tree(m->dir, tmp.buf, &st, e);
	double t1 = now();
	if (rc == 0) {
		gw_note("toolchain: copied %lu files, %.1f MB in %.2fs", st.files, (double)st.bytes / 1e6, t1 - t0);
		rc = tc_dirhash_h1(tmp.buf, module, &h1, e);
	}
	double t2 = now();
	if (rc == 0 && strcmp(h1.buf, m->sum) != 0)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "toolchain copy does not match its module hash",
				"the module cache copy was altered: remove that module's directory (or "
				"run `go clean -modcache`) and run again",
				"files copied from %s hash to %s, the module's checksum is %s",
				m->dir, h1.buf, m->sum);
	if (rc == 0) {
		gw_note("toolchain: verified %s in %.2fs", h1.buf, t2 - t1);
		rc = tc_restore_gomods(tmp.buf, e);
	}
	if (rc == 0) {
		/* Run the copy's own go before publishing it: it must know its
		 * version and find its GOROOT where it stands. */
		gw_path_join(&gobin, tmp.buf, "bin/go");
		rc = tc_check_goroot(gobin.buf, workdir, tmp.buf, version, NULL, e);
	}
	if (rc == 0)
		rc = write_marker(tmp.buf, module, m->sum, e);
	if (rc == 0 && !tc_stop) {
		flush_tree(tmp.buf);
		if (rename(tmp.buf, target) < 0) {
			int err = errno;
			/* Lost a race with a concurrent install of the same version:
			 * theirs is as good as ours. */
			if (!sdk_complete(target, version))
				rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot create the SDK",
						"check that the --sdk directory is writable and retry",
						"renaming %s to %s: %s", tmp.buf, target, strerror(err));
		}
	}
	if (rc == 0 && tc_stop)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "toolchain install", FIX_STOP, "interrupted");
	if (access(tmp.buf, F_OK) == 0 && tc_remove_tree(tmp.buf) < 0)
		gw_note("toolchain: could not remove temporary %s: %s", tmp.buf, strerror(errno));
	if (rc == 0)
		gw_note("toolchain: installed %s (%.2fs copy+verify)", target, now() - t0);
	sb_release(&tmp);
	sb_release(&gobin);
	sb_release(&h1);
	return rc;
}

static int default_bindir(const struct tc_goenv *g, struct sb *out, struct gw_err *e)
{
	/* Where `go install golang.org/dl/goX.Y.Z@latest` would put the launcher. */
	if (g->gobin && *g->gobin) {
		sb_adds(out, g->gobin);
		return 0;
	}
	if (g->gopath && *g->gopath) {
		size_t n = strcspn(g->gopath, ":");
		sb_add(out, g->gopath, n);
		sb_adds(out, "/bin");
		return 0;
	}
	return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot choose the launcher directory",
			  "pass --bin DIR", "`go env GOBIN GOPATH` are both empty");
}

/* The SDK root: --sdk, else ~/sdk (where golang.org/dl puts toolchains). */
static int sdk_root(const struct tc_install_opts *o, struct sb *sdkroot, struct gw_err *e)
{
	struct sb home = SB_INIT;
	const char *h = getenv("HOME");
	int rc = 0;

	if (o->sdk)
		sb_adds(&home, o->sdk);
	else if (h && *h == '/')
		gw_path_join(&home, h, "sdk");
	else
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot find ~/sdk", "set HOME or pass --sdk DIR",
				"HOME is not an absolute path");
	if (rc == 0)
		rc = absolute_dir(home.buf, "--sdk", sdkroot, e);
	sb_release(&home);
	return rc;
}

/* Fetch the toolchain module (module cache, else GOPROXY) and build the SDK
 * at target from it. */
static int fetch_sdk(const struct tc_install_opts *o, const char *go, const char *workdir,
		     const struct tc_goenv *g, const char *module, const char *sdkroot, const char *target,
		     struct gw_err *e)
{
	struct tc_module m;
	struct sb proxy = SB_INIT;
	char **env;
	int rc;

	memset(&m, 0, sizeof m);
	if (tc_proxy_only(g->goproxy, &proxy))
		gw_note("toolchain: using GOPROXY=%s (a toolchain comes from a module proxy only)", proxy.buf);
	env = tc_env_make(proxy.buf, 0);
	gw_note("toolchain: fetching %s (module cache, else GOPROXY)", module);
	rc = tc_mod_download(go, workdir, env, module, &m, e);
	if (rc == 0 && tc_stop)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "toolchain install", FIX_STOP, "interrupted");
	if (rc == 0 && m.error)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot download the toolchain",
				!strcmp(proxy.buf, "off")
					? "set GOPROXY to a module proxy (e.g. https://proxy.golang.org)"
					: "check the version exists (https://go.dev/dl) and GOPROXY is reachable",
				"%s for %s/%s: %s", o->version, g->gohostos, g->gohostarch, m.error);
	if (rc == 0) {
		gw_note("toolchain: copying %s", m.dir);
		rc = build_sdk(o->version, sdkroot, target, workdir, module, &m, e);
	}
	tc_env_free(env);
	tc_module_free(&m);
	sb_release(&proxy);
	return rc;
}

static int install_in(const struct tc_install_opts *o, const char *go, const char *workdir,
		      struct sb *launcher_out, struct gw_err *e)
{
	struct tc_goenv g;
	struct sb module = SB_INIT, sdkroot = SB_INIT, target = SB_INIT, bindir = SB_INIT,
		  gobin = SB_INIT;
	int rc = tc_goenv_query(go, workdir, &g, e);
	if (rc == 0)
		rc = tc_module_name(o->version, g.gohostos, g.gohostarch, &module, e);
	if (rc == 0)
		rc = sdk_root(o, &sdkroot, e);
	if (rc == 0) {
		gw_path_join(&target, sdkroot.buf, o->version);
		if (o->bin)
			sb_adds(&bindir, o->bin);
		else
			rc = default_bindir(&g, &bindir, e);
	}
	struct stat st;
	if (rc == 0 && lstat(target.buf, &st) == 0) {
		if (!S_ISDIR(st.st_mode) || !sdk_complete(target.buf, o->version))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot install the toolchain",
					"remove it (or pass --sdk DIR) and run again",
					"%s exists but is not a complete %s install (no %s)", target.buf,
					o->version, MARKER);
		else
			gw_note("toolchain: %s is already installed in %s", o->version, target.buf);
	} else if (rc == 0) {
		rc = fetch_sdk(o, go, workdir, &g, module.buf, sdkroot.buf, target.buf, e);
	}
	if (rc == 0) {
		gw_path_join(&gobin, target.buf, "bin/go");
		rc = tc_launcher_place(bindir.buf, o->version, gobin.buf, launcher_out, e);
	}
	if (rc == 0) {
		/* Prove the point through the launcher itself: it finds this GOROOT. */
		rc = tc_check_goroot(launcher_out->buf, workdir, target.buf, o->version, NULL, e);
	}
	if (rc == 0 && !tc_dir_on_path(bindir.buf))
		gw_note("toolchain: %s is not on PATH: the go command finds %s only through PATH", bindir.buf,
			o->version);
	tc_goenv_free(&g);
	sb_release(&module);
	sb_release(&sdkroot);
	sb_release(&target);
	sb_release(&bindir);
	sb_release(&gobin);
	return rc;
}

int tc_install(const struct tc_install_opts *o, struct sb *launcher_out, struct gw_err *e)
{
	/* Catch the signals that would kill us mid-copy, so the temporary tree
	 * is removed first; one the caller ignores (a background job's SIGINT)
	 * stays ignored. */
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old[3];
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = tc_stop_on;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++) {
		sigaction(sigs[i], NULL, &old[i]);
		if (old[i].sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}

	struct sb go = SB_INIT, work = SB_INIT;
	int rc = tc_find_go(&go, e);
	if (rc == 0) {
		/* go runs in an empty directory of its own: outside any module or
		 * workspace, so `go mod download` touches no go.mod/go.sum. */
		const char *t = getenv("TMPDIR");
		sb_addf(&work, "%s/gowrap-toolchain-XXXXXX", t && *t == '/' ? t : "/tmp");
		if (!mkdtemp(work.buf))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot create a temporary directory",
					"set TMPDIR to a writable directory", "%s: %s", work.buf,
					strerror(errno));
	}
	if (rc == 0) {
		rc = install_in(o, go.buf, work.buf, launcher_out, e);
		tc_remove_tree(work.buf);
	}
	sb_release(&go);
	sb_release(&work);

	for (int i = 0; i < 3; i++)
		sigaction(sigs[i], &old[i], NULL);
	if (tc_stop) {
		/* Cleaned up; now end the way the signal would have ended us. */
		if (rc != 0)
			gw_err_print(e);
		raise(tc_stop);
	}
	return rc;
}
