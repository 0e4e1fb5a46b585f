/* toolchain_parts.h — the pieces of toolchain/, for its own files only (others
 * include toolchain.h, the room's promise).
 *
 * Promise: each piece does one job and reports failure as a struct gw_err with
 * GW_EXIT_TOOLCHAIN (or GW_EXIT_USAGE for a bad version string):
 *   version.c  the version grammar and the module path it names
 *   goenv.c    the questions put to the real go (env, mod download)
 *   tree.c     copying the module's tree out, removing a tree
 *   dirhash.c  Go's "h1:" module hash over a directory
 *   launcher.c the goX.Y.Z symlink on PATH
 *   install.c  the steps in order, never leaving a half-written SDK
 *   stop.c     tc_stop, and the SIGINT/SIGTERM handler that sets it
 * Long loops poll tc_stop, which the SIGINT/SIGTERM handler of install sets,
 * so an interrupted install removes its temporary copy instead of leaking 250 MB. */
#ifndef GOWRAP_TOOLCHAIN_PARTS_H
#define GOWRAP_TOOLCHAIN_PARTS_H

#include <signal.h>
#include <stddef.h>

#include "report.h"
#include "strbuf.h"
#include "toolchain.h"

extern volatile sig_atomic_t tc_stop;
/* The handler install puts on SIGINT and SIGTERM: sets tc_stop to the signal. */
void tc_stop_on(int sig);

/* ---- version.c ---- */

/* "golang.org/toolchain@v0.0.1-<v>.<goos>-<goarch>" into out (module@version,
 * also the prefix of every file name in the module zip). goos/goarch must be
 * [a-z0-9]+ (they come from `go env`, but they end up in paths). */
int tc_module_name(const char *v, const char *goos, const char *goarch, struct sb *out,
		   struct gw_err *e);

/* ---- goenv.c ---- */

struct tc_goenv {
	char *gohostos, *gohostarch, *gopath, *gobin, *goproxy, *gomodcache;
};

struct tc_module {
	char *dir, *zip, *sum, *error; /* from `go mod download -json`; NULL if absent */
};

/* Environment for our go children: ours minus GOTOOLCHAIN/GOFLAGS/GO111MODULE/
 * GOWORK (and GOROOT when drop_goroot), plus GOTOOLCHAIN=local, GO111MODULE=on,
 * GOWORK=off, a neutral GOFLAGS, and GOPROXY=goproxy when non-NULL. Values are
 * set rather than unset because an empty variable lets the `go env -w` file
 * speak instead. Free with tc_env_free. */
char **tc_env_make(const char *goproxy, int drop_goroot);
void tc_env_free(char **envp);

/* The real go, as the shim finds it (gw_find_real_go, gocmd/goquery.h):
 * GOWRAP_GO, else the first `go` on PATH that is not a gowrap shim. */
int tc_find_go(struct sb *out, struct gw_err *e);

int tc_goenv_query(const char *go, const char *dir, struct tc_goenv *out, struct gw_err *e);
void tc_goenv_free(struct tc_goenv *g);

/* GOPROXY with every "direct" entry removed (separators kept), so nothing but
 * a module proxy is ever contacted; "off" when nothing is left (the module
 * cache alone then). Returns 1 if it changed anything, else 0. */
int tc_proxy_only(const char *goproxy, struct sb *out);

/* `go mod download -json <module>` in dir. Fills out even when go reports an
 * Error (out->error set, return 0); -1 only when go could not be run or its
 * answer is not the JSON object we asked for. */
int tc_mod_download(const char *go, const char *dir, char *const envp[], const char *module,
		    struct tc_module *out, struct gw_err *e);
void tc_module_free(struct tc_module *m);

/* Run `<go> env GOROOT GOVERSION` with GOROOT dropped from the environment and
 * check that the go binary knows itself: GOVERSION == version and GOROOT names
 * the same directory as want_goroot (compared after realpath). */
int tc_check_goroot(const char *go, const char *dir, const char *want_goroot,
		    const char *version, struct sb *goroot_out, struct gw_err *e);

/* ---- tree.c ---- */

struct tc_tree_stats {
	unsigned long files, dirs, skipped;
	unsigned long long bytes;
};

/* Copy the extracted toolchain module src into the existing empty dir dst, as
 * the module zip holds it: regular files and directories only (anything else is
 * an error: a zip cannot hold it), `go.mod` files that sit beside an `_go.mod`
 * skipped (the go command's own GOTOOLCHAIN switch adds those to the module
 * cache copy; the zip never has them). Files are created 0644, executables
 * (bin/, pkg/tool/, lib/.../go_*_*_exec, as the go command's switch marks them)
 * 0755, directories 0755: owner-writable, since module zips keep no modes.
 * src is only ever opened read-only. */
int tc_copy_tree(const char *src, const char *dst, struct tc_tree_stats *st, struct gw_err *e);

/* Recreate each go.mod from its _go.mod beneath root, as the go command does
 * after a toolchain download (a GOROOT needs src/go.mod). */
int tc_restore_gomods(const char *root, struct gw_err *e);

/* Remove path and everything beneath it (no symlinks followed). 0 or -1/errno. */
int tc_remove_tree(const char *path);

/* (dirhash.c: tc_dirhash_h1, toolchain.h) */

/* ---- launcher.c ---- */

/* Make bindir/name a symlink to target (creating bindir). Succeeds if it
 * already is exactly that symlink; refuses to replace anything else. */
int tc_launcher_place(const char *bindir, const char *name, const char *target,
		      struct sb *path_out, struct gw_err *e);

/* 1 if dir is an entry of $PATH (compared as given and after realpath). */
int tc_dir_on_path(const char *dir);

#endif
