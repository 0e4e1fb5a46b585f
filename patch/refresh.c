/* refresh.c — `gowrap refresh-patch`'s work (refresh.h): a patch that
 * needs fuzz applied by GNU patch in a scratch copy, re-made exact. */
#include "compat.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "workdir.h"
#include "pathwalk.h"
#include "patch.h"
#include "refresh.h"
#include "runcmd.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct refresh {
	const char *patch, *out, *fuzz, *goroot, *goversion;
	struct pt_patch p;
	struct sb scratch, report, text, ver, realgo;
	struct sb abs;           /* the patch's absolute path: GNU patch runs in the scratch copy */
	struct gw_goenv env;
	int have_env;
};

/* The GOROOT and its version: --goroot (VERSION file) or `go env`. */
static int goroot_of(struct refresh *r, struct gw_err *e)
{
	if (!r->goroot) {
		if (gw_find_real_go(&r->realgo, e) < 0 || gw_goenv_query(r->realgo.buf, NULL, NULL, &r->env, e) < 0)
			return -1;
		r->have_env = 1;
		r->goroot = r->env.goroot;
		r->goversion = r->env.goversion;
		return 0;
	}
	if (gw_goroot_version(r->goroot, &r->ver) == 0)
		r->goversion = r->ver.buf;
	else
		return gw_err_set(e, GW_EXIT_USAGE, "cannot tell this GOROOT's Go version",
				  "give a released GOROOT (it has a VERSION file)", "%s", r->goroot);
	return 0;
}

/* scratch/<rel> for every file the patch names that the GOROOT has. */
static int copy_in(struct refresh *r, struct gw_err *e)
{
	const char *tmp = getenv("TMPDIR");
	sb_addf(&r->scratch, "%s/gowrap-refresh.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(r->scratch.buf))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot make a scratch directory", "set TMPDIR to a directory you can write",
				  "%s", r->scratch.buf);
	for (size_t i = 0; i < r->p.nfiles; i++) {
		struct sb from = SB_INIT, to = SB_INIT, b = SB_INIT;
		gw_path_join(&from, r->goroot, r->p.files[i].path);
		gw_path_join(&to, r->scratch.buf, r->p.files[i].path);
		int rc = 0;
		if (sb_read_file(&b, from.buf, 64u << 20) == 0) {
			char *slash = strrchr(to.buf, '/');
			*slash = '\0';
			rc = gw_mkdirs(to.buf, 0700, e);
			*slash = '/';
			if (rc == 0)
				rc = gw_write_atomic(to.buf, b.buf, b.len, 0600, e);
		}
		sb_release(&from);
		sb_release(&to);
		sb_release(&b);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* GNU patch, with fuzz, in the scratch copy. */
static int gnu_patch(struct refresh *r, struct gw_err *e)
{
	struct sb bin = SB_INIT, fz = SB_INIT, err = SB_INIT;
	if (gw_path_find(getenv("PATH"), "patch", GW_PATH_ABSOLUTE_ONLY, NULL, NULL, &bin) < 0)
		return gw_err_set(e, GW_EXIT_PATCH, "cannot refresh the patch", "install GNU patch (apt-get install patch)",
				  "no patch command on PATH");
	sb_addf(&fz, "--fuzz=%s", r->fuzz);
	char *argv[] = { bin.buf, "-p1", fz.buf, "--forward", "--no-backup-if-mismatch", "-r", "-", "-d",
			 r->scratch.buf, "-i", r->abs.buf, NULL };
	struct gw_cmd c = { .argv = argv, .out = &r->report, .err = &err, .null_stdin = 1 };
	int st = gw_run(&c);
	int rc = 0;
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		sb_add(&r->report, err.buf, err.len);
		for (size_t i = 0; i < r->report.len; i++)
			if (r->report.buf[i] == '\n')
				r->report.buf[i] = ' ';
		rc = gw_err_set(e, GW_EXIT_PATCH, "GNU patch cannot apply it either, even with fuzz",
				"port the change by hand to this Go version, or drop the patch",
				"%s for %s: %.700s", r->patch, r->goversion, r->report.buf);
	}
	sb_release(&bin);
	sb_release(&fz);
	sb_release(&err);
	return rc;
}

/* The exact patch: the original's limits, then every file's diff. */
static int make_text(struct refresh *r, struct gw_err *e)
{
	const char *base = strrchr(r->patch, '/') ? strrchr(r->patch, '/') + 1 : r->patch;
	sb_addf(&r->text, "Refreshed by gowrap refresh-patch for %s from %s (patch %s).\n", r->goversion, base,
		r->p.id);
	for (size_t i = 0; i < r->p.nversions; i++)
		sb_addf(&r->text, "Gowrap-Go: %s\n", r->p.versions[i]);
	sb_addc(&r->text, '\n');
	for (size_t i = 0; i < r->p.nfiles; i++) {
		const char *rel = r->p.files[i].path;
		int seen = 0;
		for (size_t k = 0; k < i; k++)
			seen |= !strcmp(r->p.files[k].path, rel);
		if (seen)
			continue;
		struct sb a = SB_INIT, b = SB_INIT, pa = SB_INIT, pb = SB_INIT;
		gw_path_join(&pa, r->goroot, rel);
		gw_path_join(&pb, r->scratch.buf, rel);
		int ha = sb_read_file(&a, pa.buf, 64u << 20) == 0, hb = sb_read_file(&b, pb.buf, 64u << 20) == 0;
		int rc = pt_diff(rel, a.buf, a.len, ha, b.buf, b.len, hb, &r->text, e);
		sb_release(&a);
		sb_release(&b);
		sb_release(&pa);
		sb_release(&pb);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* The refreshed patch applies exactly here, or it is not written. */
static int self_check(struct refresh *r, struct gw_err *e)
{
	struct pt_patch q;
	int rc = pt_parse(r->text.buf, r->text.len, r->out, &q, e);
	for (size_t i = 0; rc == 0 && i < q.nfiles; i++) {
		struct sb old = SB_INIT, out = SB_INIT, p = SB_INIT;
		gw_path_join(&p, r->goroot, q.files[i].path);
		int had = sb_read_file(&old, p.buf, 64u << 20) == 0, gone;
		struct pt_result res;
		if (pt_apply(&q, &q.files[i], old.buf, old.len, had, &out, &gone, &res) != PT_EXACT)
			rc = gw_err_set(e, GW_EXIT_INTERNAL, "the refreshed patch does not apply exactly",
					"report this as a gowrap bug", "%s: %s", q.files[i].path, res.why);
		sb_release(&old);
		sb_release(&out);
		sb_release(&p);
	}
	pt_patch_free(&q);
	return rc;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

int pt_refresh(const char *patch, const char *out, const char *fuzz, const char *goroot)
{
	struct refresh r = { .patch = patch, .out = out, .fuzz = fuzz, .goroot = goroot,
			     .scratch = SB_INIT, .report = SB_INIT, .text = SB_INIT, .ver = SB_INIT,
			     .realgo = SB_INIT, .abs = SB_INIT };
	int code;
	char cwd[4096];
	gw_abs_path(&r.abs, getcwd(cwd, sizeof cwd) ? cwd : "/", r.patch);
	struct gw_err e = { 0 };
	struct sb b = SB_INIT;
	int rc = gw_patch_read(r.patch, &b, &e);
	if (rc == 0)
		rc = pt_parse(b.buf, b.len, r.patch, &r.p, &e);
	if (rc == 0)
		rc = goroot_of(&r, &e);
	if (rc == 0)
		rc = copy_in(&r, &e);
	if (rc == 0)
		rc = gnu_patch(&r, &e);
	if (rc == 0)
		rc = make_text(&r, &e);
	if (rc == 0)
		rc = self_check(&r, &e);
	if (rc == 0)
		rc = gw_write_atomic(r.out, r.text.buf, r.text.len, 0644, &e);
	if (rc == 0) {
		struct sb s = SB_INIT;
		sb_addf(&s, "GNU patch --fuzz=%s applied %s to %s so (review it):\n%s\nThe exact patch, written to %s:\n%s",
			r.fuzz, r.patch, r.goversion, r.report.buf, r.out, r.text.buf);
		gw_write_all(1, s.buf, s.len);
		sb_release(&s);
	}
	if (r.scratch.len && strstr(r.scratch.buf, "gowrap-refresh."))
		nftw(r.scratch.buf, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	code = rc < 0 ? gw_err_print(&e) : 0;
	pt_patch_free(&r.p);
	if (r.have_env)
		gw_goenv_free(&r.env);
	struct sb *all[] = { &b, &r.scratch, &r.report, &r.text, &r.ver, &r.realgo, &r.abs };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	return code;
}
