/* state.h — the shim <-> gowrap-toolexec protocol, both sides in one file
 * pair (as proto/ holds the shim <-> CLI ones).
 *
 * Promise: one build call has one private record (common/record.h): the
 * shim creates it (dp_state_open: a fresh 0700 directory under
 * $CACHE/deps/run holding one file created O_EXCL|O_NOFOLLOW) and names it
 * to gowrap-toolexec in GOWRAP_DEPS_STATE; each compile the toolexec fixes,
 * or leaves alone as an unknown variant, appends one line (dp_state_note:
 * one write(2) with O_APPEND, never creating, never following a link); after
 * go exits the shim reads the lines back through the trusted read
 * (dp_state_read) and removes the record. A line is
 *   <kind>\t<package>\t<detail>\n      kind: fixed, unknown, unfixable
 * with tab, newline and backslash in a field written as \t, \n, \\. A line
 * of another shape is skipped; nothing read here reaches a terminal
 * unescaped (sb_add_printable). When gowrap-toolexec composes with a
 * caller's -toolexec (deps.h), "handed" says it gave that tool a fixed
 * compile, and the compiler stage it put behind that tool answers "fixed"
 * (gowrap's file reached the compiler) or "dropped" (it did not). */
#ifndef GOWRAP_DEPS_STATE_H
#define GOWRAP_DEPS_STATE_H

#include "report.h"
#include "strbuf.h"

#define DP_STATE_ENV "GOWRAP_DEPS_STATE"
/* The caller's -toolexec, run by gowrap-toolexec in front of each tool. */
#define DP_NEXT_ENV "GOWRAP_TOOLEXEC_NEXT"
/* Set for the compiler stage: the real compiler, the file it must see, the
 * package (the caller's tool may rename -p). */
#define DP_INNER_TOOL_ENV "GOWRAP_INNER_TOOL"
#define DP_INNER_FILE_ENV "GOWRAP_INNER_FILE"
#define DP_INNER_PKG_ENV "GOWRAP_INNER_PKG"

struct dp_state {
	struct sb dir;  /* the private directory */
	struct sb file; /* the record go's children append to */
	struct sb rel;  /* file, relative to the cache */
};

/* Shim: a new record for this call. 0, or -1 with e (GW_EXIT_CACHE). */
int dp_state_open(const char *cache, struct dp_state *st, struct gw_err *e);

/* gowrap-toolexec: one line into the record named by $GOWRAP_DEPS_STATE
 * (nothing when unset or not a private record of ours). */
void dp_state_note(const char *kind, const char *pkg, const char *detail);

/* What the compiles said, one package a line ("pkg: kind: detail" for
 * unknown). */
struct dp_records {
	struct sb fixed, handed, dropped, unknown;
};

/* Shim, after go: read the record into r (initialised here), then remove
 * it. 0, or -1 with e when the record is not the caller's alone
 * (GW_EXIT_CACHE). */
int dp_state_read(const char *cache, struct dp_state *st, struct dp_records *r, struct gw_err *e);

#endif
