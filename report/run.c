/* run.c — `gowrap report` from its arguments to its exit code
 * (ci_report.h): the log and the saved symcheck outputs read, the PATHs
 * scanned (scan.c), the counts and the verdict (verdict.c), the summary
 * rendered (md.c) and appended where it goes. */
#include "compat.h"
#include "ci_report.h"
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
static int run(struct report *r)
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

int report_run(const struct report_args *a)
{
	struct report r;
	memset(&r, 0, sizeof r);
	sb_init(&r.bad);
	r.log = a->log;
	r.out = a->out;
	r.json = (char **)a->json;
	r.njson = a->njson;
	r.paths = (char **)a->paths;
	r.npaths = a->npaths;
	r.calls = cJSON_CreateArray();
	r.checks = cJSON_CreateArray();
	if (!r.calls || !r.checks)
		gw_oom();
	int rc = run(&r);
	cJSON_Delete(r.calls);
	cJSON_Delete(r.checks);
	sb_release(&r.bad);
	return rc;
}
