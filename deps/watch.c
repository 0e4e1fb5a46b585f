/* watch.c — see watch.h. */
#include "compat.h"
#include "watch.h"
#include "fsutil.h"
#include "hash.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A `...` walk past this many directories is not memoized (go list runs). */
#define WALK_MAX 20000
#define WALK_DEPTH 64

static int bad(const char *s)
{
	return strpbrk(s, "\t\n") != NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct watch {
	struct sb *out;
	char **seen; /* directories already listed */
	size_t nseen;
	size_t walked;
	int too_big;
};

static int seen(struct watch *w, const char *dir)
{
	for (size_t i = 0; i < w->nseen; i++)
		if (strcmp(w->seen[i], dir) == 0)
			return 1;
	gw_strv_add(&w->seen, &w->nseen, dir);
	return 0;
}

static void watch_path(struct watch *w, const char *path)
{
	if (bad(path)) {
		w->too_big = 1; /* not storable: no memo */
		return;
	}
	sb_addf(w->out, "watch\t%s\t", path);
	gw_stat_sig(w->out, path);
	sb_addc(w->out, '\n');
}

/* The names in dir that can change which packages exist or what they
 * import: its .go files, and (tree: 1) its subdirectories and go.mod —
 * sorted, as one digest. Not the directory's mtime: a build writing its
 * output next to the sources (go build -o x .) changes that, not these. */
static void names_digest(const char *dir, int tree, struct sb *out)
{
	char **v = gw_xcalloc(1, sizeof *v);
	size_t n = 0;
	DIR *dh = opendir(dir);
	if (!dh) {
		sb_adds(out, "-");
		free(v);
		return;
	}
	struct dirent *de;
	struct sb p = SB_INIT;
	while ((de = readdir(dh)) != NULL) {
		const char *nm = de->d_name;
		size_t l = strlen(nm);
		int keep = l > 3 && strcmp(nm + l - 3, ".go") == 0;
		if (!keep && tree && strcmp(nm, "go.mod") == 0)
			keep = 1;
		if (!keep && tree && nm[0] != '.' && nm[0] != '_') {
			struct stat st;
			sb_reset(&p);
			gw_path_join(&p, dir, nm);
			keep = lstat(p.buf, &st) == 0 && S_ISDIR(st.st_mode);
		}
		if (keep)
			gw_strv_add(&v, &n, nm);
	}
	closedir(dh);
	qsort(v, n, sizeof *v, cmp_str);
	struct gw_sha256 c;
	unsigned char md[32];
	gw_sha256_init(&c);
	for (size_t i = 0; i < n; i++) {
		gw_sha256_update(&c, v[i], strlen(v[i]) + 1);
		free(v[i]);
	}
	free(v);
	gw_sha256_final(&c, md);
	for (int i = 0; i < 12; i++)
		sb_addf(out, "%02x", md[i]);
	sb_release(&p);
}

static void watch_names(struct watch *w, const char *dir, int tree)
{
	if (bad(dir)) {
		w->too_big = 1;
		return;
	}
	sb_addf(w->out, "%s\t%s\t", tree ? "tree" : "names", dir);
	names_digest(dir, tree, w->out);
	sb_addc(w->out, '\n');
}

/* A mutable package directory: which .go files it holds, and each of them
 * (an edit may change its imports or build constraints). */
static void watch_pkg_dir(struct watch *w, const char *dir)
{
	if (seen(w, dir))
		return;
	watch_names(w, dir, 0);
	DIR *dh = opendir(dir);
	if (!dh)
		return;
	struct dirent *de;
	struct sb p = SB_INIT;
	while ((de = readdir(dh)) != NULL) {
		size_t n = strlen(de->d_name);
		if (n > 3 && strcmp(de->d_name + n - 3, ".go") == 0) {
			sb_reset(&p);
			gw_path_join(&p, dir, de->d_name);
			watch_path(w, p.buf);
		}
	}
	closedir(dh);
	sb_release(&p);
}

/* Is dir one of the caches go or gowrap writes (never a source of packages)? */
static int cache_dir(const char *dir)
{
	static const char *const vars[] = { "GOWRAP_CACHE", "GOMODCACHE", "GOCACHE", NULL };
	for (int i = 0; vars[i]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v && strcmp(v, dir) == 0)
			return 1;
	}
	return 0;
}

/* Every directory beneath root that a `...` pattern may match a package in
 * (cmd/go's walk: no ., _ or testdata names, no vendor, not into nested
 * modules — whose directory is watched itself, so a go.mod appearing or
 * leaving shows). */
static void watch_tree(struct watch *w, struct sb *dir, int depth)
{
	if (w->too_big || ++w->walked > WALK_MAX || depth > WALK_DEPTH) {
		w->too_big = 1;
		return;
	}
	watch_names(w, dir->buf, 1);
	DIR *dh = opendir(dir->buf);
	if (!dh)
		return;
	size_t keep = dir->len;
	char **subs = gw_xcalloc(1, sizeof *subs);
	size_t nsubs = 0;
	struct dirent *de;
	while ((de = readdir(dh)) != NULL) {
		const char *n = de->d_name;
		if (n[0] == '.' || n[0] == '_' || strcmp(n, "testdata") == 0 || strcmp(n, "vendor") == 0)
			continue;
		gw_strv_add(&subs, &nsubs, n);
	}
	closedir(dh);
	for (size_t i = 0; i < nsubs && !w->too_big; i++) {
		dir->len = keep;
		dir->buf[keep] = 0;
		sb_addc(dir, '/');
		sb_adds(dir, subs[i]);
		struct stat st;
		if (lstat(dir->buf, &st) < 0 || !S_ISDIR(st.st_mode) || cache_dir(dir->buf))
			continue;
		struct sb gm = SB_INIT;
		gw_path_join(&gm, dir->buf, "go.mod");
		if (access(gm.buf, F_OK) == 0)
			watch_names(w, dir->buf, 1);
		else
			watch_tree(w, dir, depth + 1);
		sb_release(&gm);
	}
	dir->len = keep;
	dir->buf[keep] = 0;
	for (size_t i = 0; i < nsubs; i++)
		free(subs[i]);
	free(subs);
}

/* The root a pattern walks: a relative or absolute path pattern's literal
 * part; an import-path pattern or "all": the main module (or workspace) root. */
static void pattern_root(const struct dp_build *b, const char *pat, struct sb *root)
{
	if (pat[0] == '.' || pat[0] == '/') {
		const char *dots = strstr(pat, "...");
		struct sb lit = SB_INIT;
		sb_add(&lit, pat, (size_t)(dots - pat));
		char *slash = strrchr(lit.buf, '/');
		if (slash)
			*slash = 0;
		else
			sb_reset(&lit);
		if (pat[0] == '/')
			sb_adds(root, lit.len ? lit.buf : "/");
		else
			gw_path_join(root, b->effdir, lit.len ? lit.buf : ".");
		sb_release(&lit);
		return;
	}
	sb_adds(root, b->effdir);
	for (;;) {
		struct sb p = SB_INIT, q = SB_INIT;
		gw_path_join(&p, root->buf, "go.work");
		gw_path_join(&q, root->buf, "go.mod");
		int found = access(p.buf, F_OK) == 0 || access(q.buf, F_OK) == 0;
		sb_release(&p);
		sb_release(&q);
		char *s = strrchr(root->buf, '/');
		if (found || !s || s == root->buf)
			return;
		*s = 0;
		root->len = (size_t)(s - root->buf);
	}
}

static int is_frozen(const struct dp_pkg *p)
{
	size_t n = strlen(p->frozen);
	return p->std || (n && strncmp(p->dir, p->frozen, n) == 0 && (p->dir[n] == '/' || !p->dir[n]));
}

/* The watch list for g; -1 when it cannot be stored. */
int dp_watch_build(const struct dp_build *b, const struct dp_graph *g, struct sb *out)
{
	struct watch w = { out, gw_xcalloc(1, sizeof(char *)), 0, 0, 0 };
	for (size_t i = 0; i < g->n && !w.too_big; i++) {
		const struct dp_pkg *p = &g->v[i];
		if (is_frozen(p))
			continue;
		watch_pkg_dir(&w, p->dir);
		if (!p->gomod[0])
			continue;
		/* a -modfile is reported as given: relative to where go ran */
		struct sb gm = SB_INIT;
		if (p->gomod[0] == '/')
			sb_adds(&gm, p->gomod);
		else
			gw_path_join(&gm, b->effdir, p->gomod);
		if (!seen(&w, gm.buf))
			watch_path(&w, gm.buf);
		sb_release(&gm);
	}
	for (size_t i = 0; i < b->npkgs && !w.too_big; i++) {
		if (!strstr(b->pkgs[i], "...") && strcmp(b->pkgs[i], "all") != 0)
			continue;
		struct sb root = SB_INIT;
		pattern_root(b, b->pkgs[i], &root);
		if (!seen(&w, root.buf))
			watch_tree(&w, &root, 0);
		sb_release(&root);
	}
	for (size_t i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	free(w.seen);
	return w.too_big ? -1 : 0;
}

/* Re-stat every watch line of the block at *cur (up to "--\n"); 1 when all
 * agree, 0 otherwise. Advances *cur past the block. */
int dp_watch_holds(char **cur)
{
	struct sb now = SB_INIT;
	int ok = 1;
	while (**cur && strncmp(*cur, "--\n", 3) != 0) {
		char *nl = strchr(*cur, '\n');
		char *t1 = strchr(*cur, '\t');
		char *t2 = t1 && t1 < nl ? strchr(t1 + 1, '\t') : NULL;
		int kind = !nl ? -1 : !strncmp(*cur, "watch\t", 6) ? 0 : !strncmp(*cur, "names\t", 6) ? 1
				   : !strncmp(*cur, "tree\t", 5) ? 2 : -1;
		if (!nl || !t2 || t2 > nl || kind < 0) {
			ok = 0;
			break;
		}
		*t2 = 0;
		sb_reset(&now);
		if (kind == 0)
			gw_stat_sig(&now, t1 + 1);
		else
			names_digest(t1 + 1, kind == 2, &now);
		*t2 = '\t';
		if ((size_t)(nl - t2 - 1) != now.len || memcmp(t2 + 1, now.buf, now.len) != 0)
			ok = 0;
		*cur = nl + 1;
		if (!ok)
			break;
	}
	sb_release(&now);
	if (ok && strncmp(*cur, "--\n", 3) != 0)
		ok = 0;
	*cur += ok ? 3 : 0;
	return ok;
}

