/* report_parts.h — the parts of the CI report, for report/'s own files
 * (others include ci_report.h, the room's promise).
 *
 * Promise: run.c reads the shim's log and the saved `symcheck --json`
 * outputs, decides the verdict and writes the summary; scan.c has the
 * symcheck installed beside this gowrap read the PATHs (`symcheck --json`), so
 * a PATH gets exactly the verdicts, the exit status and the JSON fields of
 * `symcheck PATH` — .aar, .apk, ELF, Mach-O, archives, bundles — and a
 * symcheck that cannot run, dies or answers nonsense makes each PATH an
 * unreadable input, never a pass; md.c renders the one Markdown
 * summary from the log's objects (the GOWRAP_PATCHES patches each call
 * applied among them) and symcheck's JSON (the one shape every verdict
 * arrives in) and says in each failing row why it fails. */
#ifndef GOWRAP_REPORT_PARTS_H
#define GOWRAP_REPORT_PARTS_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "strbuf.h"

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

/* scan.c: the PATHs' verdicts, one root appended to r->checks. */
void report_scan_paths(struct report *r);

/* md.c: the whole summary, appended to md. */
void report_markdown(struct sb *md, const struct report *r);
/* The fix for an input that cannot be read, chosen by its reason. */
const char *report_unreadable_fix(const char *error);

/* verdict.c: the counts of r's calls, inputs and slices, then
 * whether anything failed (the summary's verdict). */
void report_count(struct report *r);
int report_failed(const struct report *r);

/* A string member of o, else NULL; a bool member: 1, 0, or -1 for neither. */
const char *report_jstr(const cJSON *o, const char *k);
int report_jbool(const cJSON *o, const char *k);

#endif
