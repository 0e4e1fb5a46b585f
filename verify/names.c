/* names.c — per-package markers: which `<pkg>.gowrapMarker...` functions a
 * built file has, and which packages have code in it (see verify.h).
 *
 * Promise: the ELF reader (elf.c) or the Mach-O/fat/ar/bundle readers
 * (vf_walk_path) see every function name; this file only collects. Go's own
 * `...gowrap1` closures (go statement wrappers) never match: the marker is
 * `.gowrapMarker` right after the package path. */
#include "compat.h"
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify_int.h"
#include "marker.h"

struct collect {
	const char *const *pkgs;
	size_t npkgs;
	int *present;
	struct sb *markers;
};

/* A marker name gowrap could have written: no control bytes (the name is
 * printed; every byte of the file is hostile). */
static int printable(const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return 0;
	return 1;
}

static void on_name(void *ctx, const char *name, size_t n)
{
	struct collect *c = ctx;
	static const char m[] = "." GW_MARKER_FUNC;
	/* the package path ends at the last '/' then the first '.' after it */
	const char *base = name;
	for (size_t i = 0; i < n; i++)
		if (name[i] == '/')
			base = name + i + 1;
	const char *dot = memchr(base, '.', n - (size_t)(base - name));
	if (!dot)
		return;
	size_t plen = (size_t)(dot - name);
	for (size_t i = 0; i < c->npkgs; i++)
		if (!c->present[i] && strlen(c->pkgs[i]) == plen && memcmp(c->pkgs[i], name, plen) == 0)
			c->present[i] = 1;
	if (n - plen >= sizeof m - 1 && memcmp(dot, m, sizeof m - 1) == 0 && n < 512 &&
	    printable(name, n) && !gw_list_has(c->markers->buf, '\n', name, n)) {
		sb_add(c->markers, name, n);
		sb_addc(c->markers, '\n');
	}
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_lines(struct sb *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->len; i++)
		n += s->buf[i] == '\n';
	if (n < 2)
		return;
	char **v = gw_xcalloc(n, sizeof *v);
	char *dup = gw_xstrdup(s->buf);
	size_t k = 0;
	for (char *p = dup; *p && k < n;) {
		char *e = strchr(p, '\n');
		*e = 0;
		v[k++] = p;
		p = e + 1;
	}
	qsort(v, k, sizeof *v, cmp);
	sb_reset(s);
	for (size_t i = 0; i < k; i++) {
		sb_adds(s, v[i]);
		sb_addc(s, '\n');
	}
	free(v);
	free(dup);
}

int vf_pkg_markers(const char *path, const char *const *pkgs, size_t npkgs, int *present,
		   struct sb *markers, struct sb *err)
{
	struct collect c = { pkgs, npkgs, present, markers };
	unsigned char magic[4] = { 0 };
	/* O_NONBLOCK: a FIFO is refused below (not regular), never waited on */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	int rc = 0;

	for (size_t i = 0; i < npkgs; i++)
		present[i] = 0;
	/* a socket cannot be opened at all: say what it is, as the walk does */
	if (fd < 0 && stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		sb_addf(err, "%s: not a regular file", path);
		return -1;
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		sb_addf(err, "%s: cannot open", path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (S_ISREG(st.st_mode) && st.st_size >= 4 && pread(fd, magic, 4, 0) == 4 &&
	    memcmp(magic, "\177ELF", 4) == 0) {
		void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		if (map == MAP_FAILED) {
			sb_addf(err, "%s: cannot map", path);
			return -1;
		}
		struct vf_span s = { map, (size_t)st.st_size };
		struct vf_want want;
		vf_want_init(&want, NULL, on_name, &c);
		struct sb why = SB_INIT;
		if (vf_elf_names(s, &want, &why) < 0) {
			sb_addf(err, "%s: %s", path, why.buf);
			rc = -1;
		}
		sb_release(&why);
		munmap(map, (size_t)st.st_size);
	} else {
		close(fd);
		struct vf_result r = { 0 };
		struct vf_opts o = { .expect = VF_EXPECT_AUTO, .on_name = on_name, .on_name_ctx = &c };
		vf_walk_path(&r, path, &o);
		for (size_t i = 0; i < r.n; i++)
			if (r.inputs[i].error) {
				sb_addf(err, "%s: %s", r.inputs[i].path, r.inputs[i].error);
				rc = -1;
				break;
			}
		vf_result_release(&r);
	}
	sort_lines(markers);
	return rc;
}
