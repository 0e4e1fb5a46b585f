/* symcheck_usage.h — symcheck's options, exit statuses and examples, in
 * common/usage.h's rows: the one place symcheck.c's --help and the manual
 * page symcheck(1) (tools/mangen.c) are made from, and the docs check
 * (tools/docscheck.py) holds symcheck.c's options to. */
#ifndef GOWRAP_SYMCHECK_USAGE_H
#define GOWRAP_SYMCHECK_USAGE_H

#include "usage.h"

#include <stddef.h>

static const struct gw_opt symcheck_opts[] = {
	{ "--json", "", "the verdicts as one JSON object (the schema of verify/README.md)" },
	{ "--strict", "",
	  "also fail a slice holding code shaped like a known dependency copy that symcheck cannot attribute "
	  "(reported as undecided either way)" },
	{ "--marker", "PREFIX", "look for this marker symbol prefix instead of gowrap's" },
	{ "--expect", "auto|required|forbidden",
	  "the policy: auto (default: the marker required in iOS-family arm64 slices, forbidden elsewhere), "
	  "required or forbidden in every slice" },
	{ "--variant", "darwin|crypto|any", "fail a slice that carries another feature set than this one" },
	{ "--patches", "DIR_OR_FILE",
	  "a GOWRAP_PATCHES list: each patch's marker is required in every slice whose Go code compiled a "
	  "file it changes (repeatable)" },
	{ "--markers", "", "print every <pkg>.gowrapMarker function of each PATH, one `PATH: NAME` line each" },
	{ "--version", "", "print symcheck's version" },
};

static const struct gw_example symcheck_examples[] = {
	{ "symcheck build/Lib.xcframework", "a line per slice and a verdict; exit 1 when one falls short" },
	{ "symcheck --json app.apk", "every lib/<abi>/lib*.so of the APK, as JSON" },
};

static const struct gw_cmdref symcheck_ref = {
	"symcheck",
	"[--json] [--strict] [--marker PREFIX] [--expect auto|required|forbidden] [--variant darwin|crypto|any] "
	"[--patches DIR_OR_FILE]... PATH...\n--markers PATH...\n--version",
	"prove the gowrap marker is in every slice of a built Mach-O, bundle, ELF, .aar or .apk that needs it; "
	"PATH: Mach-O, fat file, .a archive, .framework or .xcframework directory, ELF (.so), .aar or .apk",
	symcheck_opts, sizeof symcheck_opts / sizeof symcheck_opts[0],
	"", "0 1 2",
	symcheck_examples, sizeof symcheck_examples / sizeof symcheck_examples[0],
	"symcheck(1)",
};

#endif
