/* enabled.h — the shim when `gowrap enable` routes every go through it: reached
 * through the go command's toolchain switch (the go env file names the
 * launcher, a link to this shim), or run first on PATH while enabled.
 *
 * Promise: after shim_enabled_select the call runs as the user's own
 * GOTOOLCHAIN would have run it, and never switches back to the launcher:
 * realgo is the go of the toolchain that value selects (the invoking go when
 * it selects itself, decided without running go; else `go env GOROOT` asked
 * under that value), and GOTOOLCHAIN_INTERNAL_SWITCH_VERSION names that
 * toolchain, which cmd/go accepts and then clears, so go's own children
 * (gomobile's go calls, go generate, go tool) switch to the launcher again.
 * The environment's GOTOOLCHAIN stays unset except for `go env` (printing),
 * which then shows the user's value as the real go would. */
#ifndef GOWRAP_SHIM_ENABLED_H
#define GOWRAP_SHIM_ENABLED_H

#include "cmdline.h"
#include "report.h"
#include "strbuf.h"

/* 1 when this process was started by a go's switch to the launcher (the
 * switch variable names a launcher); the variable is cleared then, as a
 * target toolchain clears it. */
int shim_enabled_reached(void);

/* Resolve realgo (in place) and set the switch variable; 0, or -1 with e. */
int shim_enabled_select(const struct shim_cmdline *cl, struct sb *realgo, struct gw_err *e);

#endif
