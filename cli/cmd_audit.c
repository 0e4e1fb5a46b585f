/* cmd_audit.c — `gowrap audit [--format text|json|sarif|github] [--ids]
 * [--reviewed FILE] [build flags] [packages]`: every CPU-feature package in
 * a build, and what a build through the gowrap shim makes of it.
 *
 * Promise: the target comes from the environment, as for go itself (`go
 * list` runs in this directory with this environment and the given flags,
 * so GOOS/GOARCH/GOFLAGS/-tags apply exactly as in the build: deps/graph.h,
 * the same listing the shim's dependency gate uses). The rows and verdicts
 * are deps/audit.h's; audit/ reviews and prints them. One line (or JSON object)
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
#include "goquery.h"
#include "report.h"
#include "strbuf.h"
#include "version.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct opts {
	enum au_format fmt;
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
		o->fmt = AU_JSON;
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
		o->fmt = (enum au_format)(k - 1);
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

int cmd_audit(int argc, char **argv)
{
	struct gw_err e;
	struct sb realgo = SB_INIT, why = SB_INIT, root = SB_INIT;
	struct opts o = { AU_TEXT, 0, NULL };
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
		struct au_print p = { o.fmt, o.ids, root.buf ? root.buf : "", GOWRAP_VERSION };
		rc = au_report(realgo.buf, &p, &g, &rv);
		dp_graph_free(&g);
	}
	au_reviewed_free(&rv);
	free(args);
	sb_release(&realgo);
	sb_release(&why);
	sb_release(&root);
	return rc;
}
