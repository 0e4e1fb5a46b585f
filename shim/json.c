/* json.c — see json.h. A recursive-descent reader, nothing more. */
#include "json.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct rd {
	const char *p, *end;
	int depth;
};

static void ws(struct rd *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static struct sj *node(enum sj_type t)
{
	struct sj *v = gw_xcalloc(1, sizeof *v);
	v->type = t;
	return v;
}

static int hex4(struct rd *r, unsigned *out)
{
	if (r->end - r->p < 4)
		return -1;
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = *r->p++;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static void utf8(struct sb *s, unsigned cp)
{
	if (cp < 0x80) {
		sb_addc(s, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(s, (char)(0xc0 | cp >> 6));
		sb_addc(s, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_addc(s, (char)(0xe0 | cp >> 12));
		sb_addc(s, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(s, (char)(0x80 | (cp & 0x3f)));
	} else {
		sb_addc(s, (char)(0xf0 | cp >> 18));
		sb_addc(s, (char)(0x80 | ((cp >> 12) & 0x3f)));
		sb_addc(s, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(s, (char)(0x80 | (cp & 0x3f)));
	}
}

/* At the opening quote; returns the decoded string or NULL. */
static char *string(struct rd *r)
{
	struct sb s = SB_INIT;
	r->p++;
	while (r->p < r->end) {
		unsigned char c = (unsigned char)*r->p++;
		if (c == '"')
			return sb_detach(&s);
		if (c < 0x20)
			break;
		if (c != '\\') {
			sb_addc(&s, (char)c);
			continue;
		}
		if (r->p >= r->end)
			break;
		char e = *r->p++;
		unsigned cp;
		switch (e) {
		case '"': sb_addc(&s, '"'); continue;
		case '\\': sb_addc(&s, '\\'); continue;
		case '/': sb_addc(&s, '/'); continue;
		case 'b': sb_addc(&s, '\b'); continue;
		case 'f': sb_addc(&s, '\f'); continue;
		case 'n': sb_addc(&s, '\n'); continue;
		case 'r': sb_addc(&s, '\r'); continue;
		case 't': sb_addc(&s, '\t'); continue;
		case 'u':
			if (hex4(r, &cp) < 0 || cp == 0)
				goto fail;
			if (cp >= 0xd800 && cp < 0xdc00) {
				unsigned lo;
				if (r->end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
					r->p += 2;
					if (hex4(r, &lo) < 0)
						goto fail;
					if (lo >= 0xdc00 && lo < 0xe000)
						cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
					else
						goto fail;
				} else {
					cp = 0xfffd; /* lone surrogate: encoding/json's choice */
				}
			} else if (cp >= 0xdc00 && cp < 0xe000) {
				cp = 0xfffd;
			}
			utf8(&s, cp);
			continue;
		default:
			goto fail;
		}
	}
fail:
	sb_release(&s);
	return NULL;
}

static struct sj *value(struct rd *r);

static int literal(struct rd *r, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return 0;
	r->p += n;
	return 1;
}

static struct sj *number(struct rd *r)
{
	const char *s = r->p;
	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p >= r->end || *r->p < '0' || *r->p > '9')
		return NULL;
	if (*r->p == '0')
		r->p++;
	else
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return NULL;
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return NULL;
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	struct sj *v = node(SJ_NUMBER);
	struct sb t = SB_INIT;
	sb_add(&t, s, (size_t)(r->p - s));
	v->str = sb_detach(&t);
	return v;
}

/* Elements of an array or members of an object, up to the closing bracket. */
static struct sj *container(struct rd *r, int obj)
{
	if (++r->depth > 64)
		return NULL;
	struct sj *v = node(obj ? SJ_OBJECT : SJ_ARRAY), **tail = &v->child;
	r->p++;
	ws(r);
	char close = obj ? '}' : ']';
	if (r->p < r->end && *r->p == close) {
		r->p++;
		r->depth--;
		return v;
	}
	for (;;) {
		char *key = NULL;
		if (obj) {
			ws(r);
			if (r->p >= r->end || *r->p != '"' || !(key = string(r)))
				goto fail;
			ws(r);
			if (r->p >= r->end || *r->p != ':') {
				free(key);
				goto fail;
			}
			r->p++;
		}
		struct sj *e = value(r);
		if (!e) {
			free(key);
			goto fail;
		}
		e->key = key;
		*tail = e;
		tail = &e->next;
		ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			r->depth--;
			return v;
		}
		goto fail;
	}
fail:
	sj_free(v);
	return NULL;
}

static struct sj *value(struct rd *r)
{
	ws(r);
	if (r->p >= r->end)
		return NULL;
	switch (*r->p) {
	case '{': return container(r, 1);
	case '[': return container(r, 0);
	case '"': {
		char *s = string(r);
		if (!s)
			return NULL;
		struct sj *v = node(SJ_STRING);
		v->str = s;
		return v;
	}
	case 't': return literal(r, "true") ? node(SJ_TRUE) : NULL;
	case 'f': return literal(r, "false") ? node(SJ_FALSE) : NULL;
	case 'n': return literal(r, "null") ? node(SJ_NULL) : NULL;
	default: return number(r);
	}
}

struct sj *sj_parse(const char *text, size_t len)
{
	struct rd r = { text, text + len, 0 };
	struct sj *v = value(&r);
	ws(&r);
	if (v && r.p != r.end) {
		sj_free(v);
		return NULL;
	}
	return v;
}

void sj_free(struct sj *v)
{
	while (v) {
		struct sj *n = v->next;
		sj_free(v->child);
		free(v->str);
		free(v->key);
		free(v);
		v = n;
	}
}

const struct sj *sj_get(const struct sj *obj, const char *key)
{
	const struct sj *hit = NULL;
	if (obj && obj->type == SJ_OBJECT)
		for (const struct sj *m = obj->child; m; m = m->next)
			if (strcmp(m->key, key) == 0)
				hit = m;
	return hit;
}

const struct sj *sj_get_fold(const struct sj *obj, const char *key)
{
	const struct sj *hit = sj_get(obj, key);
	if (hit || !obj || obj->type != SJ_OBJECT)
		return hit;
	for (const struct sj *m = obj->child; m; m = m->next)
		if (strcasecmp(m->key, key) == 0)
			hit = m;
	return hit;
}

const char *sj_str(const struct sj *obj, const char *key)
{
	const struct sj *v = sj_get(obj, key);
	return v && v->type == SJ_STRING ? v->str : NULL;
}
