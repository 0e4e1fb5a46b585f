/* cmd_audit.c — `gowrap audit [--json] [build flags] [packages]`: every
 * CPU-feature package in a build, and what a build through the gowrap shim
 * makes of it.
 *
 * Promise: the target comes from the environment, as for go itself (`go
 * list` runs in this directory with this environment and the given flags,
 * so GOOS/GOARCH/GOFLAGS/-tags apply exactly as in the build). Packages are
 * identified by content (deps/table.c, over the files the target compiles),
 * never by name; std's internal/cpu is reported from the target alone. One
 * line (or JSON object) per package: import path, module@version, kind,
 * verdict. Exit 0 when nothing stays wrong, 1 when something does (a defect
 * gowrap cannot fix, or an unknown variant of a known file), 2 usage,
 * 109 when go list fails. */
#include "compat.h"
#include "classify.h"
#include "cmds.h"
#include "exitcodes.h"
#include "jsonw.h"
#include "goquery.h"
#include "grow.h"
#include "report.h"
#include "runcmd.h"
#include "strbuf.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const char tmpl[] =
	"{{.ImportPath}}\t{{if .Standard}}std{{end}}\t{{with .Module}}{{.Path}}@{{.Version}}{{end}}\t"
	"{{.Dir}}\t{{join .GoFiles \" \"}}\t{{context.GOOS}}\t{{context.GOARCH}}\t"
	"{{join context.BuildTags \",\"}}\t{{context.ReleaseTags}}";

struct row {
	const char *pkg, *mod, *kind, *verdict, *why;
	char *owned; /* why, when allocated here */
	int wrong;
};

static int has_tag(const char *list, const char *tag)
{
	size_t n = strlen(tag);
	for (const char *p = list; *p;) {
		const char *c = strchr(p, ',');
		size_t l = c ? (size_t)(c - p) : strlen(p);
		if (l == n && memcmp(p, tag, n) == 0)
			return 1;
		if (!c)
			break;
		p = c + 1;
	}
	return 0;
}

/* What the audit found so far: one row per reported package. */
struct audit {
	struct row *rows;
	size_t nrows, cap;
	char target[128];
	int family; /* DP_FAM_*, 0 = a target gowrap does not fix */
	int any_wrong;
};

/* Run `go list -deps -f tmpl` with the user's flags and packages; its
 * stdout into out. -1 to go on, else the exit code (help, or go list
 * failed and was reported). */
static int go_list(int argc, char **argv, int *json, struct sb *out)
{
	struct gw_err e;
	struct sb realgo = SB_INIT, err = SB_INIT;
	char **av = gw_xcalloc((size_t)argc + 8, sizeof *av);
	int j = 0, rc = -1;

	if (gw_find_real_go(&realgo, &e) < 0) {
		free(av);
		return gw_err_print(&e);
	}
	av[j++] = realgo.buf;
	av[j++] = "list";
	av[j++] = "-deps";
	av[j++] = "-f";
	av[j++] = (char *)tmpl;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			*json = 1;
		else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			free(av);
			sb_release(&realgo);
			return gw_usage("usage: gowrap audit [--json] [build flags] [packages]", 1);
		} else
			av[j++] = argv[i];
	}
	struct gw_cmd c = { .argv = av, .out = out, .err = &err, .null_stdin = 1 };
	int st = gw_run(&c);
	free(av);
	sb_release(&realgo);
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		char *nl = strchr(err.buf, '\n');
		if (nl && nl[1] == 0)
			*nl = 0;
		rc = gw_fail(GW_EXIT_GO_QUERY, "cannot list the build's packages",
			     "check the package arguments and that `go list` works here",
			     "go list -deps failed: %s", err.buf);
	}
	sb_release(&err);
	return rc;
}

/* The target and its family, from the first package's context fields. */
static void set_target(struct audit *a, char **f)
{
	snprintf(a->target, sizeof a->target, "%s/%s", f[5], f[6]);
	if (strcmp(f[6], "arm64") != 0)
		return;
	if (strcmp(f[5], "ios") == 0 || (strcmp(f[5], "darwin") == 0 && has_tag(f[7], "ios")))
		a->family = DP_FAM_IOS;
	else if (strcmp(f[5], "linux") == 0 || strcmp(f[5], "android") == 0)
		a->family = DP_FAM_LINUX;
}

/* Std's internal/cpu: the target alone decides. */
static void std_row(struct row *r, int family)
{
	r->mod = "std";
	r->kind = "internal/cpu";
	if (family == DP_FAM_IOS) {
		r->verdict = "fixed by gowrap";
		r->why = "GOROOT overlay (gowrap overlay)";
	} else {
		r->verdict = "right on its own";
		r->why = family == DP_FAM_LINUX ? "the runtime fills its HWCap" : NULL;
	}
}

/* A package's compiled files (space-separated names in files, in dir),
 * classified by content. */
static void classify_files(const char *dir, const char *files, int family, struct dp_class *cl)
{
	size_t nf = 0, m = 0;
	for (const char *q = files; *q; q++)
		nf += *q == ' ';
	nf += *files ? 1 : 0;
	char **paths = gw_xcalloc(nf + 1, sizeof *paths);
	for (const char *q = files; *q && m < nf;) {
		const char *sp = strchr(q, ' ');
		size_t l = sp ? (size_t)(sp - q) : strlen(q);
		struct sb one = SB_INIT;
		sb_addf(&one, "%s/%.*s", dir, (int)l, q);
		paths[m++] = sb_detach(&one);
		q += l + (sp ? 1 : 0);
	}
	dp_classify((const char *const *)paths, m, family, cl);
	for (size_t i = 0; i < m; i++)
		free(paths[i]);
	free(paths);
}

/* A dependency's row: 0, or -1 when it is no CPU-feature package. */
static int dep_row(struct row *r, char **f, int family)
{
	struct dp_class cl;
	classify_files(f[3], f[4], family, &cl);
	if (cl.verdict == DP_V_NONE)
		return -1;
	if (cl.verdict == DP_V_UNKNOWN) {
		r->kind = "unknown";
		r->verdict = "wrong and not fixable";
		r->why = r->owned = gw_xstrdup(cl.why);
		r->wrong = 1;
		return 0;
	}
	r->kind = dp_kind_name(cl.row->kind);
	if (cl.verdict == DP_V_RIGHT) {
		r->verdict = "right on its own";
	} else if (getenv("GOWRAP_DEPS") && strcmp(getenv("GOWRAP_DEPS"), "0") == 0) {
		r->verdict = "wrong and not fixable";
		r->why = "GOWRAP_DEPS=0 turns the dependency fix off";
		r->wrong = 1;
	} else if (cl.row->fix == DP_FIX_HWCAP && !strstr(f[8], "go1.21")) {
		r->verdict = "wrong and not fixable";
		r->why = "Go < 1.21 has no runtime.getAuxv";
		r->wrong = 1;
	} else {
		r->verdict = "fixed by gowrap";
		struct sb w = SB_INIT;
		sb_addf(&w, "%s (%s, %s)", dp_fix_name(cl.row->fix), cl.row->file, cl.row->versions);
		r->why = r->owned = sb_detach(&w);
	}
	return 0;
}

/* One package's fields (tmpl's nine, tab-separated): its row, if any. */
static void add_package(struct audit *a, char **f)
{
	struct row r = { f[0], f[2][0] ? f[2] : "", NULL, NULL, NULL, NULL, 0 };

	if (!a->target[0])
		set_target(a, f);
	if (f[1][0]) {
		if (strcmp(f[0], "internal/cpu") != 0)
			return;
		std_row(&r, a->family);
	} else if (!a->family || dep_row(&r, f, a->family) < 0) {
		return;
	}
	a->any_wrong |= r.wrong;
	a->rows = gw_grow(a->rows, &a->cap, a->nrows + 1, sizeof *a->rows);
	a->rows[a->nrows++] = r;
}

/* go list's output, one package a line; lines short of nine fields skipped. */
static void read_packages(struct audit *a, char *p)
{
	while (*p) {
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = 0;
		char *f[9] = { 0 };
		int k = 0;
		f[k++] = p;
		for (char *q = p; *q && k < 9; q++)
			if (*q == '\t') {
				*q = 0;
				f[k++] = q + 1;
			}
		p = nl + 1;
		if (k == 9)
			add_package(a, f);
	}
}

static void print_json(struct audit *a)
{
	struct sb s = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "target", a->target);
	jw_bool(&w, "ok", !a->any_wrong);
	jw_arr(&w, "packages");
	for (size_t i = 0; i < a->nrows; i++) {
		const struct row *r = &a->rows[i];
		jw_obj(&w, NULL);
		jw_str(&w, "import_path", r->pkg);
		jw_str(&w, "module", r->mod);
		jw_str(&w, "kind", r->kind);
		jw_str(&w, "verdict", r->verdict);
		jw_str(&w, "why", r->why);
		jw_end(&w);
	}
	jw_end(&w);
	jw_end(&w);
	sb_addc(&s, '\n');
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}

static void print_text(const struct audit *a)
{
	if (!a->family)
		printf("target %s: gowrap fixes CPU-feature code for linux/android arm64 and the iOS family only\n",
		       a->target);
	for (size_t i = 0; i < a->nrows; i++) {
		const struct row *r = &a->rows[i];
		printf("%s\t%s\t%s\t%s%s%s\n", r->pkg, r->mod[0] ? r->mod : "-", r->kind, r->verdict,
		       r->why ? ": " : "", r->why ? r->why : "");
	}
}

int cmd_audit(int argc, char **argv)
{
	struct audit a = { 0 };
	struct sb out = SB_INIT;
	int json = 0, rc = go_list(argc, argv, &json, &out);

	if (rc >= 0) {
		sb_release(&out);
		return rc;
	}
	read_packages(&a, out.buf);
	if (json)
		print_json(&a);
	else
		print_text(&a);
	for (size_t i = 0; i < a.nrows; i++)
		free(a.rows[i].owned);
	free(a.rows);
	sb_release(&out);
	return a.any_wrong > 1 ? a.any_wrong : a.any_wrong ? 1 : 0;
}
