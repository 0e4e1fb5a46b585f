/* seen.c — see seen.h. */
#include "compat.h"
#include "seen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_RULES 64
/* A folded line longer than this is no rule's line (classify.c's bound). */
#define LINE_MAX_FOLDED 200

static const char *go_or_c_word(const char *const *list, const char *b, size_t n)
{
	for (size_t w = 0; list[w]; w++)
		if (gw_memmem(b, n, list[w], strlen(list[w])))
			return list[w];
	return NULL;
}

static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* A word of list in b as a whole identifier. */
static const char *ident(const char *const *list, const char *b, size_t n)
{
	for (size_t w = 0; list[w]; w++) {
		size_t k = strlen(list[w]);
		for (const char *at = b; (at = gw_memmem(at, n - (size_t)(at - b), list[w], k)) != NULL; at++)
			if ((at == b || !ident_char(at[-1])) && ((size_t)(at - b) + k == n || !ident_char(at[k])))
				return list[w];
	}
	return NULL;
}

static int has_ci(const char *hay, const char *needle)
{
	size_t k = strlen(needle);
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, k) == 0)
			return 1;
	return 0;
}

/* The instruction of evidence.h a folded assembly line is (a label before
 * it aside), or -1. */
static int asm_line(const char *f)
{
	const char *sp = strchr(f, ' ');
	if (sp && sp > f && sp[-1] == ':')
		f = sp + 1;
	for (int w = 0; dp_seen_asm_words[w].op; w++) {
		const struct dp_seen_asm *a = &dp_seen_asm_words[w];
		size_t k = strlen(a->op);
		if (strncasecmp(f, a->op, k) == 0 && (!f[k] || f[k] == ' ' || f[k] == ';') &&
		    (!a->operand || has_ci(f + k, a->operand)))
			return w;
	}
	return -1;
}

/* Each line of a source, folded (a longer one is passed as NULL). */
static void each_line(const struct sb *b, void (*fn)(const char *folded, void *arg), void *arg)
{
	char tmp[LINE_MAX_FOLDED * 2 + 1];
	for (size_t at = 0; at < b->len;) {
		const char *nl = memchr(b->buf + at, '\n', b->len - at);
		size_t len = nl ? (size_t)(nl - (b->buf + at)) : b->len - at;
		int fits = len <= LINE_MAX_FOLDED * 2 && dp_fold(b->buf + at, len, tmp) <= LINE_MAX_FOLDED;
		fn(fits ? tmp : NULL, arg);
		at += len + 1;
	}
}

static void first_asm(const char *f, void *arg)
{
	int *w = arg;
	if (f && *w < 0)
		*w = asm_line(f);
}

/* The first word of CPU-feature code in one source, into word; 0 if none. */
static int word_in(const struct dp_src *f, char *word, size_t wn)
{
	const char *w = NULL, *b = f->bytes.buf;
	size_t n = f->bytes.len;
	if (f->kind == DP_SRC_GO) {
		w = go_or_c_word(dp_seen_go_words, b, n);
		if (!w)
			w = ident(dp_seen_go_idents, b, n);
	}
	/* cgo's preamble is C: a Go file that imports "C" */
	if (!w && (f->kind == DP_SRC_C || (f->kind == DP_SRC_GO && gw_memmem(b, n, "\"C\"", 3))))
		w = go_or_c_word(dp_seen_c_words, b, n);
	if (w) {
		snprintf(word, wn, "%s", w);
		return 1;
	}
	int a = -1;
	if (f->kind == DP_SRC_ASM)
		each_line(&f->bytes, first_asm, &a);
	if (a < 0)
		return 0;
	snprintf(word, wn, "%s%s%s", dp_seen_asm_words[a].op, dp_seen_asm_words[a].operand ? " " : "",
		 dp_seen_asm_words[a].operand ? dp_seen_asm_words[a].operand : "");
	return 1;
}

struct count {
	unsigned n[MAX_RULES][DP_SEEN_LINES];
	int file[MAX_RULES][DP_SEEN_LINES]; /* the first source that holds it */
	int family, cur;
	const char *goarch;
};

static int applies(const struct dp_seen_rule *r, int family, const char *goarch)
{
	if (!(r->families & family))
		return 0;
	if (!r->arches)
		return 1;
	size_t k = strlen(goarch);
	for (const char *a = r->arches; *a;) {
		size_t n = strcspn(a, ",");
		if (n == k && strncmp(a, goarch, k) == 0)
			return 1;
		a += n + (a[n] == ',');
	}
	return 0;
}

static void count_line(const char *f, void *arg)
{
	struct count *c = arg;
	for (size_t r = 0; f && r < MAX_RULES && dp_seen_rules[r].name; r++) {
		if (!applies(&dp_seen_rules[r], c->family, c->goarch))
			continue;
		for (size_t l = 0; l < DP_SEEN_LINES && dp_seen_rules[r].lines[l].text; l++)
			if (strcmp(f, dp_seen_rules[r].lines[l].text) == 0) {
				c->n[r][l]++;
				if (c->file[r][l] < 0)
					c->file[r][l] = c->cur;
			}
	}
}

/* printf into a fixed buffer, cut where it ends (the whys are one line). */
static void put(char *out, size_t on, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *out, size_t on, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out, on, fmt, ap);
	va_end(ap);
}

/* Why rule r does not hold (0 when it does). */
static int mismatch(const struct count *c, const struct dp_srcs *s, size_t r, char *why, size_t wn)
{
	const struct dp_seen_rule *rule = &dp_seen_rules[r];
	for (size_t l = 0; l < DP_SEEN_LINES && rule->lines[l].text; l++) {
		const struct dp_seen_line *ln = &rule->lines[l];
		unsigned k = c->n[r][l];
		if (k >= ln->min && k <= ln->max)
			continue;
		char need[64];
		if (ln->max == 0)
			snprintf(need, sizeof need, "the rule allows none");
		else if (ln->min == ln->max)
			snprintf(need, sizeof need, "the rule needs it %u time%s", ln->min, ln->min == 1 ? "" : "s");
		else
			snprintf(need, sizeof need, "the rule needs it %u to %u times", ln->min, ln->max);
		put(why, wn, "rule %s: `%s` is there %u times, %s (its trigger in %s in %s)", rule->name, ln->text, k,
		    need, s->v[c->file[r][0]].name, s->in);
		return 1;
	}
	return 0;
}

/* The files that hold rule r's lines, its trigger's first. */
static void files_of(const struct count *c, const struct dp_srcs *s, size_t r, char *out, size_t on)
{
	struct sb f = SB_INIT;
	for (size_t l = 0; l < DP_SEEN_LINES && dp_seen_rules[r].lines[l].text; l++) {
		int i = c->file[r][l], dup = 0;
		for (size_t e = 0; e < l && i >= 0; e++)
			dup |= c->file[r][e] == i;
		if (i >= 0 && !dup)
			sb_addf(&f, "%s%s", f.len ? ", " : "", s->v[i].name);
	}
	put(out, on, "%s in %s", f.buf, s->in);
	sb_release(&f);
}

/* The word of CPU-feature code, or of a choice among features, one raw
 * line holds (folded: the same line folded, or NULL when too long); NULL
 * if none. Every list is asked of every source, whatever its kind. */
static const char *line_word(const char *b, size_t n, const char *folded, enum dp_src_kind kind)
{
	const char *w = go_or_c_word(dp_seen_go_words, b, n);
	if (!w)
		w = ident(dp_seen_go_idents, b, n);
	if (!w)
		w = go_or_c_word(dp_seen_c_words, b, n);
	if (!w)
		w = go_or_c_word(dp_seen_choice_words, b, n);
	if (!w && kind == DP_SRC_ASM && folded && asm_line(folded) >= 0)
		w = dp_seen_asm_words[asm_line(folded)].op;
	return w;
}

static int rule_line(const struct dp_seen_rule *r, const char *folded)
{
	for (size_t l = 0; l < DP_SEEN_LINES && r->lines[l].text; l++)
		if (r->lines[l].max > 0 && strcmp(folded, r->lines[l].text) == 0)
			return 1;
	return 0;
}

/* An exhaustive rule: the first line of any source that holds a word of
 * CPU-feature code or a feature's name and is none of the rule's lines, said
 * in why (printable ASCII only, cut); 0 when every such line is the rule's. */
static int unaccounted(const struct dp_srcs *s, const struct dp_seen_rule *r, char *why, size_t wn)
{
	char tmp[LINE_MAX_FOLDED * 2 + 1];
	for (size_t i = 0; i < s->n; i++) {
		const struct sb *b = &s->v[i].bytes;
		for (size_t at = 0; at < b->len;) {
			const char *line = b->buf + at, *nl = memchr(line, '\n', b->len - at);
			size_t len = nl ? (size_t)(nl - line) : b->len - at;
			at += len + 1;
			int fits = len <= LINE_MAX_FOLDED * 2 && dp_fold(line, len, tmp) <= LINE_MAX_FOLDED;
			const char *w = line_word(line, len, fits ? tmp : NULL, s->v[i].kind);
			if (!w || (fits && rule_line(r, tmp)))
				continue;
			const char *q = fits ? tmp : line;
			size_t qn = fits ? strlen(tmp) : len, k;
			char show[101];
			for (k = 0; k < qn && k < sizeof show - 1; k++)
				show[k] = (q[k] >= 0x20 && q[k] < 0x7f) ? q[k] : '?';
			show[k] = 0;
			put(why, wn, "rule %s: `%s` (%s in %s) holds `%s`, CPU-feature code the rule does not account for",
			    r->name, show, s->v[i].name, s->in, w);
			return 1;
		}
	}
	return 0;
}

/* The rules over the sources: 1 with out filled when one decides or a
 * trigger is there without the rest; 0 when no trigger is. */
static int by_rules(const struct dp_srcs *s, int family, const char *goarch, struct dp_seen *out)
{
	static struct count c; /* large; one classification at a time */
	memset(&c, 0, sizeof c);
	memset(c.file, 0xff, sizeof c.file); /* -1 */
	c.family = family;
	c.goarch = goarch;
	for (size_t i = 0; i < s->n; i++) {
		c.cur = (int)i;
		each_line(&s->v[i].bytes, count_line, &c);
	}
	int pick = -1;
	for (size_t r = 0; r < MAX_RULES && dp_seen_rules[r].name; r++) {
		if (!applies(&dp_seen_rules[r], family, goarch) || !c.n[r][0])
			continue;
		char w[sizeof out->why];
		if (mismatch(&c, s, r, w, sizeof w)) {
			if (!out->why[0])
				memcpy(out->why, w, sizeof w);
		} else if (DP_SEEN_EXHAUSTIVE(dp_seen_rules[r].verdict) && !dp_seen_rules[r].users[0].text &&
			   unaccounted(s, &dp_seen_rules[r], w, sizeof w)) {
			if (!out->why[0])
				memcpy(out->why, w, sizeof w);
		} else if (pick < 0 || (dp_seen_rules[pick].verdict != DP_SEEN_DEFECTIVE &&
					dp_seen_rules[r].verdict == DP_SEEN_DEFECTIVE)) {
			pick = (int)r; /* a defect outranks every other verdict */
		}
	}
	if (pick >= 0 && DP_SEEN_EXHAUSTIVE(dp_seen_rules[pick].verdict) && !dp_seen_rules[pick].users[0].text &&
	    out->why[0]) {
		out->what = DP_SEEN_UNKNOWN; /* another rule's trigger unexplained: no line goes unaccounted */
		return 1;
	}
	if (pick >= 0) {
		out->what = DP_SEEN_RULE;
		out->rule = &dp_seen_rules[pick];
		out->why[0] = 0;
		files_of(&c, s, (size_t)pick, out->files, sizeof out->files);
		return 1;
	}
	if (out->why[0])
		out->what = DP_SEEN_UNKNOWN;
	return out->why[0] != 0;
}

void dp_seen_classify(const struct dp_srcs *s, int family, const char *goarch, struct dp_seen *out)
{
	memset(out, 0, sizeof *out);
	char word[64];
	size_t hit = s->n;
	for (size_t i = 0; i < s->n && hit == s->n; i++)
		if (word_in(&s->v[i], word, sizeof word))
			hit = i;
	if (hit < s->n && by_rules(s, family, goarch, out))
		return;
	if (hit < s->n) {
		out->what = DP_SEEN_UNKNOWN;
		put(out->why, sizeof out->why, "CPU-feature code gowrap has no rule for (`%s` in %s in %s)", word,
		    s->v[hit].name, s->in);
	} else if (s->cut[0]) {
		out->what = DP_SEEN_UNKNOWN;
		put(out->why, sizeof out->why, "not every source it compiles was read (%s): what was not read was not seen",
		    s->cut);
	}
}

/* Does one rule line hold a word that gets a package read? */
static int line_has_word(const char *t)
{
	size_t n = strlen(t);
	return go_or_c_word(dp_seen_go_words, t, n) || ident(dp_seen_go_idents, t, n) ||
	       go_or_c_word(dp_seen_c_words, t, n) || asm_line(t) >= 0;
}

int dp_seen_rules_words(char *why, size_t wn)
{
	for (const struct dp_seen_rule *r = dp_seen_rules; r->name; r++) {
		int ok = 0;
		for (size_t l = 0; l < DP_SEEN_LINES && r->lines[l].text && !ok; l++)
			ok = r->lines[l].max > 0 && line_has_word(r->lines[l].text);
		if (!ok) {
			snprintf(why, wn, "rule %s: no line it needs holds a word of CPU-feature code (evidence.h)",
				 r->name);
			return -1;
		}
	}
	return 0;
}

struct user_count {
	const struct dp_seen_rule *r;
	unsigned n[DP_SEEN_USERS];
};

static void count_user(const char *f, void *arg)
{
	struct user_count *c = arg;
	for (size_t l = 0; f && l < DP_SEEN_USERS && c->r->users[l].text; l++)
		c->n[l] += strcmp(f, c->r->users[l].text) == 0;
}

int dp_seen_users(const struct dp_seen_rule *r, const struct dp_srcs *s, const char *importer, char *why, size_t wn)
{
	struct user_count c = { r, { 0 } };
	for (size_t i = 0; i < s->n; i++)
		each_line(&s->v[i].bytes, count_user, &c);
	for (size_t l = 0; l < DP_SEEN_USERS && r->users[l].text; l++)
		if (c.n[l] < r->users[l].min || c.n[l] > r->users[l].max) {
			put(why, wn, "rule %s: %s, which imports it, holds `%s` %u times, the rule needs it %u to %u times "
			    "in every importer", r->name, importer, r->users[l].text, c.n[l], r->users[l].min,
			    r->users[l].max);
			return 1;
		}
	return 0;
}
