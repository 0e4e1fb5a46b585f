/* render.c — see render.h. */
#include "compat.h"
#include "render.h"
#include "embedded.h"
#include "exitcodes.h"

#include <string.h>

static const char build_prefix[] = "//go:build ";

int ov_find_build_expr(const char *src, size_t len, const char **expr, size_t *expr_len)
{
	/* Go reads constraints only from the leading comment block, so stop at
	 * the first line that is neither blank nor a // comment. */
	size_t i = 0;
	while (i < len) {
		size_t eol = i;
		while (eol < len && src[eol] != '\n')
			eol++;
		const char *line = src + i;
		size_t n = eol - i;
		if (n && line[n - 1] == '\r')
			n--;
		if (n >= sizeof build_prefix - 1 && memcmp(line, build_prefix, sizeof build_prefix - 1) == 0) {
			*expr = line + sizeof build_prefix - 1;
			*expr_len = n - (sizeof build_prefix - 1);
			return 0;
		}
		if (n != 0 && !(n >= 2 && line[0] == '/' && line[1] == '/'))
			return -1;
		i = eol + 1;
	}
	return -1;
}

/* Where the //go:build expression of orig is, if it is exactly expect. */
static int expect_expr(const char *orig, size_t len, const char *expect, const char *file, size_t *at,
		       size_t *n, struct gw_err *e)
{
	const char *expr;
	if (ov_find_build_expr(orig, len, &expr, n) < 0 || *n != strlen(expect) ||
	    memcmp(expr, expect, *n) != 0)
		return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "unknown internal/cpu variant",
				  "report it to gowrap with `go version`; do not build iOS with a guessed overlay",
				  "%s: //go:build line is not `%s` as the variants table says", file, expect);
	*at = (size_t)(expr - orig);
	return 0;
}

int ov_render_other(const char *orig, size_t len, const char *expect, const char *suffix,
		    const char *file, struct sb *out, struct gw_err *e)
{
	size_t at, n;
	if (expect_expr(orig, len, expect, file, &at, &n, e) < 0)
		return -1;
	/* The expression is a top-level && chain in every known row (the table
	 * checks that), so appending keeps its meaning for all other targets. */
	at += n;
	sb_add(out, orig, at);
	sb_adds(out, suffix);
	sb_add(out, orig + at, len - at);
	return 0;
}

int ov_render_rebuild(const char *orig, size_t len, const char *expect, const char *repl,
		      const char *file, struct sb *out, struct gw_err *e)
{
	size_t at, n;
	if (expect_expr(orig, len, expect, file, &at, &n, e) < 0)
		return -1;
	sb_add(out, orig, at);
	sb_adds(out, repl);
	sb_add(out, orig + at + n, len - at - n);
	return 0;
}

int ov_render_template(const char *tmpl_name, const char *marker, const char *version,
		       const char *constraint, struct sb *out, struct gw_err *e)
{
	const struct gw_embedded *t = gw_embedded_find(tmpl_name);
	if (!t)
		return gw_err_set(e, GW_EXIT_INTERNAL, "template missing", "rebuild gowrap with `make`",
				  "%s is not compiled into this gowrap", tmpl_name);
	const char *p = t->data, *end = t->data + t->len;
	while (p < end) {
		const char *open = strstr(p, "{{");
		if (!open || open >= end) {
			sb_add(out, p, (size_t)(end - p));
			break;
		}
		sb_add(out, p, (size_t)(open - p));
		const char *close = strstr(open, "}}");
		if (!close)
			return gw_err_set(e, GW_EXIT_INTERNAL, "bad template", "report this as a gowrap bug",
					  "%s: unterminated {{", tmpl_name);
		size_t k = (size_t)(close - open - 2);
		if (k == 6 && !memcmp(open + 2, "MARKER", 6))
			sb_adds(out, marker);
		else if (k == 16 && !memcmp(open + 2, "TEMPLATE_VERSION", 16))
			sb_adds(out, version);
		else if (k == 10 && !memcmp(open + 2, "CONSTRAINT", 10))
			sb_adds(out, constraint);
		else
			return gw_err_set(e, GW_EXIT_INTERNAL, "bad template", "report this as a gowrap bug",
					  "%s: unknown placeholder {{%.*s}}", tmpl_name, (int)k, open + 2);
		p = close + 2;
	}
	return 0;
}
