/* launcher.c — the `goX.Y.Z` command the go command looks for on PATH.
 *
 * Promise: the launcher is a symlink to <sdk>/goX.Y.Z/bin/go, nothing else.
 * That suffices because the go command finds its GOROOT from its own
 * executable after resolving symlinks (cmd/go/internal/cfg findGOROOT uses
 * os.Executable + EvalSymlinks; checked: `go1.27.3 env GOROOT` prints the SDK
 * directory), and a GOTOOLCHAIN switch that finds goX.Y.Z on PATH execs it
 * with GOROOT unset. No wrapper binary means nothing to rebuild or update.
 * An existing file of that name is never replaced unless it is already
 * exactly our symlink. */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "pathwalk.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WHAT "cannot create the launcher"

/* 1 if path is a symlink whose text is exactly target. */
static int is_our_link(const char *path, const char *target)
{
	char buf[PATH_MAX];
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strcmp(buf, target) == 0;
}

int tc_launcher_place(const char *bindir, const char *name, const char *target,
		      struct sb *path_out, struct gw_err *e)
{
	if (gw_mkdirs(bindir, 0755, e) < 0) {
		e->code = GW_EXIT_TOOLCHAIN;
		snprintf(e->fix, sizeof e->fix, "pass --bin DIR with a directory you can write");
		return -1;
	}
	struct sb path = SB_INIT;
	gw_path_join(&path, bindir, name);
	int rc = 0;
	if (symlink(target, path.buf) < 0) {
		int err = errno;
		/* EEXIST: fine only if it is already our symlink (a second run, or
		 * a concurrent install that got there first). */
		if (err != EEXIST)
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT,
					"pass --bin DIR with a directory you can write", "%s: %s",
					path.buf, strerror(err));
		else if (!is_our_link(path.buf, target))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT,
					"remove it (or pass --bin DIR) and run again",
					"%s already exists and is not a symlink to %s", path.buf, target);
	}
	if (rc == 0) {
		char abs[PATH_MAX];
		/* The path printed is absolute so scripts can use it as is; the
		 * directory is resolved, the launcher itself (a symlink) is not. */
		if (realpath(bindir, abs))
			gw_path_join(path_out, abs, name);
		else
			sb_adds(path_out, path.buf);
	}
	sb_release(&path);
	return rc;
}

static int same_dir(const char *a, const char *b)
{
	if (!strcmp(a, b))
		return 1;
	char ra[PATH_MAX], rb[PATH_MAX];
	return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

int tc_dir_on_path(const char *dir)
{
	struct gw_path_walk w;
	struct sb one = SB_INIT;
	int found = 0;
	gw_path_walk_start(&w, getenv("PATH"));
	while (!found && gw_path_next(&w, &one))
		found = one.len && same_dir(one.buf, dir);
	sb_release(&one);
	return found;
}
