/* merge.c — a caller's -overlay merged with gowrap's (ovmerge.h, run for
 * the go shim through `gowrap merge-overlay`, cli/cmd_merge.c). */
#include "compat.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "grow.h"
#include "jsonw.h"
#include "ovmerge.h"
#include "report.h"
#include "hash.h"
#include "strbuf.h"
#include "trust.h"
#include "workdir.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The merged Replace map, in order: the caller's entries, then ours. k is
 * the absolute, clean key (what go looks up), w the key as written out, v
 * the value as written out. */
struct entry {
	char *k, *w, *v;
};

struct entries {
	struct entry *e;
	size_t n, cap;
};

static void put(struct entries *m, char *k, char *w, char *v)
{
	/* A key given twice: the later value wins, as in Go's map decoding. */
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->e[i].k, k) == 0) {
			free(m->e[i].v);
			free(m->e[i].w);
			free(k);
			m->e[i].w = w;
			m->e[i].v = v;
			return;
		}
	m->e = gw_grow(m->e, &m->cap, m->n + 1, sizeof *m->e);
	m->e[m->n++] = (struct entry){ k, w, v };
}

/* The value stored for k, or NULL. */
static const char *lookup(const struct entries *m, const char *k)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->e[i].k, k) == 0)
			return m->e[i].v;
	return NULL;
}

static void entries_free(struct entries *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->e[i].k);
		free(m->e[i].w);
		free(m->e[i].v);
	}
	free(m->e);
}

static char *absclean(const char *dir, const char *p)
{
	struct sb s = SB_INIT;
	gw_abs_path(&s, dir, p);
	gw_clean_path(s.buf);
	s.len = strlen(s.buf);
	return sb_detach(&s);
}

/* A key or value as the merged file carries it: an absolute path cleaned
 * (fsys does filepath.Clean), a relative one exactly as the caller wrote it,
 * since go resolves it against its own working directory (fsys.abs joins it
 * to os.Getwd), which is DIR — so the bytes of that directory, UTF-8 or
 * not, never have to pass through JSON. */
static char *as_written(const char *p)
{
	if (p[0] != '/')
		return gw_xstrdup(p);
	char *c = gw_xstrdup(p);
	gw_clean_path(c);
	return c;
}

/* A "\u0000" escape (an odd run of backslashes before u0000). cJSON would cut
 * the string there; no path can hold a NUL, so such a file is refused whole. */
static int has_escaped_nul(const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (b[i] != '\\')
			continue;
		size_t j = i;
		while (j < n && b[j] == '\\')
			j++;
		if ((j - i) % 2 == 1 && n - j >= 5 && memcmp(b + j, "u0000", 5) == 0)
			return 1;
		i = j - 1;
	}
	return 0;
}

static int ascii_casecmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = (unsigned char)*a, y = (unsigned char)*b;
		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y || !x)
			return x - y;
	}
}

/* The parsed overlay file (*doc) and its Replace object (NULL for `{}` or a
 * null Replace), or -1 with e set. */
static int load(const char *path, const char *shown, int caller, cJSON **doc,
		const cJSON **rep, struct gw_err *e)
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
	/* Whole buffer, its NUL included: cJSON then refuses trailing bytes. */
	if (!memchr(b.buf, '\0', b.len) && !has_escaped_nul(b.buf, b.len))
		*doc = cJSON_ParseWithLengthOpts(b.buf, b.len + 1, NULL, 1);
	sb_release(&b);
	const char *why = NULL;
	if (!cJSON_IsObject(*doc)) {
		why = "not a JSON object";
	} else {
		const cJSON *it;
		/* encoding/json matches the field name case-insensitively; the
		 * last match wins, as json.Unmarshal overwrites. */
		cJSON_ArrayForEach(it, *doc)
			if (it->string && ascii_casecmp(it->string, "Replace") == 0)
				*rep = it;
		if (*rep && cJSON_IsNull(*rep))
			*rep = NULL;
		if (*rep && !cJSON_IsObject(*rep))
			why = "\"Replace\" is not an object";
		if (*rep && !why)
			cJSON_ArrayForEach(it, *rep)
				if (!cJSON_IsString(it) && !cJSON_IsNull(it))
					why = "a \"Replace\" value is not a string";
	}
	if (!why)
		return 0;
	cJSON_Delete(*doc);
	*doc = NULL;
	*rep = NULL;
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
	struct jw w;
	jw_init(&w, &text, 0);
	jw_obj(&w, NULL);
	jw_obj(&w, "Replace");
	for (size_t i = 0; i < m->n; i++)
		jw_str(&w, m->e[i].w, m->e[i].v);
	jw_end(&w);
	jw_end(&w);
	sb_addc(&text, '\n');
	char hex[65];
	gw_sha256_hex(text.buf, text.len, hex);
	gw_path_join(&dir, cache, "merged");
	gw_path_join(out, dir.buf, hex);
	sb_adds(out, ".json");
	/* Content-addressed, but a name proves nothing: an existing file is
	 * used only if it is ours alone (trust.h) and holds exactly these bytes;
	 * any other content is rewritten. */
	struct sb cur = SB_INIT;
	int rc = gw_trust_cache_root(cache, e) < 0 || gw_trust_subdir(dir.buf, e) < 0 ? -1 : 0;
	int r = rc == 0 ? gw_read_trusted(out->buf, 64u << 20, &cur, e) : -1;
	if (r < 0)
		rc = -1;
	else if (!(r == 0 && cur.len == text.len && memcmp(cur.buf, text.buf, text.len) == 0))
		rc = gw_write_atomic(out->buf, text.buf, text.len, 0644, e);
	sb_release(&cur);
	sb_release(&text);
	sb_release(&dir);
	return rc;
}

int ov_merge(const char *cache, const char *ours, const char *theirs, const char *effdir,
	     struct sb *out, struct gw_err *e)
{
	/* The caller's file is opened the way the go command opens it: joined
	 * to its directory, never cleaned (a/link/../ov.json goes through the
	 * link). Only the paths inside it are cleaned. */
	struct sb tpath = SB_INIT;
	gw_abs_path(&tpath, effdir, theirs);
	char *theirs_abs = sb_detach(&tpath);
	cJSON *td = NULL, *od = NULL;
	const cJSON *tr, *or, *it;
	struct entries m = { NULL, 0, 0 };
	int rc = -1;
	if (load(theirs_abs, theirs, 1, &td, &tr, e) < 0 || load(ours, ours, 0, &od, &or, e) < 0)
		goto done;
	cJSON_ArrayForEach(it, tr) {
		if (!it->string || !it->string[0])
			continue; /* go rejects an empty key itself, in its own words */
		const char *val = cJSON_IsString(it) ? it->valuestring : "";
		put(&m, absclean(effdir, it->string), as_written(it->string), as_written(val));
	}
	cJSON_ArrayForEach(it, or) {
		if (!it->string)
			continue;
		const char *mine = cJSON_IsString(it) ? it->valuestring : "";
		const char *prev = lookup(&m, it->string);
		/* The same replacement twice (say, gomobile's -overlay is gowrap's
		 * own, from `gowrap overlay`) is no conflict. */
		char *prev_abs = prev && prev[0] ? absclean(effdir, prev) : NULL;
		int same = prev && strcmp(prev_abs ? prev_abs : "", mine) == 0;
		free(prev_abs);
		if (same)
			continue;
		if (prev) {
			gw_err_set(e, GW_EXIT_OVERLAY_CONFLICT, "overlay conflict",
				   "drop that entry from your overlay, or build without the shim (GOWRAP_GO=... go ...)",
				   "%s is replaced both by your overlay %s and by gowrap's %s",
				   it->string, theirs_abs, ours);
			goto done;
		}
		put(&m, gw_xstrdup(it->string), gw_xstrdup(it->string), gw_xstrdup(mine));
	}
	rc = write_merged(cache, &m, out, e);
done:
	free(theirs_abs);
	cJSON_Delete(td);
	cJSON_Delete(od);
	entries_free(&m);
	return rc;
}
