/* gosetting.h — a go setting read where cmd/go reads it (cfg.Getenv),
 * without running go.
 *
 * Promise: each variable is taken where cmd/go's cfg.Getenv takes it: the
 * environment when non-empty, else the user's `go env -w` file (GOENV, or
 * the OS config dir's go/env; GOENV=off disables it), else $GOROOT/go.env
 * (GOROOT from the environment, else the real go's own install: bin/go's
 * grandparent, symlinks resolved), else "" (GOOS/GOARCH: the host's own).
 * Files are read only when the environment is silent, so gomobile-style
 * calls read none. */
#ifndef GOWRAP_GOCMD_GOSETTING_H
#define GOWRAP_GOCMD_GOSETTING_H

struct gw_target {
	char *goos;      /* never NULL */
	char *goarch;    /* never NULL */
	char *goflags;   /* never NULL; "" when unset */
};

/* realgo locates $GOROOT/go.env when GOROOT is unset. */
void gw_target_resolve(const char *realgo, struct gw_target *t);
void gw_target_free(struct gw_target *t);

/* Path of the user's go env file into out; 0, or -1 when there is none
 * (GOENV=off, no HOME). Used for memo keys as well. */
struct sb;
int gw_goenv_file(struct sb *out);

/* $GOROOT/go.env into out: GOROOT from the environment, else the real go's
 * own install (gw_own_goroot). 0, or -1 when there is no GOROOT to name. */
int gw_goroot_env_file(const char *realgo, struct sb *out);

/* One setting; the caller frees the result ("" when unset everywhere). */
char *gw_go_setting(const char *realgo, const char *name);

#endif
