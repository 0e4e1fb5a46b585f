/* shimlog.h — the evidence log (GOWRAP_LOG).
 *
 * Promise: with GOWRAP_LOG=<file>, each shim invocation appends exactly one
 * JSON object on one line, written with a single write(2) on an O_APPEND
 * descriptor, so lines from parallel builds never interleave or tear. A log
 * that cannot be opened never changes the go command's outcome. */
#ifndef GOWRAP_SHIM_SHIMLOG_H
#define GOWRAP_SHIM_SHIMLOG_H

#include "jsonw.h"

struct shim_log {
	const char *subcommand;  /* NULL: none */
	const char *goos, *goarch;
	const char *tags;        /* effective -tags value, NULL if none */
	int injected;
	const char *overlay;     /* NULL: none */
	const char *goroot, *goversion; /* NULL: not asked */
	const char *reason;      /* why nothing was injected, or the error; NULL */
	const char *dir;         /* effective directory when known */
	const char *output;      /* -o when verified */
	int exit_known, exit_code;
	int verified;            /* -1 null, 0 false, 1 true */
	int memo;                /* -1 n/a, 0 miss, 1 hit */
	char *const *patches;    /* GOWRAP_PATCHES: "state\tid\tfile" each */
	size_t npatches;
	/* More members, written by their owner (deps/check.c's dp_log_fields); NULL: none. */
	void (*fields)(struct jw *w, const void *arg);
	const void *fields_arg;
};

void shim_log_init(struct shim_log *l);
void shim_log_write(const struct shim_log *l);

#endif
