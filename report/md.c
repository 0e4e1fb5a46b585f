/* md.c — the Markdown of `gowrap report`: a verdict heading and
 * counts, a row per go call of the shim's log, a row per GOWRAP_PATCHES
 * patch each call applied (its log line's "patches"), a row per slice of
 * every file checked (report_parts.h).
 *
 * Every string from the log or a file is escaped (md_text, md_code), so no
 * path can break a table or add markup. Every failing row says why, from the
 * verdict symcheck's JSON carries: for ELF slices each copy of internal/cpu
 * `NOT fixed` by its package path, for Mach-O the marker missing or the
 * feature set it has instead, for an input that cannot be read its reason
 * and a fix chosen by that reason. */
#include "compat.h"
#include "report_parts.h"
#include "verify.h"

#include <string.h>

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
	if (report_failed(r))
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
	md_code(md, report_jstr(c, "subcommand"));
	sb_adds(md, " | ");
	md_code(md, report_jstr(c, "target"));
	if (report_jstr(c, "tags")) {
		sb_adds(md, " tags ");
		md_code(md, report_jstr(c, "tags"));
	}
	sb_adds(md, " | ");
	md_code(md, report_jstr(c, "goversion"));
	sb_adds(md, report_jstr(c, "overlay") ? " | added | " : " | — | ");
	sb_adds(md, report_jbool(c, "deps_toolexec") == 1 ? "added | " : "— | ");
	md_list(md, report_jbool(c, "deps_toolexec") == 1 ? cJSON_GetObjectItemCaseSensitive(c, "deps") : NULL);
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(c, "deps_unknown"))) {
		sb_adds(md, "; unknown variants: ");
		md_list(md, cJSON_GetObjectItemCaseSensitive(c, "deps_unknown"));
	}
	if (cJSON_IsNumber(ex))
		sb_addf(md, " | %d | ", ex->valueint);
	else
		sb_adds(md, " | — | ");
	sb_adds(md, report_jbool(c, "verified") == 1 ? "✅ yes" : report_jbool(c, "verified") == 0 ? "❌ **no**" : "—");
	sb_adds(md, " | ");
	if (report_jstr(c, "output"))
		md_code(md, report_jstr(c, "output"));
	sb_adds(md, report_jstr(c, "output") && report_jstr(c, "reason") ? ": " : "");
	md_text(md, report_jstr(c, "reason"));
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


/* One row per patch of every call that logged GOWRAP_PATCHES: | # | id |
 * state | file |, # the call's row above. A "patches" that is not a list,
 * or an entry that is not an object, is no patch. */
static void md_patches(struct sb *md, const struct report *r)
{
	const cJSON *c, *p;
	int n = 0, rows = 0;
	cJSON_ArrayForEach(c, r->calls) {
		n++;
		const cJSON *list = cJSON_GetObjectItemCaseSensitive(c, "patches");
		if (!cJSON_IsArray(list))
			continue;
		cJSON_ArrayForEach(p, list) {
			if (!cJSON_IsObject(p))
				continue;
			if (!rows++)
				sb_adds(md, "\n### patches (GOWRAP_PATCHES)\n\n| # | id | state | file |\n"
					    "|---|---|---|---|\n");
			sb_addf(md, "| %d | ", n);
			md_code(md, report_jstr(p, "id"));
			sb_adds(md, " | ");
			if (report_jstr(p, "state"))
				md_text(md, report_jstr(p, "state"));
			else
				sb_adds(md, "—");
			sb_adds(md, " | ");
			md_code(md, report_jstr(p, "file"));
			sb_adds(md, " |\n");
		}
	}
}


/* The copies of internal/cpu a slice's JSON lists ("deps": [{package,
 * fixed}]) as code spans: want 1 the fixed ones, 0 the others (a "fixed"
 * that is not true counts as not fixed), -1 all. Each with " fixed" or
 * " NOT fixed" unless all are asked for. Entries that carry a "why" of
 * their own (a package asked by its module's version, x/sys/cpu on android
 * arm64) are left to md_own_whys when want is 0. The number written. */
static size_t md_copies(struct sb *md, const cJSON *s, int want)
{
	const cJSON *d;
	size_t n = 0;
	cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(s, "deps")) {
		const char *pkg = report_jstr(d, "package");
		int fixed = report_jbool(d, "fixed") == 1;
		if (!pkg || (want >= 0 && fixed != want) || (want == 0 && report_jstr(d, "why")))
			continue;
		sb_adds(md, n++ ? ", " : "");
		md_code(md, pkg);
		if (want >= 0)
			sb_adds(md, fixed ? " fixed" : " NOT fixed");
	}
	return n;
}

/* `pkg`: why, for each package not fixed whose entry says its own why
 * (symcheck's, verify/output.c). The number written. */
static size_t md_own_whys(struct sb *md, const cJSON *s, int first)
{
	const cJSON *d;
	size_t n = 0;
	cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(s, "deps")) {
		const char *pkg = report_jstr(d, "package"), *why = report_jstr(d, "why");
		if (!pkg || !why || report_jbool(d, "fixed") == 1)
			continue;
		sb_adds(md, first && !n ? "" : "; ");
		md_code(md, pkg);
		sb_adds(md, " NOT fixed: ");
		md_text(md, why);
		n++;
	}
	return n;
}

/* What internal/cpu's own marker verdict lacks, if that is why. */
static void md_marker_why(struct sb *md, const cJSON *s)
{
	const char *marker = report_jstr(s, "marker"), *exp = report_jstr(s, "expected");
	const char *platform = report_jstr(s, "platform");
	if (exp && !strcmp(exp, "required") && !marker) {
		sb_adds(md, "marker missing: neither `" VF_DARWIN_MARKER "…` (darwin parity) nor `"
			    VF_CRYPTO_MARKER "…` (crypto) is in the slice, so the overlay was not applied "
			    "(built without the shim, keyed on another GOROOT, or dropped by a later -overlay)");
		if (platform && !strcmp(platform, "unknown"))
			sb_adds(md, "; the platform is unknown (`symcheck --expect` decides for a slice not for iOS)");
	} else if (exp && !strcmp(exp, "forbidden") && marker) {
		sb_adds(md, "marker ");
		md_code(md, marker);
		sb_adds(md, " where it must not be: the overlay's build constraint leaked beyond arm64 "
			    "iOS-family targets");
	}
}

/* Why a slice failed, from its verdict: internal/cpu's marker first, then
 * every copy not fixed; else the feature set it has where `symcheck
 * --variant` (a saved output's) asked for another. */
static void md_why(struct sb *md, const cJSON *s)
{
	size_t at = md->len;
	struct sb copies = SB_INIT;
	md_marker_why(md, s);
	if (report_jbool(s, "deps_asked") == 1 && md_copies(&copies, s, 0)) {
		sb_adds(md, md->len > at ? "; " : "");
		sb_add(md, copies.buf, copies.len);
		/* symcheck asks for the fix on several arches and, in Mach-O
		 * slices, on the iOS family (verify/policy.c): the row says the
		 * slice's own. */
		const char *arch = report_jstr(s, "arch"), *plat = report_jstr(s, "platform");
		int elf = plat && (!strcmp(plat, "android") || !strcmp(plat, "linux") || !strcmp(plat, "elf"));
		if (elf || !plat)
			sb_addf(md, ": a copy of Go's internal/cpu without gowrap's dependency fix, so its HWCap "
				    "stays 0 on linux/android %s (build through the shim, GOWRAP_DEPS not 0)",
				arch ? arch : "");
		else
			sb_addf(md, ": CPU-feature code without gowrap's dependency fix, so it detects no ARM64 "
				    "features on %s %s (build through the shim, GOWRAP_DEPS not 0)",
				plat, arch ? arch : "");
	}
	sb_release(&copies);
	if (report_jbool(s, "deps_asked") == 1)
		md_own_whys(md, s, md->len == at);
	if (md->len > at)
		return;
	if (report_jstr(s, "variant") || report_jstr(s, "marker")) {
		sb_adds(md, "carries ");
		md_code(md, report_jstr(s, "variant"));
		sb_adds(md, " detection");
		if (report_jstr(s, "marker")) {
			sb_adds(md, " (");
			md_code(md, report_jstr(s, "marker"));
			sb_adds(md, ")");
		}
		sb_adds(md, ", not the feature set `symcheck --variant` asked for");
		return;
	}
	sb_adds(md, "short of its expectation (`symcheck PATH` names the cause)");
}

/* One slice: | file | arch | platform | Go | marker | expected | result |;
 * a slice whose copies are asked for (ELF; Mach-O where one has code)
 * names them in expected, and in its result the ones fixed (ok) or not
 * (FAIL). */
static void md_slice(struct sb *md, const char *path, const cJSON *s)
{
	int deps = report_jbool(s, "deps_asked") == 1, ok = report_jbool(s, "ok") == 1;
	const char *cols[] = { "arch", "platform", "goversion", "marker" };
	sb_adds(md, "| ");
	md_code(md, path);
	for (size_t i = 0; i < 4; i++) {
		sb_adds(md, " | ");
		md_code(md, report_jstr(s, cols[i]));
	}
	if (report_jstr(s, "marker") && report_jstr(s, "found_in")) {
		sb_adds(md, " in ");
		md_text(md, report_jstr(s, "found_in"));
	}
	sb_adds(md, " | ");
	md_text(md, report_jstr(s, "expected"));
	if (deps) {
		sb_adds(md, "; dependency fix: ");
		if (!md_copies(md, s, -1))
			sb_adds(md, "none needed");
	}
	sb_adds(md, ok ? " | ✅ ok" : " | ❌ **FAIL**: ");
	if (!ok) {
		md_why(md, s);
	} else if (deps) {
		struct sb fixed = SB_INIT;
		if (md_copies(&fixed, s, 1)) {
			sb_adds(md, ": ");
			sb_add(md, fixed.buf, fixed.len);
		}
		sb_release(&fixed);
	}
	sb_adds(md, " |\n");
}

/* The fixes for an unreadable input, by its reason (the first entry whose
 * text it holds; a "symcheck " entry only at its start, where
 * scan.c's own reasons begin). */
static const struct {
	const char *has, *fix;
} unreadable_fixes[] = {
	{ "symcheck died", "symcheck crashed on this file: keep it, run `symcheck PATH` to see it, and "
			   "report it with the file" },
	{ "symcheck ", "install gowrap and symcheck side by side (make install and the action's install "
		       "step put both in one bin directory)" },
	{ "No such file or directory", "name a file the build wrote (a `check:` path is relative to "
				       "GITHUB_WORKSPACE, whatever the job's working-directory; a bundle's "
				       "entries must exist)" },
	{ "not a regular file", "name the file the build wrote: a FIFO, socket or device is no build "
				"output, and is never read" },
	{ "Permission denied", "make the file readable by the job's user" },
	{ "without libzip", "use a gowrap and symcheck built with libzip (the action's install step "
			    "builds them so)" },
	{ "holds no native library", "name an .aar or .apk with Go code (jni/<abi>/lib*.so, "
				     "lib/<abi>/lib*.so), or leave this one out: it ships no library" },
	{ "neither .framework nor .xcframework", "name the .framework or .xcframework directory itself, "
						 "or a file" },
	{ "empty file", "the build wrote nothing there, or the copy was cut short: build it again" },
	{ "more than symcheck reads", "unzip the library and name the .so itself: a file is read "
				      "whatever its size" },
	{ "directory, which holds machine", "put each library under its own ABI's directory "
					    "(jni/arm64-v8a/ holds arm64 only): the packaging mixed them up" },
	{ "No password provided", "give the archive unencrypted: Android loads no encrypted library, "
				  "and symcheck reads none" },
	{ "has no section headers", "check the library as the build wrote it, before a tool removed "
				    "its section headers (llvm-strip keeps them)" },
};

const char *report_unreadable_fix(const char *error)
{
	for (size_t i = 0; error && i < sizeof unreadable_fixes / sizeof unreadable_fixes[0]; i++) {
		const char *has = unreadable_fixes[i].has;
		if (!strncmp(has, "symcheck ", 9) ? !strncmp(error, has, strlen(has)) : !!strstr(error, has))
			return unreadable_fixes[i].fix;
	}
	return "the file is damaged or is not what a build writes (cut short, changed after the build, "
	       "or hand-made): build it again, or download the whole artifact again";
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
			const char *path = report_jstr(in, "path"), *error = report_jstr(in, "error");
			if (error) {
				sb_adds(md, "| ");
				md_code(md, path);
				sb_adds(md, " | — | — | — | — | — | ❌ **unreadable**: ");
				md_text(md, error);
				sb_addf(md, " (fix: %s) |\n", report_unreadable_fix(error));
				continue;
			}
			cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(in, "slices"))
				md_slice(md, path, s);
		}
	}
}

void report_markdown(struct sb *md, const struct report *r)
{
	md_head(md, r);
	md_calls(md, r);
	md_patches(md, r);
	md_checks(md, r);
}
