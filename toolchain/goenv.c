/* goenv.c — the questions `gowrap toolchain install` puts to the real
 * go command, each an argv array run through common/runcmd (never a shell).
 *
 * Promise: every child runs with GOTOOLCHAIN=local (we ask this go, not one it
 * would switch to), module mode on, no workspace and a neutral GOFLAGS, so a
 * user's settings can change where things come from (GOPROXY, GOMODCACHE) but
 * not what the command means. Answers are parsed with cJSON; a go that cannot
 * run or answers nonsense is a one-line GW_EXIT_TOOLCHAIN error carrying go's
 * own stderr. */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"
#include "goquery.h"
#include "runcmd.h"

#include <cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define FIX_GO_FAILED "run that go command yourself to see its whole error, fix it, and retry"
#define FIX_NONSENSE                                                                                         \
	"check that the go found (GOWRAP_GO, else PATH) is a real go command, and "                          \
	"retry"
#define FIX_INSTALLED                                                                                        \
	"check that GOTOOLCHAIN and the go env file (`go env GOENV`) override neither "                      \
	"GOROOT nor the version, and run the install again"

extern char **environ;

static int has_key(const char *entry, const char *key)
{
	size_t n = strlen(key);
	return !strncmp(entry, key, n) && entry[n] == '=';
}

char **tc_env_make(const char *goproxy, int drop_goroot)
{
	static const char *const dropped[] = { "GOTOOLCHAIN", "GOFLAGS", "GO111MODULE", "GOWORK" };
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = gw_xcalloc(n + 6, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		int drop = (drop_goroot && has_key(environ[i], "GOROOT")) ||
			   (goproxy && has_key(environ[i], "GOPROXY"));
		for (size_t j = 0; j < sizeof dropped / sizeof *dropped; j++)
			drop |= has_key(environ[i], dropped[j]);
		if (!drop)
			env[k++] = gw_xstrdup(environ[i]);
	}
	env[k++] = gw_xstrdup("GOTOOLCHAIN=local");
	env[k++] = gw_xstrdup("GO111MODULE=on");
	env[k++] = gw_xstrdup("GOWORK=off");
	/* The default value of a flag `go mod download` knows: keeps a GOFLAGS
	 * from the `go env -w` file (say -modfile=...) out of our commands. */
	env[k++] = gw_xstrdup("GOFLAGS=-modcacherw=false");
	if (goproxy) {
		struct sb s = SB_INIT;
		sb_addf(&s, "GOPROXY=%s", goproxy);
		env[k++] = sb_detach(&s);
	}
	env[k] = NULL;
	return env;
}

void tc_env_free(char **envp)
{
	if (!envp)
		return;
	for (size_t i = 0; envp[i]; i++)
		free(envp[i]);
	free(envp);
}

/* Run go with argv (argv[0] = go) in dir; capture stdout. ok_codes: exit codes
 * after which stdout is still worth reading (`go mod download` exits 1 with a
 * JSON Error). */
static int run_go(char *const argv[], const char *dir, char *const envp[], int max_ok,
		  struct sb *out, struct gw_err *e)
{
	struct sb err = SB_INIT;
	struct gw_cmd cmd = { argv, envp, dir, out, &err, 1, 0 };
	int st = gw_run(&cmd);
	int rc = 0;
	if (st < 0)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot run the go command",
				"set GOWRAP_GO to a working go, or put one on PATH", "%s: %s", argv[0],
				strerror(errno));
	else if (!WIFEXITED(st) || WEXITSTATUS(st) > max_ok) {
		/* go's last line says why (earlier ones are download progress). */
		const char *why = sb_last_line(&err);
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the go command failed", FIX_GO_FAILED,
				"`%s %s %s`: %s", argv[0], argv[1], argv[2] ? argv[2] : "",
				*why ? why : "(no message)");
	}
	sb_release(&err);
	return rc;
}

static char *json_str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	return cJSON_IsString(v) && v->valuestring ? gw_xstrdup(v->valuestring) : NULL;
}

int tc_goenv_query(const char *go, const char *dir, struct tc_goenv *out, struct gw_err *e)
{
	memset(out, 0, sizeof *out);
	char *argv[] = { (char *)go, "env", "-json", "GOHOSTOS", "GOHOSTARCH", "GOPATH", "GOBIN",
			 "GOPROXY", "GOMODCACHE", NULL };
	char **env = tc_env_make(NULL, 0);
	struct sb out_s = SB_INIT;
	int rc = run_go(argv, dir, env, 0, &out_s, e);
	tc_env_free(env);
	if (rc == 0) {
		cJSON *j = cJSON_Parse(out_s.buf);
		if (!cJSON_IsObject(j)) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the go command answered nonsense",
					FIX_NONSENSE, "`%s env -json` did not print a JSON object", go);
		} else {
			out->gohostos = json_str(j, "GOHOSTOS");
			out->gohostarch = json_str(j, "GOHOSTARCH");
			out->gopath = json_str(j, "GOPATH");
			out->gobin = json_str(j, "GOBIN");
			out->goproxy = json_str(j, "GOPROXY");
			out->gomodcache = json_str(j, "GOMODCACHE");
			if (!out->gohostos || !out->gohostarch)
				rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the go command answered nonsense",
						FIX_NONSENSE, "`%s env -json` lacks GOHOSTOS/GOHOSTARCH", go);
		}
		cJSON_Delete(j);
	}
	sb_release(&out_s);
	return rc;
}

void tc_goenv_free(struct tc_goenv *g)
{
	free(g->gohostos);
	free(g->gohostarch);
	free(g->gopath);
	free(g->gobin);
	free(g->goproxy);
	free(g->gomodcache);
	memset(g, 0, sizeof *g);
}

int tc_proxy_only(const char *goproxy, struct sb *out)
{
	/* GOPROXY is a list of URLs, "direct" and "off", each followed by ',' (next
	 * on 404/410) or '|' (next on any error). Drop "direct", keep the rest and
	 * the separator that followed each kept entry. */
	int changed = 0;
	const char *p = goproxy ? goproxy : "";
	char pending = 0;
	while (*p) {
		size_t n = strcspn(p, ",|");
		char sep = p[n];
		int keep = n > 0 && !(n == 6 && !strncmp(p, "direct", 6));
		if (keep) {
			if (pending)
				sb_addc(out, pending);
			sb_add(out, p, n);
			pending = sep;
		} else {
			changed = 1;
		}
		p += n + (sep ? 1 : 0);
	}
	if (out->len == 0) {
		sb_adds(out, "off");
		changed = 1;
	}
	return changed;
}

int tc_mod_download(const char *go, const char *dir, char *const envp[], const char *module,
		    struct tc_module *out, struct gw_err *e)
{
	memset(out, 0, sizeof *out);
	char *argv[] = { (char *)go, "mod", "download", "-json", (char *)module, NULL };
	struct sb out_s = SB_INIT;
	int rc = run_go(argv, dir, envp, 1, &out_s, e);
	if (rc == 0) {
		cJSON *j = cJSON_Parse(out_s.buf);
		const char *at = strchr(module, '@');
		char *path = j ? json_str(j, "Path") : NULL;
		char *version = j ? json_str(j, "Version") : NULL;
		if (!cJSON_IsObject(j) || !path || !version || !at ||
		    strncmp(path, module, (size_t)(at - module)) || path[at - module] ||
		    strcmp(version, at + 1)) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the go command answered nonsense",
					FIX_NONSENSE,
					"`go mod download -json %s` did not describe that module", module);
		} else {
			out->dir = json_str(j, "Dir");
			out->zip = json_str(j, "Zip");
			out->sum = json_str(j, "Sum");
			out->error = json_str(j, "Error");
			if (!out->error && (!out->dir || !out->sum))
				rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the go command answered nonsense",
						FIX_NONSENSE, "`go mod download -json %s` gave no Dir or Sum",
						module);
		}
		free(path);
		free(version);
		cJSON_Delete(j);
	}
	sb_release(&out_s);
	return rc;
}

void tc_module_free(struct tc_module *m)
{
	free(m->dir);
	free(m->zip);
	free(m->sum);
	free(m->error);
	memset(m, 0, sizeof *m);
}

int tc_check_goroot(const char *go, const char *dir, const char *want_goroot,
		    const char *version, struct sb *goroot_out, struct gw_err *e)
{
	char *argv[] = { (char *)go, "env", "GOROOT", "GOVERSION", NULL };
	char **env = tc_env_make(NULL, 1);
	struct sb out = SB_INIT;
	int rc = run_go(argv, dir, env, 0, &out, e);
	tc_env_free(env);
	if (rc == 0) {
		char *nl = strchr(out.buf, '\n');
		char *ver = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		if (ver && (nl = strchr(ver, '\n')))
			*nl = '\0';
		char a[PATH_MAX], b[PATH_MAX];
		if (!ver || strcmp(ver, version))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the installed go does not work as expected",
					FIX_INSTALLED, "%s reports GOVERSION %s, want %s", go,
					ver ? ver : "(none)", version);
		else if (!realpath(out.buf, a) || !realpath(want_goroot, b) || strcmp(a, b))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, "the installed go does not work as expected",
					FIX_INSTALLED, "%s reports GOROOT %s, want %s", go, out.buf,
					want_goroot);
		else if (goroot_out)
			sb_adds(goroot_out, out.buf);
	}
	sb_release(&out);
	return rc;
}

int tc_find_go(struct sb *out, struct gw_err *e)
{
	/* The shim's own lookup, so install and the shim agree on the real go
	 * and a gowrap shim first on PATH is never mistaken for it. */
	if (gw_find_real_go(out, e) < 0) {
		e->code = GW_EXIT_TOOLCHAIN;
		return -1;
	}
	return 0;
}
