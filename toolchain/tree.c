/* tree.c — getting the toolchain module's files out of the module
 * cache, and cleaning up after ourselves.
 *
 * Promise: tc_copy_tree reproduces exactly the module zip's file set from the
 * extracted Dir (see toolchain.h for the one go.mod rule), with owner-writable
 * modes and exec bits where the go command sets them; it opens the source only
 * with O_RDONLY|O_NOFOLLOW and never changes it (the module cache is shared
 * with every other go command and is read-only on purpose). All walking goes
 * through directory fds (openat), never re-resolving a path another process
 * could swap underneath us. */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WHAT "cannot copy the toolchain"
#define FIX_SRC "check that the module's directory in the module cache is readable, and retry"
#define FIX_DST "check that the --sdk directory is writable and has free space, and retry"
#define FIX_BOTH                                                                                             \
	"check that the module cache is readable and the --sdk directory writable, "                         \
	"and retry"
#define FIX_ALTERED                                                                                          \
	"the module cache copy was altered: remove that module's directory (or run "                         \
	"`go clean -modcache`) and retry"
#define FIX_STOP  "run the install again"
#define MAX_DEPTH 128

struct copier {
	struct tc_tree_stats *st;
	struct gw_err *e;
};

/* The files the go command marks executable after a toolchain download
 * (cmd/go/internal/toolchain/select.go allowExec): everything under bin/ and
 * pkg/tool/, and lib/.../go_?*_?*_exec (the wasm exec wrappers). */
static int is_exec(const char *rel, const char *name)
{
	if (!strncmp(rel, "bin/", 4) || !strncmp(rel, "pkg/tool/", 9))
		return 1;
	return !strncmp(rel, "lib/", 4) && fnmatch("go_?*_?*_exec", name, 0) == 0;
}

static int copy_fd(int in, int out)
{
	/* In-kernel copy (or a reflink on filesystems that share extents); falls
	 * back to read/write where the kernel or filesystem declines. */
	for (;;) {
		ssize_t n = gw_copy_file_range(in, out, 1 << 30);
		if (n == 0)
			return 0;
		if (n > 0)
			continue;
		if (errno == EINTR)
			continue;
		if (errno != EXDEV && errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
			return -1;
		break;
	}
	/* copy_file_range fails before writing anything in the fallback cases above,
	 * except on a later chunk; restart from the beginning to be sure. */
	if (lseek(in, 0, SEEK_SET) < 0 || lseek(out, 0, SEEK_SET) < 0 || ftruncate(out, 0) < 0)
		return -1;
	static unsigned char buf[1 << 18];
	for (;;) {
		ssize_t r = read(in, buf, sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return 0;
		if (gw_write_all(out, buf, (unsigned long)r) < 0)
			return -1;
	}
}

static int copy_file(struct copier *c, int sdir, int ddir, const char *name, const char *rel,
		     off_t size)
{
	int in = openat(sdir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (in < 0)
		return gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SRC, "reading %s: %s", rel,
				  strerror(errno));
	mode_t mode = is_exec(rel, name) ? 0755 : 0644;
	int out = openat(ddir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
	if (out < 0) {
		int err = errno;
		close(in);
		return gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_DST, "creating %s: %s", rel,
				  strerror(err));
	}
	int rc = copy_fd(in, out);
	int err = errno;
	close(in);
	if (close(out) < 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc < 0)
		return gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, "free disk space and retry",
				  "%s: %s", rel, strerror(err));
	c->st->files++;
	c->st->bytes += (unsigned long long)size;
	return 0;
}

/* Copy the directory open at sdir (consumed) into the one open at ddir
 * (consumed). rel is the path below the root, "" at the root. */
static int copy_dir(struct copier *c, int sdir, int ddir, struct sb *rel, int depth)
{
	DIR *d = fdopendir(sdir);
	if (!d) {
		int err = errno;
		close(sdir);
		close(ddir);
		return gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SRC, "%s: %s", rel->buf, strerror(err));
	}
	if (depth > MAX_DEPTH) {
		closedir(d);
		close(ddir);
		return gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_ALTERED, "%s: nested too deep",
				  rel->buf);
	}
	int rc = 0;
	size_t base = rel->len;
	struct dirent *de;
	errno = 0;
	while (rc == 0 && (de = readdir(d))) {
		const char *name = de->d_name;
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		if (tc_stop) {
			rc = gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_STOP, "interrupted");
			break;
		}
		if (base)
			sb_addc(rel, '/');
		sb_adds(rel, name);
		struct stat st, twin;
		if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			rc = gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SRC, "%s: %s", rel->buf,
					strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			int s2 = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			int d2 = -1;
			if (s2 >= 0 && mkdirat(ddir, name, 0755) == 0)
				d2 = openat(ddir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (s2 < 0 || d2 < 0) {
				rc = gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_BOTH, "%s: %s", rel->buf,
						strerror(errno));
				if (s2 >= 0)
					close(s2);
			} else {
				c->st->dirs++;
				rc = copy_dir(c, s2, d2, rel, depth + 1);
			}
		} else if (!S_ISREG(st.st_mode)) {
			rc = gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT,
					"the module cache copy was altered: remove that module's directory "
					"(or run `go clean -modcache`) and retry",
					"%s is not a regular file (a module zip holds only regular files)",
					rel->buf);
		} else if (!strcmp(name, "go.mod") &&
			   fstatat(dirfd(d), "_go.mod", &twin, AT_SYMLINK_NOFOLLOW) == 0) {
			/* Added by a GOTOOLCHAIN switch (select.go copies _go.mod to
			 * go.mod); not in the zip, so not copied: tc_restore_gomods
			 * recreates it from the verified _go.mod. */
			c->st->skipped++;
		} else {
			rc = copy_file(c, dirfd(d), ddir, name, rel->buf, st.st_size);
		}
		rel->len = base;
		rel->buf[base] = '\0';
		errno = 0;
	}
	if (rc == 0 && errno != 0)
		rc = gw_err_set(c->e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SRC, "%s: %s", rel->buf, strerror(errno));
	closedir(d);
	close(ddir);
	return rc;
}

int tc_copy_tree(const char *src, const char *dst, struct tc_tree_stats *st, struct gw_err *e)
{
	struct copier c = { st, e };
	memset(st, 0, sizeof *st);
	int s = open(src, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_SRC, "%s: %s", src, strerror(errno));
	int d = open(dst, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d < 0) {
		int err = errno;
		close(s);
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, WHAT, FIX_DST, "%s: %s", dst, strerror(err));
	}
	struct sb rel = SB_INIT;
	sb_adds(&rel, "");
	int rc = copy_dir(&c, s, d, &rel, 0);
	sb_release(&rel);
	return rc;
}

/* ---- go.mod restoration ---- */

static int write_twin(int dir, const char *rel, struct gw_err *e)
{
	int in = openat(dir, "_go.mod", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	int out = in < 0 ? -1
			 : openat(dir, "go.mod", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				  0644);
	int rc = (in < 0 || out < 0) ? -1 : copy_fd(in, out);
	int err = errno;
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out) < 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot restore go.mod", FIX_DST, "%s/go.mod: %s",
				  rel, strerror(err));
	return 0;
}

static int restore_dir(int fd, struct sb *rel, int depth, struct gw_err *e)
{
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot restore go.mod", FIX_DST, "%s: %s", rel->buf,
				  strerror(errno));
	}
	int rc = 0;
	size_t base = rel->len;
	struct dirent *de;
	while (rc == 0 && depth <= MAX_DEPTH && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		struct stat st;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (base)
			sb_addc(rel, '/');
		sb_adds(rel, de->d_name);
		if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd(d), de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			rc = sub < 0 ? gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot restore go.mod", FIX_DST,
						  "%s: %s", rel->buf, strerror(errno))
				     : restore_dir(sub, rel, depth + 1, e);
		} else if (S_ISREG(st.st_mode) && !strcmp(de->d_name, "_go.mod")) {
			rel->len = base;
			rel->buf[base] = '\0';
			rc = write_twin(dirfd(d), base ? rel->buf : ".", e);
		}
		rel->len = base;
		rel->buf[base] = '\0';
	}
	closedir(d);
	return rc;
}

int tc_restore_gomods(const char *root, struct gw_err *e)
{
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot restore go.mod", FIX_DST, "%s: %s", root,
				  strerror(errno));
	struct sb rel = SB_INIT;
	sb_adds(&rel, "");
	int rc = restore_dir(fd, &rel, 0, e);
	sb_release(&rel);
	return rc;
}

/* ---- removal ---- */

static int remove_in(int fd, int depth)
{
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	int rc = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		struct stat st;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
			int sub = openat(dirfd(d), de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0 || remove_in(sub, depth + 1) < 0 ||
			    unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR) < 0)
				rc = -1;
		} else if (unlinkat(dirfd(d), de->d_name, 0) < 0) {
			rc = -1;
		}
	}
	closedir(d);
	return rc;
}

int tc_remove_tree(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : unlink(path);
	if (remove_in(fd, 0) < 0)
		return -1;
	return rmdir(path);
}
