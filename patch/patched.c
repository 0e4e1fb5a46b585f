/* patched.c — GOWRAP_PATCHES in `gowrap overlay --patches` (and so in the
 * shim's ask, proto/proto_overlay.h): the set applied to the GOROOT
 * (patch/pset.h), its patched files and markers kept in the cache, and one
 * overlay holding them after gowrap's own entries.
 *
 * Promise: every file the patches changed, and every marker file, is kept
 * content-addressed as $CACHE/patched/<sha256 of its bytes>/<its name>
 * through the record layer (common/record.h: rewritten when the bytes there
 * differ, refused when not the caller's alone); the overlay replaces the
 * GOROOT file with it, or deletes it (""); the overlay itself is
 * $CACHE/patched/overlay-<sha256>.json. Nothing is written into GOROOT. The
 * bytes of patched files and markers depend only on the GOROOT's bytes and
 * the patches' (no path, host or time), so builds on two machines share
 * their build cache (GOCACHEPROG). */
#include "compat.h"
#include "patched.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "hash.h"
#include "jsonw.h"
#include "pset.h"
#include "record.h"
#include "trust.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* The bytes kept under patched/<sha256>/<name>; path gets where. */
static int keep(const char *cache, const char *rel, const struct sb *b, struct sb *path, struct gw_err *e)
{
	char hex[65];
	gw_sha256_hex(b->buf, b->len, hex);
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	struct sb r = SB_INIT;
	sb_addf(&r, "patched/%s/%s", hex, base);
	int rc = gw_rec_put_raw(cache, r.buf, b->buf, b->len, path, e);
	sb_release(&r);
	return rc;
}

int pt_overlay_entries(const char *overlay, void (*fn)(void *ctx, const char *key, const char *value),
		       void *ctx, struct gw_err *e)
{
	struct sb b = SB_INIT;
	int rc = 0;
	if (sb_read_file(&b, overlay, 64u << 20) < 0) {
		sb_release(&b);
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
				  "remove the gowrap cache directory and retry", "%s", overlay);
	}
	cJSON *j = cJSON_ParseWithLength(b.buf, b.len + 1);
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(j, "Replace"), *it;
	if (!cJSON_IsObject(r))
		rc = gw_err_set(e, GW_EXIT_INTERNAL, "gowrap's overlay is damaged",
				"remove the gowrap cache directory and retry", "%s", overlay);
	cJSON_ArrayForEach(it, r)
		if (it->string && cJSON_IsString(it))
			fn(ctx, it->string, it->valuestring);
	cJSON_Delete(j);
	sb_release(&b);
	return rc;
}

struct base_ctx {
	struct jw *w;
	char ***keys;
	size_t *nkeys;
};

static void base_entry(void *ctx, const char *key, const char *value)
{
	struct base_ctx *c = ctx;
	jw_str(c->w, key, value);
	gw_strv_add(c->keys, c->nkeys, key);
}

/* gowrap's own overlay's entries, first in ours. */
static int base_entries(const char *overlay, struct jw *w, char ***keys, size_t *nkeys, struct gw_err *e)
{
	struct base_ctx c = { w, keys, nkeys };
	return pt_overlay_entries(overlay, base_entry, &c, e);
}

/* One Replace entry of ours: the GOROOT path and what replaces it. */
static int entry(struct pt_patched *o, struct jw *w, char **keys, size_t nkeys, const char *goroot,
		 const char *rel, const char *value, struct gw_err *e)
{
	struct sb k = SB_INIT;
	sb_addf(&k, "%s/%s", goroot, rel);
	for (size_t i = 0; i < nkeys; i++)
		if (!strcmp(keys[i], k.buf)) {
			gw_err_set(e, GW_EXIT_PATCH, "a patch changes a file gowrap's own overlay replaces",
				   "drop that file from the patch", "%s", k.buf);
			sb_release(&k);
			return -1;
		}
	jw_str(w, k.buf, value);
	o->nfiles++;
	sb_release(&k);
	return 0;
}

/* The set's files and markers into the cache and the overlay. */
static int fill(const struct pt_set *s, const struct pt_mark *m, size_t nm, const char *cache,
		struct pt_patched *o, struct jw *w, char **keys, size_t nkeys, struct gw_err *e)
{
	struct sb path = SB_INIT, in = SB_INIT;
	int rc = 0;
	for (size_t i = 0; i < s->nfiles && rc == 0; i++) {
		const struct pt_gfile *g = &s->files[i];
		sb_reset(&in);
		sb_addf(&in, "%s/%s", s->goroot, g->rel);
		gw_strv_add(&o->inputs, &o->ninputs, in.buf);
		if (g->changed_by < 0 || (!g->existed && !g->exists))
			continue;
		if (g->exists)
			rc = keep(cache, g->rel, &g->cur, &path, e);
		if (rc == 0)
			rc = entry(o, w, keys, nkeys, s->goroot, g->rel, g->exists ? path.buf : "", e);
	}
	for (size_t i = 0; i < nm && rc == 0; i++) {
		sb_reset(&in);
		sb_addf(&in, "%s/%.*s", s->goroot, (int)(strrchr(m[i].file, '/') - m[i].file), m[i].file);
		gw_strv_add(&o->inputs, &o->ninputs, in.buf); /* its listing named the package */
		rc = keep(cache, m[i].file, &m[i].content, &path, e);
		if (rc == 0)
			rc = entry(o, w, keys, nkeys, s->goroot, m[i].file, path.buf, e);
	}
	sb_release(&path);
	sb_release(&in);
	return rc;
}

/* What the shim logs and checks: one line per patch, one per marker. */
static void lines_of(const struct pt_set *s, const struct pt_mark *m, size_t nm, struct pt_patched *o)
{
	static const char *const st[] = { "exact", "offset", "already", "skipped", "refused" };
	struct sb l = SB_INIT;
	for (size_t i = 0; i < s->nitems; i++) {
		sb_reset(&l);
		sb_addf(&l, "%s\t%s\t%s", st[s->items[i].state], s->items[i].p.id, s->items[i].path);
		gw_strv_add(&o->patches, &o->npatches, l.buf);
	}
	for (size_t i = 0; i < nm; i++) {
		sb_reset(&l);
		sb_adds(&l, m[i].symbol);
		for (size_t k = 0; k < m[i].nreq; k++)
			sb_addf(&l, "\t%s", m[i].req[k]);
		gw_strv_add(&o->marks, &o->nmarks, l.buf);
	}
	sb_release(&l);
}

static int write_overlay(const char *cache, struct sb *json, struct pt_patched *o, struct gw_err *e)
{
	char hex[65];
	gw_sha256_hex(json->buf, json->len, hex);
	struct sb rel = SB_INIT, path = SB_INIT;
	sb_addf(&rel, "patched/overlay-%s.json", hex);
	int rc = gw_rec_put_raw(cache, rel.buf, json->buf, json->len, &path, e);
	if (rc == 0)
		o->overlay = sb_detach(&path);
	sb_release(&rel);
	sb_release(&path);
	return rc;
}

int pt_patched_apply(const char *spec, const char *goroot, const char *goversion, const char *cache,
		     const char *base, struct pt_patched *o, struct gw_err *e)
{
	struct pt_set s;
	struct pt_mark *m = NULL;
	size_t nm = 0, nkeys = 0;
	char **keys = NULL;
	struct sb json = SB_INIT;
	struct jw w;
	memset(o, 0, sizeof *o);
	int rc = pt_set_load(&s, spec, 0, e);
	if (rc == 0)
		rc = pt_set_apply(&s, goroot, goversion, 0, e);
	if (rc == 0)
		rc = pt_set_markers(&s, &m, &nm, e);
	if (rc == 0)
		rc = gw_trust_cache_root(cache, e);
	jw_init(&w, &json, 0);
	jw_obj(&w, NULL);
	jw_obj(&w, "Replace");
	if (rc == 0 && base)
		rc = base_entries(base, &w, &keys, &nkeys, e);
	if (rc == 0)
		rc = fill(&s, m, nm, cache, o, &w, keys, nkeys, e);
	jw_end(&w);
	jw_end(&w);
	sb_addc(&json, '\n');
	if (rc == 0)
		rc = write_overlay(cache, &json, o, e);
	if (rc == 0)
		lines_of(&s, m, nm, o);
	gw_strv_free(&keys, &nkeys);
	sb_release(&json);
	pt_marks_free(m, nm);
	free(m);
	pt_set_free(&s);
	return rc;
}

void pt_patched_free(struct pt_patched *o)
{
	free(o->overlay);
	gw_strv_free(&o->inputs, &o->ninputs);
	gw_strv_free(&o->patches, &o->npatches);
	gw_strv_free(&o->marks, &o->nmarks);
	memset(o, 0, sizeof *o);
}
