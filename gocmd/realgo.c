/* realgo.c — finding the real go (see goquery.h).
 *
 * Promise: never returns a gowrap shim. A candidate is rejected when it is the
 * very file this process runs from (dev/ino, no reading), or when it is small
 * enough to be a shim (the real go is > 10 MB) and carries the identity mark
 * below — so a second copy of the shim elsewhere on PATH cannot make two shims
 * exec each other forever. Cost on the hot path: one stat per PATH entry up to
 * the real go; no file is read unless it is shim-sized. */
#include "compat.h"
#include "goquery.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "pathwalk.h"
#include "selfpath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every binary that links this file (the shim and the gowrap CLI) carries this
 * string verbatim; the real go never does. `used` keeps it in the binary. */
__attribute__((used)) const char gw_shim_identity[] =
	"gowrap-shim-identity:3f9c1e7a-5b2d-4e8f-a6c0-91d4b7e2c358";

/* Shims are well under this; every real go (and toolchain launcher scripts
 * aside) is far above it, so only small files are ever read. */
#define SHIM_MAX_SIZE (8u << 20)

static int carries_mark(const char *path, const struct stat *st)
{
	if (st->st_size <= 0 || (unsigned long long)st->st_size > SHIM_MAX_SIZE)
		return 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	struct sb b = SB_INIT;
	int r = sb_read_fd(&b, fd, SHIM_MAX_SIZE + 1);
	close(fd);
	int found = r == 0 && gw_memmem(b.buf, b.len, gw_shim_identity,
				     sizeof gw_shim_identity - 1) != NULL;
	sb_release(&b);
	return found;
}

/* 1 if path is a gowrap shim (this very binary or another copy). */
static int is_shim(const char *path, const struct stat *self, int have_self)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return 0;
	if (have_self && st.st_dev == self->st_dev && st.st_ino == self->st_ino)
		return 1;
	return carries_mark(path, &st);
}

struct not_shim {
	const struct stat *self;
	int have_self;
	int saw_shim;
};

/* gw_path_find's test: take the first go that is not a shim. */
static int not_a_shim(const char *path, void *arg)
{
	struct not_shim *ns = arg;
	if (!is_shim(path, ns->self, ns->have_self))
		return 1;
	ns->saw_shim = 1;
	return 0;
}

int gw_find_real_go(struct sb *out, struct gw_err *e)
{
	struct stat self;
	int have_self = gw_self_stat(&self) == 0;
	const char *env = getenv("GOWRAP_GO");
	if (env && *env) {
		if (!gw_is_executable(env))
			return gw_err_set(e, GW_EXIT_NO_REAL_GO, "GOWRAP_GO is not usable",
					  "point GOWRAP_GO at the real go binary, or unset it",
					  "%s is not an executable file", env);
		if (is_shim(env, &self, have_self))
			return gw_err_set(e, GW_EXIT_SHIM_LOOP, "GOWRAP_GO names a gowrap shim",
					  "point GOWRAP_GO at the real go binary, e.g. /usr/local/go/bin/go",
					  "%s would run the shim again", env);
		/* Absolute, so `go env` can run in another directory (-C). */
		char cwd[PATH_MAX];
		if (env[0] != '/' && getcwd(cwd, sizeof cwd))
			gw_path_join(out, cwd, env);
		else
			sb_adds(out, env);
		return 0;
	}
	struct not_shim ns = { &self, have_self, 0 };
	/* An empty PATH entry means the current directory, as in sh; so does
	 * an unset PATH here. */
	const char *path = getenv("PATH");
	if (gw_path_find(path ? path : "", "go", GW_PATH_ABSOLUTE, not_a_shim, &ns, out) == 0)
		return 0;
	if (ns.saw_shim)
		return gw_err_set(e, GW_EXIT_SHIM_LOOP, "cannot find the real go",
				  "install Go and put its bin directory on PATH after the shim's, or set GOWRAP_GO",
				  "only gowrap shims are named go on PATH");
	return gw_err_set(e, GW_EXIT_NO_REAL_GO, "cannot find the real go",
			  "install Go and put its bin directory on PATH, or set GOWRAP_GO",
			  "no executable named go on PATH");
}

int gw_is_shim_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && carries_mark(path, &st);
}

int gw_find_switching_go(const char *argv0, struct sb *out, struct gw_err *e)
{
	const char *env = getenv("GOWRAP_GO");
	if ((env && *env) || !argv0 || !strchr(argv0, '/'))
		return gw_find_real_go(out, e);
	struct stat self;
	int have_self = gw_self_stat(&self) == 0;
	char cwd[PATH_MAX];
	struct sb p = SB_INIT;
	if (argv0[0] != '/' && getcwd(cwd, sizeof cwd))
		gw_path_join(&p, cwd, argv0);
	else
		sb_adds(&p, argv0);
	if (!gw_is_executable(p.buf) || is_shim(p.buf, &self, have_self)) {
		sb_release(&p);
		return gw_find_real_go(out, e);
	}
	sb_adds(out, p.buf);
	sb_release(&p);
	return 0;
}

int gw_own_goroot(const char *go, char out[PATH_MAX])
{
	if (!realpath(go, out))
		return -1;
	for (int i = 0; i < 2; i++) {
		char *s = strrchr(out, '/');
		if (!s)
			return -1;
		*s = '\0';
	}
	return 0;
}
