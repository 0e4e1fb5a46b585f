/* cmd_audit.c — `gowrap audit [--format text|json|sarif|github] [--ids]
 * [--reviewed FILE] [build flags] [packages]`: every CPU-feature package in
 * a build, and what a build through the gowrap shim makes of it.
 *
 * Promise: the target comes from the environment, as for go itself (`go
 * list` runs in this directory with this environment and the given flags,
 * so GOOS/GOARCH/GOFLAGS/-tags apply exactly as in the build: deps/graph.h,
 * the same listing the shim's dependency gate uses). The rows and verdicts
 * are deps/audit.h's; this file only prints them. One line (or JSON object)
 * per package: import path, module@version, kind, verdict. Std's
 * internal/cpu on the iOS family is "fixed" only when the overlay generator
 * answers (read only, as doctor asks) for the toolchain go env names here.
 * Rows a person reviewed (gowrap-audit.toml, audit_out.h) are marked
 * accepted and do not count below. Exit 0 when every package is fixed or
 * right (or another passing verdict), 1 when one stays defective, 3 when
 * none does but one is unknown or go could not resolve one (-e), 2 usage,
 * 109 when go list fails, 118 when the reviewed-verdicts file is refused. */
#include "compat.h"
#include "audit.h"
#include "audit_out.h"
#include "deps.h"
#include "cmds.h"
#include "exitcodes.h"
#include "jsonw.h"
#include "goquery.h"
#include "feature_sets.h"
#include "overlay.h"
#include "report.h"
#include "strbuf.h"
#include "version.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum fmt { F_TEXT, F_JSON, F_SARIF, F_GITHUB };

struct opts {
	enum fmt fmt;
	int ids;
	const char *reviewed; /* --reviewed FILE, else NULL */
};

#define AUDIT_USAGE "usage: gowrap audit [--format text|json|sarif|github] [--json] [--ids] [--reviewed FILE] [build flags] [packages]"

/* One of ours at argv[*i]: 1 taken, 0 not ours, else -2 - exit code. */
static int our_arg(int argc, char **argv, int *i, struct opts *o)
{
	const char *v = NULL;
	int t;
	if (strcmp(argv[*i], "--json") == 0)
		o->fmt = F_JSON;
	else if (strcmp(argv[*i], "--ids") == 0)
		o->ids = 1;
	else if (strcmp(argv[*i], "-h") == 0 || strcmp(argv[*i], "--help") == 0)
		return -2 - gw_usage(AUDIT_USAGE, 1);
	else if ((t = cli_opt_value(argc, argv, i, "--reviewed", &v)) != 0) {
		if (t < 0 || !v[0])
			return -2 - gw_usage(AUDIT_USAGE, 0);
		o->reviewed = v;
	} else if ((t = cli_opt_value(argc, argv, i, "--format", &v)) != 0) {
		static const char *names[] = { "text", "json", "sarif", "github" };
		int k = 4;
		while (t > 0 && k > 0 && strcmp(v, names[k - 1]) != 0)
			k--;
		if (k == 0 || t < 0)
			return -2 - gw_usage(AUDIT_USAGE, 0);
		o->fmt = (enum fmt)(k - 1);
	} else
		return 0;
	return 1;
}

/* The user's arguments without ours; -1 to go on, else the exit code. */
static int args_of(int argc, char **argv, struct opts *o, char ***out, size_t *n)
{
	*out = gw_xcalloc((size_t)argc + 1, sizeof **out);
	*n = 0;
	for (int i = 1; i < argc; i++) {
		int t = our_arg(argc, argv, &i, o);
		if (t < 0)
			return -2 - t;
		if (t == 0)
			(*out)[(*n)++] = argv[i];
	}
	return -1;
}

static const char *state_name(enum au_state s)
{
	return s == AU_ACCEPTED ? "accepted" : s == AU_OTHER_CONTENT ? "other content" : s == AU_NOT_NEEDED ? "not needed" : NULL;
}

static void json_unresolved(struct jw *w, const struct dp_graph *g)
{
	jw_arr(w, "unresolved");
	for (const char *p = g->unresolved.buf ? g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		char one[512];
		snprintf(one, sizeof one, "%.*s", (int)(n < 511 ? n : 511), p);
		jw_str(w, NULL, one);
		p += n + (p[n] != 0);
	}
	jw_end(w);
	/* why each was not audited, in the same order: a consumer of the JSON
	 * gets go's words and the fix the text rows carry */
	jw_arr(w, "unresolved_why");
	for (const char *p = g->unresolved.buf ? g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		struct sb why = SB_INIT;
		au_unseen_why(g, p, n, &why);
		jw_str(w, NULL, why.buf);
		sb_release(&why);
		p += n + (p[n] != 0);
	}
	jw_end(w);
}

static void print_json(const struct au_ctx *c, const char *reviewed, int rc)
{
	const struct dp_audit *a = c->a;
	struct sb s = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "target", a->target);
	jw_bool(&w, "ok", rc == 0);
	jw_bool(&w, "defective", a->any_wrong);
	jw_bool(&w, "unknown", a->any_unknown);
	jw_str(&w, "reviewed", reviewed);
	jw_arr(&w, "packages");
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		const struct au_row *st = &c->st[i];
		jw_obj(&w, NULL);
		jw_str(&w, "import_path", r->pkg);
		jw_str(&w, "module", r->mod);
		jw_str(&w, "kind", r->kind);
		jw_str(&w, "verdict", r->verdict);
		jw_str(&w, "why", r->why);
		jw_str(&w, "file", r->file);
		jw_str_or_null(&w, "content", st->id);
		jw_str(&w, "review", state_name(st->state));
		jw_str(&w, "reason", st->entry ? st->entry->reason : NULL);
		jw_str(&w, "until", st->entry && st->entry->until[0] ? st->entry->until : NULL);
		jw_end(&w);
	}
	jw_end(&w);
	json_unresolved(&w, c->g);
	jw_end(&w);
	sb_addc(&s, '\n');
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}

/* What a review says of row i, after its content id (--ids, or a file in effect). */
static void print_review(const struct au_ctx *c, size_t i, const char *file)
{
	const struct au_row *st = &c->st[i];
	printf("\t%s", st->id[0] ? st->id : "no content id (not every source was read)");
	if (st->state == AU_ACCEPTED)
		printf("\taccepted: %s%s%s%s", st->entry->reason, st->entry->until[0] ? " (until " : "",
		       st->entry->until, st->entry->until[0] ? ")" : "");
	else if (st->state == AU_OTHER_CONTENT)
		printf("\tnot accepted: the review at %s:%d was for other content: review this content and add its id",
		       file, st->entry->line);
	else if (st->state == AU_NOT_NEEDED)
		printf("\treviewed (not needed: this verdict passes): %s", st->entry->reason);
}

static void print_text(const struct au_ctx *c, int ids, const char *file)
{
	const struct dp_audit *a = c->a;
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		printf("%s\t%s\t%s\t%s%s%s", r->pkg, r->mod[0] ? r->mod : "-", r->kind, r->verdict,
		       r->why ? ": " : "", r->why ? r->why : "");
		if (ids || file)
			print_review(c, i, file);
		printf("\n");
	}
	for (const char *p = c->g->unresolved.buf ? c->g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		struct sb why = SB_INIT;
		au_unseen_why(c->g, p, n, &why);
		printf("%.*s\t-\t-\t%s\n", (int)n, p, why.buf);
		sb_release(&why);
		p += n + (p[n] != 0);
	}
}

/* Std's internal/cpu on the iOS family: does the generator give this
 * toolchain an overlay (or need none)? Read only, like doctor. */
static void std_answer(const char *realgo, struct dp_std_answer *out, struct sb *why)
{
	struct gw_goenv env = { 0 };
	struct gw_err e = { 0 };
	out->fixed = 0;
	if (gw_goenv_query(realgo, NULL, NULL, &env, &e) < 0) {
		sb_addf(why, "go env failed: %s", e.why);
		out->why = why->buf;
		return;
	}
	struct ov_opts oo = { 0 };
	oo.goversion = env.goversion;
	oo.gomodcache = env.gomodcache;
	oo.dry_run = 1;
	struct gw_err oe = { 0 };
	if (ov_features_from_env(&oo.features, &oe) == 0) {
		struct ov_result r = { 0 };
		if (ov_generate(env.goroot, &oo, &r, &oe) == 0) {
			out->fixed = 1;
			sb_addf(why, "GOROOT overlay for %s (%s)", env.goversion,
				strcmp(r.status, "applied") == 0 ? "gowrap overlay" : "this toolchain needs none");
		}
		ov_result_free(&r);
	}
	if (!out->fixed)
		sb_addf(why, "no overlay for %s at %s: %s: %s", env.goversion, env.goroot, oe.what, oe.why);
	out->why = why->buf;
	gw_goenv_free(&env);
}

static void print_as(const struct opts *o, const struct au_ctx *c, const struct au_reviewed *rv, int rc)
{
	struct sb out = SB_INIT;
	if (o->fmt == F_JSON) {
		print_json(c, rv->path, rc);
	} else if (o->fmt == F_SARIF || o->fmt == F_GITHUB) {
		if (o->fmt == F_SARIF)
			au_sarif(c, &out);
		else
			au_github(c, &out);
		gw_write_all(1, out.buf ? out.buf : "", out.len);
	} else {
		print_text(c, o->ids, rv->path);
	}
	sb_release(&out);
}

/* Rows, reviews, output; the exit code. */
static int report(const char *realgo, const struct opts *o, struct dp_graph *g, struct au_reviewed *rv,
		  const char *root)
{
	struct dp_audit a;
	struct dp_std_answer std = { 0, NULL };
	struct sb stdwhy = SB_INIT;
	int ios = dp_ios_family(g->goos, gw_list_has(g->tags ? g->tags : "", ',', "ios", 3));
	if (ios && strcmp(g->goarch, "arm64") == 0)
		std_answer(realgo, &std, &stdwhy);
	dp_audit(g, std.why ? &std : NULL, &a);
	struct au_row *st = gw_xcalloc(a.nrows + 1, sizeof *st);
	/* accepted rows do not count; what go could not resolve was not seen: never "ok" */
	int rc = au_apply(&a, g, rv, st);
	struct au_ctx c = { &a, g, st, root, GOWRAP_VERSION };
	fflush(stdout);
	print_as(o, &c, rv, rc);
	fflush(stdout);
	free(st);
	sb_release(&stdwhy);
	dp_audit_free(&a);
	return rc;
}

int cmd_audit(int argc, char **argv)
{
	struct gw_err e;
	struct sb realgo = SB_INIT, why = SB_INIT, root = SB_INIT;
	struct opts o = { F_TEXT, 0, NULL };
	struct au_reviewed rv = { 0 };
	char **args;
	size_t n;
	int rc = args_of(argc, argv, &o, &args, &n);
	if (rc < 0 && gw_find_real_go(&realgo, &e) < 0)
		rc = gw_err_print(&e);
	if (rc < 0) {
		/* the file is read before go lists anything: a refused one stops here */
		au_module_root(realgo.buf, &root);
		if (au_reviewed_load(o.reviewed, root.buf ? root.buf : "", &rv, &e) < 0)
			rc = gw_err_print(&e);
	}
	struct dp_graph g;
	if (rc < 0 && dp_graph_list_audit(realgo.buf, args, n, &g, &why) < 0) {
		dp_graph_free(&g);
		/* a target that links only through cgo, listed with cgo off: the
		 * one failure whose fix gowrap can name */
		int cgo = strstr(why.buf, AU_CGO_OFF) != NULL;
		rc = gw_fail(GW_EXIT_GO_QUERY, "cannot list the build's packages",
			     cgo ? "set CGO_ENABLED=1, as this target's build does"
				 : "check the package arguments and that `go list` works here",
			     "%s", why.buf);
	}
	if (rc < 0 && g.n == 0) {
		/* go list only warns "matched no packages" and exits 0: an audit
		 * of nothing must not read as an audit that found nothing wrong */
		char cwd[PATH_MAX];
		struct sb pats = SB_INIT;
		for (size_t i = 0; i < n; i++)
			sb_addf(&pats, "%s%s", i ? " " : "", args[i]);
		rc = gw_fail(GW_EXIT_GO_QUERY, "cannot list the build's packages",
			     "run gowrap audit in the module's directory, or name packages with Go files for this "
			     "GOOS/GOARCH (a package of cgo files alone needs CGO_ENABLED=1)",
			     "%s matched no packages in %s", pats.len ? pats.buf : ".",
			     getcwd(cwd, sizeof cwd) ? cwd : "this directory");
		sb_release(&pats);
		dp_graph_free(&g);
	}
	if (rc < 0) {
		rc = report(realgo.buf, &o, &g, &rv, root.buf ? root.buf : "");
		dp_graph_free(&g);
	}
	au_reviewed_free(&rv);
	free(args);
	sb_release(&realgo);
	sb_release(&why);
	sb_release(&root);
	return rc;
}
