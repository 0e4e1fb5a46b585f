/* symcheck.c — the symcheck command: prove the gowrap marker is in every
 * Mach-O slice that needs it, on any OS, without Xcode.
 *
 * Promise: `symcheck [--json] [--marker PREFIX] [--expect auto|required|
 * forbidden] PATH...` reports every slice of every PATH (text: a line per
 * slice on stdout, a `symcheck: PATH: reason` line per unreadable input on
 * stderr; --json: the issue-4 schema on stdout) and exits 0 when every slice
 * is as expected, 1 when any falls short, 2 when an input cannot be read or
 * the command line is wrong. */
#include "compat.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "strbuf.h"
#include "verify.h"
#include "version.h"

static const char usage[] =
	"usage: symcheck [--json] [--marker PREFIX] [--expect auto|required|forbidden] PATH...\n"
	"       symcheck --version\n"
	"       symcheck --markers PATH...   every <pkg>.gowrapMarker function (also ELF)\n"
	"  PATH: Mach-O, fat file, .a archive, .framework or .xcframework directory\n"
	"  exit: 0 every slice as expected, 1 some slice falls short, 2 unreadable input\n";

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

int main(int argc, char **argv)
{
	for (int k = 1; k < argc; k++)
		if (!strcmp(argv[k], "--markers"))
			return argc > 2 ? markers_mode(argc, argv) : usage_error("no input paths");
	struct vf_opts o = { NULL, VF_EXPECT_AUTO, NULL, NULL };
	struct vf_result r = { NULL, 0, 0 };
	struct sb out = SB_INIT, errs = SB_INIT;
	int json = 0, i, npaths = 0, st, ddash = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (ddash || a[0] != '-' || !a[1]) {
			npaths++;
			continue;
		}
		if (!strcmp(a, "--")) {
			ddash = 1;
		} else if (!strcmp(a, "--json")) {
			json = 1;
		} else if (!strcmp(a, "--version")) {
			static const char v[] = "symcheck " GOWRAP_VERSION "\n";
			gw_write_all(1, v, sizeof v - 1);
			return 0;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			gw_write_all(1, usage, sizeof usage - 1);
			return 0;
		} else if (!strcmp(a, "--marker") || !strncmp(a, "--marker=", 9)) {
			o.marker = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : NULL);
			if (!o.marker || !*o.marker)
				return usage_error("--marker needs a non-empty prefix");
		} else if (!strcmp(a, "--expect") || !strncmp(a, "--expect=", 9)) {
			const char *v = a[8] == '=' ? a + 9 : (i + 1 < argc ? argv[++i] : "");
			if (!strcmp(v, "auto"))
				o.expect = VF_EXPECT_AUTO;
			else if (!strcmp(v, "required"))
				o.expect = VF_EXPECT_REQUIRED;
			else if (!strcmp(v, "forbidden"))
				o.expect = VF_EXPECT_FORBIDDEN;
			else
				return usage_error("--expect takes auto, required or forbidden");
		} else {
			struct sb e = SB_INIT;
			sb_addf(&e, "unknown option %s", a);
			st = usage_error(e.buf);
			sb_release(&e);
			return st;
		}
	}
	if (!npaths)
		return usage_error("no input paths");

	ddash = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!ddash && (!strcmp(a, "--marker") || !strcmp(a, "--expect"))) {
			i++;
			continue;
		}
		if (!ddash && !strcmp(a, "--")) {
			ddash = 1;
			continue;
		}
		if (!ddash && a[0] == '-' && a[1])
			continue;
		vf_scan_path(&r, a, &o);
	}
	st = vf_result_status(&r);
	if (json) {
		vf_format_json(&out, &r);
		for (i = 0; (size_t)i < r.n; i++)
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
	return st;
}
