/* dirhash.c — Go's module hash "h1:" over a directory.
 *
 * Promise: the same string golang.org/x/mod/sumdb/dirhash.HashDir(dir, prefix,
 * Hash1) returns, which for an extracted module zip equals the go.sum / `go mod
 * download -json` Sum: sort the file names "<prefix>/<relpath>" bytewise (Go's
 * sort.Strings = strcmp), hash "%x  %s\n" of (sha256(file), name) per file,
 * then "h1:" + base64(sha256(all those lines)). SHA-256 is gowrap's one
 * implementation (common/hash.h, also in the static shim), checked against
 * real Sums (tests/toolchain.bats: golang.org/x/sys and the toolchain module
 * itself). */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"
#include "grow.h"
#include "hash.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WHAT "cannot hash the toolchain copy"
#define FIX_READ "check that the directory and every file in it are readable, and retry"
#define FIX_SHAPE                                                                                            \
	"a module zip holds only regular files with one-line names: remove the extra "                       \
	"entry (for a module cache copy, remove that module's directory or run "                             \
	"`go clean -modcache`) and retry"
#define FIX_STOP  "run the same command again"
#define FIX_FDS   "raise the open-file limit (`ulimit -n`) and retry"
#define MAX_DEPTH 128

struct names {
	char **v;
	size_t n, cap;
};

static void names_add(struct names *l, char *s)
{
	l->v = gw_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = s;
}

static void names_free(struct names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* Collect "rel/path" of every regular file beneath the directory open at fd
 * (consumed). rel is the path of fd relative to the root ("" at the root). */
static int collect(int fd, struct sb *rel, struct names *out, int depth, struct gw_err *e)
{
	if (depth > MAX_DEPTH) {
		close(fd);
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SHAPE, "%s: directories nested too deep",
				  rel->buf);
	}
	DIR *d = fdopendir(fd);
	if (!d) {
		int err = errno;
		close(fd);
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel->buf, strerror(err));
	}
	int rc = 0;
	size_t base = rel->len;
	struct dirent *de;
	errno = 0;
	while (rc == 0 && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (tc_stop) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_STOP, "interrupted");
			break;
		}
		if (base)
			sb_addc(rel, '/');
		sb_adds(rel, de->d_name);
		struct stat st;
		if (strchr(de->d_name, '\n')) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SHAPE,
					"a file name contains a newline (Go's dirhash refuses those too)");
		} else if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel->buf,
					strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd(d), de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0)
				rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel->buf,
						strerror(errno));
			else
				rc = collect(sub, rel, out, depth + 1, e);
		} else if (S_ISREG(st.st_mode)) {
			names_add(out, gw_xstrdup(rel->buf));
		} else {
			/* A module zip holds only regular files; anything else was added. */
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SHAPE,
					"%s is not a regular file or directory", rel->buf);
		}
		rel->len = base;
		rel->buf[base] = '\0';
		errno = 0;
	}
	if (rc == 0 && errno != 0)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel->buf, strerror(errno));
	closedir(d);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char hexd[] = "0123456789abcdef";

/* Append hex(sha256(file)) to line. */
static int hash_file(int rootfd, const char *rel, unsigned char *buf, size_t bufsz, struct sb *line,
		     struct gw_err *e)
{
	int fd = openat(rootfd, rel, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel, strerror(errno));
	struct gw_sha256 c;
	gw_sha256_init(&c);
	for (;;) {
		ssize_t r = read(fd, buf, bufsz);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = errno;
			close(fd);
			return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel, strerror(err));
		}
		if (r == 0)
			break;
		gw_sha256_update(&c, buf, (size_t)r);
	}
	close(fd);
	unsigned char md[32];
	gw_sha256_final(&c, md);
	for (unsigned i = 0; i < sizeof md; i++) {
		sb_addc(line, hexd[md[i] >> 4]);
		sb_addc(line, hexd[md[i] & 15]);
	}
	return 0;
}

/* Standard base64 with padding (encoding/base64.StdEncoding). */
static void base64(struct sb *out, const unsigned char *p, size_t n)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);
		sb_addc(out, a[v >> 18 & 63]);
		sb_addc(out, a[v >> 12 & 63]);
		sb_addc(out, i + 1 < n ? a[v >> 6 & 63] : '=');
		sb_addc(out, i + 2 < n ? a[v & 63] : '=');
	}
}

int tc_dirhash_h1(const char *dir, const char *prefix, struct sb *out, struct gw_err *e)
{
	int rootfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", dir, strerror(errno));
	int walkfd = dup(rootfd);
	struct names files = { NULL, 0, 0 };
	struct sb rel = SB_INIT, line = SB_INIT;
	sb_adds(&rel, "");
	int rc = walkfd < 0 ? gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_FDS, "dup: %s", strerror(errno))
			    : collect(walkfd, &rel, &files, 0, e);
	if (rc == 0)
		qsort(files.v, files.n, sizeof *files.v, cmp_str);

	struct gw_sha256 sum;
	gw_sha256_init(&sum);
	size_t bufsz = 1 << 20;
	unsigned char *buf = gw_xmalloc(bufsz);
	for (size_t i = 0; rc == 0 && i < files.n; i++) {
		if (tc_stop) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_STOP, "interrupted");
			break;
		}
		sb_reset(&line);
		rc = hash_file(rootfd, files.v[i], buf, bufsz, &line, e);
		if (rc)
			break;
		/* Names are prefix + "/" + rel, as filepath.Join(prefix, rel). */
		sb_adds(&line, "  ");
		if (prefix && *prefix) {
			sb_adds(&line, prefix);
			sb_addc(&line, '/');
		}
		sb_adds(&line, files.v[i]);
		sb_addc(&line, '\n');
		gw_sha256_update(&sum, line.buf, line.len);
	}
	if (rc == 0) {
		unsigned char md[32];
		gw_sha256_final(&sum, md);
		sb_adds(out, "h1:");
		base64(out, md, sizeof md);
	}
	free(buf);
	names_free(&files);
	sb_release(&rel);
	sb_release(&line);
	close(rootfd);
	return rc;
}
