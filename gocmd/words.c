/* words.c — see words.h. */
#include "compat.h"
#include "words.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void push(struct gw_words *w, const char *s, size_t n)
{
	gw_strv_addn(&w->v, &w->n, s, n);
}

int gw_split_quoted(const char *s, struct gw_words *out)
{
	out->v = gw_xcalloc(1, sizeof *out->v);
	out->n = 0;
	for (;;) {
		while (is_space(*s))
			s++;
		if (!*s)
			return 0;
		if (*s == '"' || *s == '\'') {
			const char *end = strchr(s + 1, *s);
			if (!end) {
				gw_words_free(out);
				return -1;
			}
			push(out, s + 1, (size_t)(end - s - 1));
			s = end + 1;
			continue;
		}
		const char *e = s;
		while (*e && !is_space(*e))
			e++;
		push(out, s, (size_t)(e - s));
		s = e;
	}
}

void gw_words_free(struct gw_words *w)
{
	if (w->v)
		for (size_t i = 0; i < w->n; i++)
			free(w->v[i]);
	free(w->v);
	w->v = NULL;
	w->n = 0;
}

int gw_tags_has_ios(const char *value)
{
	/* cmd/go tagsFlag.Set: spaces or a single quote mean the Go 1.12 quoted
	 * form; otherwise a comma-separated list (empty elements ignored). */
	if (strchr(value, ' ') || strchr(value, '\'')) {
		struct gw_words w;
		if (gw_split_quoted(value, &w) < 0)
			return -1;
		int found = 0;
		for (size_t i = 0; i < w.n; i++)
			if (strcmp(w.v[i], "ios") == 0)
				found = 1;
		gw_words_free(&w);
		return found;
	}
	for (const char *p = value; *p;) {
		const char *c = strchr(p, ',');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		if (n == 3 && memcmp(p, "ios", 3) == 0)
			return 1;
		if (!c)
			break;
		p = c + 1;
	}
	return 0;
}
