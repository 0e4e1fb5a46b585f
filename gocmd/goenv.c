/* goenv.c — asking the real go where it will compile (see goquery.h).
 *
 * Promise: one `go env GOROOT GOVERSION GOMODCACHE GOTOOLCHAIN` run in the
 * caller's directory and environment, so a GOTOOLCHAIN switch (env, go env -w
 * file, go.mod or go.work toolchain line) is answered by the toolchain that
 * will really compile. Only what gowrap uses is asked: free-form values such
 * as GOFLAGS (which may legally hold a newline) are never in the reply, so
 * one value per line is exact — GOVERSION and GOTOOLCHAIN cannot hold a
 * newline (go rejects such a GOTOOLCHAIN), and a GOROOT or GOMODCACHE that
 * does is refused (no overlay can name it either). A reply of any other
 * shape, a failure, or a GOROOT that is not absolute is an error
 * (GW_EXIT_GO_QUERY), never a guess. No JSON: the shim links libc only. */
#include "compat.h"
#include "goquery.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "runcmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define NVARS 4

/* First line of go's stderr, for a one-line message. */
/* Split o into exactly NVARS '\n'-terminated lines (in place); -1 otherwise. */
static int split_lines(struct sb *o, char *line[NVARS])
{
	char *p = o->buf, *end = o->buf + o->len;
	if (memchr(o->buf, '\0', o->len))
		return -1;
	for (int i = 0; i < NVARS; i++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		*nl = '\0';
		line[i] = p;
		p = nl + 1;
	}
	return p == end ? 0 : -1;
}

int gw_goenv_query(const char *realgo, const char *dir, char *const envp[],
		   struct gw_goenv *out, struct gw_err *e)
{
	char *argv[] = { (char *)realgo, "env", "GOROOT", "GOVERSION", "GOMODCACHE",
			 "GOTOOLCHAIN", NULL };
	struct sb o = SB_INIT, er = SB_INIT;
	struct gw_cmd c = { .argv = argv, .envp = envp, .dir = dir, .out = &o, .err = &er,
			    .null_stdin = 1, .limit = 1u << 20 };
	char *v[NVARS];
	memset(out, 0, sizeof *out);
	int st = gw_run(&c);
	int rc = -1;
	if (st < 0) {
		gw_err_set(e, GW_EXIT_GO_QUERY, "cannot run go env", "check that the real go runs",
			   "%s: %s", realgo, strerror(errno));
		goto done;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		sb_first_line(&er);
		/* GOWRAP_GO (or the go on PATH) is a wrapper that ran the shim
		 * again, which stopped the loop: say that, with its code. */
		if (WIFEXITED(st) && WEXITSTATUS(st) == GW_EXIT_SHIM_LOOP &&
		    strncmp(er.buf, "gowrap: ", 8) == 0) {
			gw_err_relay(e, GW_EXIT_SHIM_LOOP, er.buf, "go env ran the shim again",
				     "point GOWRAP_GO at the real go binary, not a wrapper");
			goto done;
		}
		gw_err_set(e, GW_EXIT_GO_QUERY, "go env failed",
			   "run `go env GOROOT` in this directory and fix what it reports",
			   "%s (status %d)", er.len ? er.buf : "no message", gw_status_code(st));
		goto done;
	}
	if (split_lines(&o, v) < 0) {
		gw_err_set(e, GW_EXIT_GO_QUERY, "go env answered nonsense",
			   "run `go env GOROOT GOVERSION GOMODCACHE GOTOOLCHAIN` and check its output; "
			   "a GOROOT or GOMODCACHE path holding a newline is not supported",
			   "expected %d lines, one value each", NVARS);
		goto done;
	}
	out->goroot = gw_xstrdup(v[0]);
	out->goversion = gw_xstrdup(v[1]);
	out->gomodcache = gw_xstrdup(v[2]);
	out->gotoolchain = gw_xstrdup(v[3]);
	if (out->goroot[0] != '/') {
		gw_err_set(e, GW_EXIT_GO_QUERY, "go env answered nonsense",
			   "set GOROOT to an absolute path or reinstall Go",
			   "GOROOT is \"%s\", not an absolute path", out->goroot);
		gw_goenv_free(out);
		goto done;
	}
	rc = 0;
done:
	sb_release(&o);
	sb_release(&er);
	return rc;
}

void gw_goenv_free(struct gw_goenv *env)
{
	free(env->goroot);
	free(env->goversion);
	free(env->gomodcache);
	free(env->gotoolchain);
	memset(env, 0, sizeof *env);
}

int gw_goroot_version(const char *goroot, struct sb *out)
{
	struct sb p = SB_INIT;
	gw_path_join(&p, goroot, "VERSION");
	int rc = sb_read_file(out, p.buf, 4096);
	sb_release(&p);
	if (rc < 0)
		return -1;
	sb_first_line(out);
	return out->len ? 0 : -1;
}
