/* depgraph.c — see depgraph.h. */
#include "compat.h"
#include "depgraph.h"
#include "fsutil.h"
#include "runcmd.h"
#include "hash.h"
#include "hash.h"
#include "table.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MEMO_MAGIC "gowrap-deps-memo\t2\n"
#define SCAN_MAGIC "gowrap-deps-scan\t2\n"
#define SCAN_MAX_DEPTH 24
#define SCAN_MAX_FILES 200000

static void stat_line(struct sb *k, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		sb_addf(k, "%s\t%llu\t%llu\t%lld\t%lld.%09ld\n", path, (unsigned long long)st.st_dev,
			(unsigned long long)st.st_ino, (long long)st.st_size, (long long)st.st_mtime,
			(long)GW_ST_MTIM(&st).tv_nsec);
	else
		sb_addf(k, "%s\t-\n", path);
}

/* Returns how many go.mod/go.work files (or -modfile) were found. */
static int memo_key(struct sb *k, const char *realgo, const char *effdir, const struct shim_words *gf)
{
	int found = 0;
	static const char *const vars[] = { "GOFLAGS", "GOWORK", "GO111MODULE", "GOMODCACHE", "GOPATH",
					    "GOTOOLCHAIN", "GOENV", "GOPROXY", "GONOSUMDB", "GOPRIVATE",
					    "HOME", NULL };
	sb_adds(k, "gowrap-deps-key\t1\n");
	stat_line(k, realgo);
	sb_addf(k, "dir\t%s\n", effdir);
	for (int i = 0; vars[i]; i++) {
		const char *v = getenv(vars[i]);
		sb_addf(k, "%s=%s\n", vars[i], v ? v : "");
	}
	for (size_t i = 0; i < gf->n; i++)
		sb_addf(k, "flag\t%s\n", gf->v[i]);
	/* go.mod, go.sum, go.work, go.work.sum walking up */
	struct sb d = SB_INIT, p = SB_INIT;
	sb_adds(&d, effdir);
	for (int depth = 0; depth < 256; depth++) {
		static const char *const names[] = { "go.mod", "go.sum", "go.work", "go.work.sum", NULL };
		for (int i = 0; names[i]; i++) {
			sb_reset(&p);
			gw_path_join(&p, d.buf, names[i]);
			if (access(p.buf, F_OK) == 0) {
				stat_line(k, p.buf);
				found += i == 0 || i == 2;
			}
		}
		char *s = strrchr(d.buf, '/');
		if (!s || s == d.buf)
			break;
		*s = 0;
		d.len = (size_t)(s - d.buf);
	}
	/* -modfile=F reads F and F's .sum */
	for (size_t i = 0; i < gf->n; i++) {
		const char *a = gf->v[i];
		const char *eq = strstr(a, "modfile=");
		if (!eq)
			continue;
		sb_reset(&p);
		if (eq[8] == '/')
			sb_adds(&p, eq + 8);
		else
			gw_path_join(&p, effdir, eq + 8);
		stat_line(k, p.buf);
		found++;
		if (p.len > 4 && strcmp(p.buf + p.len - 4, ".mod") == 0) {
			p.buf[p.len - 4] = 0;
			p.len -= 4;
			sb_adds(&p, ".sum");
			stat_line(k, p.buf);
		}
	}
	sb_release(&d);
	sb_release(&p);
	return found;
}

struct scan {
	const char *modpath;
	struct sb *out; /* "pkg\tfamilies\n" */
	size_t files;
};

/* Record the defect families of dir's table files. */
static void scan_dir(struct scan *sc, struct sb *dir, size_t rootlen, int depth)
{
	DIR *dh = opendir(dir->buf);
	if (!dh)
		return;
	int fams = 0, unk = 0;
	struct dirent *de;
	size_t keep = dir->len;
	/* collect subdirectories first into a list, to recurse after closedir */
	struct sb subs = SB_INIT;
	while ((de = readdir(dh)) != NULL) {
		const char *n = de->d_name;
		if (n[0] == '.' || n[0] == '_' || ++sc->files > SCAN_MAX_FILES)
			continue;
		dir->len = keep;
		dir->buf[keep] = 0;
		sb_addc(dir, '/');
		sb_adds(dir, n);
		struct stat st;
		if (lstat(dir->buf, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (strcmp(n, "testdata") != 0 && strcmp(n, "vendor") != 0 && depth < SCAN_MAX_DEPTH) {
				sb_adds(&subs, n);
				sb_addc(&subs, '\n');
			}
		} else if (S_ISREG(st.st_mode) && dp_name_known(n)) {
			char hex[41];
			const struct dp_row *r;
			if (gw_blob_id_file(dir->buf, 1u << 20, hex) < 0)
				continue;
			if ((r = dp_row_find(n, hex)) != NULL) {
				if (r->role == DP_DEFECT)
					fams |= r->families;
			} else {
				/* a defect row's name with other bytes: report, never patch */
				for (r = dp_rows; r->blob; r++)
					if (r->role == DP_DEFECT && strcmp(r->file, n) == 0)
						unk |= r->families;
			}
		}
	}
	closedir(dh);
	dir->len = keep;
	dir->buf[keep] = 0;
	if (fams || unk) {
		sb_adds(sc->out, sc->modpath);
		if (dir->len > rootlen)
			sb_adds(sc->out, dir->buf + rootlen);
		sb_addf(sc->out, "\t%d\t%d\n", fams, unk);
	}
	for (char *p = subs.buf; *p;) {
		char *e = strchr(p, '\n');
		*e = 0;
		dir->len = keep;
		dir->buf[keep] = 0;
		sb_addc(dir, '/');
		sb_adds(dir, p);
		/* a nested module is another module: go list names it itself */
		struct sb gm = SB_INIT;
		gw_path_join(&gm, dir->buf, "go.mod");
		if (access(gm.buf, F_OK) != 0)
			scan_dir(sc, dir, rootlen, depth + 1);
		sb_release(&gm);
		p = e + 1;
	}
	dir->len = keep;
	dir->buf[keep] = 0;
	sb_release(&subs);
}

/* One module: from the per-directory scan cache when the module is a
 * module-cache download (immutable), else scanned now. */
static void scan_module(const char *cache, const char *modpath, int cacheable, const char *dir,
			struct sb *out)
{
	struct sb key = SB_INIT, path = SB_INIT, got = SB_INIT;
	char h[65];
	sb_addf(&key, "%s\n%s\n%s", SCAN_MAGIC, modpath, dir);
	gw_sha256_hex(key.buf, key.len, h);
	sb_addf(&path, "%s/deps/scan/%s", cache, h);
	if (cacheable && sb_read_file(&got, path.buf, 1u << 20) == 0 && got.len >= strlen(SCAN_MAGIC) &&
	    memcmp(got.buf, SCAN_MAGIC, strlen(SCAN_MAGIC)) == 0 && got.len >= 4 &&
	    strcmp(got.buf + got.len - 4, "end\n") == 0) {
		sb_add(out, got.buf + strlen(SCAN_MAGIC), got.len - strlen(SCAN_MAGIC) - 4);
	} else {
		struct sb res = SB_INIT, d = SB_INIT;
		struct scan sc = { modpath, &res, 0 };
		sb_adds(&d, dir);
		scan_dir(&sc, &d, d.len, 0);
		sb_add(out, res.buf, res.len);
		if (cacheable) {
			struct sb file = SB_INIT, pdir = SB_INIT;
			struct gw_err e;
			sb_addf(&file, "%s%send\n", SCAN_MAGIC, res.buf);
			sb_addf(&pdir, "%s/deps/scan", cache);
			if (gw_mkdirs(pdir.buf, 0700, &e) == 0)
				gw_write_atomic(path.buf, file.buf, file.len, 0600, &e);
			sb_release(&file);
			sb_release(&pdir);
		}
		sb_release(&res);
		sb_release(&d);
	}
	sb_release(&key);
	sb_release(&path);
	sb_release(&got);
}

/* A module the graph names but the module cache does not hold yet (the
 * build may download it): remember where it will appear, so the memo is
 * dropped once it does. Go's module path escaping: an upper-case letter
 * becomes '!' and its lower-case form. */
static void missing_dir(const char *realgo, const char *effdir, const char *path, const char *ver,
			struct sb *out)
{
	static char *modcache;
	if (!modcache) {
		char *const av[] = { (char *)realgo, "env", "GOMODCACHE", NULL };
		struct sb o = SB_INIT;
		struct gw_cmd c = { .argv = av, .dir = effdir, .out = &o, .null_stdin = 1 };
		int st = gw_run(&c);
		while (o.len && o.buf[o.len - 1] == '\n')
			o.buf[--o.len] = 0;
		modcache = st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && o.buf[0] == '/' ? sb_detach(&o) : "";
		sb_release(&o);
	}
	if (!*modcache)
		return;
	sb_addf(out, "missing\t%s/", modcache);
	for (const char *q = path; *q; q++) {
		if (*q >= 'A' && *q <= 'Z') {
			sb_addc(out, '!');
			sb_addc(out, (char)(*q - 'A' + 'a'));
		} else {
			sb_addc(out, *q);
		}
	}
	sb_addf(out, "@%s\n", ver);
}

/* `go list -m` of the module graph; each module's candidates into out.
 * -1 when go cannot answer (the build then gets nothing added). */
static int graph_scan(const char *realgo, const char *effdir, const char *cache,
		      const struct shim_words *gf, struct sb *out, struct sb *why)
{
	char **av = gw_xcalloc(gf->n + 8, sizeof *av);
	size_t j = 0;
	av[j++] = (char *)realgo;
	av[j++] = "list";
	av[j++] = "-m";
	for (size_t i = 0; i < gf->n; i++)
		av[j++] = gf->v[i];
	av[j++] = "-f";
	av[j++] = "{{.Path}}\t{{.Version}}\t{{if .Replace}}r{{end}}\t{{.Dir}}";
	av[j++] = "all";
	struct sb o = SB_INIT, er = SB_INIT;
	struct gw_cmd c = { .argv = av, .dir = effdir, .out = &o, .err = &er, .null_stdin = 1 };
	int st = gw_run(&c);
	free(av);
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		char *nl = strchr(er.buf, '\n');
		if (nl)
			*nl = 0;
		sb_addf(why, "go list -m all failed: %s", er.buf);
		sb_release(&o);
		sb_release(&er);
		return -1;
	}
	for (char *p = o.buf; *p;) {
		char *e = strchr(p, '\n');
		if (!e)
			break;
		*e = 0;
		char *f[4] = { p, NULL, NULL, NULL };
		int k = 1;
		for (char *q = p; *q && k < 4; q++)
			if (*q == '\t') {
				*q = 0;
				f[k++] = q + 1;
			}
		if (k == 4 && f[3][0] == '/')
			scan_module(cache, f[0], f[1][0] && !f[2][0], f[3], out);
		else if (k == 4 && f[1][0] && !f[2][0] && !f[3][0])
			missing_dir(realgo, effdir, f[0], f[1], out);
		p = e + 1;
	}
	sb_release(&o);
	sb_release(&er);
	return 0;
}

/* Has a module the memo saw missing been downloaded since? Then the memo
 * is stale. */
static int missing_appeared(const char *memo)
{
	for (const char *p = strstr(memo, "\nmissing\t"); p; p = strstr(p + 1, "\nmissing\t")) {
		const char *d = p + 9, *nl = strchr(d, '\n');
		if (!nl)
			return 1;
		char *dir = gw_xcalloc((size_t)(nl - d) + 1, 1);
		memcpy(dir, d, (size_t)(nl - d));
		int there = access(dir, F_OK) == 0;
		free(dir);
		if (there)
			return 1;
	}
	return 0;
}

void shim_depgraph_candidates(const char *realgo, const char *effdir, const char *cache,
			      const struct shim_words *gf, struct sb *cands, const char **reason)
{
	struct sb key = SB_INIT, mpath = SB_INIT, got = SB_INIT, why = SB_INIT;
	char h[65];
	const char *gowork = getenv("GOWORK");
	if (memo_key(&key, realgo, effdir, gf) == 0 && !(gowork && *gowork && strcmp(gowork, "off") != 0)) {
		/* no module: nothing from the module cache can be in this build */
		sb_release(&key);
		*reason = "no go.mod or go.work: no module dependencies";
		return;
	}
	gw_sha256_hex(key.buf, key.len, h);
	sb_addf(&mpath, "%s/deps/memo/%s", cache, h);
	if (sb_read_file(&got, mpath.buf, 1u << 22) == 0 && got.len >= strlen(MEMO_MAGIC) + 4 &&
	    memcmp(got.buf, MEMO_MAGIC, strlen(MEMO_MAGIC)) == 0 &&
	    strcmp(got.buf + got.len - 4, "end\n") == 0 && !missing_appeared(got.buf)) {
		sb_add(cands, got.buf + strlen(MEMO_MAGIC), got.len - strlen(MEMO_MAGIC) - 4);
	} else if (graph_scan(realgo, effdir, cache, gf, cands, &why) == 0) {
		struct sb file = SB_INIT, dir = SB_INIT;
		struct gw_err e; /* a memo that cannot be written is only slower */
		sb_addf(&file, "%s%send\n", MEMO_MAGIC, cands->buf);
		sb_addf(&dir, "%s/deps/memo", cache);
		if (gw_mkdirs(dir.buf, 0700, &e) == 0)
			gw_write_atomic(mpath.buf, file.buf, file.len, 0600, &e);
		sb_release(&file);
		sb_release(&dir);
	} else {
		*reason = gw_xstrdup(why.buf);
	}
	sb_release(&key);
	sb_release(&mpath);
	sb_release(&got);
	sb_release(&why);
}
