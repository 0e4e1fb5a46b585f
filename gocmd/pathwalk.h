/* pathwalk.h — the one walk over $PATH. Part of gocmd/: the shim finds the
 * real go with it (realgo.c) and keys a toolchain switch's lookup (memo.c);
 * `gowrap doctor` and `gowrap toolchain install` read PATH with it.
 *
 * Promise: gw_path_next yields every entry of a PATH-style list in order,
 * split exactly at ':', empty entries included, reading nothing else; a NULL
 * list has no entries, "" has one empty entry. gw_path_find gives the first
 * executable regular file `name` in those entries that the caller's test
 * accepts (a test can skip a file by identity: the shim skips itself), under
 * one reading of an entry for everyone who walks PATH: as written (empty is
 * ".", as in sh), made absolute against the working directory (empty is that
 * directory), or absolute entries only. No file is read; one stat and one
 * access(2) per candidate. */
#ifndef GOWRAP_PATHWALK_H
#define GOWRAP_PATHWALK_H

#include "strbuf.h"

struct gw_path_walk {
	const char *next; /* NULL when done */
};

void gw_path_walk_start(struct gw_path_walk *w, const char *list);

/* 1 with entry replaced by the next entry as written, 0 when done. */
int gw_path_next(struct gw_path_walk *w, struct sb *entry);

enum gw_path_mode {
	GW_PATH_AS_WRITTEN,    /* "" is ".", a relative entry stays relative */
	GW_PATH_ABSOLUTE,      /* relative entries joined to the working directory */
	GW_PATH_ABSOLUTE_ONLY, /* empty and relative entries skipped */
};

/* 0 with the path appended to out, or -1 (none). accept: NULL takes every
 * executable, else it is asked with the candidate's path and arg (1: take). */
int gw_path_find(const char *list, const char *name, enum gw_path_mode mode,
		 int (*accept)(const char *path, void *arg), void *arg, struct sb *out);

#endif
