/* cmd_report.c — `gowrap report [--log FILE] [--symcheck-json FILE]...
 * [--out FILE] [PATH...]`: a CI job's gowrap evidence as one Markdown
 * summary (the GitHub Action's report mode, README "GitHub Action").
 *
 * Promise: reads the shim's GOWRAP_LOG (one JSON object per go call it
 * touched) and the slices of the files to check — PATHs read by symcheck
 * itself (report_scan.c: every input `symcheck PATH` reads, .aar and .apk
 * included, with its verdicts), saved `symcheck --json` outputs as they
 * are — and appends one summary (report_md.c): a verdict, a row per go call
 * (subcommand, target, overlay, toolexec, dependencies fixed, exit,
 * verified), a row per GOWRAP_PATCHES patch a call applied (id, state,
 * file) and a row per slice, each failing row saying why. Strings from
 * the log or a file are escaped for Markdown: no path can break a table or
 * add markup. To --out, else $GITHUB_STEP_SUMMARY, else stdout.
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
#include "report_parts.h"
#include "strbuf.h"

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

/* The fix that fits what failed: a build that bypassed the shim, else
 * files that could not be read (their rows say why, each with its own fix),
 * else a log whose lines were torn. */
static const char *fix_for(const struct report *r)
{
	if (r->ncallfail || r->nslicefail)
		return "build through the gowrap shim (the action's install step, after actions/setup-go) "
		       "and see the failing rows in the summary";
	if (r->ninputerr)
		return "see the unreadable rows in the summary: each says why and what to do";
	return "let only the shim append to GOWRAP_LOG, and build again (a torn line is evidence lost)";
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
		report_scan_paths(r);
	report_count(r);
	report_markdown(&md, r);
	rc = write_out(r, &md, &where, &e);
	sb_release(&md);
	if (rc < 0)
		return gw_err_print(&e);
	if (!report_failed(r))
		return 0;
	struct sb why = SB_INIT;
	why_failed(r, &why);
	rc = gw_fail(GW_EXIT_VERIFY, "verification failed", fix_for(r), "%s (summary: %s)", why.buf,
		     where);
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
