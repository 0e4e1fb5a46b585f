/* toolchain.h — a real GOROOT from the toolchain module: what `gowrap
 * toolchain` asks of toolchain/ (README.md there).
 *
 * Promise: tc_install makes DIR/goX.Y.Z from golang.org/toolchain's module
 * (the module cache's copy, or one `go mod download` fetches through
 * GOPROXY only, never "direct"), checked against the module's go.sum hash
 * before it is renamed into place, so an SDK directory is either whole and
 * checked or absent — an interrupt (SIGINT/SIGTERM) removes the temporary
 * copy — and places the goX.Y.Z launcher the go command's GOTOOLCHAIN
 * switch runs. Every failure is a struct gw_err with GW_EXIT_TOOLCHAIN, or
 * GW_EXIT_USAGE for a version string that is no release. */
#ifndef GOWRAP_TOOLCHAIN_H
#define GOWRAP_TOOLCHAIN_H

#include "report.h"
#include "strbuf.h"

/* Accept exactly go1.N, go1.N.M, go1.NrcM (decimal, no leading zeros, short).
 * go1.N with N >= 21 is a language version, not a release: refused with the
 * go1.N.0 hint, as the go command itself does. GW_EXIT_USAGE on refusal. */
int tc_version_check(const char *v, struct gw_err *e);

struct tc_install_opts {
	const char *version; /* validated goX.Y.Z */
	const char *sdk;     /* parent directory of the SDK; NULL = ~/sdk */
	const char *bin;     /* launcher directory; NULL = GOBIN, else GOPATH[0]/bin */
};

/* The whole install; on success launcher_out holds the launcher's absolute path. */
int tc_install(const struct tc_install_opts *o, struct sb *launcher_out, struct gw_err *e);

/* golang.org/x/mod/sumdb/dirhash.HashDir(dir, prefix, Hash1): "h1:" + base64 of
 * SHA-256 over the sorted lines "<hex sha256 of file>  <prefix>/<relpath>\n".
 * Files only (directories contribute nothing); a symlink or special file is
 * an error, as is a name with a newline (Go refuses those too). */
int tc_dirhash_h1(const char *dir, const char *prefix, struct sb *out, struct gw_err *e);

#endif
