/* print.c — gowrap audit's rows, reviewed and printed (audit_out.h,
 * au_report): deps/audit.h decides each row, review.c its id and review,
 * this file the text and JSON forms, sarif.c the SARIF and GitHub ones. */
#include "compat.h"
#include "audit_parts.h"
#include "deps.h"
#include "feature_sets.h"
#include "goquery.h"
#include "jsonw.h"
#include "overlay.h"
#include "report.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void print_as(const struct au_print *o, const struct au_ctx *c, const struct au_reviewed *rv, int rc)
{
	struct sb out = SB_INIT;
	if (o->fmt == AU_JSON) {
		print_json(c, rv->path, rc);
	} else if (o->fmt == AU_SARIF || o->fmt == AU_GITHUB) {
		if (o->fmt == AU_SARIF)
			au_sarif(c, &out);
		else
			au_github(c, &out);
		gw_write_all(1, out.buf ? out.buf : "", out.len);
	} else {
		print_text(c, o->ids, rv->path);
	}
	sb_release(&out);
}

int au_report(const char *realgo, const struct au_print *o, struct dp_graph *g, struct au_reviewed *rv)
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
	struct au_ctx c = { &a, g, st, o->root, o->version };
	fflush(stdout);
	print_as(o, &c, rv, rc);
	fflush(stdout);
	free(st);
	sb_release(&stdwhy);
	dp_audit_free(&a);
	return rc;
}

