/* target.h — GOOS, GOARCH and GOFLAGS as the go command will see them.
 *
 * Promise: each variable is taken where cmd/go's cfg.Getenv takes it: the
 * environment when non-empty, else the user's `go env -w` file (GOENV, or
 * the OS config dir's go/env; GOENV=off disables it), else $GOROOT/go.env,
 * else (GOOS/GOARCH only) the host's own. Files are read only when the
 * environment is silent, so gomobile-style calls read none. */
#ifndef GOWRAP_SHIM_TARGET_H
#define GOWRAP_SHIM_TARGET_H

struct shim_target {
	char *goos;      /* never NULL */
	char *goarch;    /* never NULL */
	char *goflags;   /* never NULL; "" when unset */
};

/* realgo locates $GOROOT/go.env when GOROOT is unset. */
void shim_target_resolve(const char *realgo, struct shim_target *t);
void shim_target_free(struct shim_target *t);

/* Path of the user's go env file into out; 0, or -1 when there is none
 * (GOENV=off, no HOME). Used for memo keys as well. */
struct sb;
int shim_goenv_file(struct sb *out);

/* $GOROOT/go.env into out: GOROOT from the environment, else the real go's
 * own install (gw_own_goroot). 0, or -1 when there is no GOROOT to name. */
int shim_goroot_env_file(const char *realgo, struct sb *out);

#endif
