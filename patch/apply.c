/* apply.c — pt_apply (patch.h): one file's hunks, exactly.
 *
 * Why not libgit2's applier: git_apply_to_tree needs a repository, and it
 * places a hunk only at its stated line (apply.c find_hunk_linenum, no
 * search), so every patch made for another Go release would be refused.
 * Here, as in git apply without --recount and GNU patch with --fuzz=0:
 *   - a hunk's old side (context and removed lines, each with its newline
 *     or the lack of one) must be in the file byte for byte;
 *   - first at its stated line moved by the offset the previous hunk needed
 *     (GNU patch carries it), then at the nearest offset, later lines first
 *     at equal distance; never inside or before the previous hunk;
 *   - git apply's placement rules: a hunk that starts at line 1 (or 0) must
 *     match at the start of the file, one without context after its last
 *     change at the end; one without context before its first change that
 *     does not start at line 1 (diff -U0) cannot be placed and is refused.
 * "Already in": when the hunks do not all apply at their stated lines, the
 * reverse (each hunk's new side) is tried the same way; the file holds the
 * result when the reverse applies and the forward does not, or the reverse
 * needs no offset where the forward does. Both at offsets: refused as
 * ambiguous. */
#include "compat.h"
#include "patch.h"
#include "grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ln {
	const char *p;
	size_t len;
	int nl;
	unsigned h;
};

struct lines {
	struct ln *v;
	size_t n, cap;
};

static unsigned hash(const char *p, size_t n, int nl)
{
	unsigned h = 2166136261u ^ (unsigned)nl;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h;
}

static void add(struct lines *l, const char *p, size_t n, int nl)
{
	l->v = gw_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = (struct ln){ p, n, nl, hash(p, n, nl) };
}

static void split(struct lines *l, const char *b, size_t n)
{
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(b + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (b + i)) : n - i;
		add(l, b + i, k, nl != NULL);
		i += k + (nl != NULL);
	}
}

/* One side of a hunk: its old lines (context and '-') or its new ones. */
static void side(struct lines *l, const struct pt_patch *p, const struct pt_file *f,
		 const struct pt_hunk *h, char drop)
{
	l->n = 0;
	for (size_t i = h->first; i < h->first + h->n; i++) {
		const struct pt_line *x = &f->lines[i];
		if (x->op != drop)
			add(l, p->arena.buf + x->off, x->len, x->nl);
	}
}

static int match_at(const struct lines *img, size_t pos, const struct lines *s)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct ln *a = &img->v[pos + i], *b = &s->v[i];
		if (a->h != b->h || a->len != b->len || a->nl != b->nl || memcmp(a->p, b->p, a->len) != 0)
			return 0;
	}
	return 1;
}

/* The nearest position to want in [lo, img->n - s->n] where s matches;
 * only the start or the end of the file when the hunk says so; -1 none. */
static long find(const struct lines *img, const struct lines *s, long want, size_t lo, int at_start,
		 int at_end)
{
	if (s->n > img->n)
		return -1;
	long hi = (long)(img->n - s->n);
	if (at_start || at_end) {
		long p = at_start ? 0 : hi;
		if ((at_start && at_end && p != hi) || p < (long)lo || !match_at(img, (size_t)p, s))
			return -1;
		return p;
	}
	if (want < (long)lo)
		want = (long)lo;
	if (want > hi)
		want = hi;
	for (long d = 0; want + d <= hi || want - d >= (long)lo; d++) {
		if (want + d <= hi && match_at(img, (size_t)(want + d), s))
			return want + d;
		if (d && want - d >= (long)lo && match_at(img, (size_t)(want - d), s))
			return want - d;
	}
	return -1;
}

struct pass {
	long *at;        /* each hunk's position in the file */
	size_t moved;    /* hunks placed at an offset */
	long first_off;  /* the first nonzero offset */
	size_t bad;      /* 1-based hunk that did not apply; 0: all did */
	char why[400];
};

/* Place every hunk, forward (old side) or reverse (new side). 0 or -1. */
static int place(const struct pt_patch *p, const struct pt_file *f, const struct lines *img, int rev,
		 struct pass *ps)
{
	struct lines s = { 0 };
	size_t lo = 0;
	long carry = 0;
	int rc = 0;
	for (size_t i = 0; i < f->nhunks && rc == 0; i++) {
		const struct pt_hunk *h = &f->hunks[i];
		long start = rev ? h->new_start : h->old_start;
		long base = start > 0 ? start - 1 : 0;
		side(&s, p, f, h, rev ? '-' : '+');
		int at_start = start <= 1, at_end = h->trail == 0;
		long at = -1;
		if (!h->lead && !at_start)
			snprintf(ps->why, sizeof ps->why,
				 "it has no context before its first change and does not start at line 1, so it "
				 "cannot be placed exactly (made with -U0?)");
		else if ((at = find(img, &s, base + carry, lo, at_start, at_end)) < 0)
			snprintf(ps->why, sizeof ps->why, "%s",
				 at_start ? "its lines are not at the start of the file, where a hunk starting at line 1 must match"
				 : at_end ? "its lines are not at the end of the file, where a hunk without context after its last change must match"
					  : "its lines are not in the file at that line or at any offset");
		if (at < 0) {
			ps->bad = i + 1;
			rc = -1;
			break;
		}
		ps->at[i] = at;
		if (at != base) {
			if (!ps->moved)
				ps->first_off = at - base;
			ps->moved++;
		}
		carry = at - base;
		lo = (size_t)at + s.n;
	}
	free(s.v);
	return rc;
}

static void put_line(struct sb *out, const char *p, size_t n, int nl)
{
	sb_add(out, p, n);
	if (nl)
		sb_addc(out, '\n');
}

/* The file with every hunk placed by ps replaced by its new side. */
static void build(const struct pt_patch *p, const struct pt_file *f, const struct lines *img,
		  const struct pass *ps, struct sb *out)
{
	size_t cur = 0;
	for (size_t i = 0; i < f->nhunks; i++) {
		const struct pt_hunk *h = &f->hunks[i];
		size_t at = (size_t)ps->at[i], old = 0;
		for (; cur < at; cur++)
			put_line(out, img->v[cur].p, img->v[cur].len, img->v[cur].nl);
		for (size_t k = h->first; k < h->first + h->n; k++) {
			const struct pt_line *x = &f->lines[k];
			old += x->op != '+';
			if (x->op != '-')
				put_line(out, p->arena.buf + x->off, x->len, x->nl);
		}
		cur += old;
	}
	for (; cur < img->n; cur++)
		put_line(out, img->v[cur].p, img->v[cur].len, img->v[cur].nl);
}

static enum pt_state refused(struct pt_result *r, size_t hunk, const char *why)
{
	r->state = PT_REFUSED;
	r->hunk = hunk;
	snprintf(r->why, sizeof r->why, "%s", why);
	return PT_REFUSED;
}

/* An absent file: a new file's patch applies, a deletion is already in,
 * a change has nothing to change. */
static enum pt_state absent(const struct pt_patch *p, const struct pt_file *f, struct sb *out,
			    int *gone, struct pt_result *r)
{
	if (f->kind == PT_MODIFY)
		return refused(r, 0, "the file is not in this GOROOT");
	if (f->kind == PT_DELETE) {
		*gone = 1;
		r->state = PT_ALREADY;
		snprintf(r->why, sizeof r->why, "the file it deletes is not there");
		return PT_ALREADY;
	}
	struct lines img = { 0 };
	struct pass ps = { .at = gw_xcalloc(f->nhunks + 1, sizeof *ps.at) };
	enum pt_state st = place(p, f, &img, 0, &ps) == 0 ? PT_EXACT : refused(r, ps.bad, ps.why);
	if (st == PT_EXACT)
		build(p, f, &img, &ps, out);
	free(ps.at);
	r->state = st;
	return st;
}

enum pt_state pt_apply(const struct pt_patch *p, const struct pt_file *f, const char *old,
		       size_t len, int exists, struct sb *out, int *gone, struct pt_result *r)
{
	memset(r, 0, sizeof *r);
	sb_reset(out);
	*gone = 0;
	if (!exists)
		return absent(p, f, out, gone, r);
	struct lines img = { 0 };
	split(&img, old, len);
	struct pass fw = { .at = gw_xcalloc(f->nhunks + 1, sizeof *fw.at) };
	struct pass rv = { .at = gw_xcalloc(f->nhunks + 1, sizeof *rv.at) };
	int fok = place(p, f, &img, 0, &fw) == 0;
	int rok = fok && !fw.moved ? 0 : place(p, f, &img, 1, &rv) == 0;
	if (fok && !fw.moved) {
		r->state = PT_EXACT;
	} else if (rok && (!fok || !rv.moved)) {
		r->state = PT_ALREADY;
		snprintf(r->why, sizeof r->why, "its result is in the file%s",
			 rv.moved ? " (at an offset)" : "");
	} else if (fok && rok) {
		refused(r, 0, "both the patch and its reverse match only at offsets: it is unclear whether "
			      "the file already holds it");
	} else if (fok) {
		r->state = PT_OFFSET;
		r->moved = fw.moved;
		r->offset = fw.first_off;
	} else {
		refused(r, fw.bad, fw.why);
	}
	if (f->kind == PT_ADD && r->state != PT_ALREADY)
		refused(r, 1, "the file it adds is already in this GOROOT, with other bytes");
	if (r->state == PT_EXACT || r->state == PT_OFFSET)
		build(p, f, &img, &fw, out);
	if (r->state == PT_ALREADY)
		sb_add(out, old, len);
	if ((r->state == PT_EXACT || r->state == PT_OFFSET) && f->kind == PT_DELETE) {
		if (out->len)
			refused(r, 1, "the file holds more than the lines the patch deletes");
		else
			*gone = 1;
	}
	free(img.v);
	free(fw.at);
	free(rv.at);
	return r->state;
}
