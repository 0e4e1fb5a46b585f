/* audit.c — see audit.h. */
#include "compat.h"
#include "audit.h"
#include "deps.h"
#include "grow.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Std's internal/cpu: the target alone decides. */
static void std_row(struct dp_audit_row *r, int family)
{
	r->mod = "std";
	r->kind = "internal/cpu";
	if (family == DP_FAM_IOS) {
		r->verdict = "fixed by gowrap";
		r->why = gw_xstrdup("GOROOT overlay (gowrap overlay)");
	} else {
		r->verdict = "right on its own";
		r->why = family == DP_FAM_LINUX ? gw_xstrdup("the runtime fills its HWCap") : NULL;
	}
}

/* A dependency's row: 0, or -1 when it is no CPU-feature package. */
static int dep_row(struct dp_audit_row *r, const struct dp_pkg *p, const char *release, int family)
{
	struct dp_class cl;
	dp_graph_classify(p, family, &cl);
	const char *off = getenv("GOWRAP_DEPS");
	if (cl.verdict == DP_V_NONE)
		return -1;
	r->wrong = 1;
	r->verdict = "wrong and not fixable";
	if (cl.verdict == DP_V_UNKNOWN) {
		r->kind = "unknown";
		r->why = gw_xstrdup(cl.why);
		return 0;
	}
	r->kind = dp_kind_name(cl.row->kind);
	if (cl.verdict == DP_V_RIGHT) {
		r->verdict = "right on its own";
		r->wrong = 0;
	} else if (off && strcmp(off, "0") == 0) {
		r->why = gw_xstrdup("GOWRAP_DEPS=0 turns the dependency fix off");
	} else if (cl.row->fix == DP_FIX_HWCAP && !strstr(release, "go1.21")) {
		r->why = gw_xstrdup("Go < 1.21 has no runtime.getAuxv");
	} else {
		struct sb w = SB_INIT;
		r->verdict = "fixed by gowrap";
		r->wrong = 0;
		sb_addf(&w, "%s (%s, %s)", dp_fix_name(cl.row->fix), cl.row->file, cl.row->versions);
		r->why = sb_detach(&w);
	}
	return 0;
}

void dp_audit(const struct dp_graph *g, struct dp_audit *a)
{
	memset(a, 0, sizeof *a);
	snprintf(a->target, sizeof a->target, "%s/%s", g->goos, g->goarch);
	int ios = strcmp(g->goos, "ios") == 0 || (strcmp(g->goos, "darwin") == 0 && gw_list_has(g->tags ? g->tags : "", ',', "ios", 3));
	a->family = dp_family(g->goos, g->goarch, ios);
	for (size_t i = 0; i < g->n; i++) {
		const struct dp_pkg *p = &g->v[i];
		struct dp_audit_row r = { p->path, p->mod, NULL, NULL, NULL, 0 };
		if (p->std) {
			if (strcmp(p->path, "internal/cpu") != 0)
				continue;
			std_row(&r, a->family);
		} else if (!a->family || dep_row(&r, p, g->release ? g->release : "", a->family) < 0) {
			continue;
		}
		a->any_wrong |= r.wrong;
		a->rows = gw_grow(a->rows, &a->cap, a->nrows + 1, sizeof *a->rows);
		a->rows[a->nrows++] = r;
	}
}

void dp_audit_free(struct dp_audit *a)
{
	for (size_t i = 0; i < a->nrows; i++)
		free(a->rows[i].why);
	free(a->rows);
	memset(a, 0, sizeof *a);
}
