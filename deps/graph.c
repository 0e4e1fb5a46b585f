/* graph.c — see graph.h. */
#include "compat.h"
#include "graph.h"
#include "grow.h"
#include "runcmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* One package a line, NF fields separated by tabs; file names by \x1f (a
 * byte no Go file name in a module can hold). frozen: the module-cache
 * directory of a module that is neither the main one nor replaced by a
 * local directory (a replacement with a version is a module-cache one). */
#define NF 10
#define TMPL_GATE                                                                                                  \
	"{{.ImportPath}}\t{{if .Standard}}std{{end}}\t{{with .Module}}{{.Path}}@{{.Version}}{{end}}\t"               \
	"{{.Dir}}\t{{join .GoFiles \"\\x1f\"}}\x1f{{join .CgoFiles \"\\x1f\"}}\t"                                   \
	"{{context.GOOS}}\t{{context.GOARCH}}\t{{join context.BuildTags \",\"}}\t{{context.ReleaseTags}}\t"            \
	"{{with .Module}}{{if not .Main}}{{if .Replace}}{{if .Replace.Version}}{{.Replace.Dir}}{{end}}"              \
	"{{else}}{{.Dir}}{{end}}{{end}}\x1e{{.GoMod}}{{end}}"
static const char tmpl[] = TMPL_GATE;
/* gowrap audit's: six fields more — the assembly; C, C++, Objective-C and
 * headers; the cgo preprocessor and C flags (where an #include is looked
 * for); the module's root (what an #include may not leave); the imports
 * (who reads a package: evidence.h's users); and, for a package named on
 * the command line, go's error, quoted (%q: one line whatever it holds).
 * The last because `go list -e` answers a named package it cannot load
 * for the target ("ios/arm64 requires external (cgo) linking, but cgo is
 * not enabled") with that package alone and no dependency: a graph that
 * silently lost everything would read as "ok". A dependency's error is
 * not asked: its own files, or its absence, are what audit reads. */
#define NF_AUDIT 16
static const char tmpl_audit[] = TMPL_GATE "\t{{join .SFiles \"\\x1f\"}}\t"
	"{{join .CFiles \"\\x1f\"}}\x1f{{join .CXXFiles \"\\x1f\"}}\x1f{{join .MFiles \"\\x1f\"}}\x1f{{join .HFiles \"\\x1f\"}}\t"
	"{{join .CgoCPPFLAGS \"\\x1f\"}}\x1f{{join .CgoCFLAGS \"\\x1f\"}}\t{{with .Module}}{{.Dir}}{{end}}\t"
	"{{join .Imports \"\\x1f\"}}\t{{if not .DepOnly}}{{with .Error}}{{printf \"%q\" .Err}}{{end}}{{end}}";

/* A \x1f-separated list (empty items skipped), NULL-terminated. */
static char **split_list(const char *list, size_t *n)
{
	char **v = gw_xcalloc(1, sizeof *v);
	*n = 0;
	for (const char *q = list; *q;) {
		size_t k = strcspn(q, "\x1f");
		if (k)
			gw_strv_addn(&v, n, q, k);
		q += k;
		q += *q != '\0';
	}
	return v;
}

/* One line's fields into a package; -1 when the line is not in our shape. */
static int add_line(struct dp_graph *g, char *line)
{
	char *f[NF_AUDIT];
	int k = 0;
	f[k++] = line;
	for (char *q = line; *q; q++)
		if (*q == '\t') {
			if (k == NF_AUDIT)
				return -1;
			*q = 0;
			f[k++] = q + 1;
		}
	if (k != NF && k != NF_AUDIT)
		return -1;
	/* A named package go could not load for the target: not seen, whatever
	 * of it was listed; go's reason kept for the message. */
	int named_err = k == NF_AUDIT && f[15][0];
	if (named_err) {
		size_t n = strlen(f[15]);
		if (n < 2 || f[15][0] != '"' || f[15][n - 1] != '"' || strchr(f[0], '\x1f'))
			return -1;
		if (!g->loaderr.buf)
			sb_init(&g->loaderr);
		sb_addf(&g->loaderr, "%s\x1f%.*s\n", f[0], (int)(n - 2), f[15] + 1);
	}
	/* `go list -e`: a package go could not resolve has no directory and no
	 * files; it is named, never classified. */
	int nodir = !f[3][0] && f[4][strspn(f[4], "\x1f")] == 0 && f[0][0];
	if (nodir || named_err) {
		if (!g->unresolved.buf)
			sb_init(&g->unresolved);
		sb_addf(&g->unresolved, "%s\n", f[0]);
		if (nodir)
			return 0;
	}
	if (f[3][0] != '/')
		return -1;
	if (!g->goos[0]) {
		snprintf(g->goos, sizeof g->goos, "%s", f[5]);
		snprintf(g->goarch, sizeof g->goarch, "%s", f[6]);
		g->tags = gw_xstrdup(f[7]);
		g->release = gw_xstrdup(f[8]);
	}
	char *rs = strchr(f[9], '\x1e');
	if (rs)
		*rs++ = 0;
	g->v = gw_grow(g->v, &g->cap, g->n + 1, sizeof *g->v);
	struct dp_pkg *p = &g->v[g->n++];
	memset(p, 0, sizeof *p);
	p->path = gw_xstrdup(f[0]);
	p->std = f[1][0] != 0;
	p->mod = gw_xstrdup(f[2]);
	p->dir = gw_xstrdup(f[3]);
	p->frozen = gw_xstrdup(f[9]);
	p->gomod = gw_xstrdup(rs ? rs : "");
	p->files = split_list(f[4], &p->nfiles);
	if (k == NF_AUDIT) {
		p->sfiles = split_list(f[10], &p->nsfiles);
		p->cfiles = split_list(f[11], &p->ncfiles);
		p->cflags = split_list(f[12], &p->ncflags);
		p->moddir = gw_xstrdup(f[13]);
		p->imports = split_list(f[14], &p->nimports);
	}
	return 0;
}

const char *dp_graph_template(void)
{
	return tmpl;
}

int dp_graph_parse(char *text, struct dp_graph *g, struct sb *why)
{
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');
		if (!nl || (*nl = 0, add_line(g, p) < 0)) {
			sb_adds(why, "go list -deps answered a line gowrap cannot read");
			return -1;
		}
		p = nl + 1;
	}
	return 0;
}

/* The line of go's stderr that says what failed: the first that is not
 * progress ("go: downloading ...", "go: finding ...", "go: extracting ..."). */
static const char *failure_line(struct sb *err)
{
	static const char *const progress[] = { "go: downloading ", "go: finding ", "go: extracting ", NULL };
	for (char *p = err->buf ? err->buf : ""; *p;) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		int skip = n == 0;
		for (size_t i = 0; progress[i] && !skip; i++)
			skip = strncmp(p, progress[i], strlen(progress[i])) == 0;
		if (!skip) {
			p[n] = 0;
			return p;
		}
		p += n + (nl != NULL);
	}
	return sb_first_line(err);
}

static int list_with(const char *t, const char *realgo, const char *dir, int test, char *const *args, size_t nargs,
		     struct dp_graph *g, struct sb *why)
{
	memset(g, 0, sizeof *g);
	sb_init(&g->unresolved);
	sb_init(&g->loaderr);
	char **av = gw_xcalloc(nargs + 8, sizeof *av);
	size_t j = 0;
	av[j++] = (char *)realgo;
	av[j++] = "list";
	av[j++] = "-deps";
	if (test)
		av[j++] = "-test";
	av[j++] = "-f";
	av[j++] = (char *)t;
	for (size_t i = 0; i < nargs; i++)
		av[j++] = args[i];
	struct sb out = SB_INIT, err = SB_INIT;
	struct gw_cmd c = { .argv = av, .dir = dir, .out = &out, .err = &err, .null_stdin = 1 };
	int st = gw_run(&c), rc = 0;
	free(av);
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		sb_addf(why, "go list -deps failed: %s", failure_line(&err));
		rc = -1;
	}
	if (rc == 0)
		rc = dp_graph_parse(out.buf, g, why);
	sb_release(&out);
	sb_release(&err);
	return rc;
}

int dp_graph_list(const char *realgo, const char *dir, int test, char *const *args, size_t nargs,
		  struct dp_graph *g, struct sb *why)
{
	return list_with(tmpl, realgo, dir, test, args, nargs, g, why);
}

int dp_graph_list_audit(const char *realgo, char *const *args, size_t nargs, struct dp_graph *g, struct sb *why)
{
	return list_with(tmpl_audit, realgo, NULL, 0, args, nargs, g, why);
}

void dp_graph_classify(const struct dp_pkg *p, int family, struct dp_class *cl)
{
	dp_graph_classify_by(p, family, NULL, NULL, cl);
}

void dp_graph_classify_by(const struct dp_pkg *p, int family, dp_read_fn read, void *arg,
			  struct dp_class *cl)
{
	char **paths = gw_xcalloc(p->nfiles + 1, sizeof *paths);
	for (size_t i = 0; i < p->nfiles; i++) {
		struct sb one = SB_INIT;
		sb_addf(&one, "%s/%s", p->dir, p->files[i]);
		paths[i] = sb_detach(&one);
	}
	if (read)
		dp_classify_by((const char *const *)paths, p->nfiles, family, read, arg, cl);
	else
		dp_classify((const char *const *)paths, p->nfiles, family, cl);
	for (size_t i = 0; i < p->nfiles; i++)
		free(paths[i]);
	free(paths);
}

void dp_graph_answer(const struct dp_graph *g, int family, dp_read_fn read, void *arg,
		     struct sb *pkgs, struct sb *unknown)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct dp_pkg *pk = &g->v[i];
		if (pk->std)
			continue;
		struct dp_class cl;
		dp_graph_classify_by(pk, family | DP_DEFECTS_ONLY, read, arg, &cl); /* what the gate acts on */
		size_t n = strcspn(pk->path, " ");
		if (cl.verdict == DP_V_FIX && !gw_list_has(pkgs->buf, '\n', pk->path, n))
			sb_addf(pkgs, "%.*s\n", (int)n, pk->path);
		else if (cl.verdict == DP_V_UNKNOWN)
			sb_addf(unknown, "%.*s: %s\n", (int)n, pk->path, cl.why);
	}
}

void dp_graph_free(struct dp_graph *g)
{
	for (size_t i = 0; i < g->n; i++) {
		struct dp_pkg *p = &g->v[i];
		free(p->path);
		free(p->mod);
		free(p->dir);
		free(p->frozen);
		free(p->gomod);
		gw_strv_free(&p->files, &p->nfiles);
		gw_strv_free(&p->sfiles, &p->nsfiles);
		gw_strv_free(&p->cfiles, &p->ncfiles);
		gw_strv_free(&p->cflags, &p->ncflags);
		free(p->moddir);
		if (p->imports)
			gw_strv_free(&p->imports, &p->nimports);
	}
	free(g->v);
	free(g->tags);
	sb_release(&g->unresolved);
	sb_release(&g->loaderr);
	free(g->release);
	memset(g, 0, sizeof *g);
	sb_init(&g->unresolved);
	sb_init(&g->loaderr);
}

int dp_graph_loaderr(const struct dp_graph *g, const char *pkg, size_t npkg, const char **why, size_t *nwhy)
{
	for (const char *p = g->loaderr.buf ? g->loaderr.buf : ""; *p;) {
		size_t n = strcspn(p, "\n"), k = strcspn(p, "\x1f");
		if (k < n && k == npkg && memcmp(p, pkg, npkg) == 0) {
			*why = p + k + 1;
			*nwhy = n - k - 1;
			return 1;
		}
		p += n + (p[n] != 0);
	}
	return 0;
}
