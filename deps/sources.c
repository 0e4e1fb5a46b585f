/* sources.c — see sources.h. */
#include "compat.h"
#include "sources.h"
#include "grow.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An #include name longer than this is no file of a module. */
#define INC_NAME_MAX 512

/* The module the names are in: "path@version", the main module's path
 * alone, or (no module: GOPATH, a vendored package) the import path. */
static void in_of(const struct dp_pkg *p, struct sb *out)
{
	const char *m = p->mod && p->mod[0] ? p->mod : p->path;
	size_t n = p->mod && p->mod[0] ? strlen(m) : strcspn(m, " ");
	if (n && m[n - 1] == '@')
		n--;
	struct sb one = SB_INIT;
	sb_add(&one, m, n);
	sb_add_printable(out, one.buf);
	sb_release(&one);
}

/* path beneath dir ("dir/..."): what follows, else NULL. */
static const char *beneath(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;
	if (!n || strncmp(path, dir, n) != 0 || path[n] != '/')
		return NULL;
	return path + n + 1;
}

/* path relative to p's module root, else to p's directory, else its base. */
static void rel_name(const struct dp_pkg *p, const char *path, struct sb *out)
{
	const char *rel = beneath(path, p->moddir);
	if (!rel)
		rel = beneath(path, p->dir);
	sb_add_printable(out, rel ? rel : dp_base(path));
}

void dp_src_name(const struct dp_pkg *p, const char *path, struct sb *out)
{
	rel_name(p, path, out);
	sb_adds(out, " in ");
	in_of(p, out);
}

static enum dp_src_kind kind_of(const char *name)
{
	const char *dot = strrchr(dp_base(name), '.');
	if (dot && strcmp(dot, ".go") == 0)
		return DP_SRC_GO;
	if (dot && (strcmp(dot, ".s") == 0 || strcmp(dot, ".S") == 0 || strcmp(dot, ".sx") == 0))
		return DP_SRC_ASM;
	return DP_SRC_C;
}

/* A regular file's bytes, never waiting on a FIFO or a device. */
static int read_regular(const char *path, struct sb *out)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	struct stat st;
	int rc = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? sb_read_fd(out, fd, DP_SRC_FILE_LIMIT) : -1;
	close(fd);
	if (rc < 0)
		sb_reset(out);
	return rc;
}

static void cut(struct dp_srcs *s, const char *why)
{
	if (!s->cut[0])
		snprintf(s->cut, sizeof s->cut, "%s", why);
}

/* One source more: read, named (relative to the resolved root when it is
 * beneath it), counted against the limits. */
static void add(struct dp_srcs *s, const struct dp_pkg *p, const char *path, const char *real, int depth)
{
	if (s->n >= DP_SRC_MAX_FILES) {
		cut(s, "more than 1024 sources");
		return;
	}
	struct dp_src f = { gw_xstrdup(path), gw_xstrdup(real ? real : path), NULL, kind_of(path), depth, SB_INIT };
	if (read_regular(path, &f.bytes) == 0 && s->bytes + f.bytes.len > DP_SRC_MAX_BYTES) {
		sb_reset(&f.bytes);
		cut(s, "more than 64 MiB of sources");
	}
	s->bytes += f.bytes.len;
	struct sb name = SB_INIT;
	const char *rel = real ? beneath(real, s->root) : NULL;
	if (rel)
		sb_add_printable(&name, rel);
	else
		rel_name(p, path, &name);
	f.name = sb_detach(&name);
	s->v = gw_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n++] = f;
}

/* The name of `#include "name"` on one line (blanks, and a cgo preamble's
 * leading `//`, allowed around its words), into name; 0 when the line is
 * none, or names an absolute path or nothing. */
static int include_of(const char *l, size_t n, char *name)
{
	size_t i = 0;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	if (i + 1 < n && l[i] == '/' && l[i + 1] == '/')
		for (i += 2; i < n && (l[i] == ' ' || l[i] == '\t');)
			i++;
	if (i >= n || l[i++] != '#')
		return 0;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	if (n - i < 7 || memcmp(l + i, "include", 7) != 0)
		return 0;
	for (i += 7; i < n && (l[i] == ' ' || l[i] == '\t');)
		i++;
	if (i >= n || l[i++] != '"')
		return 0;
	const char *end = memchr(l + i, '"', n - i);
	size_t k = end ? (size_t)(end - (l + i)) : 0;
	if (!k || k >= INC_NAME_MAX || l[i] == '/' || memchr(l + i, '\0', k))
		return 0;
	memcpy(name, l + i, k);
	name[k] = 0;
	return 1;
}

/* dir/name resolved, when it is a regular file beneath the root; NULL. */
static char *found(const struct dp_srcs *s, const char *dir, const char *name)
{
	struct sb c = SB_INIT;
	sb_addf(&c, "%s/%s", dir, name);
	char *r = realpath(c.buf, NULL);
	sb_release(&c);
	struct stat st;
	if (r && (!beneath(r, s->root) || stat(r, &st) != 0 || !S_ISREG(st.st_mode))) {
		free(r);
		r = NULL;
	}
	return r;
}

/* Where the C compiler looks for `#include "name"` from a file in dir:
 * beside it, then each -I and -iquote directory of the cgo flags (relative
 * ones from the package's directory, where cmd/go runs the compiler). */
static char *resolve(const struct dp_srcs *s, const struct dp_pkg *p, const char *dir, const char *name)
{
	char *r = found(s, dir, name);
	for (size_t i = 0; !r && i < p->ncflags; i++) {
		const char *f = p->cflags[i], *d = NULL;
		if (strncmp(f, "-I", 2) == 0)
			d = f[2] ? f + 2 : i + 1 < p->ncflags ? p->cflags[++i] : NULL;
		else if (strncmp(f, "-iquote", 7) == 0)
			d = f[7] ? f + 7 : i + 1 < p->ncflags ? p->cflags[++i] : NULL;
		if (!d || !*d)
			continue;
		struct sb abs = SB_INIT;
		if (d[0] != '/')
			sb_addf(&abs, "%s/", p->dir);
		sb_adds(&abs, d);
		r = found(s, abs.buf, name);
		sb_release(&abs);
	}
	return r;
}

static int have(const struct dp_srcs *s, const char *real)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i].real, real) == 0)
			return 1;
	return 0;
}

/* The files source i includes, added after the others. */
static void follow(struct dp_srcs *s, const struct dp_pkg *p, size_t i)
{
	char name[INC_NAME_MAX];
	struct sb dir = SB_INIT;
	sb_add(&dir, s->v[i].real, (size_t)(dp_base(s->v[i].real) - s->v[i].real));
	if (dir.len > 1)
		dir.buf[--dir.len] = 0; /* the slash */
	for (size_t at = 0; at < s->v[i].bytes.len;) {
		const char *l = s->v[i].bytes.buf + at;
		const char *nl = memchr(l, '\n', s->v[i].bytes.len - at);
		size_t n = nl ? (size_t)(nl - l) : s->v[i].bytes.len - at;
		at += n + 1;
		if (!include_of(l, n, name))
			continue;
		char *r = resolve(s, p, dir.buf, name);
		if (r && !have(s, r)) {
			if (s->v[i].depth >= DP_SRC_MAX_DEPTH)
				cut(s, "#include deeper than 16 levels");
			else
				add(s, p, r, r, s->v[i].depth + 1);
		}
		free(r);
	}
	sb_release(&dir);
}

static void add_listed(struct dp_srcs *s, const struct dp_pkg *p, char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct sb path = SB_INIT;
		sb_addf(&path, "%s/%s", p->dir, names[i]);
		char *r = realpath(path.buf, NULL);
		if (!r || !have(s, r))
			add(s, p, path.buf, r, 0);
		free(r);
		sb_release(&path);
	}
}

void dp_srcs_read(const struct dp_pkg *p, struct dp_srcs *s)
{
	memset(s, 0, sizeof *s);
	s->root = realpath(p->moddir && p->moddir[0] ? p->moddir : p->dir, NULL);
	if (!s->root)
		s->root = gw_xstrdup(p->dir);
	struct sb in = SB_INIT;
	in_of(p, &in);
	s->in = sb_detach(&in);
	add_listed(s, p, p->files, p->nfiles);
	add_listed(s, p, p->sfiles, p->nsfiles);
	add_listed(s, p, p->cfiles, p->ncfiles);
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].bytes.len)
			follow(s, p, i);
}

void dp_srcs_free(struct dp_srcs *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].path);
		free(s->v[i].real);
		free(s->v[i].name);
		sb_release(&s->v[i].bytes);
	}
	free(s->v);
	free(s->root);
	free(s->in);
	memset(s, 0, sizeof *s);
}
