/* enable_steps.h — the steps of `gowrap enable` around its writes: the plan
 * made before anything changes (plan.c) and the undo of everything
 * one enable wrote (undo.c).
 *
 * Promise: enable_plan reads only — where the launchers go (GOBIN, else
 * the shell's GOPATH's bin; the bare context's GOPATH's bin, where a script
 * that puts `$(go env GOPATH)/bin` on PATH looks; beside each linked go on
 * PATH; each --bin DIR: directories the user named or go's own conventions
 * give, no other) and, when this shell's PATH would find none of them, the
 * refusal naming the exact fix. enable_snap records, before the first write,
 * every byte enable may change; enable_undo puts them back: the go env
 * file, the state, each launcher and directory made by this run (and
 * gowrap's config directory, when this run made it). */
#ifndef GOWRAP_ENABLE_STEPS_H
#define GOWRAP_ENABLE_STEPS_H

#include <stddef.h>
#include <sys/types.h>

#include "enable_state.h"
#include "report.h"
#include "strbuf.h"

/* What was there before this run wrote anything. */
struct en_snap {
	int env_had, state_had[2];
	mode_t env_mode;
	struct sb env, state[2];  /* the go env file; `enabled`, `goenv.orig` */
	size_t nmade;             /* s.made's length before */
	char **cfg_made;          /* gowrap's config directories this run made */
	size_t ncfg;
};

struct enable {
	struct en_state s;
	struct sb realgo, shim, local, name, goenv, conv, cur, next, path;
	struct sb benv, bbin; /* the bare context's go env file and GOPATH bin */
	int bare_ok;          /* they were answered */
	char **bins;     /* every launcher directory */
	size_t nbins;
	char **user;     /* the --bin directories */
	size_t nuser;
	char **created;  /* launchers this run made */
	size_t ncreated;
	int had_state, made_dir, dry_run;
	struct en_snap snap;
};

/* Everything enable needs before it writes, and where the launchers go;
 * 0, or -1 with e (117: nothing changed). */
int enable_plan(struct enable *x, struct gw_err *e);

/* The table into out; 0 when this shell finds a launcher, else -1 with
 * the refusal in e. */
int enable_precheck(struct enable *x, struct sb *out, struct gw_err *e);

/* The directories of dir that do not exist yet, deepest first: what a
 * gw_mkdirs of dir will make. */
void en_missing_dirs(const char *dir, char ***v, size_t *n);

void enable_snap(struct enable *x);
void enable_undo(struct enable *x);
/* Only gowrap's config directory and lock, when this run made them (a
 * failure before the snapshot). */
void enable_undo_dir(struct enable *x);
void enable_snap_free(struct en_snap *n);

#endif
