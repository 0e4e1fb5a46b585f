/* installout.c — see installout.h. */
#include "compat.h"
#include "installout.h"
#include "fsutil.h"
#include "grow.h"
#include "gosetting.h"
#include "verify.h"
#include "workdir.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

int shim_install_dir(const char *realgo, const char *goos, const char *goarch, struct sb *dir)
{
	int cross = strcmp(goos, HOST_GOOS) != 0 || strcmp(goarch, HOST_GOARCH) != 0;
	char *gobin = gw_go_setting(realgo, "GOBIN");
	if (!cross && *gobin) {
		sb_adds(dir, gobin);
		free(gobin);
		return 0;
	}
	free(gobin);
	char *gopath = gw_go_setting(realgo, "GOPATH");
	size_t n = strcspn(gopath, ":");
	int rc = 0;
	if (n) {
		sb_add(dir, gopath, n);
	} else {
		const char *home = getenv("HOME");
		if (home && *home)
			gw_path_join(dir, home, "go");
		else
			rc = -1;
	}
	free(gopath);
	if (rc == 0) {
		sb_adds(dir, dir->buf[dir->len - 1] == '/' ? "bin" : "/bin");
		if (cross)
			sb_addf(dir, "/%s_%s", goos, goarch);
	}
	return rc;
}

/* Calls fn for each regular file directly in dir (dot files skipped); one
 * walk for both the snapshot and the comparison, so they see files alike. */
static void each_regular(const char *dir, void (*fn)(void *ctx, const char *name, const char *path,
						   const struct stat *st),
			 void *ctx)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *de;
	struct sb p = SB_INIT;
	struct stat st;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		sb_reset(&p);
		gw_path_join(&p, dir, de->d_name);
		if (stat(p.buf, &st) == 0 && S_ISREG(st.st_mode))
			fn(ctx, de->d_name, p.buf, &st);
	}
	closedir(d);
	sb_release(&p);
}

static void take_one(void *ctx, const char *name, const char *path, const struct stat *st)
{
	struct shim_snapshot *s = ctx;
	(void)path;
	s->f = gw_grow(s->f, &s->cap, s->n + 1, sizeof *s->f);
	s->f[s->n++] = (struct shim_snap_file){ gw_xstrdup(name), *st };
}

void shim_snapshot_take(const char *dir, struct shim_snapshot *s)
{
	memset(s, 0, sizeof *s);
	each_regular(dir, take_one, s);
}

/* The same file, untouched (any write or rename moves ctime)? */
static int same(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       GW_ST_MTIM(a).tv_sec == GW_ST_MTIM(b).tv_sec && GW_ST_MTIM(a).tv_nsec == GW_ST_MTIM(b).tv_nsec &&
	       GW_ST_CTIM(a).tv_sec == GW_ST_CTIM(b).tv_sec && GW_ST_CTIM(a).tv_nsec == GW_ST_CTIM(b).tv_nsec;
}

struct changed {
	const struct shim_snapshot *before;
	char **v;
	size_t n;
};

static void note_changed(void *ctx, const char *name, const char *path, const struct stat *st)
{
	struct changed *c = ctx;
	for (size_t i = 0; i < c->before->n; i++)
		if (strcmp(c->before->f[i].name, name) == 0 && same(&c->before->f[i].st, st))
			return;
	gw_strv_add(&c->v, &c->n, path);
}

char **shim_snapshot_changed(const char *dir, const struct shim_snapshot *before)
{
	struct changed c = { before, gw_xcalloc(1, sizeof(char *)), 0 };
	each_regular(dir, note_changed, &c);
	return c.v;
}

void shim_snapshot_free(struct shim_snapshot *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->f[i].name);
	free(s->f);
	memset(s, 0, sizeof *s);
}

void shim_list_free(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

static int verify_off(void)
{
	const char *v = getenv("GOWRAP_VERIFY");
	return v && strcmp(v, "0") == 0;
}

int shim_install_verify_wanted(const struct shim_cmdline *cl)
{
	return !verify_off() && strcmp(cl->sub, "install") == 0;
}

int shim_verify_wanted(const struct shim_cmdline *cl)
{
	if (verify_off())
		return 0;
	if (!cl->output || !*cl->output)
		return 0;
	return strcmp(cl->sub, "build") == 0 || (strcmp(cl->sub, "test") == 0 && cl->test_c);
}

/* -o names a directory (go build -o dir/, go test -c -o dir/ with several
 * packages): each file go writes there is checked. */
int shim_outdir_verify_wanted(const struct shim_cmdline *cl, const char *effdir, struct sb *dir)
{
	if (!shim_verify_wanted(cl))
		return 0;
	size_t n = strlen(cl->output);
	struct stat st;
	gw_abs_path(dir, effdir, cl->output);
	if ((n && cl->output[n - 1] == '/') || (stat(dir->buf, &st) == 0 && S_ISDIR(st.st_mode)))
		return 1;
	sb_reset(dir);
	return 0;
}

int shim_output_to_verify(const struct shim_cmdline *cl, const char *effdir,
			  const struct stat *before, struct sb *out)
{
	if (!shim_verify_wanted(cl))
		return 0;
	gw_abs_path(out, effdir, cl->output);
	struct stat st;
	/* -o dir/ and -o /dev/null are not one file to check; a Go package
	 * archive (non-main package, -buildmode=archive) holds no linked code;
	 * a file go did not write (go test -c of a package without tests)
	 * is not this build's output. */
	return stat(out->buf, &st) == 0 && S_ISREG(st.st_mode) &&
	       !(before && same(before, &st)) && !vf_is_go_package_archive(out->buf);
}
