/* strbuf.c — see strbuf.h. */
#include "compat.h"
#include "strbuf.h"
#include "exitcodes.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char sb_empty_buf[1];

static void oom(void)
{
	/* Nothing sensible survives OOM; one whole line, then out. */
	static const char msg[] = "gowrap: out of memory: allocation failed (fix: free memory and retry)\n";
	ssize_t r = write(2, msg, sizeof msg - 1);
	(void)r;
	_exit(GW_EXIT_INTERNAL);
}

void gw_oom(void)
{
	oom();
}

void *gw_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *gw_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *gw_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom();
	return q;
}

char *gw_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = gw_xmalloc(n);
	memcpy(p, s, n);
	return p;
}

void sb_init(struct sb *s)
{
	s->buf = sb_empty_buf;
	s->len = 0;
	s->cap = 0;
}

void sb_grow(struct sb *s, size_t extra)
{
	if (!s->buf)
		sb_init(s);
	if (extra > SIZE_MAX - s->len - 1)
		oom();
	size_t need = s->len + extra + 1;
	if (need <= s->cap)
		return;
	size_t cap = s->cap ? s->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	char *old = s->cap ? s->buf : NULL;
	s->buf = gw_xrealloc(old, cap);
	if (!old)
		s->buf[0] = '\0';
	s->cap = cap;
}

void sb_add(struct sb *s, const void *data, size_t n)
{
	sb_grow(s, n);
	memcpy(s->buf + s->len, data, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

void sb_adds(struct sb *s, const char *str)
{
	sb_add(s, str, strlen(str));
}

void sb_addc(struct sb *s, char c)
{
	sb_add(s, &c, 1);
}

void sb_addf(struct sb *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	sb_grow(s, (size_t)n);
	vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	s->len += (size_t)n;
}

/* Length of the valid UTF-8 sequence at p (1-4), or 0 if it is not one
 * (overlong forms, surrogates and code points past U+10FFFF included), with
 * Go's unicode/utf8 rules. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

void sb_add_json_str(struct sb *s, const char *str)
{
	sb_addc(s, '"');
	for (const unsigned char *p = (const unsigned char *)str; *p; p++) {
		if (*p >= 0x80) {
			/* JSON text is UTF-8: a byte that starts no valid sequence
			 * becomes U+FFFD, as Go's encoding/json writes (and reads) it. */
			size_t n = utf8_len(p);
			if (n) {
				sb_add(s, p, n);
				p += n - 1;
			} else {
				sb_adds(s, "\\ufffd");
			}
			continue;
		}
		switch (*p) {
		case '"': sb_adds(s, "\\\""); break;
		case '\\': sb_adds(s, "\\\\"); break;
		case '\n': sb_adds(s, "\\n"); break;
		case '\r': sb_adds(s, "\\r"); break;
		case '\t': sb_adds(s, "\\t"); break;
		default:
			if (*p < 0x20)
				sb_addf(s, "\\u%04x", *p);
			else
				sb_addc(s, (char)*p);
		}
	}
	sb_addc(s, '"');
}

void sb_reset(struct sb *s)
{
	if (!s->buf)
		sb_init(s);
	s->len = 0;
	if (s->cap)
		s->buf[0] = '\0';
}

void sb_release(struct sb *s)
{
	if (s->cap)
		free(s->buf);
	sb_init(s);
}

char *sb_detach(struct sb *s)
{
	char *r = s->cap ? s->buf : gw_xstrdup("");
	sb_init(s);
	return r;
}

int sb_read_fd(struct sb *s, int fd, size_t limit)
{
	size_t start = s->len;
	/* Most files read here are a few hundred bytes (go env files, VERSION):
	 * a first chunk of 512 gives them a 1 KiB buffer, not 16 KiB, and one
	 * read to EOF; larger files grow by doubling chunks. */
	size_t chunk = 512;
	for (;;) {
		if (s->len - start >= limit) {
			errno = EFBIG;
			goto fail;
		}
		if (s->cap < s->len + 256) {
			sb_grow(s, chunk);
			if (chunk < 65536)
				chunk *= 2;
		}
		ssize_t r = read(fd, s->buf + s->len, s->cap - s->len - 1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (r == 0)
			break;
		s->len += (size_t)r;
		s->buf[s->len] = '\0';
	}
	return 0;
fail:;
	int e = errno;
	s->len = start;
	s->buf[s->len] = '\0';
	errno = e;
	return -1;
}

/* open(2), not fopen: the shim reads the go env files on every go call, and
 * a FILE is one more allocation (with musl, an mmap and munmap) for nothing
 * sb_read_fd uses. No O_CLOEXEC (musl adds an fcntl for it): the descriptor
 * is closed before this returns, and no gowrap program has a second thread
 * that could fork in between. */
int sb_read_file(struct sb *s, const char *path, size_t limit)
{
	int fd;
	do
		fd = open(path, O_RDONLY);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return -1;
	int r = sb_read_fd(s, fd, limit);
	int e = errno;
	close(fd);
	errno = e;
	return r;
}

const char *sb_first_line(struct sb *s)
{
	size_t n = 0;
	while (n < s->len && s->buf[n] != '\n' && s->buf[n] != '\r')
		n++;
	if (n < s->len) {
		s->buf[n] = '\0';
		s->len = n;
	}
	return s->buf;
}

const char *sb_last_line(struct sb *s)
{
	while (s->len && (s->buf[s->len - 1] == '\n' || s->buf[s->len - 1] == '\r'))
		s->buf[--s->len] = '\0';
	size_t i = s->len;
	while (i && s->buf[i - 1] != '\n' && s->buf[i - 1] != '\r')
		i--;
	return s->buf + i;
}

void gw_strv_addn(char ***v, size_t *n, const char *str, size_t len)
{
	if (*n > SIZE_MAX / sizeof **v - 2 || len == SIZE_MAX)
		oom();
	*v = gw_xrealloc(*v, (*n + 2) * sizeof **v);
	char *copy = gw_xmalloc(len + 1);
	memcpy(copy, str, len);
	copy[len] = '\0';
	(*v)[(*n)++] = copy;
	(*v)[*n] = NULL;
}

void gw_strv_add(char ***v, size_t *n, const char *str)
{
	gw_strv_addn(v, n, str, strlen(str));
}

void gw_strv_free(char ***v, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		free((*v)[i]);
	free(*v);
	*v = NULL;
	*n = 0;
}

const char *sb_add_printable(struct sb *s, const char *str)
{
	static const char hex[] = "0123456789abcdef";
	for (const unsigned char *p = (const unsigned char *)str; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || *p == '\\') {
			char esc[4] = { '\\', 'x', hex[*p >> 4], hex[*p & 15] };
			sb_add(s, esc, 4);
		} else {
			sb_addc(s, (char)*p);
		}
	}
	return s->buf;
}

int gw_list_has(const char *list, char sep, const char *name, size_t n)
{
	for (const char *p = list; *p;) {
		const char *e = strchr(p, sep);
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == n && memcmp(p, name, n) == 0)
			return 1;
		if (!e)
			break;
		p = e + 1;
	}
	return 0;
}
