/* deps.h — the dependency fix as the shim sees it: a plan step before go
 * runs and a check step after (deps/README.md).
 *
 * Promise: for a build of the iOS family or of linux/android arm64, dp_plan
 * decides from the packages the build will compile — listed by the real go
 * with the build's own flags, environment and directory (graph.h), so a
 * fresh module cache, vendoring, workspaces, local replacements and every
 * flag order come out as the build will — whether one of them carries a
 * known defective copy of CPU-feature code (table.c). If so, the call gets
 * `-toolexec=<gowrap-toolexec>` and a private state record (state.h).
 * The answer is memoized (memo.h) on everything that can change it and
 * re-validated on every hit, so a memo never answers for a graph that
 * changed. When the packages cannot be listed before the build (go list
 * fails, or `pkg@version`), the fix is added anyway: gowrap-toolexec decides
 * per compile, by content, and adding it never changes what compiles but a
 * known defective package. A caller's own -toolexec is composed, not
 * refused: gowrap-toolexec takes its place and runs every tool through it
 * (GOWRAP_TOOLEXEC_NEXT), after applying its fix, with a compiler stage
 * behind it that records whether the fix reached the compiler; only a
 * -toolexec that cannot be split into a command is refused (114). After
 * go, dp_check reads what the toolexec recorded and requires
 * `<pkg>.gowrapMarker<V>` in the output for every package fixed in this
 * call or known to be compiled into it — or, for a package fixed behind a
 * caller's tool (which may rename it: garble), the compiler stage's record;
 * a fix the caller's tool dropped, or a compiler it did not run, is 110. */
#ifndef GOWRAP_DEPS_DEPS_H
#define GOWRAP_DEPS_DEPS_H

#include <stddef.h>

#include "jsonw.h"
#include "report.h"
#include "state.h"
#include "strbuf.h"

/* What the command-line model says about this call (the shim fills it;
 * nothing here reads argv or GOFLAGS). */
struct dp_build {
	const char *realgo;
	const char *effdir;        /* the directory go runs in (after -C) */
	const char *cache;         /* gowrap's cache, already trusted */
	const char *sub;           /* build, install, run, test or vet */
	int family;                /* DP_FAM_IOS, DP_FAM_LINUX or DP_FAM_ANDROID */
	char *const *listflags;    /* argv's flags that decide the files compiled */
	size_t nlistflags;
	char *const *pkgs;         /* the packages built (none: ".") */
	size_t npkgs;
	int pkg_at_version;        /* install/run pkg@version */
	const char *their_toolexec; /* the caller's -toolexec (argv or GOFLAGS), or NULL */
	const char *modfile;       /* the effective -modfile, or NULL */
};

struct dp_plan {
	int act;               /* 1: add -toolexec=toolexec */
	int family;
	struct sb toolexec;    /* gowrap-toolexec's path */
	struct dp_state state; /* valid when act */
	struct sb pkgs;        /* packages of the build the table fixes, one a line */
	struct sb unknown;     /* unknown variants: "pkg: why" lines */
	struct sb fixed;       /* after go: packages fixed in this call */
	const char *reason;    /* why nothing is added (act == 0), or why the
				* fix is added without a package list */
	int memo;              /* the answer came from the memo */
	int listed;            /* the build's packages were known (memo or go list) */
	const char *next;      /* the caller's -toolexec, composed behind ours; NULL */
	const char *proof;     /* after the check: what proved the fix, for the log */
};

/* The one rule for an iOS-family GOOS (the shim's target decision,
 * shim/target.h, and `gowrap audit` alike): GOOS=ios, or GOOS=darwin with
 * the ios build tag (Mac Catalyst, as SagerNet's gomobile builds it); the
 * ios tag on any other GOOS is not. ios_tag: the effective tags hold "ios". */
int dp_ios_family(const char *goos, int ios_tag);

/* DP_FAM_IOS for an iOS-family arm64 target, DP_FAM_LINUX for linux and
 * DP_FAM_ANDROID for android on arm64, arm, ppc64, ppc64le, s390x, loong64,
 * mips64, mips64le, 0 for anything else. */
int dp_family(const char *goos, const char *goarch, int ios_family);

/* Decide. 0 (p->act says what to do), or -1 with e: the caller's own
 * -toolexec on a build that needs gowrap's (GW_EXIT_DEPS_TOOLEXEC), a cache
 * that is not the caller's alone (GW_EXIT_CACHE), no gowrap-toolexec. */
int dp_plan(const struct dp_build *b, struct dp_plan *p, struct gw_err *e);

/* go's environment when the plan acts: the family, the state record, and
 * the caller's -toolexec when composing. */
void dp_plan_setenv(const struct dp_plan *p);

/* After go: read the state record; if output (may be NULL) was written,
 * check it, and each of files (NULL-terminated, may be NULL: what go wrote
 * into an install or -o directory, several commands each linking only some
 * of the packages) for the packages whose code is in it. 0, or -1 with e
 * (GW_EXIT_VERIFY: a marker missing; GW_EXIT_CACHE). */
int dp_check(struct dp_plan *p, const char *cache, const char *output, char *const *files,
	     struct gw_err *e);

/* The log's fields for arg, a struct dp_plan (shim_log's callback shape). */
void dp_log_fields(struct jw *w, const void *arg);

#endif
