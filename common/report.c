/* report.c — see report.h. */
#include "compat.h"
#include "report.h"
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
	/* An empty what marks a why that is already a whole gowrap line, passed
	 * on from a child gowrap (see report.h); prefixing it again would print
	 * "gowrap: : gowrap: ...". */
	if (!e->what[0])
		snprintf(buf, size, "%s", e->why);
	else if (e->fix[0])
		snprintf(buf, size, "gowrap: %s: %s (fix: %s)", e->what, e->why, e->fix);
	else
		snprintf(buf, size, "gowrap: %s: %s", e->what, e->why);
	/* A newline inside a field would break the one-line promise. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
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
