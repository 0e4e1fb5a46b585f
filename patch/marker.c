/* marker.c — pt_set_markers and pt_constraint (pset.h).
 *
 * A file's build constraint is what go/build reads (go/build/build.go
 * goodOSArchFile and shouldBuild): the GOOS/GOARCH suffixes of its name
 * (name_GOOS, name_GOARCH, name_GOOS_GOARCH, before a _test suffix; the
 * lists are internal/syslist's), which match exactly as the same words in a
 * //go:build line do (matchTag: ios counts as darwin, android as linux), and
 * the //go:build line of its leading comments. The marker file carries their
 * AND per file and the OR over the files the patch changed in the package,
 * so it compiles exactly where one of them does. */
#include "compat.h"
#include "pset.h"
#include "exitcodes.h"
#include "grow.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char *const known_os[] = {
	"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux",
	"nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos", NULL,
};
static const char *const known_arch[] = {
	"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
	"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64",
	"s390", "s390x", "sparc", "sparc64", "wasm", NULL,
};
/* What go build compiles into a package's object (go/build's file kinds). */
static const char *const compiled_ext[] = {
	".go", ".s", ".S", ".sx", ".c", ".cc", ".cpp", ".cxx", ".m", NULL,
};

static int in(const char *const *list, const char *s, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && memcmp(*list, s, n) == 0)
			return 1;
	return 0;
}

/* The name's GOOS/GOARCH words as an expression ("" none). */
static void name_tags(const char *base, struct sb *out)
{
	size_t n = strcspn(base, ".");
	const char *u = memchr(base, '_', n);
	if (!u)
		return;
	const char *w[64];
	size_t wl[64], k = 0;
	for (const char *p = u + 1; p <= base + n && k < 64;) {
		size_t l = strcspn(p, "_.");
		if (p + l > base + n)
			l = (size_t)(base + n - p);
		w[k] = p;
		wl[k++] = l;
		p += l + 1;
	}
	if (k && wl[k - 1] == 4 && memcmp(w[k - 1], "test", 4) == 0)
		k--;
	if (k >= 2 && in(known_os, w[k - 2], wl[k - 2]) && in(known_arch, w[k - 1], wl[k - 1]))
		sb_addf(out, "%.*s && %.*s", (int)wl[k - 2], w[k - 2], (int)wl[k - 1], w[k - 1]);
	else if (k >= 1 && (in(known_os, w[k - 1], wl[k - 1]) || in(known_arch, w[k - 1], wl[k - 1])))
		sb_addf(out, "%.*s", (int)wl[k - 1], w[k - 1]);
}

/* Does l[0..len) close a block comment? */
static int closes(const char *l, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (l[i] == '*' && l[i + 1] == '/')
			return 1;
	return 0;
}

/* The //go:build expression of the leading comments; 1 found, 0 none, -1
 * only an old // +build line. */
static int build_line(const char *b, size_t n, struct sb *out)
{
	int plus = 0, block = 0;
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(b + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - b) : n, s = i;
		while (s < e && (b[s] == ' ' || b[s] == '\t' || b[s] == '\r'))
			s++;
		const char *l = b + s;
		size_t len = e - s;
		i = e + 1;
		if (block) {
			block = !closes(l, len);
			continue;
		}
		if (!len)
			continue;
		if (len >= 2 && l[0] == '/' && l[1] == '*') {
			block = !closes(l + 2, len - 2);
			continue;
		}
		if (len < 2 || l[0] != '/' || l[1] != '/')
			break;
		if (len > 11 && memcmp(l, "//go:build ", 11) == 0) {
			sb_add(out, l + 11, len - 11);
			while (out->len && (out->buf[out->len - 1] == ' ' || out->buf[out->len - 1] == '\r'))
				out->buf[--out->len] = '\0';
			return 1;
		}
		plus |= len > 9 && memcmp(l, "// +build", 9) == 0;
	}
	return plus ? -1 : 0;
}

int pt_constraint(const char *rel, const char *b, size_t n, struct sb *expr, struct gw_err *e)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	const char *dot = strrchr(base, '.');
	size_t bl = strlen(base);
	int compiled = 0;
	for (const char *const *x = compiled_ext; *x && dot; x++)
		compiled |= strcmp(dot, *x) == 0;
	if (!compiled || base[0] == '_' || base[0] == '.' ||
	    (bl > 8 && strcmp(base + bl - 8, "_test.go") == 0))
		return 1;
	sb_reset(expr);
	struct sb tags = SB_INIT, line = SB_INIT;
	name_tags(base, &tags);
	int r = build_line(b, n, &line);
	if (r < 0) {
		sb_release(&tags);
		sb_release(&line);
		return gw_err_set(e, GW_EXIT_PATCH, "cannot mark a patched file",
				  "give the file a //go:build line (gofmt adds it from // +build)",
				  "%s has a // +build line but no //go:build line", rel);
	}
	/* C, C++, Objective-C and .S compile only in a cgo build (go/build
	 * lists them in a package that imports "C", which needs the cgo tag).
	 * The parts are ANDed; && binds tighter than the marker's ||. */
	if (strcmp(dot, ".go") && strcmp(dot, ".s"))
		sb_adds(expr, "cgo");
	if (tags.len)
		sb_addf(expr, "%s(%s)", expr->len ? " && " : "", tags.buf);
	if (line.len)
		sb_addf(expr, "%s(%s)", expr->len ? " && " : "", line.buf);
	sb_release(&tags);
	sb_release(&line);
	return 0;
}

/* The package clause's name in a Go file's bytes; 0, or -1 none. */
static int package_name(const char *b, size_t n, struct sb *out)
{
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(b + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - b) : n;
		if (e - i > 8 && memcmp(b + i, "package ", 8) == 0) {
			size_t s = i + 8, k = s;
			while (k < e && ((b[k] >= 'a' && b[k] <= 'z') || (b[k] >= 'A' && b[k] <= 'Z') ||
					 (b[k] >= '0' && b[k] <= '9') || b[k] == '_'))
				k++;
			if (k == s)
				return -1;
			sb_reset(out);
			sb_add(out, b + s, k - s);
			return 0;
		}
		i = e + 1;
	}
	return -1;
}

/* Is this Go file part of its directory's package (not a _test.go, not
 * `//go:build ignore`)? Its package name then goes to out. */
static int names_package(const char *rel, const char *b, size_t n, struct sb *out)
{
	size_t k = strlen(rel);
	struct sb line = SB_INIT;
	int ok = k > 3 && !strcmp(rel + k - 3, ".go") && !(k > 8 && !strcmp(rel + k - 8, "_test.go")) &&
		 !(build_line(b, n, &line) == 1 && !strcmp(line.buf, "ignore")) && package_name(b, n, out) == 0;
	sb_release(&line);
	return ok;
}

/* The package name of dir (src/...): from a Go file the set holds, else
 * from the GOROOT's directory. 0, or -1 when dir holds no Go package. */
static int dir_package(const struct pt_set *s, const char *dir, struct sb *out)
{
	size_t dl = strlen(dir);
	for (size_t i = 0; i < s->nfiles; i++) {
		const struct pt_gfile *g = &s->files[i];
		const struct sb *b = g->exists ? &g->cur : &g->orig;
		if (!strncmp(g->rel, dir, dl) && g->rel[dl] == '/' && !strchr(g->rel + dl + 1, '/') &&
		    names_package(g->rel, b->buf, b->len, out))
			return 0;
	}
	struct sb p = SB_INIT, f = SB_INIT;
	sb_addf(&p, "%s/%s", s->goroot, dir);
	DIR *d = opendir(p.buf);
	struct dirent *de;
	int rc = -1;
	while (d && rc < 0 && (de = readdir(d))) {
		sb_reset(&f);
		sb_addf(&f, "%s/%s", p.buf, de->d_name);
		struct sb b = SB_INIT;
		if (de->d_name[0] != '.' && sb_read_file(&b, f.buf, (size_t)1 << 20) == 0 &&
		    names_package(de->d_name, b.buf, b.len, out))
			rc = 0;
		sb_release(&b);
	}
	if (d)
		closedir(d);
	sb_release(&p);
	sb_release(&f);
	return rc;
}

static void render(struct pt_mark *m, const char *id, const char *pkg, const struct sb *expr)
{
	struct sb *c = &m->content;
	sb_addf(c, "// Code generated by gowrap for the GOWRAP_PATCHES patch %s. DO NOT EDIT.\n\n", id);
	if (expr->len)
		sb_addf(c, "//go:build %s\n\n", expr->buf);
	sb_addf(c, "package %s\n\n", pkg);
	sb_addf(c, "// gowrapPatch%s is in every binary that links this package for a target\n"
		   "// where a file the patch changes here compiles (symcheck --patches).\n"
		   "//\n//go:noinline\nfunc gowrapPatch%s() {}\n\nfunc init() { gowrapPatch%s() }\n",
		id, id, id);
}

/* The marker of patch idx in directory dir, if a changed file there
 * compiles; 0 (*have says), or -1 with e. */
static int mark_dir(const struct pt_set *s, size_t idx, const char *dir, struct pt_mark *m, int *have,
		    struct gw_err *e)
{
	const struct pt_item *it = &s->items[idx];
	size_t dl = strlen(dir);
	struct sb expr = SB_INIT, x = SB_INIT, pkg = SB_INIT, terms = SB_INIT;
	int everywhere = 0, rc = 0;
	*have = 0;
	memset(m, 0, sizeof *m);
	sb_init(&m->content);
	for (size_t k = 0; k < it->nchanged && rc == 0; k++) {
		const struct pt_gfile *g = &s->files[it->changed[k]];
		if (strncmp(g->rel, dir, dl) || g->rel[dl] != '/' || strchr(g->rel + dl + 1, '/'))
			continue;
		const struct sb *b = g->exists ? &g->cur : &g->orig;
		int r = pt_constraint(g->rel, b->buf, b->len, &x, e);
		if (r != 0) {
			rc = r < 0 ? -1 : 0;
			continue;
		}
		gw_strv_add(&m->req, &m->nreq, g->rel);
		everywhere |= !x.len;
		if (x.len && !gw_list_has(terms.buf, '\n', x.buf, x.len)) {
			sb_addf(&expr, "%s%s", expr.len ? " || " : "", x.buf);
			sb_addf(&terms, "%s\n", x.buf);
		}
	}
	if (rc == 0 && m->nreq && dir_package(s, dir, &pkg) == 0) {
		if (everywhere)
			sb_reset(&expr);
		render(m, it->p.id, pkg.buf, &expr);
		struct sb t = SB_INIT;
		sb_addf(&t, "%s/gowrap_patch_%s.go", dir, it->p.id);
		m->file = sb_detach(&t);
		pt_marker_symbol(&t, dir, strlen(dir), it->p.id);
		m->symbol = sb_detach(&t);
		m->item = idx;
		*have = 1;
	}
	sb_release(&expr);
	sb_release(&x);
	sb_release(&pkg);
	sb_release(&terms);
	return rc;
}

int pt_set_markers(const struct pt_set *s, struct pt_mark **out, size_t *n, struct gw_err *e)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < s->nitems; i++) {
		const struct pt_item *it = &s->items[i];
		if (it->state != PP_EXACT && it->state != PP_OFFSET && it->state != PP_ALREADY)
			continue;
		char **dirs = NULL;
		size_t nd = 0;
		for (size_t k = 0; k < it->nchanged; k++) {
			const char *rel = s->files[it->changed[k]].rel;
			size_t dl = (size_t)(strrchr(rel, '/') - rel);
			int seen = 0;
			for (size_t j = 0; j < nd; j++)
				seen |= strlen(dirs[j]) == dl && !strncmp(dirs[j], rel, dl);
			if (!seen)
				gw_strv_addn(&dirs, &nd, rel, dl);
		}
		for (size_t j = 0; j < nd; j++) {
			struct pt_mark m;
			int have;
			if (mark_dir(s, i, dirs[j], &m, &have, e) < 0) {
				gw_strv_free(&dirs, &nd);
				return -1;
			}
			if (!have) {
				pt_marks_free(&m, 1);
				continue;
			}
			*out = gw_grow(*out, &cap, *n + 1, sizeof **out);
			(*out)[(*n)++] = m;
		}
		gw_strv_free(&dirs, &nd);
	}
	return 0;
}

void pt_marks_free(struct pt_mark *m, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(m[i].file);
		free(m[i].symbol);
		sb_release(&m[i].content);
		gw_strv_free(&m[i].req, &m[i].nreq);
	}
}
