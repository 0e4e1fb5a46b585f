/* toolchain_dirhash.c — Go's module hash "h1:" over a directory.
 *
 * Promise: the same string golang.org/x/mod/sumdb/dirhash.HashDir(dir, prefix,
 * Hash1) returns, which for an extracted module zip equals the go.sum / `go mod
 * download -json` Sum: sort the file names "<prefix>/<relpath>" bytewise (Go's
 * sort.Strings = strcmp), hash "%x  %s\n" of (sha256(file), name) per file,
 * then "h1:" + base64(sha256(all those lines)). SHA-256 and base64 come from
 * OpenSSL's EVP: a well-kept library beats our own. Checked against real Sums
 * (tests/toolchain.bats: golang.org/x/sys and the toolchain module itself). */
#include "compat.h"
#include "toolchain.h"
#include "exitcodes.h"
#include "grow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#define WHAT "cannot hash the toolchain copy"
#define FIX_READ "check that the directory and every file in it are readable, and retry"
#define FIX_SHAPE                                                                                            \
	"a module zip holds only regular files with one-line names: remove the extra "                       \
	"entry (for a module cache copy, remove that module's directory or run "                             \
	"`go clean -modcache`) and retry"
#define FIX_STOP  "run the same command again"
#define FIX_SSL   "check that OpenSSL's libcrypto works (`openssl dgst -sha256 FILE`) and retry"
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
static int hash_file(int rootfd, const char *rel, unsigned char *buf, size_t bufsz,
		     EVP_MD_CTX *ctx, struct sb *line, struct gw_err *e)
{
	int fd = openat(rootfd, rel, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_READ, "%s: %s", rel, strerror(errno));
	int ok = EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
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
		ok = ok && EVP_DigestUpdate(ctx, buf, (size_t)r);
	}
	close(fd);
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	ok = ok && EVP_DigestFinal_ex(ctx, md, &mdlen);
	if (!ok || mdlen != 32)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SSL, "OpenSSL SHA-256 failed on %s", rel);
	for (unsigned i = 0; i < mdlen; i++) {
		sb_addc(line, hexd[md[i] >> 4]);
		sb_addc(line, hexd[md[i] & 15]);
	}
	return 0;
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

	EVP_MD_CTX *sum = EVP_MD_CTX_new(), *one = EVP_MD_CTX_new();
	size_t bufsz = 1 << 20;
	unsigned char *buf = gw_xmalloc(bufsz);
	if (rc == 0 && (!sum || !one || !EVP_DigestInit_ex(sum, EVP_sha256(), NULL)))
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SSL, "OpenSSL SHA-256 unavailable");
	for (size_t i = 0; rc == 0 && i < files.n; i++) {
		if (tc_stop) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_STOP, "interrupted");
			break;
		}
		sb_reset(&line);
		rc = hash_file(rootfd, files.v[i], buf, bufsz, one, &line, e);
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
		if (!EVP_DigestUpdate(sum, line.buf, line.len))
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SSL, "OpenSSL SHA-256 failed");
	}
	if (rc == 0) {
		unsigned char md[EVP_MAX_MD_SIZE], b64[64];
		unsigned int mdlen = 0;
		if (!EVP_DigestFinal_ex(sum, md, &mdlen) || mdlen != 32) {
			rc = gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SSL, "OpenSSL SHA-256 failed");
		} else {
			EVP_EncodeBlock(b64, md, (int)mdlen); /* 44 chars + NUL */
			sb_adds(out, "h1:");
			sb_adds(out, (const char *)b64);
		}
	}
	EVP_MD_CTX_free(sum);
	EVP_MD_CTX_free(one);
	free(buf);
	names_free(&files);
	sb_release(&rel);
	sb_release(&line);
	close(rootfd);
	return rc;
}
