/* runcmd.h — the one owner of child processes (after git's run-command.c).
 *
 * Promise: children are started with execve on an argv array (never a shell),
 * optionally in another directory and with another environment. gw_run_wait
 * behaves like the shell running the child in the foreground: while it waits,
 * SIGINT/SIGQUIT are ignored by us (the terminal already sent them to the
 * child), and SIGTERM/SIGHUP/SIGUSR1/SIGUSR2 are forwarded to it. gw_exit_like
 * ends this process the way the child ended — same exit code, or the same
 * signal re-raised — so a caller sees exactly what it would without gowrap. */
#ifndef GOWRAP_RUNCMD_H
#define GOWRAP_RUNCMD_H

#include <stddef.h>
#include <sys/types.h>

#include "strbuf.h"

struct gw_cmd {
	char *const *argv;   /* argv[0] is the path executed (see gw_run_wait_as) */
	char *const *envp;   /* NULL: inherit environ */
	const char *dir;     /* NULL: current directory */
	struct sb *out;      /* NULL: inherit stdout; else captured */
	struct sb *err;      /* NULL: inherit stderr; else captured */
	int null_stdin;      /* 1: stdin from /dev/null */
	size_t limit;        /* capture limit per stream; 0 = 64 MiB */
};

/* Run to completion. Returns the wait status (use WIFEXITED etc.), or -1 when
 * the child could not be started (errno set; exec failure reads as ENOENT/EACCES). */
int gw_run(const struct gw_cmd *cmd);

/* Run with signal forwarding, inheriting stdio. Returns the wait status or -1.
 * The child gets the signal dispositions and mask this process inherited (not
 * the forwarding handlers); signals arriving while it is being started are
 * held, then forwarded. Forwarded: INT, QUIT, TERM, HUP, USR1, USR2. */
int gw_run_wait(const struct gw_cmd *cmd);

/* gw_run_wait executing `path` with cmd->argv as given (argv[0] may be any
 * name, as with execv: the shim keeps its caller's argv[0] for go). */
int gw_run_wait_as(const char *path, const struct gw_cmd *cmd);

/* Exit as the child did (exit code or re-raised signal). Never returns. */
void gw_exit_like(int wstatus) __attribute__((noreturn));

/* Exit code a shell would show for the status (128+sig for signals). */
int gw_status_code(int wstatus);

#endif
