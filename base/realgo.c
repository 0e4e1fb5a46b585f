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

static int self_stat(struct stat *st)
{
	char buf[PATH_MAX];
	if (gw_exe_path(buf, sizeof buf) < 0)
		return -1;
	return stat(buf, st);
}

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

int gw_find_real_go(struct sb *out, struct gw_err *e)
{
	struct stat self;
	int have_self = self_stat(&self) == 0;
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
	const char *path = getenv("PATH");
	int saw_shim = 0;
	struct sb cand = SB_INIT;
	char cwd[PATH_MAX];
	for (const char *p = path ? path : ""; p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		sb_reset(&cand);
		if (n == 0) {
			/* An empty PATH entry means the current directory, as in sh. */
			if (!getcwd(cwd, sizeof cwd))
				goto next;
			sb_adds(&cand, cwd);
		} else {
			sb_add(&cand, p, n);
		}
		if (cand.buf[0] != '/' && getcwd(cwd, sizeof cwd)) {
			struct sb abs = SB_INIT;
			gw_path_join(&abs, cwd, cand.buf);
			sb_reset(&cand);
			sb_add(&cand, abs.buf, abs.len);
			sb_release(&abs);
		}
		if (cand.buf[cand.len - 1] != '/')
			sb_addc(&cand, '/');
		sb_adds(&cand, "go");
		if (gw_is_executable(cand.buf)) {
			if (is_shim(cand.buf, &self, have_self)) {
				saw_shim = 1;
			} else {
				sb_add(out, cand.buf, cand.len);
				sb_release(&cand);
				return 0;
			}
		}
next:
		p = colon ? colon + 1 : NULL;
	}
	sb_release(&cand);
	if (saw_shim)
		return gw_err_set(e, GW_EXIT_SHIM_LOOP, "cannot find the real go",
				  "install Go and put its bin directory on PATH after the shim's, or set GOWRAP_GO",
				  "only gowrap shims are named go on PATH");
	return gw_err_set(e, GW_EXIT_NO_REAL_GO, "cannot find the real go",
			  "install Go and put its bin directory on PATH, or set GOWRAP_GO",
			  "no executable named go on PATH");
}
