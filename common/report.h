/* report.h — the one shape of a gowrap error.
 *
 * Promise: every failure a user sees is one line
 *   gowrap: <what failed>: <why> (fix: <what to do>)
 * written with a single write(2) so parallel builds never interleave it, and
 * carried up the stack in a struct gw_err with the exit code it implies
 * (exitcodes.h). Functions that can fail take a struct gw_err * and return -1.
 *
 * what and fix are required; a fix that cannot be given says what to look
 * at. A line from a child gowrap process (the shim passing on what `gowrap
 * overlay`, `gowrap merge-overlay` or a looping shim printed) is taken in
 * with gw_err_relay, which reads its what, why and fix back, so it prints
 * as the same line: there is one printer and no "print verbatim" case.
 * Notes (gw_note) are lines of the same family, `gowrap: note: ...`. */
#ifndef GOWRAP_REPORT_H
#define GOWRAP_REPORT_H

struct gw_err {
	int code;        /* an enum gw_exit value; 0 = no error */
	char what[512];
	char why[1024];
	char fix[1024];
};

/* Fill e (if non-NULL); printf-style "why". Returns -1 so callers can
 * `return gw_err_set(...)`. what and fix are plain strings. */
int gw_err_set(struct gw_err *e, int code, const char *what, const char *fix,
	       const char *why_fmt, ...) __attribute__((format(printf, 5, 6)));

/* Take a child gowrap's one-line message as e, with code. The line's what,
 * why and fix are read back (the line prints unchanged); a line that is not
 * in gowrap's shape, or none (NULL or ""), becomes the why of `what` with
 * `fix` ("no message" for none). Returns -1. */
int gw_err_relay(struct gw_err *e, int code, const char *line, const char *what, const char *fix);

/* Format e as the one-line message (no trailing newline) into buf. */
void gw_err_format(const struct gw_err *e, char *buf, unsigned long size);

/* Print e to stderr as one line; returns e->code. */
int gw_err_print(const struct gw_err *e);

/* Shorthand: set + print + return code. */
int gw_fail(int code, const char *what, const char *fix, const char *why_fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A command's usage text: asked for (--help), on stdout, returns 0; a call
 * with nothing to do, on stderr, returns GW_EXIT_USAGE. One write either way. */
int gw_usage(const char *text, int asked);

/* "gowrap: note: <text>" on stderr, one line, one write. */
void gw_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Write a whole buffer to fd with as few write(2) calls as the kernel allows. */
int gw_write_all(int fd, const void *buf, unsigned long len);

#endif
