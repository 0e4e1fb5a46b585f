/* deps.c — see deps.h. */
#include "compat.h"
#include "deps.h"
#include "classify.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "runcmd.h"
#include "selfpath.h"
#include "sha1.h"
#include "sha256.h"
#include "table.h"
#include "verify.h"
#include "words.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MEMO_MAGIC "gowrap-deps-memo\t2\n"
#define SCAN_MAGIC "gowrap-deps-scan\t2\n"
#define SCAN_MAX_DEPTH 24
#define SCAN_MAX_FILES 200000

int shim_deps_family(const char *goos, int ios_family)
{
	if (ios_family)
		return DP_FAM_IOS;
	if (strcmp(goos, "linux") == 0 || strcmp(goos, "android") == 0)
		return DP_FAM_LINUX;
	return 0;
}

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

/* Flags in argv (before the packages) that change the module graph. */
static void graph_flags(const struct shim_cmdline *cl, struct shim_words *out, const char **toolexec)
{
	out->n = 0;
	out->v = gw_xcalloc((size_t)cl->argc + 1, sizeof *out->v);
	for (int i = cl->sub_idx + 1; i < cl->argc; i++) {
		const char *a = cl->argv[i];
		if (a[0] != '-')
			break;
		const char *f = a + (a[1] == '-' ? 2 : 1);
		if (strcmp(a, "--") == 0)
			break;
		if (strncmp(f, "mod=", 4) == 0 || strncmp(f, "modfile=", 8) == 0) {
			out->v[out->n++] = gw_xstrdup(a);
		} else if ((strcmp(f, "mod") == 0 || strcmp(f, "modfile") == 0) && i + 1 < cl->argc) {
			struct sb s = SB_INIT;
			sb_addf(&s, "-%s=%s", f, cl->argv[i + 1]);
			out->v[out->n++] = sb_detach(&s);
			i++;
		} else if (strncmp(f, "toolexec=", 9) == 0) {
			*toolexec = f + 9;
		} else if (strcmp(f, "toolexec") == 0 && i + 1 < cl->argc) {
			*toolexec = cl->argv[++i];
		}
	}
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
			if (dp_blob_id_file(dir->buf, 1u << 20, hex) < 0)
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
	shim_sha256_hex(key.buf, key.len, h);
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

static void toolexec_path(struct sb *out)
{
	const char *env = getenv("GOWRAP_TOOLEXEC");
	if (env && *env) {
		sb_adds(out, env);
		return;
	}
	/* installed beside the shim (build/shim/, libexec/gowrap/) */
	struct sb self = SB_INIT;
	if (gw_self_exe(&self) == 0) {
		char *slash = strrchr(self.buf, '/');
		if (slash) {
			*slash = 0;
			gw_path_join(out, self.buf, "gowrap-toolexec");
		}
	}
	sb_release(&self);
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

int shim_deps_plan(const struct shim_cmdline *cl, const char *realgo, const char *effdir,
		   int family, const char *goflags, const char *cache, struct shim_deps *d,
		   struct gw_err *e)
{
	memset(d, 0, sizeof *d);
	sb_init(&d->toolexec);
	sb_init(&d->state);
	sb_init(&d->pkgs);
	sb_init(&d->fixed);
	sb_init(&d->unknown);
	d->family = family == DP_FAM_IOS ? "ios" : "linux";
	const char *off = getenv("GOWRAP_DEPS");
	if (off && strcmp(off, "0") == 0) {
		d->reason = "GOWRAP_DEPS=0";
		return 0;
	}
	static struct shim_words gf; /* static: reachable until exit (leak checkers) */
	const char *theirs = NULL;
	static char *theirs_gf;
	graph_flags(cl, &gf, &theirs);
	if (!theirs && goflags) {
		struct shim_words w;
		if (shim_split_quoted(goflags, &w) == 0) {
			for (size_t i = 0; i < w.n; i++) {
				const char *a = w.v[i];
				a += a[0] == '-' && a[1] == '-' ? 2 : a[0] == '-' ? 1 : 0;
				if (strncmp(a, "toolexec=", 9) == 0) {
					free(theirs_gf);
					theirs_gf = gw_xstrdup(a + 9);
				}
			}
			shim_words_free(&w);
		}
		theirs = theirs_gf;
	}

	struct sb key = SB_INIT, mpath = SB_INIT, got = SB_INIT, cands = SB_INIT, why = SB_INIT;
	char h[65];
	const char *gowork = getenv("GOWORK");
	if (memo_key(&key, realgo, effdir, &gf) == 0 && !(gowork && *gowork && strcmp(gowork, "off") != 0)) {
		/* no module: nothing from the module cache can be in this build */
		sb_release(&key);
		d->reason = "no go.mod or go.work: no module dependencies";
		return 0;
	}
	shim_sha256_hex(key.buf, key.len, h);
	sb_addf(&mpath, "%s/deps/memo/%s", cache, h);
	if (sb_read_file(&got, mpath.buf, 1u << 22) == 0 && got.len >= strlen(MEMO_MAGIC) + 4 &&
	    memcmp(got.buf, MEMO_MAGIC, strlen(MEMO_MAGIC)) == 0 &&
	    strcmp(got.buf + got.len - 4, "end\n") == 0 && !missing_appeared(got.buf)) {
		sb_add(&cands, got.buf + strlen(MEMO_MAGIC), got.len - strlen(MEMO_MAGIC) - 4);
	} else if (graph_scan(realgo, effdir, cache, &gf, &cands, &why) == 0) {
		struct sb file = SB_INIT, dir = SB_INIT;
		sb_addf(&file, "%s%send\n", MEMO_MAGIC, cands.buf);
		sb_addf(&dir, "%s/deps/memo", cache);
		if (gw_mkdirs(dir.buf, 0700, e) == 0)
			gw_write_atomic(mpath.buf, file.buf, file.len, 0600, e);
		memset(e, 0, sizeof *e);
		sb_release(&file);
		sb_release(&dir);
	} else {
		d->reason = gw_xstrdup(why.buf);
	}
	/* candidates for this family */
	for (char *p = cands.buf; *p;) {
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		char *tab = memchr(p, '\t', (size_t)(nl - p));
		char *tab2 = tab ? memchr(tab + 1, '\t', (size_t)(nl - tab - 1)) : NULL;
		if (tab && (atoi(tab + 1) & family)) {
			sb_add(&d->pkgs, p, (size_t)(tab - p));
			sb_addc(&d->pkgs, '\n');
		} else if (tab2 && (atoi(tab2 + 1) & family)) {
			sb_add(&d->unknown, p, (size_t)(tab - p));
			sb_adds(&d->unknown, ": unknown variant of a known CPU-feature file (not patched)\n");
		}
		p = nl + 1;
	}
	sb_release(&key);
	sb_release(&mpath);
	sb_release(&got);
	sb_release(&cands);
	sb_release(&why);
	if (!d->pkgs.len) {
		if (!d->reason)
			d->reason = "no known CPU-feature copy in the module graph for this target";
		return 0;
	}
	if (theirs && *theirs)
		return gw_err_set(e, GW_EXIT_DEPS_TOOLEXEC, "cannot fix CPU-feature code in dependencies",
				  "drop your -toolexec, or set GOWRAP_DEPS=0 to build without the dependency fix "
				  "(`gowrap audit` then reports those packages as wrong)",
				  "this build contains %.*s which gowrap fixes through -toolexec, and the call "
				  "brings its own -toolexec=%s (two wrappers cannot both own the compiler's identity)",
				  (int)strcspn(d->pkgs.buf, "\n"), d->pkgs.buf, theirs);
	toolexec_path(&d->toolexec);
	if (!gw_is_executable(d->toolexec.buf))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find gowrap-toolexec",
				  "install gowrap completely (make install), or set GOWRAP_TOOLEXEC",
				  "%s is not executable", d->toolexec.buf);
	struct sb sd = SB_INIT;
	sb_addf(&sd, "%s/deps/run", cache);
	if (gw_mkdirs(sd.buf, 0700, e) < 0) {
		sb_release(&sd);
		return -1;
	}
	sb_addf(&d->state, "%s/%ld-%ld.state", sd.buf, (long)getpid(), (long)time(NULL));
	unlink(d->state.buf);
	sb_release(&sd);
	d->act = 1;
	return 0;
}

char **shim_deps_argv(char **v, int n, int at, const struct shim_deps *d)
{
	char **nv = gw_xcalloc((size_t)n + 2, sizeof *nv);
	struct sb f = SB_INIT;
	sb_addf(&f, "-toolexec=%s", d->toolexec.buf);
	int j = 0;
	for (int i = 0; i < n; i++) {
		if (i == at)
			nv[j++] = sb_detach(&f);
		nv[j++] = v[i];
	}
	if (at >= n)
		nv[j++] = sb_detach(&f);
	nv[j] = NULL;
	return nv;
}

void shim_deps_setenv(const struct shim_deps *d)
{
	setenv("GOWRAP_DEPS_FAMILY", d->family, 1);
	setenv("GOWRAP_DEPS_STATE", d->state.buf, 1);
}

int shim_deps_check(struct shim_deps *d, const char *output, struct gw_err *e)
{
	struct sb rec = SB_INIT;
	if (sb_read_file(&rec, d->state.buf, 1u << 22) == 0) {
		for (char *p = rec.buf; *p;) {
			char *nl = strchr(p, '\n');
			if (!nl)
				break;
			*nl = 0;
			char *t1 = strchr(p, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
			if (t1 && t2) {
				*t1 = *t2 = 0;
				if (strcmp(p, "fixed") == 0) {
					sb_adds(&d->fixed, t1 + 1);
					sb_addc(&d->fixed, '\n');
				} else {
					sb_addf(&d->unknown, "%s: %s: %s\n", t1 + 1, p, t2 + 1);
				}
			}
			p = nl + 1;
		}
	}
	unlink(d->state.buf);
	sb_release(&rec);
	if (!output)
		return 0;
	/* required: fixed now, or a candidate whose code is in the output */
	size_t n = 0;
	struct sb all = SB_INIT;
	sb_adds(&all, d->fixed.buf);
	sb_adds(&all, d->pkgs.buf);
	for (size_t i = 0; i < all.len; i++)
		n += all.buf[i] == '\n';
	const char **pk = gw_xcalloc(n + 1, sizeof *pk);
	int *present = gw_xcalloc(n + 1, sizeof *present);
	size_t k = 0, nfixed = 0;
	for (char *p = all.buf; *p && k < n;) {
		char *nl = strchr(p, '\n');
		*nl = 0;
		pk[k++] = p;
		p = nl + 1;
	}
	for (size_t i = 0; i < d->fixed.len; i++)
		nfixed += d->fixed.buf[i] == '\n';
	struct sb markers = SB_INIT, err = SB_INIT;
	int rc = 0;
	if (vf_pkg_markers(output, pk, k, present, &markers, &err) < 0) {
		rc = gw_err_set(e, GW_EXIT_VERIFY, "cannot check the dependency fix in the built output",
				"report this with the file; GOWRAP_VERIFY=0 skips the check", "%s", err.buf);
	} else {
		for (size_t i = 0; i < k && rc == 0; i++) {
			if (i >= nfixed && !present[i])
				continue;
			struct sb want = SB_INIT;
			sb_addf(&want, "\n%s.gowrapMarker", pk[i]);
			struct sb hay = SB_INIT;
			sb_addc(&hay, '\n');
			sb_adds(&hay, markers.buf);
			if (!strstr(hay.buf, want.buf))
				rc = gw_err_set(e, GW_EXIT_VERIFY, "built output lacks a dependency fix",
						"rebuild through the shim (a build cache entry made by another "
						"wrapper?); GOWRAP_VERIFY=0 skips this check",
						"%s: %s has code in it but no %s.gowrapMarker%s", output, pk[i],
						pk[i], DP_FIX_VERSION);
			sb_release(&want);
			sb_release(&hay);
		}
	}
	free(pk);
	free(present);
	sb_release(&all);
	sb_release(&markers);
	sb_release(&err);
	return rc;
}

static void json_list(struct sb *j, const char *key, const char *lines)
{
	sb_addf(j, ",\"%s\":[", key);
	int first = 1;
	for (const char *p = lines; *p;) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		char *one = gw_xcalloc((size_t)(nl - p) + 1, 1);
		memcpy(one, p, (size_t)(nl - p));
		if (!first)
			sb_addc(j, ',');
		sb_add_json_str(j, one);
		free(one);
		first = 0;
		p = nl + 1;
	}
	sb_addc(j, ']');
}

void shim_deps_log_fields(const struct shim_deps *d, struct sb *j)
{
	json_list(j, "deps", d->pkgs.buf);
	json_list(j, "deps_fixed", d->fixed.buf);
	json_list(j, "deps_unknown", d->unknown.buf);
	if (d->act)
		sb_addf(j, ",\"deps_toolexec\":true");
}
