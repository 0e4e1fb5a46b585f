/* strbuf.h — the one way gowrap builds strings (after git's strbuf).
 *
 * Promise: buf is never NULL and always NUL-terminated (even when empty);
 * growth failures abort with GW_EXIT_INTERNAL rather than returning half a
 * string, so callers never have to check. */
#ifndef GOWRAP_STRBUF_H
#define GOWRAP_STRBUF_H

#include <stddef.h>

struct sb {
	char *buf;
	size_t len;
	size_t cap;
};

/* buf never NULL: an empty strbuf points at a shared "" (cap 0 = not owned). */
extern char sb_empty_buf[1];
#define SB_INIT { sb_empty_buf, 0, 0 }

void sb_init(struct sb *s);
void sb_grow(struct sb *s, size_t extra);
void sb_add(struct sb *s, const void *data, size_t n);
void sb_adds(struct sb *s, const char *str);
void sb_addc(struct sb *s, char c);
void sb_addf(struct sb *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append str as a JSON string literal, quotes included; always valid UTF-8
 * (a byte that starts no valid UTF-8 sequence is written as \ufffd). */
void sb_add_json_str(struct sb *s, const char *str);
/* Is name[0..n) one whole entry of list, whose entries end at sep (or at
 * the end)? For the line lists and comma lists gowrap keeps. */
int gw_list_has(const char *list, char sep, const char *name, size_t n);
/* str for a terminal: control bytes (< 0x20, 0x7f) and backslash as \xNN,
 * so a name read from a file or a child can never drive the terminal;
 * every other byte as it is. Returns s->buf. */
const char *sb_add_printable(struct sb *s, const char *str);
void sb_reset(struct sb *s);
void sb_release(struct sb *s);
/* Hand the buffer to the caller (free() it); s is left empty. */
char *sb_detach(struct sb *s);
/* Read a whole file; returns 0, or -1 with errno set (s unchanged then). */
int sb_read_file(struct sb *s, const char *path, size_t limit);
/* Read a whole fd until EOF; 0 or -1 with errno. */
int sb_read_fd(struct sb *s, int fd, size_t limit);

/* A child's message: cut s (in place) to its first line, or to its last
 * non-empty line; returns s->buf ("" when there is none). */
const char *sb_first_line(struct sb *s);
const char *sb_last_line(struct sb *s);

/* Append a copy of str to the NULL-terminated string list *v of *n entries. */
void gw_strv_add(char ***v, size_t *n, const char *str);
/* The same for the len bytes at str (no NUL needed). */
void gw_strv_addn(char ***v, size_t *n, const char *str, size_t len);
/* Free such a list (each entry, then the list); *v = NULL, *n = 0. */
void gw_strv_free(char ***v, size_t *n);

/* Allocation helpers that never return NULL. */
void *gw_xmalloc(size_t n);
void *gw_xcalloc(size_t n, size_t size);
void *gw_xrealloc(void *p, size_t n);
char *gw_xstrdup(const char *s);
/* Their out-of-memory exit (one report line, then GW_EXIT_INTERNAL), for
 * helpers that find an allocation impossible before asking (common/grow.h). */
void gw_oom(void);

#endif
