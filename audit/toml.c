/* toml.c — the reviewed-verdicts file (audit_parts.h): the subset of
 * TOML it is written in, read whole or refused whole.
 *
 * The subset is what osv-scanner's `[[IgnoredVulns]]` tables use: `#`
 * comments, `[[Reviewed]]` headers, `key = value` with a basic ("...") or
 * literal ('...') string, a one-line array of strings, or a local date
 * (2027-06-30). Anything else — another table, an unknown or repeated key, a
 * multi-line string, a NUL byte — is refused with its line, never skipped:
 * a line misread could accept what nobody reviewed. */
#include "compat.h"
#include "audit_parts.h"
#include "exitcodes.h"
#include "grow.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tp {
	const char *name, *today;
	int line;
	struct au_reviewed *rv;
	struct au_entry *cur;
	struct gw_err *e;
};

#define FIX_SYNTAX "write the file as README \"Reviewed verdicts\" shows: [[Reviewed]] tables of package, content, reason and until"

static int bad(struct tp *t, const char *fix, const char *why)
{
	return gw_err_set(t->e, GW_EXIT_REVIEWED, "cannot use the reviewed verdicts", fix, "%s:%d: %s", t->name,
			  t->line, why);
}

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* After a value: only blanks and a comment. */
static int line_end(struct tp *t, const char *p)
{
	p = ws(p);
	if (*p && *p != '#')
		return bad(t, FIX_SYNTAX, "text after the value");
	return 0;
}

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : isxdigit(c) ? (tolower(c) - 'a' + 10) : -1;
}

/* A basic string's \uXXXX as UTF-8 (surrogates refused). */
static int add_u(struct tp *t, const char **pp, struct sb *out)
{
	unsigned v = 0;
	for (int i = 1; i <= 4; i++) {
		int h = hexval((unsigned char)(*pp)[i]);
		if (h < 0)
			return bad(t, FIX_SYNTAX, "a \\u escape needs four hex digits");
		v = v * 16 + (unsigned)h;
	}
	if (v >= 0xd800 && v <= 0xdfff)
		return bad(t, FIX_SYNTAX, "a \\u escape names a surrogate");
	if (v < 0x80) {
		sb_addc(out, (char)v);
	} else if (v < 0x800) {
		sb_addc(out, (char)(0xc0 | (v >> 6)));
		sb_addc(out, (char)(0x80 | (v & 0x3f)));
	} else {
		sb_addc(out, (char)(0xe0 | (v >> 12)));
		sb_addc(out, (char)(0x80 | ((v >> 6) & 0x3f)));
		sb_addc(out, (char)(0x80 | (v & 0x3f)));
	}
	*pp += 4;
	return 0;
}

/* A quoted string at *pp into out; *pp past its closing quote. */
static int string(struct tp *t, const char **pp, struct sb *out)
{
	char q = **pp;
	const char *p = *pp + 1;
	if (q == p[0] && q == p[1])
		return bad(t, FIX_SYNTAX, "multi-line strings are not read: write the value on one line");
	for (;; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == (unsigned char)q)
			break;
		if (c == 0)
			return bad(t, FIX_SYNTAX, "a string is not closed on its line");
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return bad(t, FIX_SYNTAX, "a control character in a string");
		if (c != '\\' || q == '\'') {
			sb_addc(out, (char)c);
			continue;
		}
		const char *esc = strchr("\"\\btnfr", p[1] ? p[1] : 'x');
		if (p[1] == 'u') {
			p++;
			if (add_u(t, &p, out) < 0)
				return -1;
		} else if (esc && p[1]) {
			sb_addc(out, "\"\\\b\t\n\f\r"[esc - "\"\\btnfr"]);
			p++;
		} else {
			return bad(t, FIX_SYNTAX, "an escape TOML does not have in a string");
		}
	}
	*pp = p + 1;
	return 0;
}

/* YYYY-MM-DD with a month and day that exist (Feb 29 in any year). */
static int date(const char *s)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	for (int i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? s[i] != '-' : !isdigit((unsigned char)s[i]))
			return 0;
	int m = (s[5] - '0') * 10 + s[6] - '0', d = (s[8] - '0') * 10 + s[9] - '0';
	return m >= 1 && m <= 12 && d >= 1 && d <= mdays[m - 1];
}

static int content_id(const char *s)
{
	if (strncmp(s, "sha256:", 7) != 0 || strlen(s) != 71)
		return 0;
	for (const char *p = s + 7; *p; p++)
		if (!isdigit((unsigned char)*p) && !(*p >= 'a' && *p <= 'f'))
			return 0;
	return 1;
}

static int add_id(struct tp *t, const char *s)
{
	struct au_entry *x = t->cur;
	if (!content_id(s))
		return bad(t, "copy the content id gowrap audit prints for the row (sha256: and 64 hex digits)",
			   "content is not a content id gowrap prints");
	if (x->nids >= AU_MAX_IDS)
		return bad(t, "review fewer contents in one entry", "more than 64 content ids in one entry");
	x->ids = gw_xrealloc(x->ids, (x->nids + 1) * sizeof *x->ids);
	x->ids[x->nids++] = gw_xstrdup(s);
	return 0;
}

/* content = "sha256:..." or ["sha256:...", ...] */
static int content(struct tp *t, const char **pp)
{
	struct sb s = SB_INIT;
	int rc = 0, arr = **pp == '[';
	const char *p = arr ? ws(*pp + 1) : *pp;
	while (rc == 0 && !(arr && *p == ']')) {
		sb_reset(&s);
		if (*p != '"' && *p != '\'')
			rc = bad(t, FIX_SYNTAX, "content is a string or a one-line array of strings");
		else if ((rc = string(t, &p, &s)) == 0 && (rc = add_id(t, s.buf)) == 0 && arr) {
			p = ws(p);
			if (*p == ',')
				p = ws(p + 1);
			else if (*p != ']')
				rc = bad(t, FIX_SYNTAX, "content's array is not closed on its line");
		}
		if (!arr)
			break;
	}
	if (rc == 0 && t->cur->nids == 0)
		rc = bad(t, "name the content id the review was for", "content is empty");
	*pp = arr && rc == 0 ? p + 1 : p;
	sb_release(&s);
	return rc;
}

static int until(struct tp *t, const char **pp)
{
	struct sb s = SB_INIT;
	const char *p = *pp;
	int rc = 0;
	if (*p == '"' || *p == '\'')
		rc = string(t, &p, &s);
	else
		sb_add(&s, p, strspn(p, "0123456789-")), p += s.len;
	if (rc == 0 && (s.len != 10 || !date(s.buf)))
		rc = bad(t, "write until as a date, e.g. until = 2027-06-30", "until is not a date YYYY-MM-DD");
	if (rc == 0)
		memcpy(t->cur->until, s.buf, 11);
	*pp = p;
	sb_release(&s);
	return rc;
}

/* One `key = value` line of the current entry. */
static int keyval(struct tp *t, const char *p)
{
	size_t k = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");
	char key[16];
	snprintf(key, sizeof key, "%.*s", (int)(k < 15 ? k : 15), p);
	p = ws(p + k);
	if (k == 0 || *p != '=')
		return bad(t, FIX_SYNTAX, "not a [[Reviewed]] header, a key = value line or a comment");
	if (!t->cur)
		return bad(t, "put each key under a [[Reviewed]] header", "a key before the first [[Reviewed]]");
	struct au_entry *x = t->cur;
	p = ws(p + 1);
	struct sb s = SB_INIT;
	int rc;
	char **str = !strcmp(key, "package") && k == 7 ? &x->pkg : !strcmp(key, "reason") && k == 6 ? &x->reason : NULL;
	if (str && *str) {
		rc = bad(t, "write each key once in an entry", "a key given twice in one entry");
	} else if (str) {
		rc = *p == '"' || *p == '\'' ? string(t, &p, &s) : bad(t, FIX_SYNTAX, "package and reason are strings");
		*str = rc == 0 ? sb_detach(&s) : NULL;
	} else if (!strcmp(key, "content") && k == 7) {
		rc = x->nids ? bad(t, "write each key once in an entry", "a key given twice in one entry") : content(t, &p);
	} else if (!strcmp(key, "until") && k == 5) {
		rc = x->until[0] ? bad(t, "write each key once in an entry", "a key given twice in one entry") : until(t, &p);
	} else {
		rc = bad(t, "the keys of an entry are package, content, reason and until", "an unknown key");
	}
	sb_release(&s);
	return rc ? rc : line_end(t, p);
}

/* The entry just ended: complete, its package not named before, not past
 * its date. */
static int entry_done(struct tp *t)
{
	struct au_entry *x = t->cur;
	int at = t->line;
	if (!x)
		return 0;
	t->line = x->line;
	int rc = 0;
	if (!x->pkg || !x->pkg[0])
		rc = bad(t, "name the package's import path: package = \"...\"", "an entry without a package");
	else if (!x->nids)
		rc = bad(t, "copy the content id gowrap audit prints: content = \"sha256:...\"", "an entry without a content id");
	else if (!x->reason || !x->reason[0])
		rc = bad(t, "say why the verdict is fine: reason = \"...\"", "an entry without a reason");
	else if (x->until[0] && strcmp(x->until, t->today) < 0) {
		char why[600];
		snprintf(why, sizeof why, "the review of %.400s is past its date (until %s; today is %s)", x->pkg,
			 x->until, t->today);
		rc = bad(t, "review the package again and set a new until, or remove the entry", why);
	}
	for (size_t i = 0; rc == 0 && i + 1 < t->rv->n; i++)
		if (!strcmp(t->rv->v[i].pkg, x->pkg)) {
			char why[96];
			snprintf(why, sizeof why, "the package is named twice (first at line %d)", t->rv->v[i].line);
			rc = bad(t, "keep one entry per package; list several content ids in its content array", why);
		}
	t->line = at;
	return rc;
}

static int header(struct tp *t, const char *p)
{
	if (strncmp(p, "[[", 2) != 0)
		return bad(t, "the one table is [[Reviewed]]", "a table gowrap does not read");
	p = ws(p + 2);
	if (strncmp(p, "Reviewed", 8) != 0 || *(p = ws(p + 8)) != ']' || p[1] != ']')
		return bad(t, "the one table is [[Reviewed]]", "a table gowrap does not read");
	if (entry_done(t) < 0)
		return -1;
	if (t->rv->n >= AU_MAX_ENTRIES)
		return bad(t, "keep at most 4096 entries", "too many entries");
	t->rv->v = gw_grow(t->rv->v, &t->rv->cap, t->rv->n + 1, sizeof *t->rv->v);
	t->cur = &t->rv->v[t->rv->n++];
	memset(t->cur, 0, sizeof *t->cur);
	t->cur->line = t->line;
	return line_end(t, p + 2);
}

int au_reviewed_parse(const char *name, const char *text, size_t len, const char *today,
		      struct au_reviewed *rv, struct gw_err *e)
{
	struct tp t = { name, today, 0, rv, NULL, e };
	const char *nul = memchr(text, 0, len);
	if (nul) {
		t.line = 1;
		for (const char *p = text; p < nul; p++)
			t.line += *p == '\n';
		return bad(&t, "save the file as UTF-8 text", "a NUL byte");
	}
	struct sb line = SB_INIT;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < len;) {
		size_t n = 0;
		while (i + n < len && text[i + n] != '\n')
			n++;
		sb_reset(&line);
		sb_add(&line, text + i, n && text[i + n - 1] == '\r' ? n - 1 : n);
		i += n + 1;
		t.line++;
		const char *p = ws(line.buf ? line.buf : "");
		if (*p == 0 || *p == '#')
			continue;
		rc = *p == '[' ? header(&t, p) : keyval(&t, p);
	}
	if (rc == 0)
		rc = entry_done(&t);
	sb_release(&line);
	return rc;
}
