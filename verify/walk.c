/* walk.c — from a path to files to scan: plain files, .framework and
 * .xcframework directories.
 *
 * Promise: a file is mapped read-only and scanned in place (only the pages
 * the readers touch are read). A .framework yields its binary <Name> and
 * Versions/Current/<Name>, each file once (same device and inode = same file).
 * An .xcframework yields every framework and library in every slice directory
 * (sorted, so output order is stable), with the platform its directory name
 * states as the fallback for objects that name none; an entry that cannot be
 * stat'ed (a dangling or looping symlink) is an input error, so a broken
 * bundle never passes on its other slices. A FIFO, socket or device is
 * an input error, found without waiting on it. No recursion beyond
 * that fixed shape, so symlink loops cannot trap the walk. Facts only: what
 * the slices must show is decided after the walk (check.c, policy.c). */
#include "compat.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "macho_format.h"
#include "verify_int.h"

static void fail(struct vf_input *in, const char *what, int err)
{
	struct sb e = SB_INIT;
	sb_addf(&e, "%s: %s", what, strerror(err));
	free(in->error);
	in->error = sb_detach(&e);
}

static void scan_file(struct vf_result *r, const char *path, uint32_t hint, const struct vf_opts *o)
{
	struct vf_input *in = vf_result_add(r, path);
	struct stat st;
	void *map;
	/* O_NONBLOCK: a FIFO put where a file was stat'ed must not make the
	 * open wait for a writer; a regular file reads the same either way. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		fail(in, "cannot open", errno);
		return;
	}
	if (fstat(fd, &st)) {
		fail(in, "cannot stat", errno);
		close(fd);
		return;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		in->error = gw_xstrdup("not a regular file");
		return;
	}
	if (st.st_size == 0) {
		close(fd);
		in->error = gw_xstrdup("empty file");
		return;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		fail(in, "cannot map", errno);
		return;
	}
	vf_read_buffer(in, map, (size_t)st.st_size, hint, o);
	munmap(map, (size_t)st.st_size);
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n >= k && strcmp(s + n - k, suf) == 0;
}

static const char *base(const char *path, struct sb *tmp)
{
	const char *b;
	sb_reset(tmp);
	sb_adds(tmp, path);
	while (tmp->len > 1 && tmp->buf[tmp->len - 1] == '/')
		tmp->buf[--tmp->len] = 0;
	b = strrchr(tmp->buf, '/');
	return b ? b + 1 : tmp->buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted entry names of dir (without . and ..); NULL on error. */
static char **list_dir(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		v = gw_grow(v, &cap, *n + 1, sizeof *v);
		v[(*n)++] = gw_xstrdup(de->d_name);
	}
	closedir(d);
	if (!v)
		v = gw_xcalloc(1, sizeof *v);
	qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

static void free_list(char **v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void scan_framework(struct vf_result *r, const char *dir, uint32_t hint,
			   const struct vf_opts *o)
{
	struct sb tmp = SB_INIT, p1 = SB_INIT, p2 = SB_INIT;
	struct stat s1, s2;
	const char *b = base(dir, &tmp);
	int h1, h2;

	/* Name.framework holds Name; a deep (macOS-style) bundle links it to
	 * Versions/Current/Name. */
	sb_add(&p1, dir, strlen(dir));
	sb_addc(&p1, '/');
	sb_add(&p1, b, strlen(b) - strlen(".framework"));
	sb_add(&p2, dir, strlen(dir));
	sb_adds(&p2, "/Versions/Current/");
	sb_add(&p2, b, strlen(b) - strlen(".framework"));
	h1 = stat(p1.buf, &s1) == 0 && S_ISREG(s1.st_mode);
	h2 = stat(p2.buf, &s2) == 0 && S_ISREG(s2.st_mode);
	if (h1)
		scan_file(r, p1.buf, hint, o);
	if (h2 && !(h1 && s1.st_dev == s2.st_dev && s1.st_ino == s2.st_ino))
		scan_file(r, p2.buf, hint, o);
	if (!h1 && !h2) {
		struct vf_input *in = vf_result_add(r, dir);
		struct sb e = SB_INIT;
		sb_addf(&e, "framework has no binary %s", p1.buf + strlen(dir) + 1);
		in->error = sb_detach(&e);
	}
	sb_release(&tmp);
	sb_release(&p1);
	sb_release(&p2);
}

/* Only files that start like something we read: Headers, Info.plist and
 * module maps sit beside the binaries in a slice directory. */
static int looks_binary(const char *path)
{
	unsigned char b[8];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return 1; /* let scan_file report why */
	n = read(fd, b, sizeof b);
	close(fd);
	if (n < 0)
		return 0;
	return vf_sniff((struct vf_span){ b, (size_t)n }) != VF_KIND_OTHER;
}

/* xcodebuild's library identifiers: <platform>-<archs>[-<variant>], e.g.
 * ios-arm64, ios-arm64_x86_64-simulator, ios-arm64_x86_64-maccatalyst,
 * tvos-arm64, xros-arm64-simulator, macos-arm64_x86_64. */
static uint32_t platform_from_dirname(const char *name)
{
	static const struct { const char *os; uint32_t dev, sim; } t[] = {
		{ "ios", PLATFORM_IOS, PLATFORM_IOSSIMULATOR },
		{ "tvos", PLATFORM_TVOS, PLATFORM_TVOSSIMULATOR },
		{ "watchos", PLATFORM_WATCHOS, PLATFORM_WATCHOSSIMULATOR },
		{ "xros", PLATFORM_VISIONOS, PLATFORM_VISIONOSSIMULATOR },
		{ "macos", PLATFORM_MACOS, 0 },
	};
	const char *dash = strchr(name, '-'), *last = strrchr(name, '-');
	size_t i, n;

	if (!dash)
		return 0;
	n = (size_t)(dash - name);
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (strlen(t[i].os) != n || strncmp(name, t[i].os, n) != 0)
			continue;
		if (last != dash && strcmp(last, "-simulator") == 0)
			return t[i].sim;
		if (last != dash && strcmp(last, "-maccatalyst") == 0)
			return t[i].dev == PLATFORM_IOS ? PLATFORM_MACCATALYST : 0;
		return t[i].dev;
	}
	return 0;
}

static void scan_xcframework(struct vf_result *r, const char *dir, const struct vf_opts *o)
{
	size_t n, m, i, j, before = r->n;
	char **slices = list_dir(dir, &n);
	struct sb p = SB_INIT, q = SB_INIT;

	if (!slices) {
		fail(vf_result_add(r, dir), "cannot read directory", errno);
		return;
	}
	for (i = 0; i < n; i++) {
		struct stat st;
		char **ents;
		uint32_t hint;

		sb_reset(&p);
		sb_addf(&p, "%s/%s", dir, slices[i]);
		if (stat(p.buf, &st)) {
			/* a dangling or looping link where a slice should be:
			 * report it, never pass the bundle without it */
			fail(vf_result_add(r, p.buf), "cannot stat", errno);
			continue;
		}
		if (!S_ISDIR(st.st_mode) || strcmp(slices[i], "_CodeSignature") == 0)
			continue;
		hint = platform_from_dirname(slices[i]);
		ents = list_dir(p.buf, &m);
		if (!ents) {
			fail(vf_result_add(r, p.buf), "cannot read directory", errno);
			continue;
		}
		for (j = 0; j < m; j++) {
			sb_reset(&q);
			sb_addf(&q, "%s/%s", p.buf, ents[j]);
			if (stat(q.buf, &st)) {
				fail(vf_result_add(r, q.buf), "cannot stat", errno);
				continue;
			}
			if (S_ISDIR(st.st_mode) && has_suffix(ents[j], ".framework"))
				scan_framework(r, q.buf, hint, o);
			else if (S_ISREG(st.st_mode) && looks_binary(q.buf))
				scan_file(r, q.buf, hint, o);
		}
		free_list(ents, m);
	}
	free_list(slices, n);
	if (r->n == before)
		vf_result_add(r, dir)->error = gw_xstrdup("xcframework holds no frameworks or libraries");
	sb_release(&p);
	sb_release(&q);
}

void vf_walk_path(struct vf_result *r, const char *path, const struct vf_opts *o)
{
	struct stat st;
	struct sb tmp = SB_INIT;

	if (stat(path, &st)) {
		fail(vf_result_add(r, path), "cannot stat", errno);
		return;
	}
	if (S_ISREG(st.st_mode)) {
		scan_file(r, path, 0, o);
		return;
	}
	/* A FIFO, socket or device is never a build's output: said without
	 * opening it (a FIFO's open waits for a writer; a socket's fails). */
	if (!S_ISDIR(st.st_mode)) {
		vf_result_add(r, path)->error = gw_xstrdup("not a regular file");
		return;
	}
	if (has_suffix(base(path, &tmp), ".xcframework"))
		scan_xcframework(r, path, o);
	else if (has_suffix(base(path, &tmp), ".framework"))
		scan_framework(r, path, 0, o);
	else
		vf_result_add(r, path)->error =
			gw_xstrdup("a directory that is neither .framework nor .xcframework");
	sb_release(&tmp);
}
