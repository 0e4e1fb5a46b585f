/* symcheck.c — the symcheck command: prove the gowrap marker is in every
 * Mach-O slice that needs it, on any OS, without Xcode.
 *
 * Promise: `symcheck [--json] [--marker PREFIX] [--expect auto|required|
 * forbidden] [--variant darwin|crypto|any] [--patches DIR_OR_FILE]... PATH...`
 * reports every slice of
 * every PATH (Mach-O and its bundles; ELF, and the libraries of an .aar or
 * .apk: zipin.h), with the feature set each one's internal/cpu carries (text: a line per
 * slice on stdout, a `symcheck: PATH: reason` line per unreadable input on
 * stderr; --json: the schema of verify/README.md on stdout) — with --patches,
 * also each GOWRAP_PATCHES patch's marker where a file it changes compiled
 * (symcheck_patches.h) — and exits 0 when every slice
 * is as expected, 1 when any falls short, 2 when an input cannot be read or
 * the command line is wrong. */
#include "compat.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "strbuf.h"
#include "verify.h"
#include "symcheck_patches.h"
#include "symcheck_usage.h"
#include "version.h"
#include "zipin.h"

static int usage_error(const char *why)
{
	struct sb e = SB_INIT;
	sb_addf(&e, "symcheck: %s (fix: symcheck --help)\n", why);
	gw_write_all(2, e.buf, e.len);
	sb_release(&e);
	return 2;
}

/* --markers: per-package markers (names.c), one `PATH: NAME` line each;
 * works on ELF (linux/android) outputs too. 0, or 2 when unreadable. */
static int markers_mode(int argc, char **argv)
{
	int st = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--markers"))
			continue;
		struct sb m = SB_INIT, err = SB_INIT, out = SB_INIT;
		if (vf_pkg_markers(argv[i], NULL, 0, NULL, &m, &err) < 0) {
			sb_addf(&err, "\n");
			struct sb line = SB_INIT;
			sb_addf(&line, "symcheck: %s", err.buf);
			gw_write_all(2, line.buf, line.len);
			sb_release(&line);
			st = 2;
		} else {
			for (char *p = m.buf; *p;) {
				char *nl = strchr(p, '\n');
				if (!nl)
					break;
				sb_addf(&out, "%s: %.*s\n", argv[i], (int)(nl - p), p);
				p = nl + 1;
			}
			gw_write_all(1, out.buf, out.len);
		}
		sb_release(&m);
		sb_release(&err);
		sb_release(&out);
	}
	return st;
}

/* --expect's value; -1 when it names no policy. */
static int parse_expect(const char *v, enum vf_expect *out)
{
	if (!strcmp(v, "auto"))
		*out = VF_EXPECT_AUTO;
	else if (!strcmp(v, "required"))
		*out = VF_EXPECT_REQUIRED;
	else if (!strcmp(v, "forbidden"))
		*out = VF_EXPECT_FORBIDDEN;
	else
		return -1;
	return 0;
}

/* --variant's value (vf_require_variant), NULL for any. */
static const char *want_variant;
/* --patches' marks. */
static struct sc_patches patches;

/* The options into o and *json; -1 to go on scanning, else the exit code
 * (--version, --help, or a usage error already reported). */
static int parse_args(int argc, char **argv, struct vf_opts *o, int *json)
{
	int i, npaths = 0, ddash = 0, st;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (ddash || a[0] != '-' || !a[1]) {
			npaths++;
			continue;
		}
		if (!strcmp(a, "--")) {
			ddash = 1;
		} else if (!strcmp(a, "--json")) {
			*json = 1;
		} else if (!strcmp(a, "--strict")) {
			o->strict = 1;
		} else if (!strcmp(a, "--version")) {
			static const char v[] = "symcheck " GOWRAP_VERSION "\n";
			gw_write_all(1, v, sizeof v - 1);
			return 0;
		} else if (!strcmp(a, "--markers")) {
			continue; /* here only with --help: `symcheck --markers --help` */
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			struct sb h = SB_INIT;
			gw_help(&h, &symcheck_ref);
			gw_write_all(1, h.buf, h.len);
			sb_release(&h);
			return 0;
		} else if (!strcmp(a, "--marker") || !strncmp(a, "--marker=", 9)) {
			o->marker = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
			if (!o->marker || !*o->marker)
				return usage_error("--marker needs a non-empty prefix");
		} else if (!strcmp(a, "--variant") || !strncmp(a, "--variant=", 10)) {
			want_variant = a[9] == '=' ? a + 10 : (i + 1 < argc ? argv[++i] : "");
			if (strcmp(want_variant, "darwin") && strcmp(want_variant, "crypto") &&
			    strcmp(want_variant, "any"))
				return usage_error("--variant takes darwin, crypto or any");
		} else if (!strcmp(a, "--patches") || !strncmp(a, "--patches=", 10)) {
			const char *v = a[9] == '=' ? a + 10 : (i + 1 < argc ? argv[++i] : "");
			struct sb e = SB_INIT;
			if (!*v)
				return usage_error("--patches needs a patch file or directory");
			if (sc_patches_add(&patches, v, &e) < 0) {
				struct sb line = SB_INIT;
				sb_addf(&line, "symcheck: %s\n", e.buf);
				gw_write_all(2, line.buf, line.len);
				sb_release(&line);
				sb_release(&e);
				return 2;
			}
			if (patches.n > VF_MAX_PMARKS)
				return usage_error("--patches: more than 256 package markers in one check");
			o->pmarks = patches.marks;
			o->npmarks = patches.n;
		} else if (!strcmp(a, "--expect") || !strncmp(a, "--expect=", 9)) {
			const char *v = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : "");
			if (parse_expect(v, &o->expect))
				return usage_error("--expect takes auto, required or forbidden");
		} else {
			struct sb e = SB_INIT;
			sb_addf(&e, "unknown option %s", a);
			st = usage_error(e.buf);
			sb_release(&e);
			return st;
		}
	}
	return npaths ? -1 : usage_error("no input paths");
}

/* Every PATH argument, in order, skipping the options parse_args took. */
static void scan_paths(int argc, char **argv, struct vf_result *r, const struct vf_opts *o)
{
	int ddash = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!ddash && (!strcmp(a, "--marker") || !strcmp(a, "--expect") || !strcmp(a, "--variant") ||
				!strcmp(a, "--patches"))) {
			i++;
			continue;
		}
		if (!ddash && !strcmp(a, "--")) {
			ddash = 1;
			continue;
		}
		if (!ddash && a[0] == '-' && a[1])
			continue;
		vf_scan_any(r, a, o);
	}
}

int main(int argc, char **argv)
{
	int help = 0;
	for (int k = 1; k < argc && strcmp(argv[k], "--"); k++)
		help |= !strcmp(argv[k], "-h") || !strcmp(argv[k], "--help");
	for (int k = 1; k < argc && !help; k++)
		if (!strcmp(argv[k], "--markers"))
			return argc > 2 ? markers_mode(argc, argv) : usage_error("no input paths");
	struct vf_opts o = { .expect = VF_EXPECT_AUTO };
	struct vf_result r = { 0 };
	struct sb out = SB_INIT, errs = SB_INIT;
	int json = 0, st = parse_args(argc, argv, &o, &json);

	if (st >= 0)
		return st;
	r.pmarks = o.pmarks;
	r.npmarks = o.npmarks;
	scan_paths(argc, argv, &r, &o);
	vf_require_variant(&r, want_variant);
	st = vf_result_status(&r);
	if (json) {
		vf_format_json(&out, &r);
		for (size_t i = 0; i < r.n; i++)
			if (r.inputs[i].error)
				sb_addf(&errs, "symcheck: %s: %s\n", r.inputs[i].path, r.inputs[i].error);
	} else {
		vf_format_text(&out, &errs, &r);
	}
	gw_write_all(1, out.buf ? out.buf : "", out.len);
	gw_write_all(2, errs.buf ? errs.buf : "", errs.len);
	sb_release(&out);
	sb_release(&errs);
	vf_result_release(&r);
	sc_patches_free(&patches);
	return st;
}
