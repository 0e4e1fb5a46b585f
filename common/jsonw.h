/* jsonw.h — the one way gowrap writes JSON (the shim and symcheck link no
 * JSON library; the CLI uses cJSON only to read).
 *
 * Promise: what the writer appends to its strbuf is valid JSON whatever the
 * strings hold (sb_add_json_str: escaped, always valid UTF-8); commas, colons
 * and closing brackets are placed by the writer, never by the caller. A key
 * is given for members of an object and NULL for array elements and the top
 * value. Nesting deeper than JW_MAX_DEPTH aborts (a programming error). The
 * bytes are stable: the overlay files gowrap names by content hash rely on
 * it. */
#ifndef GOWRAP_JSONW_H
#define GOWRAP_JSONW_H

#include "strbuf.h"

#define JW_MAX_DEPTH 12

struct jw {
	struct sb *out;
	const char *comma, *colon; /* "," ":" or, spaced, ", " ": " */
	int depth;
	char close[JW_MAX_DEPTH];  /* '}' or ']' per open level */
	unsigned char n[JW_MAX_DEPTH]; /* members written at that level (0/1) */
};

/* spaced: ", " and ": " between items (symcheck --json's long-standing form). */
void jw_init(struct jw *w, struct sb *out, int spaced);
void jw_obj(struct jw *w, const char *key);
void jw_arr(struct jw *w, const char *key);
void jw_end(struct jw *w);
/* A string; NULL is written as null. */
void jw_str(struct jw *w, const char *key, const char *v);
/* A string; NULL or "" is written as null. */
void jw_str_or_null(struct jw *w, const char *key, const char *v);
void jw_int(struct jw *w, const char *key, long long v);
void jw_bool(struct jw *w, const char *key, int v);

#endif
