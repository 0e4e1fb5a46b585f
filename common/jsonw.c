/* jsonw.c — see jsonw.h. */
#include "compat.h"
#include "jsonw.h"

#include <stdlib.h>

void jw_init(struct jw *w, struct sb *out, int spaced)
{
	w->out = out;
	w->comma = spaced ? ", " : ",";
	w->colon = spaced ? ": " : ":";
	w->depth = 0;
	w->n[0] = 0;
}

/* Separator and key before a value at the current level. */
static void item(struct jw *w, const char *key)
{
	if (w->depth > 0) {
		if (w->n[w->depth])
			sb_adds(w->out, w->comma);
		w->n[w->depth] = 1;
	}
	if (key) {
		sb_add_json_str(w->out, key);
		sb_adds(w->out, w->colon);
	}
}

static void open_level(struct jw *w, const char *key, char open, char close)
{
	item(w, key);
	if (w->depth + 1 >= JW_MAX_DEPTH)
		abort();
	sb_addc(w->out, open);
	w->depth++;
	w->close[w->depth] = close;
	w->n[w->depth] = 0;
}

void jw_obj(struct jw *w, const char *key)
{
	open_level(w, key, '{', '}');
}

void jw_arr(struct jw *w, const char *key)
{
	open_level(w, key, '[', ']');
}

void jw_end(struct jw *w)
{
	if (w->depth <= 0)
		abort();
	sb_addc(w->out, w->close[w->depth--]);
}

void jw_str(struct jw *w, const char *key, const char *v)
{
	item(w, key);
	if (v)
		sb_add_json_str(w->out, v);
	else
		sb_adds(w->out, "null");
}

void jw_str_or_null(struct jw *w, const char *key, const char *v)
{
	jw_str(w, key, v && *v ? v : NULL);
}

void jw_int(struct jw *w, const char *key, long long v)
{
	item(w, key);
	sb_addf(w->out, "%lld", v);
}

void jw_bool(struct jw *w, const char *key, int v)
{
	item(w, key);
	sb_adds(w->out, v ? "true" : "false");
}
