/* ci_report.h — the CI report: a job's gowrap evidence as one Markdown
 * summary (`gowrap report`, the GitHub Action's report mode; README.md
 * there says how).
 *
 * Promise: report_run reads the shim's GOWRAP_LOG (one JSON object per go
 * call it touched) and the slices of the files to check — PATHs read by
 * the symcheck installed beside this gowrap (every input `symcheck PATH`
 * reads, .aar and .apk included, with its verdicts), saved `symcheck
 * --json` outputs as they are — and appends one summary: a verdict, a row
 * per go call (subcommand, target, overlay, toolexec, dependencies fixed,
 * exit, verified), a row per GOWRAP_PATCHES patch a call applied (id,
 * state, file) and a row per slice, each failing row saying why. Strings
 * from the log or a file are escaped for Markdown: no path can break a
 * table or add markup. To out, else $GITHUB_STEP_SUMMARY, else stdout;
 * appended, never truncated.
 *
 * Its exit code: 110 when something failed — a call's output failed the
 * shim's check (`"verified": false`), a slice falls short of its policy,
 * an input cannot be read, or a log line is not a JSON object (unreadable
 * evidence proves nothing); 2 for a FILE named here that cannot be read
 * or written; else 0. A missing or empty log is no failure in itself: the
 * summary says no go call went through the shim, and the likely cause. */
#ifndef GOWRAP_CI_REPORT_H
#define GOWRAP_CI_REPORT_H

#include <stddef.h>

struct report_args {
	const char *log;             /* the shim's log; NULL: none given */
	const char *out;             /* NULL: $GITHUB_STEP_SUMMARY, else stdout */
	char *const *json;           /* saved `symcheck --json` outputs */
	size_t njson;
	char *const *paths;          /* files or bundles to check */
	size_t npaths;
};

/* Everything read, the summary written; the exit code (errors printed). */
int report_run(const struct report_args *a);

#endif
