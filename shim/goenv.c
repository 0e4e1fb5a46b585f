/* goenv.c — asking the real go where it will compile (see goquery.h).
 *
 * Promise: one `go env -json ...` run in the caller's directory and
 * environment, so a GOTOOLCHAIN switch (env, go env -w file, go.mod or go.work
 * toolchain line) is answered by the toolchain that will really compile. Any
 * failure or a reply without GOROOT is an error, never a guess. */
#include "goquery.h"
#include "exitcodes.h"
#include "json.h"
#include "runcmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char *field(const struct sj *obj, const char *name)
{
	const char *v = sj_str(obj, name);
	return gw_xstrdup(v ? v : "");
}

/* First line of go's stderr, for a one-line message. */
static void first_line(struct sb *err)
{
	char *nl = memchr(err->buf, '\n', err->len);
	if (nl) {
		*nl = '\0';
		err->len = (size_t)(nl - err->buf);
	}
}

int gw_goenv_query(const char *realgo, const char *dir, char *const envp[],
		   struct gw_goenv *out, struct gw_err *e)
{
	char *argv[] = { (char *)realgo, "env", "-json", "GOROOT", "GOVERSION", "GOMODCACHE",
			 "GOOS", "GOARCH", "GOFLAGS", "GOTOOLCHAIN", NULL };
	struct sb o = SB_INIT, er = SB_INIT;
	struct gw_cmd c = { .argv = argv, .envp = envp, .dir = dir, .out = &o, .err = &er,
			    .null_stdin = 1, .limit = 1u << 20 };
	memset(out, 0, sizeof *out);
	int st = gw_run(&c);
	int rc = -1;
	if (st < 0) {
		gw_err_set(e, GW_EXIT_GO_QUERY, "cannot run go env", "check that the real go runs",
			   "%s: %s", realgo, strerror(errno));
		goto done;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		first_line(&er);
		gw_err_set(e, GW_EXIT_GO_QUERY, "go env failed",
			   "run `go env GOROOT` in this directory and fix what it reports",
			   "%s (status %d)", er.len ? er.buf : "no message", gw_status_code(st));
		goto done;
	}
	struct sj *j = sj_parse(o.buf, o.len);
	if (!j || j->type != SJ_OBJECT) {
		sj_free(j);
		gw_err_set(e, GW_EXIT_GO_QUERY, "go env answered nonsense",
			   "run `go env -json GOROOT` and check its output", "reply is not a JSON object");
		goto done;
	}
	out->goroot = field(j, "GOROOT");
	out->goversion = field(j, "GOVERSION");
	out->gomodcache = field(j, "GOMODCACHE");
	out->goos = field(j, "GOOS");
	out->goarch = field(j, "GOARCH");
	out->goflags = field(j, "GOFLAGS");
	out->gotoolchain = field(j, "GOTOOLCHAIN");
	sj_free(j);
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
	free(env->goos);
	free(env->goarch);
	free(env->goflags);
	free(env->gotoolchain);
	memset(env, 0, sizeof *env);
}
