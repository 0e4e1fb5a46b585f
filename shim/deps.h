/* deps.h — the shim's side of fixing CPU-feature code in dependencies
 * (deps/README.md).
 *
 * Promise: for a build of a linux/android arm64 or iOS-family target,
 * shim_deps_plan says whether the build's modules contain a package the
 * table (deps/table.c) knows as defective for that target family. The
 * answer is memoized on everything that can change the module graph (the
 * real go, the effective directory, GO* variables, -mod/-modfile, the
 * go.mod/go.sum/go.work files walking up, with their stat), so a build with
 * no copy costs a few stat calls and gets nothing added. Module-cache
 * directories are immutable, so each is scanned once. Anything that cannot
 * be decided (go list fails) adds nothing: a dependency we cannot identify
 * never fails a user's build. When the plan acts, the call gets
 * -toolexec=<gowrap-toolexec> and a per-call record file; afterwards
 * shim_deps_check requires `<pkg>.gowrapMarker` of every package that was
 * fixed in this call or whose code is in the output. */
#ifndef GOWRAP_SHIM_DEPS_H
#define GOWRAP_SHIM_DEPS_H

#include "cmdline.h"
#include "jsonw.h"
#include "report.h"
#include "strbuf.h"

struct shim_deps {
	int act;              /* 1: add -toolexec */
	const char *family;   /* "ios" or "linux" */
	struct sb toolexec;   /* path of gowrap-toolexec */
	struct sb state;      /* per-call record file */
	struct sb pkgs;       /* candidate packages for the family, one per line */
	struct sb fixed;      /* after the call: packages fixed in it, one per line */
	struct sb unknown;    /* after the call: unknown variants, "pkg: why" lines */
	const char *reason;   /* why nothing is added; NULL when act */
};

/* 1 for GOOS linux/android, 2 for the iOS family (the caller knows), 0 none. */
int shim_deps_family(const char *goos, int ios_family);

/* Decide. goflags: $GOFLAGS as the go command sees it. Returns 0 (d->act
 * says what to do), or -1 with e set: a caller's own -toolexec on a build
 * that needs gowrap's (GW_EXIT_DEPS_TOOLEXEC), cache dir faults. */
int shim_deps_plan(const struct shim_cmdline *cl, const char *realgo, const char *effdir,
		   int family, const char *goflags, const char *cache, struct shim_deps *d,
		   struct gw_err *e);

/* A new argv (NULL-terminated, argc+2 slots) with -toolexec inserted at
 * index `at` of v (v has n entries). */
char **shim_deps_argv(char **v, int n, int at, const struct shim_deps *d);

/* Environment for go: GOWRAP_DEPS_FAMILY and GOWRAP_DEPS_STATE. */
void shim_deps_setenv(const struct shim_deps *d);

/* After go ran: read the records; if output (may be NULL) is given, check
 * it. 0 ok, -1 with e (GW_EXIT_VERIFY) when a marker is missing. */
int shim_deps_check(struct shim_deps *d, const char *output, struct gw_err *e);

/* The log's fields ("deps", "deps_fixed", "deps_unknown", "deps_toolexec")
 * for arg, a struct shim_deps (the shape of shim_log's fields callback). */
void shim_deps_log_fields(struct jw *w, const void *arg);

#endif
