/* record.c — see record.h. */
#include "compat.h"
#include "record.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "trust.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char fix_cache[] =
	"use a cache only you can write: chown/chmod it (chmod go-w), or remove it, or set GOWRAP_CACHE to a directory of yours (mode 0700)";
static const char head[] = "gowrap-record\t";

/* rel must name something beneath the cache: no "..", no leading '/'. */
static int rel_ok(const char *rel)
{
	if (!*rel || rel[0] == '/')
		return 0;
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.'))
			return 0;
		p += n;
		p += *p == '/';
	}
	return 1;
}

/* Walk the directories of rel below cache (all of rel when whole, else all
 * but its last component): each must exist (make: create it 0700) and pass
 * trust.h. 0; 1 a directory is missing (read); -1 refused (e). */
static int walk_dirs(const char *cache, const char *rel, int whole, int make, struct sb *path,
		     struct gw_err *e)
{
	sb_reset(path);
	sb_adds(path, cache);
	while (path->len > 1 && path->buf[path->len - 1] == '/')
		path->buf[--path->len] = '\0';
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/");
		int last = p[n] == '\0';
		if (last && !whole)
			return 0;
		sb_addc(path, '/');
		sb_add(path, p, n);
		struct stat st;
		if (lstat(path->buf, &st) < 0) {
			if (errno != ENOENT)
				return gw_err_set(e, GW_EXIT_CACHE, "cannot read the cache", fix_cache, "%s: %s",
						  path->buf, strerror(errno));
			if (!make)
				return 1;
			if (mkdir(path->buf, 0700) < 0 && errno != EEXIST)
				return gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
						  "set GOWRAP_CACHE to a directory you can write", "%s: %s",
						  path->buf, strerror(errno));
			if (lstat(path->buf, &st) < 0)
				return gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
						  "set GOWRAP_CACHE to a directory you can write", "%s: %s",
						  path->buf, strerror(errno));
		}
		if (gw_trust_stat(path->buf, &st, 1, e) < 0)
			return -1;
		p += n;
		p += *p == '/';
	}
	return 0;
}

/* The record's full path, its directories walked (and made: make) and
 * checked on the way. 0; 1 a directory is missing (read); -1 (e). */
static int rec_path(const char *cache, const char *rel, int make, struct sb *path, struct gw_err *e)
{
	if (!rel_ok(rel))
		return gw_err_set(e, GW_EXIT_INTERNAL, "bad cache path", "report this as a gowrap bug", "%s", rel);
	int rc = walk_dirs(cache, rel, 0, make, path, e);
	if (rc == 0) {
		sb_addc(path, '/');
		sb_adds(path, strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel);
	}
	return rc;
}

int gw_rec_dir(const char *cache, const char *sub, struct sb *out, struct gw_err *e)
{
	if (!rel_ok(sub))
		return gw_err_set(e, GW_EXIT_INTERNAL, "bad cache path", "report this as a gowrap bug", "%s", sub);
	return walk_dirs(cache, sub, 1, 1, out, e);
}

int gw_rec_read_raw(const char *cache, const char *rel, size_t limit, struct sb *body,
		    struct gw_err *e)
{
	struct sb path = SB_INIT;
	int rc = rec_path(cache, rel, 0, &path, e);
	/* gw_read_trusted: O_NOFOLLOW|O_NONBLOCK, then fstat: a FIFO or device
	 * is refused as "not a regular file" before anything is read. */
	if (rc == 0)
		rc = gw_read_trusted(path.buf, limit < GW_REC_MAX ? limit : GW_REC_MAX, body, e);
	sb_release(&path);
	return rc;
}

int gw_rec_unframe(const char *raw, size_t len, const char *kind, struct sb *body)
{
	size_t hl = strlen(head), kl = strlen(kind);
	if (len >= hl + kl + 1 + 4 && memcmp(raw, head, hl) == 0 &&
	    memcmp(raw + hl, kind, kl) == 0 && raw[hl + kl] == '\n' &&
	    memcmp(raw + len - 4, "end\n", 4) == 0 &&
	    (len == hl + kl + 1 + 4 || raw[len - 5] == '\n')) {
		sb_reset(body);
		sb_add(body, raw + hl + kl + 1, len - (hl + kl + 1) - 4);
		return 0;
	}
	return 1;
}

int gw_rec_read(const char *cache, const char *rel, const char *kind, size_t limit,
		struct sb *body, struct gw_err *e)
{
	struct sb raw = SB_INIT;
	int rc = gw_rec_read_raw(cache, rel, limit, &raw, e);
	if (rc == 0)
		rc = gw_rec_unframe(raw.buf, raw.len, kind, body);
	sb_release(&raw);
	return rc;
}

void gw_rec_frame(struct sb *out, const char *kind, const char *body, size_t len)
{
	sb_addf(out, "%s%s\n", head, kind);
	sb_add(out, body, len);
	if (len && body[len - 1] != '\n')
		sb_addc(out, '\n');
	sb_adds(out, "end\n");
}

int gw_rec_write(const char *cache, const char *rel, const char *kind, const char *body,
		 size_t len, struct gw_err *e)
{
	struct sb path = SB_INIT, all = SB_INIT;
	int rc = strchr(kind, '\n') ? gw_err_set(e, GW_EXIT_INTERNAL, "bad record kind",
						  "report this as a gowrap bug", "%s", kind)
				     : rec_path(cache, rel, 1, &path, e);
	if (rc != 0)
		goto out;
	gw_rec_frame(&all, kind, body, len);
	rc = gw_write_atomic(path.buf, all.buf, all.len, 0600, e);
out:
	sb_release(&path);
	sb_release(&all);
	return rc;
}

int gw_rec_put_raw(const char *cache, const char *rel, const void *data, size_t len, struct sb *out,
		   struct gw_err *e)
{
	struct sb cur = SB_INIT;
	sb_reset(out);
	int rc = rec_path(cache, rel, 1, out, e);
	/* Raw records are at most 64 MiB (a GOROOT file gowrap reads); a larger
	 * file where one belongs is refused like any other that is not ours. */
	int r = rc == 0 ? gw_read_trusted(out->buf, ((size_t)64 << 20) + 1, &cur, e) : -1;
	if (rc == 0 && r < 0)
		rc = -1;
	else if (rc == 0 && !(r == 0 && cur.len == len && memcmp(cur.buf, data, len) == 0))
		rc = gw_write_atomic(out->buf, data, len, 0600, e);
	sb_release(&cur);
	return rc;
}

int gw_rec_private(const char *cache, const char *sub, const char *name, struct sb *dir,
		   struct sb *file, struct gw_err *e)
{
	if (gw_rec_dir(cache, sub, dir, e) < 0)
		return -1;
	sb_adds(dir, "/XXXXXX");
	if (!mkdtemp(dir->buf))
		return gw_err_set(e, GW_EXIT_CACHE, "cannot create directory",
				  "set GOWRAP_CACHE to a directory you can write", "%s: %s", dir->buf,
				  strerror(errno));
	sb_reset(file);
	gw_path_join(file, dir->buf, name);
	int fd = open(file->buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return gw_err_set(e, GW_EXIT_CACHE, "cannot create the state file", fix_cache, "%s: %s",
				  file->buf, strerror(errno));
	close(fd);
	return 0;
}

/* The directory holding path is a private one: ours, a real directory,
 * closed to group and others (gw_rec_private's mkdtemp). */
static int private_parent(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash || slash == path)
		return 0;
	struct sb d = SB_INIT;
	sb_add(&d, path, (size_t)(slash - path));
	struct stat st;
	int ok = lstat(d.buf, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
		 !(st.st_mode & 077);
	sb_release(&d);
	return ok;
}

int gw_rec_append(const char *file, const char *line, size_t len)
{
	if (!private_parent(file))
		return -1;
	int fd = open(file, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	int rc = -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && st.st_nlink == 1 &&
	    !(st.st_mode & (S_IWGRP | S_IWOTH)))
		rc = gw_write_all(fd, line, len) < 0 ? -1 : 0;
	close(fd);
	return rc;
}

void gw_rec_private_remove(const char *dir, const char *file)
{
	if (file && *file)
		unlink(file);
	if (dir && *dir)
		rmdir(dir);
}
