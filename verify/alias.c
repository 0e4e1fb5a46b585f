/* alias.c — a known copy's code under a package path other than its own.
 *
 * Promise: every name vf_want_name hands on (verify_int.h filters them by
 * their last byte and `/vendor/`) is split as Go's linker writes it, the
 * package path running to the first '.' after the last '/' before any
 * type argument ('['; debug/gosym's PackageName does the same), and a
 * path that holds characters Go escapes in symbol names (':' of type: and
 * go: names, '*', '(', ' ') is no package's. A package is a candidate when
 * its path is `<prefix>/vendor/<known path>` (GOPATH mode names a vendored
 * package so; std's own vendor/ and cmd/ trees are never a copy: cmd/go
 * compiles them with -std and deps/ leaves them alone), or when it holds
 * one of a known copy's shape names (vf_copy_shapes), its dependency-fix
 * marker or an exempting function, outside std (a first path element with
 * a '.': a fork whose path has none is not followed). vf_want_aliases then attributes each: vendored, to the copy its
 * path names; else to the copy all of whose shape names it holds; else,
 * with two or more of one copy's shape names, it is undecided. At most
 * VF_MAX_CANDS candidates (VF_MAX_ALIASES attributed) and paths shorter
 * than VF_ALIAS_PATH: any more is the overflow, which is undecided too, never dropped in silence. */
#include "compat.h"
#include <stdio.h>
#include <string.h>

#include "marker.h"
#include "verify_int.h"

#define MARKER_MEMBER GW_MARKER_FUNC "V"

const struct vf_shape *vf_shape_of(unsigned copy)
{
	for (const struct vf_shape *sh = vf_copy_shapes; sh->path && vf_known_copies[copy].path; sh++)
		if (!strcmp(sh->path, vf_known_copies[copy].path))
			return sh;
	return NULL;
}

/* A byte no package path holds in a symbol name (Go escapes them, or
 * they belong to type:, go: and instantiation names). */
static int bad_char(unsigned char c)
{
	switch (c) {
	case ':': case '*': case '(': case ')': case '[': case ']': case ',': case ';':
	case '"': case '\'': case '`':
		return 1;
	default:
		return c <= ' ' || c >= 0x7f;
	}
}

/* The package path's length in name[0..n): 0 when the name has none or
 * it holds a character no package path has in a symbol name. */
static size_t pkg_len(const char *name, size_t n)
{
	size_t slash = 0, i;
	for (i = 0; i < n && name[i] != '['; i++)
		if (name[i] == '/')
			slash = i;
	const char *dot = memchr(name + slash, '.', i - slash);
	if (!dot)
		return 0;
	size_t pl = (size_t)(dot - name);
	for (i = 0; i < pl; i++)
		if (bad_char((unsigned char)name[i]))
			return 0;
	return pl;
}

/* Is the path std's (its first element has no '.', as cmd/go tells a
 * standard import path) or std's vendor/ or cmd/ tree? */
static int std_path(const char *p, size_t pl)
{
	const char *slash = memchr(p, '/', pl);
	size_t first = slash ? (size_t)(slash - p) : pl;
	return !memchr(p, '.', first) || (pl > 7 && !memcmp(p, "vendor/", 7)) || (pl > 4 && !memcmp(p, "cmd/", 4));
}

/* 1 + the index of the known copy whose path p[0..pl) vendors as
 * `<prefix>/vendor/<path>` (the last /vendor/: nested vendor trees), 0
 * when none does. */
static unsigned vendored_copy(const char *p, size_t pl)
{
	const char *v = NULL, *end = p + pl;
	for (const char *q = p; (q = memchr(q, '/', (size_t)(end - q))) != NULL; q++)
		if (end - q > 8 && !memcmp(q, "/vendor/", 8))
			v = q;
	if (!v || std_path(p, pl))
		return 0;
	const char *rest = v + 8;
	size_t rl = pl - (size_t)(rest - p);
	for (unsigned i = 0; i < 32 && vf_known_copies[i].path; i++)
		if (strlen(vf_known_copies[i].path) == rl && !memcmp(vf_known_copies[i].path, rest, rl))
			return i + 1;
	return 0;
}

static void add_suffix(struct vf_want *want, const char *s, unsigned kind, unsigned idx)
{
	size_t n = strlen(s);
	if (!n || n > 255 || want->nsfx == sizeof want->sfx / sizeof want->sfx[0])
		return;
	want->sfx[want->nsfx].s = s;
	want->sfx[want->nsfx].len = (unsigned char)n;
	want->sfx[want->nsfx].kind = (unsigned char)kind;
	want->sfx[want->nsfx++].idx = (unsigned char)idx;
	vf_alias_pair(want, n > 1 ? s[n - 2] : '.', s[n - 1]);
}

void vf_alias_init(struct vf_want *want)
{
	unsigned base = 0;
	for (unsigned i = 0; i < want->ncopies; i++) {
		const struct vf_copy *c = &vf_known_copies[i];
		const struct vf_shape *sh = want->shape[i] = vf_shape_of(i);
		want->shape_base[i] = (unsigned char)base;
		for (unsigned j = 0; sh && sh->names[j] && base < 32; j++, base++) {
			want->shape_len[i]++;
			add_suffix(want, sh->names[j], SFX_SHAPE, base);
		}
		if (c->exempt)
			add_suffix(want, c->exempt + strlen(c->path) + 1, SFX_EXEMPT, i);
		if (sh && sh->android_exempt)
			add_suffix(want, sh->android_exempt, SFX_AEXEMPT, i);
	}
	/* <path>.gowrapMarkerV<n> (any number of digits), and an assembly
	 * function's .abi0 */
	for (char d = '0'; d <= '9'; d++) {
		vf_alias_pair(want, 'V', d);
		for (char e = '0'; e <= '9'; e++)
			vf_alias_pair(want, e, d);
	}
	vf_alias_pair(want, 'i', '0');
}

/* The facts name's member (what follows `<pkg>.`) states, matched from the
 * end: its length (0 when it states none) and, per kind, the bits. */
static size_t member_facts(const struct vf_want *want, const char *name, size_t n, uint32_t *bits)
{
	size_t e = n, ml = sizeof MARKER_MEMBER - 1, d;
	/* an assembly function: `.abi0` in the symbol table, bare in the pclntab */
	if (e > 5 && !memcmp(name + e - 5, ".abi0", 5))
		e -= 5;
	for (d = e; d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9'; d--)
		;
	if (d < e && d > ml + 1 && name[d - ml - 1] == '.' && !memcmp(name + d - ml, MARKER_MEMBER, ml)) {
		bits[SFX_FIXED] = 1;
		return n - (d - ml);
	}
	for (unsigned k = 0; k < want->nsfx; k++) {
		size_t L = want->sfx[k].len;
		if (e > L + 1 && name[e - 1] == want->sfx[k].s[L - 1] && name[e - L - 1] == '.' &&
		    !memcmp(name + e - L, want->sfx[k].s, L)) {
			bits[want->sfx[k].kind] |= 1u << want->sfx[k].idx;
			return n - (e - L);
		}
	}
	return 0;
}

static struct vf_cand *cand_of(struct vf_want *want, const char *p, size_t pl)
{
	for (unsigned i = 0; i < want->ncand; i++)
		if (want->cand[i].plen == pl && !memcmp(want->cand[i].path, p, pl))
			return &want->cand[i];
	if (want->ncand == VF_MAX_CANDS || pl >= VF_ALIAS_PATH) {
		want->cand_overflow = 1;
		return NULL;
	}
	struct vf_cand *c = &want->cand[want->ncand++];
	memset(c, 0, sizeof *c);
	memcpy(c->path, p, pl);
	c->plen = pl;
	return c;
}

void vf_alias_member(struct vf_want *want, const char *name, size_t n)
{
	uint32_t bits[SFX_KINDS] = { 0 };
	size_t ml = member_facts(want, name, n, bits), pl = n - ml - 1;

	if (!ml || ml + 1 >= n || pkg_len(name, n) != pl)
		return;
	unsigned vend = vendored_copy(name, pl);
	if (!vend && std_path(name, pl))
		return;
	for (unsigned i = 0; !vend && i < want->ncopies; i++)
		if (want->copy_len[i] == pl && !memcmp(name, vf_known_copies[i].path, pl))
			return; /* its own path: copies_name's */
	struct vf_cand *c = cand_of(want, name, pl);
	if (!c)
		return;
	c->vendored = (unsigned char)vend;
	c->shape |= bits[SFX_SHAPE];
	c->exempt |= bits[SFX_EXEMPT];
	c->aexempt |= bits[SFX_AEXEMPT];
	c->fixed |= bits[SFX_FIXED] != 0;
}

void vf_alias_package(struct vf_want *want, const char *name, size_t n)
{
	size_t pl = pkg_len(name, n);
	want->vpkg = name;
	want->vplen = pl;
	if (!pl) {
		/* no package (type:, go: names): skip the run of names sharing
		 * what precedes their first '.' */
		const char *dot = memchr(name, '.', n);
		want->vplen = dot ? (size_t)(dot - name) : 0;
	}
	unsigned vend = pl ? vendored_copy(name, pl) : 0;
	struct vf_cand *c = vend ? cand_of(want, name, pl) : NULL;
	if (c)
		c->vendored = (unsigned char)vend;
}

void vf_alias_inlined(struct vf_want *want, int (*has)(const void *ctx, const char *name), const void *ctx)
{
	char buf[VF_ALIAS_PATH + 64];
	for (unsigned k = 0; k < want->ncand; k++) {
		struct vf_cand *c = &want->cand[k];
		for (unsigned i = 0; i < want->ncopies; i++) {
			const struct vf_copy *cp = &vf_known_copies[i];
			uint32_t mine = want->shape_len[i] ? ((1u << want->shape_len[i]) - 1u) << want->shape_base[i] : 0;
			/* only where it could be this copy: a search of the whole
			 * funcnametab per name */
			if (c->vendored != i + 1 && !(c->shape & mine))
				continue;
			const char *ex = cp->exempt ? cp->exempt + strlen(cp->path) + 1 : NULL;
			if (ex && !(c->exempt >> i & 1) && strlen(ex) < 64 &&
			    (snprintf(buf, sizeof buf, "%s.%s", c->path, ex), has(ctx, buf)))
				c->exempt |= 1u << i;
			const char *aex = want->shape[i] ? want->shape[i]->android_exempt : NULL;
			if (aex && !(c->aexempt >> i & 1) && strlen(aex) < 64 &&
			    (snprintf(buf, sizeof buf, "%s.%s", c->path, aex), has(ctx, buf)))
				c->aexempt |= 1u << i;
		}
	}
}

/* The copy a candidate is: vendored, the copy its path names; else the
 * first whose whole shape it holds; else, undecided, the first of whose
 * shape it holds two names or more. 0 (none) or how. */
static int attribute(const struct vf_want *want, const struct vf_cand *c, unsigned *copy)
{
	int unsure = -1;
	if (c->vendored) {
		*copy = c->vendored - 1u;
		return VF_ALIAS_VENDOR;
	}
	for (unsigned i = 0; i < want->ncopies; i++) {
		uint32_t all = want->shape_len[i] ? ((1u << want->shape_len[i]) - 1u) << want->shape_base[i] : 0;
		unsigned k = 0;
		for (uint32_t b = c->shape & all; b; b &= b - 1)
			k++;
		if (all && (c->shape & all) == all) {
			*copy = i;
			return VF_ALIAS_CODE;
		}
		if (k >= 2 && unsure < 0)
			unsure = (int)i;
	}
	if (unsure < 0)
		return 0;
	*copy = (unsigned)unsure;
	return VF_ALIAS_UNSURE;
}

unsigned vf_want_aliases(const struct vf_want *want, struct vf_alias *out, int *overflow)
{
	unsigned n = 0;
	*overflow = want->cand_overflow;
	for (unsigned k = 0; k < want->ncand; k++) {
		const struct vf_cand *c = &want->cand[k];
		unsigned copy = 0;
		int how = attribute(want, c, &copy);
		if (!how)
			continue;
		if (n == VF_MAX_ALIASES) {
			*overflow = 1;
			break;
		}
		struct vf_alias *a = &out[n++];
		memset(a, 0, sizeof *a);
		memcpy(a->path, c->path, c->plen);
		a->copy = (unsigned char)copy;
		a->how = (unsigned char)how;
		a->flags = (unsigned char)((c->fixed ? VF_AL_FIXED : 0) | (c->exempt >> copy & 1 ? VF_AL_EXEMPT : 0) |
					   (c->aexempt >> copy & 1 ? VF_AL_EXEMPT_ANDROID : 0));
	}
	return n;
}

void vf_alias_merge(struct vf_alias *dst, unsigned *n, int *overflow, const struct vf_alias *src, unsigned sn)
{
	for (unsigned k = 0; k < sn; k++) {
		unsigned i;
		for (i = 0; i < *n; i++)
			if (!strcmp(dst[i].path, src[k].path) && dst[i].copy == src[k].copy)
				break;
		if (i == *n) {
			if (*n == VF_MAX_ALIASES) {
				*overflow = 1;
				continue;
			}
			dst[(*n)++] = src[k];
			continue;
		}
		dst[i].flags |= src[k].flags;
		/* a member named by its path outranks one matched by its code */
		if (src[k].how < dst[i].how)
			dst[i].how = src[k].how;
	}
}
