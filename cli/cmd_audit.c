/* cmd_audit.c — `gowrap audit [--json] [build flags] [packages]`: every
 * CPU-feature package in a build, and what a build through the gowrap shim
 * makes of it.
 *
 * Promise: the target comes from the environment, as for go itself (`go
 * list` runs in this directory with this environment and the given flags,
 * so GOOS/GOARCH/GOFLAGS/-tags apply exactly as in the build: deps/graph.h,
 * the same listing the shim's dependency gate uses). The rows and verdicts
 * are deps/audit.h's; this file only prints them. One line (or JSON object)
 * per package: import path, module@version, kind, verdict. Std's
 * internal/cpu on the iOS family is "fixed" only when the overlay generator
 * answers (read only, as doctor asks) for the toolchain go env names here.
 * Exit 0 when every package is fixed, right, or passes without a defect
 * (no code chooses from what it reads; another architecture's detection),
 * 1 when one stays defective,
 * 3 when none does but one is unknown or go could not resolve one (-e),
 * 2 usage, 109 when go list fails. */
#include "compat.h"
#include "audit.h"
#include "deps.h"
#include "cmds.h"
#include "exitcodes.h"
#include "jsonw.h"
#include "goquery.h"
#include "feature_sets.h"
#include "overlay.h"
#include "report.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The user's arguments without ours; -1 to go on, else the exit code. */
static int args_of(int argc, char **argv, int *json, char ***out, size_t *n)
{
	*out = gw_xcalloc((size_t)argc + 1, sizeof **out);
	*n = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			*json = 1;
		else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return gw_usage("usage: gowrap audit [--json] [build flags] [packages]", 1);
		else
			(*out)[(*n)++] = argv[i];
	}
	return -1;
}

static void print_json(const struct dp_audit *a, const struct dp_graph *g)
{
	struct sb s = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "target", a->target);
	jw_bool(&w, "ok", !a->any_wrong && !a->any_unknown && !(g->unresolved.buf && g->unresolved.buf[0]));
	jw_bool(&w, "defective", a->any_wrong);
	jw_bool(&w, "unknown", a->any_unknown);
	jw_arr(&w, "packages");
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		jw_obj(&w, NULL);
		jw_str(&w, "import_path", r->pkg);
		jw_str(&w, "module", r->mod);
		jw_str(&w, "kind", r->kind);
		jw_str(&w, "verdict", r->verdict);
		jw_str(&w, "why", r->why);
		jw_str(&w, "file", r->file);
		jw_end(&w);
	}
	jw_end(&w);
	jw_arr(&w, "unresolved");
	for (const char *p = g->unresolved.buf ? g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		char one[512];
		snprintf(one, sizeof one, "%.*s", (int)(n < 511 ? n : 511), p);
		jw_str(&w, NULL, one);
		p += n + (p[n] != 0);
	}
	jw_end(&w);
	jw_end(&w);
	sb_addc(&s, '\n');
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}

static void print_text(const struct dp_audit *a, const struct dp_graph *g)
{
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		printf("%s\t%s\t%s\t%s%s%s\n", r->pkg, r->mod[0] ? r->mod : "-", r->kind, r->verdict,
		       r->why ? ": " : "", r->why ? r->why : "");
	}
	for (const char *p = g->unresolved.buf ? g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		printf("%.*s\t-\t-\tnot audited: go could not resolve it (go list -e)\n", (int)n, p);
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

int cmd_audit(int argc, char **argv)
{
	struct gw_err e;
	struct sb realgo = SB_INIT, why = SB_INIT;
	char **args;
	size_t n;
	int json = 0, rc = args_of(argc, argv, &json, &args, &n);
	if (rc < 0 && gw_find_real_go(&realgo, &e) < 0)
		rc = gw_err_print(&e);
	struct dp_graph g;
	if (rc < 0 && dp_graph_list_audit(realgo.buf, args, n, &g, &why) < 0) {
		dp_graph_free(&g);
		rc = gw_fail(GW_EXIT_GO_QUERY, "cannot list the build's packages",
			     "check the package arguments and that `go list` works here", "%s", why.buf);
	}
	if (rc < 0) {
		struct dp_audit a;
		struct dp_std_answer std = { 0, NULL };
		struct sb stdwhy = SB_INIT;
		int ios = dp_ios_family(g.goos, gw_list_has(g.tags ? g.tags : "", ',', "ios", 3));
		if (ios && strcmp(g.goarch, "arm64") == 0)
			std_answer(realgo.buf, &std, &stdwhy);
		dp_audit(&g, std.why ? &std : NULL, &a);
		if (json)
			print_json(&a, &g);
		else
			print_text(&a, &g);
		/* what go could not resolve was not seen: never "ok" */
		int unseen = g.unresolved.buf && g.unresolved.buf[0];
		rc = a.any_wrong ? 1 : a.any_unknown || unseen ? 3 : 0;
		sb_release(&stdwhy);
		dp_audit_free(&a);
		dp_graph_free(&g);
	}
	free(args);
	sb_release(&realgo);
	sb_release(&why);
	return rc;
}
