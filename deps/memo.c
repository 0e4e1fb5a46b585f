/* memo.c — see memo.h. Record body (kind MEMO_KIND): the key's lines, "--",
 * the watch block (watch.h), "--", then "cand\t<pkg>" and
 * "unknown\t<pkg>\t<why>" lines. A path, package or reason holding a tab or
 * newline is never stored (the answer is then simply not memoized). */
#include "compat.h"
#include "memo.h"
#include "fsutil.h"
#include "hash.h"
#include "record.h"
#include "watch.h"
#include "gosetting.h"
#include "envkey.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MEMO_KIND "deps-gate 1"

/* go.mod, go.sum, go.work, go.work.sum and vendor/modules.txt in dir and
 * every directory above it. */
static void add_walk_up(struct sb *k, const char *dir)
{
	static const char *const names[] = { "go.mod", "go.sum", "go.work", "go.work.sum",
					     "vendor/modules.txt", NULL };
	struct sb d = SB_INIT, p = SB_INIT;
	sb_adds(&d, dir);
	for (int depth = 0; depth < 256; depth++) {
		for (int i = 0; names[i]; i++) {
			sb_reset(&p);
			gw_path_join(&p, d.buf, names[i]);
			struct stat st;
			if (stat(p.buf, &st) == 0)
				gw_key_file(k, "file", p.buf);
		}
		char *s = strrchr(d.buf, '/');
		if (!s || s == d.buf)
			break;
		*s = 0;
		d.len = (size_t)(s - d.buf);
	}
	sb_release(&d);
	sb_release(&p);
}

/* A file the go command reads, relative names against the build's dir. */
static void add_rel(struct sb *k, const char *effdir, const char *name, const char *suffix_from,
		    const char *suffix_to)
{
	struct sb p = SB_INIT;
	if (name[0] == '/')
		sb_adds(&p, name);
	else
		gw_path_join(&p, effdir, name);
	gw_key_file(k, "file", p.buf);
	size_t fl = strlen(suffix_from);
	if (p.len > fl && strcmp(p.buf + p.len - fl, suffix_from) == 0) {
		p.len -= fl;
		p.buf[p.len] = 0;
		sb_adds(&p, suffix_to);
		gw_key_file(k, "file", p.buf);
	}
	sb_release(&p);
}

void dp_memo_key(const struct dp_build *b, struct sb *key)
{
	sb_adds(key, "gate\t2\n");
	gw_key_file(key, "go", b->realgo);
	sb_addf(key, "dir\t%s\nsub\t%s\nfamily\t%d\n", b->effdir, b->sub, b->family);
	gw_key_env(key); /* envkey.h: the one rule both memos key on */
	for (size_t i = 0; i < b->nlistflags; i++)
		sb_addf(key, "flag\t%s\n", b->listflags[i]);
	for (size_t i = 0; i < b->npkgs; i++)
		sb_addf(key, "pkg\t%s\n", b->pkgs[i]);
	add_walk_up(key, b->effdir);
	if (b->modfile && *b->modfile)
		add_rel(key, b->effdir, b->modfile, ".mod", ".sum");
	const char *gowork = getenv("GOWORK");
	if (gowork && *gowork && strcmp(gowork, "off") != 0)
		add_rel(key, b->effdir, gowork, ".work", ".work.sum");
	struct sb f = SB_INIT;
	if (gw_goenv_file(&f) == 0)
		gw_key_file(key, "file", f.buf);
	sb_release(&f);
}

static void memo_rel(struct sb *rel, const char *key)
{
	char h[65];
	gw_sha256_hex(key, strlen(key), h);
	sb_addf(rel, "deps/memo/%s", h);
}

/* ---- load and store ---- */

void dp_memo_store(const struct dp_build *b, const char *key, const struct dp_graph *g,
		   const struct dp_plan *p)
{
	struct sb body = SB_INIT, rel = SB_INIT;
	sb_adds(&body, key);
	sb_adds(&body, "--\n");
	if (dp_watch_build(b, g, &body) < 0)
		goto out;
	sb_adds(&body, "--\n");
	for (const char *q = p->pkgs.buf; *q;) {
		size_t n = strcspn(q, "\n");
		sb_addf(&body, "cand\t%.*s\n", (int)n, q);
		q += n + (q[n] == '\n');
	}
	for (const char *q = p->unknown.buf; *q;) {
		size_t n = strcspn(q, "\n");
		const char *colon = memchr(q, ':', n);
		if (colon && colon + 2 <= q + n && !memchr(q, '\t', n))
			sb_addf(&body, "unknown\t%.*s\t%.*s\n", (int)(colon - q), q, (int)(q + n - colon - 2),
				colon + 2);
		q += n + (q[n] == '\n');
	}
	memo_rel(&rel, key);
	struct gw_err e; /* a memo that cannot be written is only slower */
	gw_rec_write(b->cache, rel.buf, MEMO_KIND, body.buf, body.len, &e);
out:
	sb_release(&body);
	sb_release(&rel);
}

int dp_memo_load(const struct dp_build *b, const char *key, struct dp_plan *p, struct gw_err *e)
{
	struct sb rel = SB_INIT, body = SB_INIT;
	memo_rel(&rel, key);
	int r = gw_rec_read(b->cache, rel.buf, MEMO_KIND, GW_REC_MAX, &body, e);
	int hit = r < 0 ? -1 : 0;
	size_t kl = strlen(key);
	if (r != 0 || body.len < kl + 3 || memcmp(body.buf, key, kl) != 0 ||
	    memcmp(body.buf + kl, "--\n", 3) != 0)
		goto out;
	char *cur = body.buf + kl + 3;
	if (!dp_watch_holds(&cur))
		goto out;
	struct sb pkgs = SB_INIT, unk = SB_INIT;
	hit = 1;
	while (*cur && hit) {
		char *nl = strchr(cur, '\n');
		char *t1 = nl ? memchr(cur, '\t', (size_t)(nl - cur)) : NULL;
		if (!t1) {
			hit = 0;
			break;
		}
		*nl = 0;
		if (strncmp(cur, "cand\t", 5) == 0)
			sb_addf(&pkgs, "%s\n", t1 + 1);
		else if (strncmp(cur, "unknown\t", 8) == 0 && strchr(t1 + 1, '\t'))
			sb_addf(&unk, "%.*s: %s\n", (int)(strchr(t1 + 1, '\t') - t1 - 1), t1 + 1,
				strchr(t1 + 1, '\t') + 1);
		else
			hit = 0;
		cur = nl + 1;
	}
	if (hit) {
		sb_adds(&p->pkgs, pkgs.buf);
		sb_adds(&p->unknown, unk.buf);
	}
	sb_release(&pkgs);
	sb_release(&unk);
out:
	sb_release(&rel);
	sb_release(&body);
	return hit;
}
