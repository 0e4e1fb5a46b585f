/* goquery.h — finding the real go and asking it where it will compile.
 * Part of gocmd/, the module both programs stand on (realgo.c, goenv.c; used
 * by the shim and by `gowrap overlay`/`doctor`/`audit`/`toolchain`).
 *
 * Promise: gw_find_real_go never returns a gowrap shim (compared by file
 * identity and by the shim's embedded identity mark, so two shims on PATH
 * cannot loop). gw_goenv_query runs `<realgo> env GOROOT GOVERSION
 * GOMODCACHE GOTOOLCHAIN` — only what gowrap uses, none of them free-form
 * (GOFLAGS may hold a newline), so one value per line is exact; no JSON, as
 * the shim links libc only — in `dir` with `envp`, so any
 * GOTOOLCHAIN switch or go.mod toolchain line is honoured, exactly as the
 * caller's real command would see it. */
#ifndef GOWRAP_GOQUERY_H
#define GOWRAP_GOQUERY_H

#include <limits.h>

#include "report.h"
#include "strbuf.h"

/* GOWRAP_GO if set (must be executable), else the first `go` on PATH that is
 * not a gowrap shim. Errors: GW_EXIT_NO_REAL_GO, GW_EXIT_SHIM_LOOP. */
int gw_find_real_go(struct sb *out, struct gw_err *e);

/* 1 when path is a gowrap shim (its identity mark), as the PATH walk
 * decides. */
int gw_is_shim_file(const char *path);

/* The go that switched to gowrap's launcher (toolchain.h): cmd/go execs the
 * launcher with its own argv, so argv0 is how the caller named that go — a
 * path (made absolute against the working directory) when it holds a '/',
 * else found on PATH as gw_find_real_go finds it. GOWRAP_GO still wins; a
 * path that is a shim or not executable falls back to PATH. */
int gw_find_switching_go(const char *argv0, struct sb *out, struct gw_err *e);

/* The GOROOT a go binary belongs to when GOROOT is unset: bin/go's
 * grandparent, symlinks resolved (as cmd/go's cfg findGOROOT). 0, or -1
 * when go cannot be resolved or has no grandparent. */
int gw_own_goroot(const char *go, char out[PATH_MAX]);

struct gw_goenv {
	char *goroot;
	char *goversion;   /* as `go env GOVERSION` prints it, e.g. "go1.26.8" */
	char *gomodcache;
	char *gotoolchain;
};

/* dir: NULL = current directory; envp: NULL = our environment.
 * Error: GW_EXIT_GO_QUERY with go's stderr in the message. */
int gw_goenv_query(const char *realgo, const char *dir, char *const envp[],
		   struct gw_goenv *out, struct gw_err *e);
void gw_goenv_free(struct gw_goenv *env);

/* A release GOROOT's Go version without asking its go: the first line of
 * goroot/VERSION into out ("go1.26.8"). 0, or -1 when the file cannot be
 * read or its first line is empty (a source checkout has none). */
int gw_goroot_version(const char *goroot, struct sb *out);

#endif
