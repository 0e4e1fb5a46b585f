/* report.c — see report.h. */
#include "compat.h"
#include "report.h"
#include "exitcodes.h"
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void copy_str(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

int gw_err_set(struct gw_err *e, int code, const char *what, const char *fix,
	       const char *why_fmt, ...)
{
	if (!e)
		return -1;
	e->code = code;
	copy_str(e->what, sizeof e->what, what);
	copy_str(e->fix, sizeof e->fix, fix);
	va_list ap;
	va_start(ap, why_fmt);
	vsnprintf(e->why, sizeof e->why, why_fmt, ap);
	va_end(ap);
	return -1;
}

void gw_err_format(const struct gw_err *e, char *buf, unsigned long size)
{
	if (e->fix[0])
		snprintf(buf, size, "gowrap: %s: %s (fix: %s)", e->what, e->why, e->fix);
	else
		snprintf(buf, size, "gowrap: %s: %s", e->what, e->why);
	/* A newline inside a field would break the one-line promise. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
}

/* Copy n bytes of src into dst (size dsize) as a string. */
static void copy_n(char *dst, size_t dsize, const char *src, size_t n)
{
	if (n >= dsize)
		n = dsize - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* "gowrap: WHAT: WHY (fix: FIX)" or "gowrap: WHAT: WHY" into e's fields;
 * -1 when line is not of that shape. The fix is the last " (fix: ", so a
 * why that quotes one keeps it. */
static int parse_line(struct gw_err *e, const char *line)
{
	static const char pre[] = "gowrap: ", fx[] = " (fix: ";
	if (strncmp(line, pre, sizeof pre - 1) != 0)
		return -1;
	const char *head = line + sizeof pre - 1, *end = head + strlen(head);
	const char *fix = NULL;
	for (const char *p = head; (p = strstr(p, fx)); p++)
		fix = p;
	const char *tail = end;
	e->fix[0] = '\0';
	if (fix && end > fix + sizeof fx - 1 && end[-1] == ')') {
		copy_n(e->fix, sizeof e->fix, fix + sizeof fx - 1, (size_t)(end - 1 - (fix + sizeof fx - 1)));
		tail = fix;
	}
	/* The ": " must end by the fix: in "W: (fix: F)" its space is the
	 * fix's own, and the why would run from past the line's end. */
	const char *colon = strstr(head, ": ");
	if (!colon || colon + 2 > tail || colon == head)
		return -1;
	copy_n(e->what, sizeof e->what, head, (size_t)(colon - head));
	copy_n(e->why, sizeof e->why, colon + 2, (size_t)(tail - colon - 2));
	return 0;
}

int gw_err_relay(struct gw_err *e, int code, const char *line, const char *what, const char *fix)
{
	if (!e)
		return -1;
	e->code = code;
	if (line && *line && parse_line(e, line) == 0) {
		if (!e->fix[0])
			copy_str(e->fix, sizeof e->fix, fix);
		return -1;
	}
	copy_str(e->what, sizeof e->what, what);
	copy_str(e->fix, sizeof e->fix, fix);
	copy_str(e->why, sizeof e->why, line && *line ? line : "no message");
	return -1;
}

int gw_usage(const char *text, int asked)
{
	struct sb s = SB_INIT;
	sb_adds(&s, text);
	if (!s.len || s.buf[s.len - 1] != '\n')
		sb_addc(&s, '\n');
	gw_write_all(asked ? 1 : 2, s.buf, s.len);
	sb_release(&s);
	return asked ? 0 : GW_EXIT_USAGE;
}

void gw_note(const char *fmt, ...)
{
	char line[3200];
	int n = snprintf(line, sizeof line, "gowrap: note: ");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
	va_end(ap);
	for (char *p = line; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	size_t len = strlen(line);
	line[len++] = '\n';
	gw_write_all(2, line, len);
}

int gw_write_all(int fd, const void *buf, unsigned long len)
{
	const char *p = buf;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		len -= (unsigned long)w;
	}
	return 0;
}

int gw_err_print(const struct gw_err *e)
{
	char line[3200];
	gw_err_format(e, line, sizeof line - 1);
	size_t n = strlen(line);
	line[n++] = '\n';
	gw_write_all(2, line, n);
	return e->code;
}

int gw_fail(int code, const char *what, const char *fix, const char *why_fmt, ...)
{
	struct gw_err e;
	e.code = code;
	copy_str(e.what, sizeof e.what, what);
	copy_str(e.fix, sizeof e.fix, fix);
	va_list ap;
	va_start(ap, why_fmt);
	vsnprintf(e.why, sizeof e.why, why_fmt, ap);
	va_end(ap);
	return gw_err_print(&e);
}
