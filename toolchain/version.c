/* version.c — which version strings `gowrap toolchain install` takes,
 * and the toolchain module they name.
 *
 * Promise: only go1.N, go1.N.M and go1.NrcM get through (decimal numbers, no
 * leading zeros, at most 6 digits each), so the string is safe to put in a path
 * and a module version: no '/', no "..", nothing a shell or the proxy would
 * read differently. */
#include "compat.h"
#include "toolchain_parts.h"
#include "exitcodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIX_VERSION "give a Go release like go1.27.3, go1.20 or go1.27rc1"

/* Reads a decimal number without leading zeros; returns chars used or 0. */
static size_t number(const char *s, long *val)
{
	size_t n = 0;
	while (s[n] >= '0' && s[n] <= '9')
		n++;
	if (n == 0 || n > 6 || (n > 1 && s[0] == '0'))
		return 0;
	*val = strtol(s, NULL, 10);
	return n;
}

int tc_version_check(const char *v, struct gw_err *e)
{
	const char *what = "invalid toolchain version";
	if (!v || strncmp(v, "go1.", 4) != 0)
		return gw_err_set(e, GW_EXIT_USAGE, what, FIX_VERSION,
				  "%s does not start with go1.", v ? v : "(none)");
	long minor, patch;
	const char *p = v + 4;
	size_t n = number(p, &minor);
	if (!n)
		return gw_err_set(e, GW_EXIT_USAGE, what, FIX_VERSION,
				  "%s: expected a minor version number after go1.", v);
	p += n;
	if (*p == '\0') {
		/* Since Go 1.21 "go1.21" names a language, the release is go1.21.0
		 * (the go command refuses GOTOOLCHAIN=go1.21 the same way). */
		if (minor >= 21) {
			char fix[96];
			snprintf(fix, sizeof fix, "use go1.%ld.0 or a later go1.%ld.x", minor, minor);
			return gw_err_set(e, GW_EXIT_USAGE, what, fix,
					  "%s is a language version, not a toolchain release", v);
		}
		return 0;
	}
	if (*p == '.' || (p[0] == 'r' && p[1] == 'c')) {
		int rc = *p != '.';
		p += rc ? 2 : 1;
		n = number(p, &patch);
		if (n && p[n] == '\0' && !(rc && patch == 0))
			return 0;
	}
	return gw_err_set(e, GW_EXIT_USAGE, what, FIX_VERSION,
			  "%s is not of the form go1.N, go1.N.M or go1.NrcM", v);
}

static int lower_alnum(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

int tc_module_name(const char *v, const char *goos, const char *goarch, struct sb *out,
		   struct gw_err *e)
{
	if (!goos || !goarch || !lower_alnum(goos) || !lower_alnum(goarch))
		return gw_err_set(e, GW_EXIT_TOOLCHAIN, "cannot name the toolchain module",
				  "check `go env GOHOSTOS GOHOSTARCH`",
				  "the go command reported GOHOSTOS=%s GOHOSTARCH=%s",
				  goos ? goos : "", goarch ? goarch : "");
	sb_addf(out, "golang.org/toolchain@v0.0.1-%s.%s-%s", v, goos, goarch);
	return 0;
}
