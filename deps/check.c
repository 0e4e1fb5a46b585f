/* check.c — dp_check and the log's fields (deps.h): after go ran. */
#include "compat.h"
#include "deps.h"
#include "exitcodes.h"
#include "marker.h"
#include "table.h"
#include "verify.h"

#include <stdlib.h>
#include <string.h>

/* lines: "\n"-terminated entries; the count. */
static size_t count_lines(const char *lines)
{
	size_t n = 0;
	for (; *lines; lines++)
		n += *lines == '\n';
	return n;
}

/* Merge the toolexec's unknown lines into p->unknown, one per package (the
 * gate may have named it already). */
static void merge_unknown(struct dp_plan *p, const char *more)
{
	for (const char *q = more; *q;) {
		size_t n = strcspn(q, "\n");
		size_t pk = strcspn(q, ":");
		int dup = 0;
		for (const char *r = p->unknown.buf; *r && !dup;) {
			size_t l = strcspn(r, "\n");
			dup = strcspn(r, ":") == pk && memcmp(r, q, pk) == 0;
			r += l + (r[l] == '\n');
		}
		if (!dup)
			sb_addf(&p->unknown, "%.*s\n", (int)n, q);
		q += n + (q[n] == '\n');
	}
}

/* Behind a caller's tool, a compile gowrap-toolexec handed over whose
 * compiler stage saw gowrap's file missing ("dropped") cannot have the fix:
 * the two tools cannot be composed. (One the stage never answered for ran
 * a compiler of the tool's own: it must then show its marker by name.) */
static int composed_ok(const struct dp_plan *p, const struct dp_records *r, struct gw_err *e)
{
	if (!r->dropped.len)
		return 0;
	struct sb pkg = SB_INIT, one = SB_INIT, te = SB_INIT;
	sb_add(&one, r->dropped.buf, strcspn(r->dropped.buf, "\n"));
	sb_add_printable(&pkg, one.buf);
	sb_add_printable(&te, p->next);
	gw_err_set(e, GW_EXIT_VERIFY, "built output lacks a dependency fix",
		   "use a -toolexec that runs the tool it is given with the files it is given (they may be "
		   "rewritten, not dropped), or set GOWRAP_DEPS=0; GOWRAP_VERIFY=0 skips this check",
		   "your -toolexec=%s dropped gowrap's file from the compile of %s, so the fix cannot be "
		   "composed with it", te.buf, pkg.buf);
	sb_release(&pkg);
	sb_release(&one);
	sb_release(&te);
	return -1;
}

/* Handed over and not seen by the compiler stage: proven only by name. */
static void unproven(const struct dp_records *r, struct sb *out)
{
	for (const char *q = r->handed.buf; *q;) {
		size_t n = strcspn(q, "\n");
		if (!gw_list_has(r->fixed.buf, '\n', q, n))
			sb_addf(out, "%.*s\n", (int)n, q);
		q += n + (q[n] == '\n');
	}
}

/* Every required marker is in output: packages fixed now, and packages the
 * gate found whose code is in it (a build served from the build cache fixes
 * nothing now, yet must carry their markers). each: output is one of
 * several files (an install, an -o directory), each linking only some of
 * the packages: a package fixed now is required only where its code is.
 * Behind a caller's tool, a package the compiler stage saw fixed is proven
 * by that record instead: the tool may rename every symbol (garble). */
static int markers_present(struct dp_plan *p, const struct dp_records *r, const char *output,
			   int each, struct gw_err *e)
{
	struct sb all = SB_INIT, markers = SB_INIT, err = SB_INIT, want = SB_INIT, name = SB_INIT;
	if (p->next)
		unproven(r, &all);
	else
		sb_adds(&all, p->fixed.buf);
	size_t nfixed = count_lines(all.buf);
	sb_adds(&all, p->pkgs.buf);
	size_t n = count_lines(all.buf), k = 0;
	const char **pk = gw_xcalloc(n + 1, sizeof *pk);
	int *present = gw_xcalloc(n + 1, sizeof *present);
	for (char *q = all.buf; *q && k < n;) {
		char *nl = strchr(q, '\n');
		*nl = 0;
		pk[k++] = q;
		q = nl + 1;
	}
	int rc = 0, unreadable = vf_pkg_markers(output, pk, k, present, &markers, &err) < 0;
	/* Behind a caller's tool the output's names may be unreadable (garble
	 * rewrites the pclntab): then the compiler stage's records are the
	 * proof for what compiled now, and the build cache's key — both tools'
	 * identities, under which the stage never lets an unfixed compile
	 * through — for what did not. Handed-over compiles the stage never saw
	 * cannot be proven that way. */
	if (unreadable && p->next && nfixed == 0) {
		p->proof = "compiler stage (the output's names cannot be read)";
		k = 0;
	} else if (unreadable) {
		rc = gw_err_set(e, GW_EXIT_VERIFY, "cannot check the dependency fix in the built output",
				"report this with the file; GOWRAP_VERIFY=0 skips the check", "%s", err.buf);
	} else {
		p->proof = p->next && p->fixed.len ? "compiler stage and markers" : "markers";
	}
	for (size_t i = 0; i < k && rc == 0; i++) {
		if ((each || i >= nfixed) && !present[i])
			continue;
		if (p->next && gw_list_has(p->fixed.buf, '\n', pk[i], strlen(pk[i])))
			continue;
		sb_reset(&want);
		sb_addf(&want, "\n%s.%s%s\n", pk[i], GW_MARKER_FUNC, DP_FIX_VERSION);
		sb_reset(&err);
		sb_addc(&err, '\n');
		sb_adds(&err, markers.buf);
		if (err.len && err.buf[err.len - 1] != '\n')
			sb_addc(&err, '\n');
		if (strstr(err.buf, want.buf))
			continue;
		sb_reset(&name);
		sb_add_printable(&name, pk[i]);
		rc = gw_err_set(e, GW_EXIT_VERIFY, "built output lacks a dependency fix",
				p->next ? "use a -toolexec that runs the compiler it is given (gowrap-toolexec's "
					  "compiler stage), or set GOWRAP_DEPS=0; GOWRAP_VERIFY=0 skips this check"
					: "rebuild through the shim, with nothing between it and the compiler that "
					  "drops gowrap-toolexec's file; GOWRAP_VERIFY=0 skips this check",
				"%s: %s has code in it but no %s.%s%s%s", output, name.buf, name.buf,
				GW_MARKER_FUNC, DP_FIX_VERSION,
				p->next ? " (and no compiler stage saw the fix behind your -toolexec)" : "");
	}
	free(pk);
	free(present);
	sb_release(&all);
	sb_release(&markers);
	sb_release(&err);
	sb_release(&want);
	sb_release(&name);
	return rc;
}

int dp_check(struct dp_plan *p, const char *cache, const char *output, char *const *files,
	     struct gw_err *e)
{
	if (!p->act)
		return 0;
	struct dp_records r;
	int rc = dp_state_read(cache, &p->state, &r, e);
	sb_adds(&p->fixed, r.fixed.buf);
	merge_unknown(p, r.unknown.buf);
	if (rc == 0 && p->next)
		rc = composed_ok(p, &r, e);
	if (rc == 0 && output)
		rc = markers_present(p, &r, output, 0, e);
	for (size_t i = 0; rc == 0 && files && files[i]; i++)
		rc = markers_present(p, &r, files[i], 1, e);
	sb_release(&r.fixed);
	sb_release(&r.handed);
	sb_release(&r.dropped);
	sb_release(&r.unknown);
	return rc;
}

/* lines: "\n"-terminated entries, as a JSON array of strings. */
static void json_list(struct jw *w, const char *key, const char *lines)
{
	struct sb one = SB_INIT;
	jw_arr(w, key);
	for (const char *q = lines; *q;) {
		size_t n = strcspn(q, "\n");
		sb_reset(&one);
		sb_add(&one, q, n);
		jw_str(w, NULL, one.buf);
		q += n + (q[n] == '\n');
	}
	jw_end(w);
	sb_release(&one);
}

void dp_log_fields(struct jw *w, const void *arg)
{
	const struct dp_plan *p = arg;
	json_list(w, "deps", p->pkgs.buf);
	json_list(w, "deps_fixed", p->fixed.buf);
	json_list(w, "deps_unknown", p->unknown.buf);
	if (p->act)
		jw_bool(w, "deps_toolexec", 1);
	if (p->act && p->next)
		jw_str(w, "deps_composed_with", p->next);
	if (p->proof)
		jw_str(w, "deps_proof", p->proof);
	jw_bool(w, "deps_memo", p->memo);
	if (p->reason)
		jw_str(w, "deps_reason", p->reason);
}
