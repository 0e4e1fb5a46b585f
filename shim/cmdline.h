/* cmdline.h — the go command line, as much of it as the shim must know.
 *
 * Promise: shim_cmdline_parse reads argv the way cmd/go does (main.go's
 * lookupCmd/handleChdirFlag, the flag package for build/install/list/run/vet,
 * test/testflag.go for test) and reports the subcommand, the -C directory, the
 * last -tags and -overlay given on the command line, -o, -buildmode and -c,
 * and `insert_at`: the index where a new flag is accepted — right after the
 * subcommand, or after `-C dir` when that follows the subcommand; never after
 * a package, a program argument or -args. It only reads argv; nothing is
 * copied or rewritten here. */
#ifndef GOWRAP_SHIM_CMDLINE_H
#define GOWRAP_SHIM_CMDLINE_H

struct shim_cmdline {
	int argc;
	char **argv;
	int sub_idx;           /* index of the subcommand in argv; -1 if none */
	const char *sub;       /* argv[sub_idx] or NULL */
	const char *chdir;     /* -C value, or NULL */
	int insert_at;         /* where -overlay may go (valid when sub_idx > 0) */
	int tags_idx;          /* index of the arg holding the last -tags value; -1 */
	const char *tags;      /* that value, or NULL */
	int overlay_idx;       /* index of the arg holding the last -overlay value; -1 */
	int overlay_inline;    /* 1: argv[overlay_idx] is "-overlay=VALUE" */
	const char *overlay;   /* that value, or NULL */
	const char *output;    /* last -o value, or NULL */
	const char *buildmode; /* last -buildmode value, or NULL */
	int test_c;            /* go test -c given */
	int args_idx;          /* not go test: the first argument after the flags
				* (a package, or go run's program), -1 if none */
};

void shim_cmdline_parse(int argc, char **argv, struct shim_cmdline *cl);

/* Subcommands that compile for the target and take -overlay (README says why
 * the others are left alone). */
int shim_sub_needs_overlay(const char *sub);

#endif
