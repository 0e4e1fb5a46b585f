/* fsutil.c — see fsutil.h. */
#include "compat.h"
#include "fsutil.h"
#include "exitcodes.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gw_write_atomic(const char *path, const void *data, size_t len, mode_t mode,
		    struct gw_err *e)
{
	struct sb tmp = SB_INIT;
	int fd = -1;
	/* pid + time + counter: unique among concurrent writers on one host. */
	static unsigned counter;
	for (int tries = 0; tries < 100; tries++) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		sb_reset(&tmp);
		sb_addf(&tmp, "%s.tmp.%ld.%ld.%u", path, (long)getpid(), (long)ts.tv_nsec,
			counter++);
		fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0) {
		gw_err_set(e, GW_EXIT_CACHE, "cannot write", "check the directory's owner and permissions, or set GOWRAP_CACHE to a writable directory",
			   "%s: %s", tmp.buf, strerror(errno));
		sb_release(&tmp);
		return -1;
	}
	if (gw_write_all(fd, data, len) < 0 || fchmod(fd, mode) < 0 || fsync(fd) < 0) {
		int err = errno;
		close(fd);
		unlink(tmp.buf);
		gw_err_set(e, GW_EXIT_CACHE, "cannot write", "free disk space or set GOWRAP_CACHE to a writable directory",
			   "%s: %s", tmp.buf, strerror(err));
		sb_release(&tmp);
		return -1;
	}
	if (close(fd) < 0 || rename(tmp.buf, path) < 0) {
		int err = errno;
		unlink(tmp.buf);
		gw_err_set(e, GW_EXIT_CACHE, "cannot write", "check the directory's permissions, or set GOWRAP_CACHE to a writable directory",
			   "%s: %s", path, strerror(err));
		sb_release(&tmp);
		return -1;
	}
	sb_release(&tmp);
	return 0;
}

int gw_mkdirs(const char *path, mode_t mode, struct gw_err *e)
{
	struct sb p = SB_INIT;
	sb_adds(&p, path);
	while (p.len > 1 && p.buf[p.len - 1] == '/')
		p.buf[--p.len] = '\0';
	for (size_t i = 1; i <= p.len; i++) {
		if (i != p.len && p.buf[i] != '/')
			continue;
		char save = p.buf[i];
		p.buf[i] = '\0';
		if (mkdir(p.buf, mode) < 0 && errno != EEXIST) {
			gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
				   "set GOWRAP_CACHE to a directory you can write",
				   "%s: %s", p.buf, strerror(errno));
			sb_release(&p);
			return -1;
		}
		p.buf[i] = save;
	}
	struct stat st;
	if (lstat(p.buf, &st) < 0 || !S_ISDIR(st.st_mode)) {
		gw_err_set(e, GW_EXIT_CACHE, "cannot use directory",
			   "remove it or point GOWRAP_CACHE elsewhere",
			   "%s is not a directory (or is a symlink)", p.buf);
		sb_release(&p);
		return -1;
	}
	sb_release(&p);
	return 0;
}

int gw_cache_dir(struct sb *out, struct gw_err *e)
{
	const char *v = getenv("GOWRAP_CACHE");
	if (v && *v) {
		/* As the go command does with GOCACHE: a relative path would name
		 * a different directory in every directory go runs in (-C,
		 * gomobile's work dirs), and overlay paths must be absolute. */
		if (v[0] != '/')
			return gw_err_set(e, GW_EXIT_CACHE, "cannot use the cache directory",
					  "set GOWRAP_CACHE to an absolute path",
					  "GOWRAP_CACHE=%s is not an absolute path", v);
		sb_adds(out, v);
		return 0;
	}
	v = getenv("XDG_CACHE_HOME");
	if (v && *v == '/') {
		gw_path_join(out, v, "gowrap");
		return 0;
	}
	const char *home = getenv("HOME");
	if (!home || !*home)
		return gw_err_set(e, GW_EXIT_CACHE, "cannot find a cache directory",
				  "set GOWRAP_CACHE or HOME", "neither GOWRAP_CACHE, XDG_CACHE_HOME nor HOME is set");
#ifdef __APPLE__
	gw_path_join(out, home, "Library/Caches/gowrap");
#else
	gw_path_join(out, home, ".cache/gowrap");
#endif
	return 0;
}

static int prefix_within(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n == 0 || strncmp(path, dir, n) != 0)
		return 0;
	return path[n] == '\0' || path[n] == '/' || (n == 1 && dir[0] == '/');
}

int gw_path_within(const char *path, const char *dir)
{
	if (!path || !dir || !*path || !*dir)
		return 0;
	if (prefix_within(path, dir))
		return 1;
	char rp[PATH_MAX], rd[PATH_MAX];
	if (realpath(path, rp) && realpath(dir, rd))
		return prefix_within(rp, rd);
	return 0;
}

void gw_path_join(struct sb *out, const char *dir, const char *name)
{
	sb_adds(out, dir);
	if (out->len && out->buf[out->len - 1] != '/')
		sb_addc(out, '/');
	while (*name == '/')
		name++;
	sb_adds(out, name);
}

int gw_is_executable(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

void gw_stat_sig(struct sb *out, const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		sb_adds(out, "-");
		return;
	}
	sb_addf(out, "%" PRIuMAX ":%" PRIuMAX ":%" PRIdMAX ":%" PRIdMAX ".%09ld:%" PRIdMAX ".%09ld",
		(uintmax_t)st.st_dev, (uintmax_t)st.st_ino, (intmax_t)st.st_size,
		(intmax_t)GW_ST_MTIM(&st).tv_sec, GW_ST_MTIM(&st).tv_nsec,
		(intmax_t)GW_ST_CTIM(&st).tv_sec, GW_ST_CTIM(&st).tv_nsec);
}

void gw_key_file(struct sb *out, const char *tag, const char *path)
{
	sb_addf(out, "%s\t", tag);
	for (const char *c = path; *c; c++)
		sb_addc(out, *c == '\n' || *c == '\t' ? '?' : *c);
	sb_addc(out, '\t');
	gw_stat_sig(out, path);
	sb_addc(out, '\n');
}
