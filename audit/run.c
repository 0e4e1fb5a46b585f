/* run.c — the whole of `gowrap audit [--format text|json|sarif|github]
 * [--ids] [--reviewed FILE] [build flags] [packages]` after its command line
 * (au_audit): every CPU-feature package in a build, and what a build through
 * the gowrap shim makes of it.
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
 * none does but one is unknown or go could not resolve one (-e),
 * 109 when go list fails, 118 when the reviewed-verdicts file is refused. */
#include "compat.h"
#include "audit.h"
#include "audit_out.h"
#include "deps.h"
#include "exitcodes.h"
#include "goquery.h"
#include "report.h"
#include "strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int au_audit(const struct au_run *o, char **args, size_t n)
{
	struct gw_err e;
	struct sb realgo = SB_INIT, why = SB_INIT, root = SB_INIT;
	struct au_reviewed rv = { 0 };
	int rc = -1;
	if (gw_find_real_go(&realgo, &e) < 0)
		rc = gw_err_print(&e);
	if (rc < 0) {
		/* the file is read before go lists anything: a refused one stops here */
		au_module_root(realgo.buf, &root);
		if (au_reviewed_load(o->reviewed, root.buf ? root.buf : "", &rv, &e) < 0)
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
		struct au_print p = { o->fmt, o->ids, root.buf ? root.buf : "", o->version };
		rc = au_report(realgo.buf, &p, &g, &rv);
		dp_graph_free(&g);
	}
	au_reviewed_free(&rv);
	sb_release(&realgo);
	sb_release(&why);
	sb_release(&root);
	return rc;
}
