/* patchlist.c — the patch files a GOWRAP_PATCHES value names (patchlist.h).
 *
 * The list is ':'-separated, like PATH (an empty entry means nothing).
 * A directory stands for its *.patch and *.diff files (not those whose name
 * starts with '.'; no subdirectories), in byte order of their names; a file
 * stands for itself, whatever its name; entries in the order given. Every
 * patch file is opened O_NONBLOCK and must then be a regular file no larger
 * than GW_PATCH_MAX_BYTES (fstat, before a byte is read), so a FIFO, a device or a
 * socket is refused at once, never waited on; a symlink is followed (the
 * caller's choice, as with -overlay) and a loop of them refused (ELOOP). */
#include "compat.h"
#include "patchlist.h"
#include "strbuf.h"
#include "exitcodes.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char fix_entry[] =
	"point GOWRAP_PATCHES at directories of .patch/.diff files and at patch files (':'-separated)";

static int unreadable(struct gw_err *e, const char *path, const char *why)
{
	struct sb w = SB_INIT;
	sb_adds(&w, "cannot read patch ");
	sb_add_printable(&w, path);
	gw_err_set(e, GW_EXIT_PATCH, w.buf, fix_entry, "%s", why);
	sb_release(&w);
	return -1;
}

int gw_patch_read(const char *path, struct sb *out, struct gw_err *e)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return unreadable(e, path, errno == ELOOP ? "a loop of symlinks" : strerror(errno));
	struct stat st;
	const char *why = NULL;
	if (fstat(fd, &st) < 0)
		why = strerror(errno);
	else if (S_ISFIFO(st.st_mode))
		why = "a FIFO, not a regular file";
	else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		why = "a device, not a regular file";
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if ((unsigned long long)st.st_size > GW_PATCH_MAX_BYTES)
		why = "larger than 16 MiB: not a patch of Go's sources";
	sb_reset(out);
	if (!why && sb_read_fd(out, fd, GW_PATCH_MAX_BYTES + 1) < 0)
		why = errno == EFBIG ? "larger than 16 MiB: not a patch of Go's sources" : strerror(errno);
	close(fd);
	return why ? unreadable(e, path, why) : 0;
}

static int is_patch_name(const char *n)
{
	size_t k = strlen(n);
	return n[0] != '.' && ((k > 6 && strcmp(n + k - 6, ".patch") == 0) ||
			       (k > 5 && strcmp(n + k - 5, ".diff") == 0));
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's patch files, joined to it, sorted, appended to v. */
static int dir_entries(const char *dir, char ***v, size_t *n, struct gw_err *e)
{
	DIR *d = opendir(dir);
	if (!d)
		return unreadable(e, dir, strerror(errno));
	size_t first = *n;
	struct dirent *de;
	errno = 0;
	while ((de = readdir(d))) {
		if (!is_patch_name(de->d_name))
			continue;
		struct sb p = SB_INIT;
		sb_adds(&p, dir);
		if (p.len && p.buf[p.len - 1] != '/')
			sb_addc(&p, '/');
		sb_adds(&p, de->d_name);
		gw_strv_add(v, n, p.buf);
		sb_release(&p);
	}
	int err = errno;
	closedir(d);
	if (err)
		return unreadable(e, dir, strerror(err));
	qsort(*v + first, *n - first, sizeof **v, by_name);
	return 0;
}

int gw_patch_list(const char *spec, char ***v, size_t *n, struct gw_err *e)
{
	for (const char *s = spec; *s;) {
		size_t k = strcspn(s, ":");
		if (k) {
			char *entry = gw_xmalloc(k + 1);
			memcpy(entry, s, k);
			entry[k] = '\0';
			struct stat st;
			int rc = 0;
			if (stat(entry, &st) < 0)
				rc = unreadable(e, entry, errno == ELOOP ? "a loop of symlinks" : strerror(errno));
			else if (S_ISDIR(st.st_mode))
				rc = dir_entries(entry, v, n, e);
			else
				gw_strv_add(v, n, entry);
			free(entry);
			if (rc < 0)
				return -1;
		}
		s += k;
		s += *s == ':';
	}
	return 0;
}
