/* enable_reach.h — where a go started in each context finds gowrap's
 * launcher: the table `gowrap enable` prints before it reports success (and
 * with --dry-run instead of changing anything) and `gowrap doctor` prints
 * while enabled.
 *
 * Promise: each context is judged as cmd/go's toolchain switch will judge
 * it (toolchain/select.go: GOTOOLCHAIN from the environment, else the go
 * env file; then exec.LookPath of the launcher name on that context's PATH,
 * absolute entries only, the first executable of that name winning), with
 * the launcher directories counted as holding the launcher whether or not
 * it is there yet, so the table before enable is the table after it. The
 * contexts: this shell; an Xcode build phase (Xcode's own PATH, nothing
 * inherited but HOME); a bare `env -i HOME=…` context whose script puts
 * the GOPATH go computes there (the go env file's, else ~/go) /bin on PATH
 * before its first go (`$HOME/go/bin`, `${GOPATH:-$HOME/go}/bin`: a script
 * that asks `go env GOPATH` first is judged by Xcode's row, as even that go
 * switches); a PATH holding each --bin DIR. Each row says
 * reached, not reached (go runs unfixed) or will fail loudly (go stops,
 * naming the launcher), and why. Nothing here writes. */
#ifndef GOWRAP_ENABLE_REACH_H
#define GOWRAP_ENABLE_REACH_H

#include <stddef.h>

#include "strbuf.h"

/* Xcode's PATH for build phases (what a Run Script phase's PATH holds
 * before the script adds to it). */
#define EN_XCODE_PATH "/Applications/Xcode.app/Contents/Developer/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"

enum en_verdict { EN_REACHED, EN_NOT_REACHED, EN_FAILS_LOUDLY };

struct en_plan {
	const char *realgo;  /* asked where the bare context's go looks */
	const char *name;    /* the launcher name: go1.26.8-gowrap */
	const char *goenv;   /* the go env file enable writes */
	char **dirs;         /* the launcher directories */
	size_t ndirs;
	char **bins;         /* the --bin directories (a subset of dirs) */
	size_t nbins;
	const char *bare_goenv, *bare_bin; /* en_bare_context's answer, or NULL: asked */
};

/* What go computes in the bare context (env -i HOME=$HOME): its go env
 * file and GOPATH's first entry's bin, into goenv and bin ("" when go
 * could not say). 0, or -1 with why. */
int en_bare_context(const char *realgo, struct sb *goenv, struct sb *bin, struct sb *why);

/* Does a go with this PATH find the launcher: EN_REACHED with where, or
 * EN_FAILS_LOUDLY / EN_NOT_REACHED with why. */
enum en_verdict en_path_finds(const struct en_plan *p, const char *path, struct sb *how);

/* The whole table into out; the verdict for this shell's PATH alone
 * (whatever its GOTOOLCHAIN says) is returned. */
enum en_verdict en_reach_table(const struct en_plan *p, struct sb *out);

#endif
