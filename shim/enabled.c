/* enabled.c — see enabled.h. */
#include "compat.h"
#include "enabled.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "toolsel.h"
#include "workdir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

int shim_enabled_reached(void)
{
	const char *v = getenv(GW_SWITCH_VERSION);
	if (!v || !gw_is_launcher_name(v))
		return 0;
	unsetenv(GW_SWITCH_VERSION);
	return 1;
}

/* Our environment plus GOTOOLCHAIN=user, for the one question asked of go
 * when another toolchain is selected (go env runs no child of its own). */
static char **env_with_toolchain(const char *user)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **v = gw_xcalloc(n + 2, sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "GOTOOLCHAIN=", 12) != 0)
			v[k++] = environ[i];
	struct sb s = SB_INIT;
	sb_addf(&s, "GOTOOLCHAIN=%s", user);
	v[k] = sb_detach(&s);
	return v;
}

/* Another toolchain: where go says it is, and its name. */
static int ask_go(const char *dir, const char *user, struct sb *realgo, struct sb *name,
		  struct gw_err *e)
{
	struct gw_goenv env;
	char **envp = env_with_toolchain(user);
	int r = gw_goenv_query(realgo->buf, dir, envp, &env, e);
	size_t k = 0;
	while (envp[k + 1])
		k++;
	free(envp[k]); /* the one string we made: GOTOOLCHAIN=... */
	free(envp);
	if (r < 0)
		return -1;
	struct sb v = SB_INIT;
	if (gw_gover_from_toolchain(env.goversion, &v) < 0) {
		gw_err_set(e, GW_EXIT_GO_QUERY, "cannot tell which toolchain GOTOOLCHAIN selects",
			   "run `go version` here and fix what it reports, or run `gowrap disable`",
			   "go env GOVERSION answered \"%s\"", env.goversion);
		gw_goenv_free(&env);
		return -1;
	}
	sb_reset(realgo);
	gw_path_join(realgo, env.goroot, "bin/go");
	sb_addf(name, "go%s", v.buf);
	sb_release(&v);
	gw_goenv_free(&env);
	return 0;
}

int shim_enabled_select(const struct shim_cmdline *cl, struct sb *realgo, struct gw_err *e)
{
	struct sb user = SB_INIT, local = SB_INIT, dir = SB_INIT;
	int rc = 0;
	gw_user_toolchain(realgo->buf, &user);
	if (gw_effective_dir(cl->chdir, &dir) < 0) {
		char cwd[PATH_MAX];
		sb_adds(&dir, getcwd(cwd, sizeof cwd) ? cwd : "/");
	}
	int have_local = gw_local_toolchain(realgo->buf, &local) == 0;
	if (!have_local || !gw_select_local(realgo->buf, user.buf, local.buf, dir.buf)) {
		sb_reset(&local);
		rc = ask_go(dir.buf, user.len ? user.buf : "auto", realgo, &local, e);
	}
	if (rc == 0) {
		setenv(GW_SWITCH_VERSION, local.buf, 1);
		if (cl->env_reads && user.len)
			setenv("GOTOOLCHAIN", user.buf, 1);
	}
	sb_release(&user);
	sb_release(&local);
	sb_release(&dir);
	return rc;
}
