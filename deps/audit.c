/* audit.c — see audit.h. */
#include "compat.h"
#include "audit.h"
#include "deps.h"
#include "grow.h"
#include "seen.h"
#include "sources.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Std's internal/cpu: the runtime fills its HWCap on linux; on the iOS
 * family it is right only with the overlay the generator answered for. */
static void std_row(struct dp_audit_row *r, int family, const struct dp_std_answer *std)
{
	r->mod = "std";
	r->kind = "internal/cpu";
	r->verdict = DP_AUDIT_RIGHT;
	if (family == DP_FAM_IOS && std) {
		r->verdict = std->fixed ? DP_AUDIT_FIXED : DP_AUDIT_DEFECTIVE;
		r->wrong = !std->fixed;
		r->why = gw_xstrdup(std->why ? std->why : "");
	} else if (family & (DP_FAM_LINUX | DP_FAM_ANDROID)) {
		r->why = gw_xstrdup("the runtime fills its HWCap");
	}
}

/* The file a rule of table.c matched, in the package's own module. */
static char *matched(const struct dp_pkg *p, const struct dp_class *cl)
{
	struct sb path = SB_INIT, name = SB_INIT;
	sb_addf(&path, "%s/%s", p->dir, cl->file_idx >= 0 ? p->files[cl->file_idx] : cl->file);
	dp_src_name(p, path.buf, &name);
	sb_release(&path);
	return sb_detach(&name);
}

/* A verdict of table.c's rules (fixed, right, or defective when the fix is
 * off or impossible): the file the rule matched, and where the rule itself
 * was read, said as such. */
static void rule_row(struct dp_audit_row *r, const struct dp_pkg *p, const struct dp_class *cl, const char *release)
{
	const char *off = getenv("GOWRAP_DEPS");
	r->kind = dp_kind_name(cl->row->kind);
	r->file = matched(p, cl);
	struct sb w = SB_INIT;
	if (cl->verdict == DP_V_RIGHT) {
		r->verdict = DP_AUDIT_RIGHT;
		sb_addf(&w, "rule %s (%s; rule read in %s)", cl->row->name, r->file, cl->row->versions);
	} else if (off && strcmp(off, "0") == 0) {
		r->verdict = DP_AUDIT_DEFECTIVE;
		r->wrong = 1;
		sb_addf(&w, "rule %s (%s): GOWRAP_DEPS=0 turns the dependency fix off", cl->row->name, r->file);
	} else if ((cl->row->fix == DP_FIX_HWCAP || cl->row->fix == DP_FIX_GVISOR) && !strstr(release, "go1.21")) {
		r->verdict = DP_AUDIT_DEFECTIVE;
		r->wrong = 1;
		sb_addf(&w, "rule %s (%s): Go < 1.21 has no runtime.getAuxv", cl->row->name, r->file);
	} else {
		r->verdict = DP_AUDIT_FIXED;
		sb_addf(&w, "%s (rule %s, %s; rule read in %s)", dp_fix_name(cl->row->fix), cl->row->name, r->file,
			cl->row->versions);
	}
	r->why = sb_detach(&w);
}

static void unknown_row(struct dp_audit_row *r, const char *why)
{
	r->kind = "unknown";
	r->verdict = DP_AUDIT_UNKNOWN;
	r->unknown = 1;
	r->why = gw_xstrdup(why);
}

static const char *seen_verdict(enum dp_seen_verdict v)
{
	return v == DP_SEEN_RIGHT ? DP_AUDIT_RIGHT : v == DP_SEEN_NOCHOICE ? DP_AUDIT_NOCHOICE
	       : v == DP_SEEN_OTHERARCH ? DP_AUDIT_OTHERARCH : DP_AUDIT_DEFECTIVE;
}

/* A rule with `users` lines holds only if every package of g that imports
 * p holds them: 0, or 1 with why naming the first that does not. */
static int users_hold(const struct dp_graph *g, const struct dp_pkg *p, const struct dp_seen_rule *e, char *why,
		      size_t wn)
{
	if (!e->users[0].text)
		return 0;
	for (size_t i = 0; i < g->n; i++) {
		const struct dp_pkg *q = &g->v[i];
		int imports = 0;
		for (size_t k = 0; k < q->nimports && !imports; k++)
			imports = strcmp(q->imports[k], p->path) == 0;
		if (!imports)
			continue;
		struct dp_srcs s;
		dp_srcs_read(q, &s);
		int bad = dp_seen_users(e, &s, q->path, why, wn);
		dp_srcs_free(&s);
		if (bad)
			return 1;
	}
	return 0;
}

/* No rule of table.c holds: evidence.c's rules over every source the
 * package compiles (Go, assembly, C through cgo), else the words of
 * CPU-feature code. 0, or -1 when nothing there is CPU-feature code. A
 * rule of evidence.c other than a defect never speaks over a trigger of a
 * defect rule of table.c: that copy stays unknown. */
static int seen_row(struct dp_audit_row *r, const struct dp_graph *g, const struct dp_pkg *p, int family,
		    const struct dp_class *cl)
{
	struct dp_class d = { .verdict = DP_V_NONE };
	if (cl->verdict == DP_V_UNKNOWN)
		dp_graph_classify(p, family | DP_DEFECTS_ONLY, &d);
	struct dp_srcs s;
	struct dp_seen sn;
	dp_srcs_read(p, &s);
	dp_seen_classify(&s, family, g->goarch, &sn);
	dp_srcs_free(&s);
	if (sn.what == DP_SEEN_RULE && users_hold(g, p, sn.rule, sn.why, sizeof sn.why))
		sn.what = DP_SEEN_UNKNOWN;
	if (sn.what == DP_SEEN_RULE && (d.verdict != DP_V_UNKNOWN || sn.rule->verdict == DP_SEEN_DEFECTIVE)) {
		const struct dp_seen_rule *e = sn.rule;
		r->kind = e->kind;
		r->verdict = seen_verdict(e->verdict);
		r->wrong = e->verdict == DP_SEEN_DEFECTIVE;
		r->file = gw_xstrdup(sn.files);
		struct sb w = SB_INIT;
		sb_addf(&w, "rule %s: %s (%s; rule read in %s)", e->name, e->reason, sn.files, e->versions);
		r->why = sb_detach(&w);
	} else if (cl->verdict == DP_V_UNKNOWN) {
		unknown_row(r, cl->why);
	} else if (sn.what != DP_SEEN_NONE) {
		unknown_row(r, sn.why);
	} else {
		return -1;
	}
	return 0;
}

void dp_audit(const struct dp_graph *g, const struct dp_std_answer *std, struct dp_audit *a)
{
	memset(a, 0, sizeof *a);
	snprintf(a->target, sizeof a->target, "%s/%s", g->goos, g->goarch);
	int ios = dp_ios_family(g->goos, gw_list_has(g->tags ? g->tags : "", ',', "ios", 3));
	a->family = dp_family(g->goos, g->goarch, ios);
	if (!a->family)
		a->family = DP_FAM_OTHER;
	for (size_t i = 0; i < g->n; i++) {
		const struct dp_pkg *p = &g->v[i];
		struct dp_audit_row r = { p->path, p->mod, NULL, NULL, NULL, NULL, 0, 0 };
		if (p->std) {
			if (strcmp(p->path, "internal/cpu") != 0)
				continue;
			std_row(&r, a->family, std);
		} else {
			struct dp_class cl;
			dp_graph_classify(p, a->family, &cl);
			if (cl.verdict == DP_V_FIX || cl.verdict == DP_V_RIGHT)
				rule_row(&r, p, &cl, g->release ? g->release : "");
			else if (seen_row(&r, g, p, a->family, &cl) < 0)
				continue;
		}
		a->any_wrong |= r.wrong;
		a->any_unknown |= r.unknown;
		a->rows = gw_grow(a->rows, &a->cap, a->nrows + 1, sizeof *a->rows);
		a->rows[a->nrows++] = r;
	}
}

void dp_audit_free(struct dp_audit *a)
{
	for (size_t i = 0; i < a->nrows; i++) {
		free(a->rows[i].why);
		free(a->rows[i].file);
	}
	free(a->rows);
	memset(a, 0, sizeof *a);
}
