/* cmdline.h — the one model of a go command line: argv, GOFLAGS and the
 * go env file, read as cmd/go reads them.
 *
 * Promise: shim_cmdline_parse reads argv the way cmd/go does (main.go's
 * lookupCmd/handleChdirFlag; the flag package with each subcommand's own
 * flag set for build, install, run, test, vet and list — every flag of Go
 * 1.21-1.27 with its value arity, `-f=v` and `-f v`, one or two dashes;
 * test/testflag.go's package/flag/test-argument split for test), then
 * GOFLAGS (from the environment, else the go env file, else $GOROOT/go.env,
 * as cfg.Getenv does; split as Go 1.21+ does; an entry the subcommand does
 * not define is ignored, as cmd/go ignores it), with the command line's
 * flags overriding GOFLAGS' exactly as in cmd/go. It answers every question
 * the shim asks — target, tags, overlay, toolexec, modfile, output,
 * packages, where a flag may be inserted — so nothing else reads argv or
 * GOFLAGS. It only reads; nothing is rewritten here but the argv it builds
 * for go (shim_cmdline_argv). */
#ifndef GOWRAP_SHIM_CMDLINE_H
#define GOWRAP_SHIM_CMDLINE_H

#include <stddef.h>

#include "words.h"

struct shim_cmdline {
	int argc;
	char **argv;
	int sub_idx;           /* index of the subcommand in argv; -1 if none */
	const char *sub;       /* argv[sub_idx] or NULL */
	int build_sub;         /* sub is build, install, run, test, vet or list */
	int env_reads;         /* `go env` that prints (no -w or -u): it shows GOTOOLCHAIN */
	const char *chdir;     /* -C value, or NULL */
	int insert_at;         /* where a new flag may go (valid when sub_idx > 0) */

	/* The target, as go will see it (never NULL). */
	char *goos, *goarch, *goflags;
	struct gw_words gf;  /* GOFLAGS, split */
	int goflags_bad;       /* GOFLAGS has an unterminated quote */

	/* Effective values: the command line's last, else GOFLAGS' last. */
	const char *tags;      /* NULL if neither gives one */
	int tags_argv;         /* tags came from argv */
	const char *overlay;   /* argv's last -overlay value, or NULL */
	int overlay_idx;       /* index of the arg holding it; -1 */
	int overlay_inline;    /* 1: argv[overlay_idx] is "-overlay=VALUE" */
	const char *gf_overlay; /* GOFLAGS' -overlay, or NULL */
	const char *toolexec;  /* -toolexec (argv, else GOFLAGS), or NULL */
	int toolexec_argv;     /* it came from argv */
	int toolexec_idx;      /* index of the arg holding argv's last value; -1 */
	int toolexec_inline;   /* 1: argv[toolexec_idx] is "-toolexec=VALUE" */
	const char *modfile;   /* -modfile (argv, else GOFLAGS), or NULL */
	const char *mod;       /* -mod (argv, else GOFLAGS), or NULL */
	const char *output;    /* last -o value (argv only), or NULL */
	const char *buildmode; /* last -buildmode value, or NULL */
	int test_c;            /* go test -c given */
	int args_idx;          /* not go test: the first argument after the flags
				* (a package, or go run's program), -1 if none */

	/* The packages the call builds: argv entries (none: "."). */
	char **pkgs;
	size_t npkgs;
	int pkg_at_version;    /* install/run pkg@version */
	/* The argv flags that decide which files compile (for `go list`),
	 * each as one "-name=value" or "-name" word. */
	char **listflags;
	size_t nlistflags;
};

/* realgo locates $GOROOT/go.env when GOROOT is unset. Never fails: a
 * malformed GOFLAGS is noted in goflags_bad (the caller decides whether it
 * matters for this call). */
void shim_cmdline_parse(int argc, char **argv, const char *realgo, struct shim_cmdline *cl);

/* Does the effective tag list hold "ios"? 1, 0, or -1 when the list's
 * quoting is malformed (*from_goflags says where it came from). */
int shim_cmdline_ios_tag(const struct shim_cmdline *cl);

/* go's argv: the call's, with -overlay=ov (NULL: none) replacing the
 * caller's -overlay in place or inserted at insert_at, and -toolexec=te
 * (NULL: none) replacing the caller's -toolexec in argv in place (gowrap's
 * composes with it: deps.h) or inserted at insert_at (a GOFLAGS one is
 * overridden, as the command line overrides GOFLAGS); argv[0] stays the
 * caller's.
 * NULL-terminated; the strings it adds are owned by the array's caller. */
char **shim_cmdline_argv(const struct shim_cmdline *cl, const char *ov, const char *te);

#endif
