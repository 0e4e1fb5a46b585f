/* workdir.c — see workdir.h. */
#include "compat.h"
#include "workdir.h"
#include "fsutil.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int gw_effective_dir(const char *chdir, struct sb *out)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		return -1;
	struct sb target = SB_INIT;
	gw_abs_path(&target, cwd, chdir && *chdir ? chdir : ".");
	struct stat dot, pwd;
	if (stat(target.buf, &dot) < 0) {
		sb_release(&target);
		return -1;
	}
	/* Go's os.Chdir leaves $PWD alone, so after -C it rarely matches. */
	const char *p = getenv("PWD");
	if (p && p[0] == '/' && stat(p, &pwd) == 0 && pwd.st_dev == dot.st_dev &&
	    pwd.st_ino == dot.st_ino) {
		sb_adds(out, p);
	} else {
		char rp[PATH_MAX];
		if (!realpath(target.buf, rp)) {
			sb_release(&target);
			return -1;
		}
		sb_adds(out, rp);
	}
	sb_release(&target);
	return 0;
}

void gw_abs_path(struct sb *out, const char *dir, const char *path)
{
	if (path[0] == '/')
		sb_adds(out, path);
	else
		gw_path_join(out, dir, path);
}

void gw_clean_path(char *p)
{
	if (p[0] != '/')
		return;
	/* w never passes r: output is never longer than the input read so far,
	 * so the NUL that ends the input is never overwritten before it is read. */
	char *w = p + 1;
	const char *r = p + 1;
	while (*r) {
		while (*r == '/')
			r++;
		const char *e = r;
		while (*e && *e != '/')
			e++;
		size_t n = (size_t)(e - r);
		if (n == 0 || (n == 1 && r[0] == '.')) {
			/* empty or "." component: drop */
		} else if (n == 2 && r[0] == '.' && r[1] == '.') {
			/* drop the previous component (never above '/') */
			while (w > p + 1 && w[-1] != '/')
				w--;
			if (w > p + 1)
				w--;
		} else {
			if (w > p + 1)
				*w++ = '/';
			memmove(w, r, n);
			w += n;
		}
		r = e;
	}
	*w = '\0';
}
