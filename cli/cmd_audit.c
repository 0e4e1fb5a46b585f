/* cmd_audit.c — `gowrap audit [--json] [build flags] [packages]`: every
 * CPU-feature package in a build, and what a build through the gowrap shim
 * makes of it.
 *
 * Promise: the target comes from the environment, as for go itself (`go
 * list` runs in this directory with this environment and the given flags,
 * so GOOS/GOARCH/GOFLAGS/-tags apply exactly as in the build: deps/graph.h,
 * the same listing the shim's dependency gate uses). The rows and verdicts
 * are deps/audit.h's; this file only prints them. One line (or JSON object)
 * per package: import path, module@version, kind, verdict. Exit 0 when nothing stays wrong, 1 when something does (a defect
 * gowrap cannot fix, or an unknown variant of a known file), 2 usage,
 * 109 when go list fails. */
#include "compat.h"
#include "audit.h"
#include "cmds.h"
#include "exitcodes.h"
#include "jsonw.h"
#include "goquery.h"
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

static void print_json(const struct dp_audit *a)
{
	struct sb s = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "target", a->target);
	jw_bool(&w, "ok", !a->any_wrong);
	jw_arr(&w, "packages");
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
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

static void print_text(const struct dp_audit *a)
{
	if (!a->family)
		printf("target %s: gowrap fixes CPU-feature code for linux/android arm64 and the iOS family only\n",
		       a->target);
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		printf("%s\t%s\t%s\t%s%s%s\n", r->pkg, r->mod[0] ? r->mod : "-", r->kind, r->verdict,
		       r->why ? ": " : "", r->why ? r->why : "");
	}
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
	if (rc < 0 && dp_graph_list(realgo.buf, NULL, 0, args, n, &g, &why) < 0) {
		dp_graph_free(&g);
		rc = gw_fail(GW_EXIT_GO_QUERY, "cannot list the build's packages",
			     "check the package arguments and that `go list` works here", "%s", why.buf);
	}
	if (rc < 0) {
		struct dp_audit a;
		dp_audit(&g, &a);
		if (json)
			print_json(&a);
		else
			print_text(&a);
		rc = a.any_wrong ? 1 : 0;
		dp_audit_free(&a);
		dp_graph_free(&g);
	}
	free(args);
	sb_release(&realgo);
	sb_release(&why);
	return rc;
}
