/* merge.c — see merge.h. */
#include "merge.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "json.h"
#include "sha256.h"
#include "workdir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The merged Replace map, in order: the caller's entries, then ours. */
struct entries {
	char **k, **v;
	size_t n;
};

static void put(struct entries *m, char *k, char *v)
{
	/* A key given twice: the later value wins, as in Go's map decoding. */
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->k[i], k) == 0) {
			free(m->v[i]);
			free(k);
			m->v[i] = v;
			return;
		}
	m->k = gw_xrealloc(m->k, (m->n + 1) * sizeof *m->k);
	m->v = gw_xrealloc(m->v, (m->n + 1) * sizeof *m->v);
	m->k[m->n] = k;
	m->v[m->n++] = v;
}

/* The value stored for k, or NULL. */
static const char *lookup(const struct entries *m, const char *k)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->k[i], k) == 0)
			return m->v[i];
	return NULL;
}

static void entries_free(struct entries *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->k[i]);
		free(m->v[i]);
	}
	free(m->k);
	free(m->v);
}

static char *absclean(const char *dir, const char *p)
{
	struct sb s = SB_INIT;
	shim_abs_path(&s, dir, p);
	shim_clean_path(s.buf);
	s.len = strlen(s.buf);
	return sb_detach(&s);
}

/* The parsed overlay file (*doc) and its Replace object (may be NULL for
 * `{}`), or -1 with e set. */
static int load(const char *path, const char *shown, int caller, struct sj **doc,
		const struct sj **rep, struct gw_err *e)
{
	struct sb b = SB_INIT;
	*doc = NULL;
	*rep = NULL;
	if (sb_read_file(&b, path, 64u << 20) < 0) {
		int err = errno;
		sb_release(&b);
		if (!caller)
			return gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
					  "remove the gowrap cache directory and retry", "%s: %s", path,
					  strerror(err));
		return gw_err_set(e, GW_EXIT_USER_OVERLAY, "cannot read your -overlay file",
				  "fix the -overlay path (relative paths are resolved against the go command's directory)",
				  "%s: %s", shown, strerror(err));
	}
	*doc = sj_parse(b.buf, b.len);
	sb_release(&b);
	const char *why = NULL;
	if (!*doc || (*doc)->type != SJ_OBJECT) {
		why = "not a JSON object";
	} else {
		/* encoding/json matches the field name case-insensitively. */
		*rep = sj_get_fold(*doc, "Replace");
		if (*rep && (*rep)->type == SJ_NULL)
			*rep = NULL;
		if (*rep && (*rep)->type != SJ_OBJECT)
			why = "\"Replace\" is not an object";
		for (const struct sj *it = *rep && !why ? (*rep)->child : NULL; it; it = it->next)
			if (it->type != SJ_STRING && it->type != SJ_NULL)
				why = "a \"Replace\" value is not a string";
	}
	if (!why)
		return 0;
	sj_free(*doc);
	*doc = NULL;
	return gw_err_set(e, caller ? GW_EXIT_USER_OVERLAY_JSON : GW_EXIT_INTERNAL,
			  caller ? "your -overlay file is not overlay JSON" : "gowrap's overlay is damaged",
			  caller ? "write {\"Replace\":{\"<path>\":\"<replacement>\"}} as `go help build` describes"
				 : "remove the gowrap cache directory and retry",
			  "%s: %s", shown, why);
}

static int write_merged(const char *cache, const struct entries *m, struct sb *out,
			struct gw_err *e)
{
	struct sb text = SB_INIT, dir = SB_INIT;
	sb_adds(&text, "{\"Replace\":{");
	for (size_t i = 0; i < m->n; i++) {
		if (i)
			sb_addc(&text, ',');
		sb_add_json_str(&text, m->k[i]);
		sb_addc(&text, ':');
		sb_add_json_str(&text, m->v[i]);
	}
	sb_adds(&text, "}}\n");
	char hex[65];
	shim_sha256_hex(text.buf, text.len, hex);
	gw_path_join(&dir, cache, "merged");
	gw_path_join(out, dir.buf, hex);
	sb_adds(out, ".json");
	struct stat st;
	int rc = 0;
	/* Content-addressed: an existing file of the right size has these bytes. */
	if (!(stat(out->buf, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == text.len))
		rc = gw_mkdirs(dir.buf, 0700, e) == 0 &&
		     gw_write_atomic(out->buf, text.buf, text.len, 0644, e) == 0 ? 0 : -1;
	sb_release(&text);
	sb_release(&dir);
	return rc;
}

int shim_merge(const char *cache, const char *ours, const char *theirs, const char *effdir,
	       struct sb *out, struct gw_err *e)
{
	char *theirs_abs = absclean(effdir, theirs);
	struct sj *td = NULL, *od = NULL;
	const struct sj *tr, *or;
	struct entries m = { NULL, NULL, 0 };
	int rc = -1;
	if (load(theirs_abs, theirs, 1, &td, &tr, e) < 0 || load(ours, ours, 0, &od, &or, e) < 0)
		goto done;
	for (const struct sj *it = tr ? tr->child : NULL; it; it = it->next) {
		if (!it->key[0])
			continue; /* go rejects an empty key itself, in its own words */
		const char *val = it->type == SJ_STRING ? it->str : "";
		put(&m, absclean(effdir, it->key), val[0] ? absclean(effdir, val) : gw_xstrdup(""));
	}
	for (const struct sj *it = or ? or->child : NULL; it; it = it->next) {
		const char *mine = it->type == SJ_STRING ? it->str : "";
		const char *prev = lookup(&m, it->key);
		/* The same replacement twice (say, gomobile's -overlay is gowrap's
		 * own, from `gowrap overlay`) is no conflict. */
		if (prev && strcmp(prev, mine) == 0)
			continue;
		if (prev) {
			gw_err_set(e, GW_EXIT_OVERLAY_CONFLICT, "overlay conflict",
				   "drop that entry from your overlay, or build without the shim (GOWRAP_GO=... go ...)",
				   "%s is replaced both by your overlay %s and by gowrap's %s",
				   it->key, theirs_abs, ours);
			goto done;
		}
		put(&m, gw_xstrdup(it->key), gw_xstrdup(mine));
	}
	rc = write_merged(cache, &m, out, e);
done:
	free(theirs_abs);
	sj_free(td);
	sj_free(od);
	entries_free(&m);
	return rc;
}
