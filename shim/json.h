/* json.h — the little JSON reader the shim needs (libc only).
 *
 * Promise: sj_parse accepts exactly RFC 8259 JSON (one value, surrounding
 * whitespace, nesting at most 64 deep) and returns a tree, or NULL. Strings
 * are decoded to UTF-8 (\u escapes and surrogate pairs included; a string
 * containing NUL is rejected, as no path can hold one). The shim parses `go
 * env -json`, `gowrap overlay --json` and overlay files with it, so the hot
 * path links no JSON library and the shim can be a static binary. */
#ifndef GOWRAP_SHIM_JSON_H
#define GOWRAP_SHIM_JSON_H

#include <stddef.h>

enum sj_type { SJ_NULL, SJ_FALSE, SJ_TRUE, SJ_NUMBER, SJ_STRING, SJ_ARRAY, SJ_OBJECT };

struct sj {
	enum sj_type type;
	char *str;          /* SJ_STRING: decoded value; SJ_NUMBER: its text */
	char *key;          /* member name when inside an object, else NULL */
	struct sj *child;   /* first element / member */
	struct sj *next;    /* next sibling */
};

struct sj *sj_parse(const char *text, size_t len);
void sj_free(struct sj *v);

/* Last member named key (exact match), or NULL; v may be NULL. */
const struct sj *sj_get(const struct sj *obj, const char *key);
/* Same, ASCII case-insensitive (encoding/json's field matching). */
const struct sj *sj_get_fold(const struct sj *obj, const char *key);
/* The member's string, or NULL when absent or not a string. */
const char *sj_str(const struct sj *obj, const char *key);

#endif
