/* pkgver.h — `go install pkg@version` and `go run pkg@version` switch
 * toolchains from that module's go.mod (cmd/go toolchain/select.go,
 * maybeSwitchForGoInstallVersion), which `go env` in the caller's directory
 * does not see.
 *
 * Promise: shim_pkgver_check returns 0 when the call cannot switch — not
 * install/run, no pkg@version argument (found as select.go finds it: the
 * first argument after the flags), a local or absolute path, or a
 * GOTOOLCHAIN that allows no switch (local, or a name without +auto/+path) —
 * or when the module's go.mod, read from the module cache
 * (GOMODCACHE/cache/download, the bytes the go command reads), asks for a go
 * no newer than the one `go env` reported: the GOROOT asked is then the one
 * that compiles. Otherwise the switched-to toolchain is whatever the go
 * command picks from the toolchains it can list (NewerToolchain: the proxy's
 * golang.org/toolchain versions, or PATH), which cannot be known cheaply:
 * -1 with e set (GW_EXIT_TOOLCHAIN_SWITCH) and a fix naming the toolchain.
 * A version query (@latest, a branch, a partial version) or a go.mod not yet
 * in the module cache is refused the same way. */
#ifndef GOWRAP_SHIM_PKGVER_H
#define GOWRAP_SHIM_PKGVER_H

#include "cmdline.h"
#include "report.h"

/* goversion: `go env GOVERSION` here (e.g. "go1.26.8"); gomodcache: GOMODCACHE. */
int shim_pkgver_check(const struct shim_cmdline *cl, const char *realgo, const char *goversion,
		      const char *gomodcache, struct gw_err *e);

/* gover.Compare for "1.21", "1.21rc1", "1.21.3" (no "go" prefix). */
int shim_gover_cmp(const char *a, const char *b);

#endif
