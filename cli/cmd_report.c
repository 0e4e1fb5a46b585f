/* cmd_report.c — `gowrap report [--log FILE] [--symcheck-json FILE]...
 * [--out FILE] [PATH...]`: a CI job's gowrap evidence as one Markdown
 * summary (the GitHub Action's report mode, README "GitHub Action").
 *
 * Promise: reads the shim's GOWRAP_LOG (one JSON object per go call it
 * touched) and the slices of the files to check — PATHs with symcheck's own
 * reader and policy (verify.h, the verdicts of `symcheck PATH`), saved
 * `symcheck --json` outputs as they are — and appends one summary: a
 * verdict, a row per go call (subcommand, target, overlay, toolexec,
 * dependencies fixed, exit, verified) and a row per slice. Strings from the
 * log or a file are escaped for Markdown: no path can break a table or add
 * markup. To --out, else $GITHUB_STEP_SUMMARY, else stdout.
 *
 * Exit 110 when something failed: a call's output failed the shim's check
 * (`"verified": false`), a slice falls short of its policy, an input cannot
 * be read, or a log line is not a JSON object (unreadable evidence proves
 * nothing); 2 usage, or a FILE named here that cannot be read or written;
 * else 0. A missing or empty log is no failure in itself: the summary says
 * no go call went through the shim, and the likely cause. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "report.h"
#include "strbuf.h"
#include "verify.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A log of a very large fleet job stays readable; anything larger is not a
 * log the shim wrote in one job. */
#define REPORT_READ_LIMIT ((size_t)256 << 20)

static const char usage_text[] =
	"usage: gowrap report [--log FILE] [--symcheck-json FILE]... [--out FILE] [PATH...]\n"
	"  --log FILE            the shim's GOWRAP_LOG (default: $GOWRAP_LOG)\n"
	"  --symcheck-json FILE  a saved `symcheck --json` output (repeatable)\n"
	"  --out FILE            append the Markdown summary here\n"
	"                        (default: $GITHUB_STEP_SUMMARY, else stdout)\n"
	"  PATH...               files or bundles to check, as `symcheck PATH` does\n"
	"exit 0 nothing failed, 110 verification failed, 2 usage or an unreadable FILE\n";

struct report {
	const char *log, *out;
	char **json, **paths; /* into argv */
	size_t njson, npaths;
	int log_missing;
	cJSON *calls;  /* the log's objects, in order */
	cJSON *checks; /* symcheck --json roots: one per file, one for the PATHs */
	struct sb bad; /* numbers of log lines that are not JSON objects */
	size_t nbad, noverlay, ntoolexec, nverified, ncallfail;
	size_t ninputs, nslices, nsliceok, nslicefail, ninputerr;
};

/* -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, struct report *r)
{
	static const char *const names[] = { "--log", "--out", "--symcheck-json" };
	int dashdash = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		int k = -1, got = 0;
		if (!dashdash && (!strcmp(a, "-h") || !strcmp(a, "--help")))
			return gw_usage(usage_text, 1);
		if (!dashdash && !strcmp(a, "--")) {
			dashdash = 1;
			continue;
		}
		for (int j = 0; !dashdash && j < 3 && !got; j++)
			if ((got = cli_opt_value(argc, argv, &i, names[j], &v)) != 0)
				k = j;
		if (got < 0)
			return gw_fail(GW_EXIT_USAGE, "gowrap report", "give it as `--option FILE`",
				       "%s has no FILE after it", a);
		if (k == 0)
			r->log = *v ? v : NULL; /* an action input left empty */
		else if (k == 1)
			r->out = v;
		else if (k == 2)
			r->json[r->njson++] = (char *)v;
		else if (!dashdash && a[0] == '-' && a[1] != '\0')
			return gw_fail(GW_EXIT_USAGE, "gowrap report", "run `gowrap report --help`",
				       "unknown option %s", a);
		else
			r->paths[r->npaths++] = argv[i];
	}
	return -1;
}

/* Split the log into lines; each becomes a call or a bad line number. */
static void take_log_lines(struct report *r, const struct sb *b)
{
	size_t lineno = 0;
	for (const char *p = b->buf, *end = b->buf + b->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		lineno++;
		cJSON *j = n ? cJSON_ParseWithLength(p, n) : NULL;
		if (j && cJSON_IsObject(j)) {
			cJSON_AddItemToArray(r->calls, j);
		} else if (n) {
			cJSON_Delete(j);
			sb_addf(&r->bad, "%s%zu", r->nbad++ ? ", " : "", lineno);
		}
		p += n + 1;
	}
}

static int read_log(struct report *r, struct gw_err *e)
{
	struct sb b = SB_INIT;
	if (!r->log)
		return 0;
	if (sb_read_file(&b, r->log, REPORT_READ_LIMIT) < 0) {
		if (errno == ENOENT) {
			r->log_missing = 1;
			return 0;
		}
		return gw_err_set(e, GW_EXIT_USAGE, "cannot read the gowrap log",
				  "pass the file GOWRAP_LOG named during the build (--log FILE)", "%s: %s",
				  r->log, strerror(errno));
	}
	take_log_lines(r, &b);
	sb_release(&b);
	return 0;
}

/* A saved `symcheck --json` output, kept as it is. */
static int read_symcheck_json(struct report *r, const char *path, struct gw_err *e)
{
	struct sb b = SB_INIT;
	if (sb_read_file(&b, path, REPORT_READ_LIMIT) < 0)
		return gw_err_set(e, GW_EXIT_USAGE, "cannot read a symcheck --json file",
				  "pass the file `symcheck --json PATH... > FILE` wrote", "%s: %s", path,
				  strerror(errno));
	cJSON *j = cJSON_ParseWithLength(b.buf, b.len);
	sb_release(&b);
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(j, "inputs"))) {
		cJSON_Delete(j);
		return gw_err_set(e, GW_EXIT_USAGE, "cannot read a symcheck --json file",
				  "pass the file `symcheck --json PATH... > FILE` wrote",
				  "%s: not symcheck --json output (no \"inputs\" list)", path);
	}
	cJSON_AddItemToArray(r->checks, j);
	return 0;
}

/* The PATHs, read with symcheck's reader and policy; its JSON is the one
 * shape the renderer reads, whichever way a result came. */
static void scan_paths(struct report *r)
{
	struct vf_opts o = { NULL, VF_EXPECT_AUTO, NULL, NULL };
	struct vf_result res = { NULL, 0, 0 };
	struct sb js = SB_INIT;
	for (size_t i = 0; i < r->npaths; i++)
		vf_scan_path(&res, r->paths[i], &o);
	vf_format_json(&js, &res);
	vf_result_release(&res);
	cJSON_AddItemToArray(r->checks, cJSON_ParseWithLength(js.buf, js.len));
	sb_release(&js);
}

static const char *jstr(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* 1 true, 0 false, -1 null or absent. */
static int jbool(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

static void count(struct report *r)
{
	const cJSON *c, *chk, *in, *s;
	cJSON_ArrayForEach(c, r->calls) {
		r->noverlay += jstr(c, "overlay") != NULL;
		r->ntoolexec += jbool(c, "deps_toolexec") == 1;
		r->nverified += jbool(c, "verified") == 1;
		r->ncallfail += jbool(c, "verified") == 0;
	}
	cJSON_ArrayForEach(chk, r->checks) {
		cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(chk, "inputs")) {
			r->ninputs++;
			r->ninputerr += jstr(in, "error") != NULL;
			cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(in, "slices")) {
				r->nslices++;
				r->nsliceok += jbool(s, "ok") == 1;
				r->nslicefail += jbool(s, "ok") != 1;
			}
		}
	}
}

static int failed(const struct report *r)
{
	return r->ncallfail || r->nbad || r->nslicefail || r->ninputerr;
}

/* Text for a table cell: control bytes as \xNN (sb_add_printable), then
 * every character Markdown could read as markup or a cell border escaped. */
static void md_text(struct sb *md, const char *s)
{
	struct sb p = SB_INIT;
	sb_add_printable(&p, s ? s : "");
	for (const char *c = p.buf; *c; c++) {
		if (strchr("\\`*_[]<>&~|", *c))
			sb_addc(md, '\\');
		sb_addc(md, *c);
	}
	sb_release(&p);
}

/* A name (path, package, target) as a code span: a fence longer than any
 * run of backticks inside, `|` escaped (GFM splits table rows on it even
 * in code), control bytes as \xNN. "—" for none. */
static void md_code(struct sb *md, const char *s)
{
	struct sb p = SB_INIT;
	size_t run = 0, longest = 0;
	if (!s || !*s) {
		sb_adds(md, "—");
		return;
	}
	sb_add_printable(&p, s);
	for (const char *c = p.buf; *c; c++) {
		run = *c == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	for (size_t i = 0; i <= longest; i++)
		sb_addc(md, '`');
	int pad = p.buf[0] == '`' || p.buf[p.len - 1] == '`';
	sb_adds(md, pad ? " " : "");
	for (const char *c = p.buf; *c; c++) {
		if (*c == '|')
			sb_addc(md, '\\');
		sb_addc(md, *c);
	}
	sb_adds(md, pad ? " " : "");
	for (size_t i = 0; i <= longest; i++)
		sb_addc(md, '`');
	sb_release(&p);
}

/* The strings of a JSON list as code spans, or "—". */
static void md_list(struct sb *md, const cJSON *list)
{
	const cJSON *x;
	size_t n = 0;
	cJSON_ArrayForEach(x, list) {
		if (!cJSON_IsString(x))
			continue;
		sb_adds(md, n++ ? ", " : "");
		md_code(md, x->valuestring);
	}
	if (!n)
		sb_adds(md, "—");
}

static void md_head(struct sb *md, const struct report *r)
{
	if (failed(r))
		sb_adds(md, "## ❌ gowrap: verification failed\n\n");
	else if (r->nverified + r->nsliceok == 0)
		sb_adds(md, "## ⚠️ gowrap: nothing was verified\n\n");
	else
		sb_adds(md, "## ✅ gowrap: verified\n\n");
	if (!r->log) {
		sb_adds(md, "- no gowrap log: GOWRAP_LOG is not set and no --log was given\n");
	} else if (r->log_missing || !cJSON_GetArraySize(r->calls)) {
		sb_adds(md, "- no go call went through the gowrap shim: the log ");
		md_code(md, r->log);
		sb_adds(md, r->log_missing ? " does not exist" : " holds no calls");
		sb_adds(md, ". If the job ran go, put gowrap's install step after "
			    "actions/setup-go: each puts its directory first on PATH, the last one wins.\n");
	} else {
		sb_addf(md, "- go calls through the shim: %d (overlay added: %zu, dependency fix added: %zu); "
			    "outputs verified: %zu, failed: %zu\n",
			cJSON_GetArraySize(r->calls), r->noverlay, r->ntoolexec, r->nverified, r->ncallfail);
	}
	if (r->nbad)
		sb_addf(md, "- log lines that are not JSON objects (evidence lost): %s\n", r->bad.buf);
	if (r->ninputs)
		sb_addf(md, "- files checked: %zu, unreadable: %zu; slices: %zu, failed: %zu\n", r->ninputs,
			r->ninputerr, r->nslices, r->nslicefail);
	else
		sb_adds(md, "- no files checked (name them: `gowrap report PATH...`, or the action's `check:`)\n");
}

/* One go call: | # | go | target | Go | overlay | toolexec | deps fixed |
 * exit | verified | output or reason | */
static void md_call(struct sb *md, const cJSON *c, int n)
{
	const cJSON *ex = cJSON_GetObjectItemCaseSensitive(c, "exit");
	sb_addf(md, "| %d | ", n);
	md_code(md, jstr(c, "subcommand"));
	sb_adds(md, " | ");
	md_code(md, jstr(c, "target"));
	if (jstr(c, "tags")) {
		sb_adds(md, " tags ");
		md_code(md, jstr(c, "tags"));
	}
	sb_adds(md, " | ");
	md_code(md, jstr(c, "goversion"));
	sb_adds(md, jstr(c, "overlay") ? " | added | " : " | — | ");
	sb_adds(md, jbool(c, "deps_toolexec") == 1 ? "added | " : "— | ");
	md_list(md, jbool(c, "deps_toolexec") == 1 ? cJSON_GetObjectItemCaseSensitive(c, "deps") : NULL);
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(c, "deps_unknown"))) {
		sb_adds(md, "; unknown variants: ");
		md_list(md, cJSON_GetObjectItemCaseSensitive(c, "deps_unknown"));
	}
	if (cJSON_IsNumber(ex))
		sb_addf(md, " | %d | ", ex->valueint);
	else
		sb_adds(md, " | — | ");
	sb_adds(md, jbool(c, "verified") == 1 ? "✅ yes" : jbool(c, "verified") == 0 ? "❌ **no**" : "—");
	sb_adds(md, " | ");
	if (jstr(c, "output"))
		md_code(md, jstr(c, "output"));
	sb_adds(md, jstr(c, "output") && jstr(c, "reason") ? ": " : "");
	md_text(md, jstr(c, "reason"));
	sb_adds(md, " |\n");
}

static void md_calls(struct sb *md, const struct report *r)
{
	const cJSON *c;
	int n = 0;
	if (!cJSON_GetArraySize(r->calls))
		return;
	sb_adds(md, "\n### go calls (");
	md_code(md, r->log);
	sb_adds(md, ")\n\n| # | go | target | Go | overlay | toolexec | dependencies fixed | exit | "
		    "verified | output or reason |\n|---|---|---|---|---|---|---|---|---|---|\n");
	cJSON_ArrayForEach(c, r->calls)
		md_call(md, c, ++n);
}

/* One slice: | file | arch | platform | Go | marker | expected | result | */
static void md_slice(struct sb *md, const char *path, const cJSON *s)
{
	sb_adds(md, "| ");
	md_code(md, path);
	sb_adds(md, " | ");
	md_code(md, jstr(s, "arch"));
	sb_adds(md, " | ");
	md_code(md, jstr(s, "platform"));
	sb_adds(md, " | ");
	md_code(md, jstr(s, "goversion"));
	sb_adds(md, " | ");
	md_code(md, jstr(s, "marker"));
	if (jstr(s, "marker") && jstr(s, "found_in")) {
		sb_adds(md, " in ");
		md_text(md, jstr(s, "found_in"));
	}
	sb_adds(md, " | ");
	md_text(md, jstr(s, "expected"));
	sb_adds(md, jbool(s, "ok") == 1 ? " | ✅ ok |\n" : " | ❌ **FAIL** |\n");
}

static void md_checks(struct sb *md, const struct report *r)
{
	const cJSON *chk, *in, *s;
	if (!r->ninputs)
		return;
	sb_adds(md, "\n### files checked\n\n| file | arch | platform | Go | marker | expected | result |\n"
		    "|---|---|---|---|---|---|---|\n");
	cJSON_ArrayForEach(chk, r->checks) {
		cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(chk, "inputs")) {
			const char *path = jstr(in, "path");
			const cJSON *sl = cJSON_GetObjectItemCaseSensitive(in, "slices");
			if (jstr(in, "error")) {
				sb_adds(md, "| ");
				md_code(md, path);
				sb_adds(md, " | — | — | — | — | — | ❌ **unreadable**: ");
				md_text(md, jstr(in, "error"));
				sb_adds(md, " |\n");
				continue;
			}
			cJSON_ArrayForEach(s, sl)
				md_slice(md, path, s);
		}
	}
}

/* Append the summary where it goes; GITHUB_STEP_SUMMARY is appended to by
 * every step of a job, so never truncate. */
static int write_out(const struct report *r, const struct sb *md, const char **where, struct gw_err *e)
{
	const char *gh = getenv("GITHUB_STEP_SUMMARY");
	const char *to = r->out ? r->out : (gh && *gh ? gh : NULL);
	*where = to ? to : "stdout";
	int fd = to ? open(to, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644) : 1;
	int bad = fd < 0 || gw_write_all(fd, md->buf, md->len) < 0, err = errno;
	if (to && fd >= 0 && close(fd) < 0 && !bad)
		bad = 1, err = errno;
	if (bad)
		return gw_err_set(e, GW_EXIT_USAGE, "cannot write the gowrap report",
				  "give a writable file with --out, or none for stdout", "%s: %s", *where,
				  strerror(err));
	return 0;
}

/* What failed, only the counts that are not zero. */
static void why_failed(const struct report *r, struct sb *why)
{
	const size_t n[] = { r->ncallfail, r->nslicefail, r->ninputerr, r->nbad };
	const char *what[] = { "go call(s) whose output failed the shim's check",
			       "slice(s) short of their expectation", "unreadable input(s)",
			       "log line(s) that are not JSON" };
	for (size_t i = 0; i < 4; i++)
		if (n[i])
			sb_addf(why, "%s%zu %s", why->len ? ", " : "", n[i], what[i]);
}

/* Everything read, the summary written; the exit code. */
static int report_run(struct report *r)
{
	struct gw_err e = { 0 };
	struct sb md = SB_INIT;
	const char *where = NULL;
	int rc = read_log(r, &e);
	for (size_t i = 0; rc == 0 && i < r->njson; i++)
		rc = read_symcheck_json(r, r->json[i], &e);
	if (rc < 0)
		return gw_err_print(&e);
	if (r->npaths)
		scan_paths(r);
	count(r);
	md_head(&md, r);
	md_calls(&md, r);
	md_checks(&md, r);
	rc = write_out(r, &md, &where, &e);
	sb_release(&md);
	if (rc < 0)
		return gw_err_print(&e);
	if (!failed(r))
		return 0;
	struct sb why = SB_INIT;
	why_failed(r, &why);
	rc = gw_fail(GW_EXIT_VERIFY, "verification failed",
		     "build through the gowrap shim (the action's install step, after actions/setup-go) "
		     "and see the failing rows in the summary",
		     "%s (summary: %s)", why.buf, where);
	sb_release(&why);
	return rc;
}

int cmd_report(int argc, char **argv)
{
	struct report r;
	memset(&r, 0, sizeof r);
	sb_init(&r.bad);
	r.json = gw_xcalloc((size_t)argc + 1, sizeof *r.json);
	r.paths = gw_xcalloc((size_t)argc + 1, sizeof *r.paths);
	r.calls = cJSON_CreateArray();
	r.checks = cJSON_CreateArray();
	if (!r.calls || !r.checks)
		gw_oom();
	const char *envlog = getenv("GOWRAP_LOG");
	r.log = envlog && *envlog ? envlog : NULL;
	int rc = parse_args(argc, argv, &r);
	if (rc < 0)
		rc = report_run(&r);
	cJSON_Delete(r.calls);
	cJSON_Delete(r.checks);
	sb_release(&r.bad);
	free(r.json);
	free(r.paths);
	return rc;
}
