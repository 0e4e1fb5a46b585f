/* enable_state.h — the state `gowrap enable` keeps so that `gowrap disable` puts back
 * exactly what was there, shared by enable, disable and doctor.
 *
 * Promise: the state lives in gowrap's own config directory (toolsel.h
 * gw_enable_dir), never where go looks: `enabled` (one `key value` line
 * each: the go env file's path, whether it existed, whether enable made its
 * directory, the user's own GOTOOLCHAIN, the launcher name, the SHA-256 of
 * the file as enable left it, each launcher, each directory enable made for
 * one, so that disable removes it when it is empty again, each --bin
 * directory, for doctor's table) and `goenv.orig` (the file's
 * bytes before enable). Every write is atomic (gw_write_atomic), and enable
 * and disable hold one lock (`lock`, fcntl: released when the process
 * ends), so racing commands never leave a torn go env file or state. */
#ifndef GOWRAP_ENABLE_STATE_H
#define GOWRAP_ENABLE_STATE_H

#include <stddef.h>
#include <sys/types.h>

#include "report.h"
#include "strbuf.h"

struct en_state {
	struct sb dir;        /* gowrap's config directory */
	struct sb goenv;      /* the go env file */
	int had, made_dir;    /* it existed before enable; enable made its directory */
	int had_tc;           /* the user had a GOTOOLCHAIN line */
	struct sb user_tc;    /* its value */
	struct sb name;       /* go1.26.8-gowrap */
	char wrote[65];       /* SHA-256 of the file as enable left it */
	char **launchers;     /* NULL-terminated */
	size_t nlaunchers;
	char **made;          /* directories enable made for launchers, deepest first */
	size_t nmade;
	char **bins;          /* the --bin directories named */
	size_t nbins;
	struct sb orig;       /* goenv.orig */
};

#define EN_STATE_INIT { .dir = SB_INIT, .goenv = SB_INIT, .user_tc = SB_INIT, .name = SB_INIT, .orig = SB_INIT }

/* Take the lock (creating the directory). fd, or -1 with e. */
int en_lock(struct en_state *s, struct gw_err *e);
/* 1 read, 0 no state, -1 unreadable (e). */
int en_read(struct en_state *s, struct gw_err *e);
int en_write(const struct en_state *s, struct gw_err *e);
/* gw_write_atomic, its failure told as enable's (117). */
int en_write_file(const char *path, const void *data, size_t len, mode_t mode, struct gw_err *e);
/* Remove the state files (not the lock or the directory). */
void en_remove(const struct en_state *s);
void en_free(struct en_state *s);

/* data with its last GOTOOLCHAIN= line set to value (appended when none;
 * value NULL: every line naming a launcher dropped) into out. */
void en_set_toolchain(const char *data, size_t len, const char *value, struct sb *out);
/* The value of data's last GOTOOLCHAIN= line: 1 found, 0 none. */
int en_file_toolchain(const char *data, struct sb *out);

/* 1 when path is a symlink to a gowrap shim (a launcher enable made). */
int en_is_launcher(const char *path);

#endif
