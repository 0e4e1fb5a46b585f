/* trust.c — see trust.h. */
#include "compat.h"
#include "trust.h"
#include "exitcodes.h"
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char fix_cache[] =
	"use a cache only you can write: chown/chmod it (chmod go-w), or remove it, or set GOWRAP_CACHE to a directory of yours (mode 0700)";

int gw_trust_stat(const char *path, const struct stat *st, int want_dir, struct gw_err *e)
{
	uid_t me = geteuid();
	if (S_ISLNK(st->st_mode))
		return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
				  "%s is a symlink (nothing beneath the cache is followed)", path);
	if (want_dir ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
		return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
				  "%s is not a %s", path, want_dir ? "directory" : "regular file");
	if (st->st_uid != me)
		return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
				  "%s is owned by uid %ld, not by you (uid %ld)", path,
				  (long)st->st_uid, (long)me);
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
				  "%s is writable by %s (mode %04o)", path,
				  st->st_mode & S_IWOTH ? "others" : "its group",
				  (unsigned)(st->st_mode & 07777));
	return 0;
}

/* Every proper ancestor of the absolute path p: owned by root or us, and not
 * writable by others unless sticky (/tmp). A symlink among them must be
 * owned by root or us; where it leads is checked on the resolved path. */
static int check_ancestors(const char *p, struct gw_err *e)
{
	uid_t me = geteuid();
	struct sb a = SB_INIT;
	int rc = 0;
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		n--;
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (p[i] != '/')
			continue;
		sb_reset(&a);
		sb_add(&a, p, i ? i : 1);
		struct stat st;
		if (lstat(a.buf, &st) < 0) {
			rc = gw_err_set(e, GW_EXIT_CACHE, "cannot use the cache directory", fix_cache,
					"%s: %s", a.buf, strerror(errno));
			break;
		}
		if (st.st_uid != 0 && st.st_uid != me)
			rc = gw_err_set(e, GW_EXIT_CACHE, "untrusted cache location", fix_cache,
					"%s (above the cache) is owned by uid %ld, who could replace the cache",
					a.buf, (long)st.st_uid);
		else if (S_ISDIR(st.st_mode) && (st.st_mode & (S_IWGRP | S_IWOTH)) &&
			 !(st.st_mode & S_ISVTX))
			rc = gw_err_set(e, GW_EXIT_CACHE, "untrusted cache location", fix_cache,
					"%s (above the cache) is writable by others without the sticky bit (mode %04o)",
					a.buf, (unsigned)(st.st_mode & 07777));
	}
	sb_release(&a);
	return rc;
}

int gw_trust_cache_root(const char *cache, struct gw_err *e)
{
	struct stat st;
	if (lstat(cache, &st) < 0 && gw_mkdirs(cache, 0700, e) < 0)
		return -1;
	if (check_ancestors(cache, e) < 0)
		return -1;
	if (lstat(cache, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (st.st_uid != 0 && st.st_uid != geteuid())
			return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache location", fix_cache,
					  "the symlink %s is owned by uid %ld, not by you", cache,
					  (long)st.st_uid);
		char rp[PATH_MAX];
		if (!realpath(cache, rp))
			return gw_err_set(e, GW_EXIT_CACHE, "cannot use the cache directory", fix_cache,
					  "%s: %s", cache, strerror(errno));
		if (check_ancestors(rp, e) < 0)
			return -1;
		if (lstat(rp, &st) < 0)
			return gw_err_set(e, GW_EXIT_CACHE, "cannot use the cache directory", fix_cache,
					  "%s: %s", rp, strerror(errno));
		return gw_trust_stat(rp, &st, 1, e);
	}
	if (lstat(cache, &st) < 0)
		return gw_err_set(e, GW_EXIT_CACHE, "cannot use the cache directory", fix_cache,
				  "%s: %s", cache, strerror(errno));
	return gw_trust_stat(cache, &st, 1, e);
}

int gw_trust_subdir(const char *dir, struct gw_err *e)
{
	struct stat st;
	if (lstat(dir, &st) < 0) {
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			return gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
					  "set GOWRAP_CACHE to a directory you can write", "%s: %s", dir,
					  strerror(errno));
		if (lstat(dir, &st) < 0)
			return gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
					  "set GOWRAP_CACHE to a directory you can write", "%s: %s", dir,
					  strerror(errno));
	}
	return gw_trust_stat(dir, &st, 1, e);
}

int gw_trust_under(const char *cache, const char *path, struct gw_err *e)
{
	size_t n = strlen(cache);
	while (n > 1 && cache[n - 1] == '/')
		n--;
	if (strncmp(path, cache, n) != 0 || path[n] != '/')
		return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
				  "%s lies outside the cache %s", path, cache);
	struct sb a = SB_INIT;
	int rc = 0;
	for (size_t i = n + 1;; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		sb_reset(&a);
		sb_add(&a, path, i);
		struct stat st;
		if (lstat(a.buf, &st) < 0)
			rc = gw_err_set(e, GW_EXIT_CACHE, "cannot read the cache", fix_cache, "%s: %s",
					a.buf, strerror(errno));
		else
			rc = gw_trust_stat(a.buf, &st, path[i] == '/', e);
		if (rc < 0 || path[i] == '\0')
			break;
	}
	sb_release(&a);
	return rc;
}

int gw_read_trusted(const char *path, size_t limit, struct sb *out, struct gw_err *e)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		if (errno == ENOENT)
			return 1;
		if (errno == ELOOP)
			return gw_err_set(e, GW_EXIT_CACHE, "untrusted cache entry", fix_cache,
					  "%s is a symlink (nothing beneath the cache is followed)", path);
		return gw_err_set(e, GW_EXIT_CACHE, "cannot read the cache", fix_cache, "%s: %s",
				  path, strerror(errno));
	}
	struct stat st;
	int rc = fstat(fd, &st) < 0 ? gw_err_set(e, GW_EXIT_CACHE, "cannot read the cache", fix_cache,
						  "%s: %s", path, strerror(errno))
				    : gw_trust_stat(path, &st, 0, e);
	if (rc == 0 && sb_read_fd(out, fd, limit) < 0)
		rc = gw_err_set(e, GW_EXIT_CACHE, "cannot read the cache", fix_cache, "%s: %s", path,
				strerror(errno));
	close(fd);
	return rc;
}
