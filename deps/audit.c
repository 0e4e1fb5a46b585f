/* audit.c — see audit.h. */
#include "compat.h"
#include "audit.h"
#include "deps.h"
#include "grow.h"
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

/* A rule's verdict for a dependency: 0, or -1 when no rule speaks of it. */
static int rule_row(struct dp_audit_row *r, const struct dp_class *cl, const char *release)
{
	const char *off = getenv("GOWRAP_DEPS");
	if (cl->verdict == DP_V_NONE)
		return -1;
	if (cl->verdict == DP_V_UNKNOWN) {
		r->kind = "unknown";
		r->verdict = DP_AUDIT_UNKNOWN;
		r->unknown = 1;
		r->why = gw_xstrdup(cl->why);
		return 0;
	}
	r->kind = dp_kind_name(cl->row->kind);
	struct sb w = SB_INIT;
	if (cl->verdict == DP_V_RIGHT) {
		r->verdict = DP_AUDIT_RIGHT;
		sb_addf(&w, "rule %s (%s; %s)", cl->row->name, cl->file, cl->row->versions);
	} else if (off && strcmp(off, "0") == 0) {
		r->verdict = DP_AUDIT_DEFECTIVE;
		r->wrong = 1;
		sb_addf(&w, "rule %s (%s): GOWRAP_DEPS=0 turns the dependency fix off", cl->row->name, cl->file);
	} else if (cl->row->fix == DP_FIX_HWCAP && !strstr(release, "go1.21")) {
		r->verdict = DP_AUDIT_DEFECTIVE;
		r->wrong = 1;
		sb_addf(&w, "rule %s (%s): Go < 1.21 has no runtime.getAuxv", cl->row->name, cl->file);
	} else {
		r->verdict = DP_AUDIT_FIXED;
		sb_addf(&w, "%s (rule %s, %s; %s)", dp_fix_name(cl->row->fix), cl->row->name, cl->file,
			cl->row->versions);
	}
	r->why = sb_detach(&w);
	return 0;
}

/* CPU-feature code no rule speaks of: unknown, with the word that shows it. */
static int evidence_row(struct dp_audit_row *r, const struct dp_pkg *p)
{
	char **paths = gw_xcalloc(p->nfiles + 1, sizeof *paths);
	for (size_t i = 0; i < p->nfiles; i++) {
		struct sb one = SB_INIT;
		sb_addf(&one, "%s/%s", p->dir, p->files[i]);
		paths[i] = sb_detach(&one);
	}
	char why[200];
	int found = dp_evidence((const char *const *)paths, p->nfiles, why, sizeof why);
	for (size_t i = 0; i < p->nfiles; i++)
		free(paths[i]);
	free(paths);
	if (!found)
		return -1;
	struct sb w = SB_INIT;
	sb_addf(&w, "CPU-feature code gowrap has no rule for (%s)", why);
	r->kind = "unknown";
	r->verdict = DP_AUDIT_UNKNOWN;
	r->unknown = 1;
	r->why = sb_detach(&w);
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
		struct dp_audit_row r = { p->path, p->mod, NULL, NULL, NULL, 0, 0 };
		if (p->std) {
			if (strcmp(p->path, "internal/cpu") != 0)
				continue;
			std_row(&r, a->family, std);
		} else {
			struct dp_class cl;
			dp_graph_classify(p, a->family, &cl);
			if (rule_row(&r, &cl, g->release ? g->release : "") < 0 && evidence_row(&r, p) < 0)
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
	for (size_t i = 0; i < a->nrows; i++)
		free(a->rows[i].why);
	free(a->rows);
	memset(a, 0, sizeof *a);
}
