/* compose.h — gowrap-toolexec in front of a caller's own -toolexec.
 *
 * Promise: with $GOWRAP_TOOLEXEC_NEXT set (the caller's -toolexec value, which
 * the shim replaced by gowrap-toolexec), every tool runs exactly as cmd/go
 * would have run it through the caller's -toolexec — its words (split as
 * cmd/go splits them, the first looked up on PATH when it holds no '/'),
 * then the tool's path and arguments — after gowrap-toolexec has applied
 * its own fix to them. A fixed compile is handed over with the compiler's
 * path replaced by the compiler stage, <state dir>/compile (a link to
 * gowrap-toolexec, which knows itself by that name): when the caller's tool
 * runs it, the stage records "fixed" and execs the real compiler with what
 * it was given when gowrap's file is among the files that reach it; when it
 * is not, it records "dropped" and fails that compile (110), so no unfixed
 * object enters the build cache under the composed identity. So a tool
 * that rewrites files (garble obfuscates them, names and all) composes; one
 * that drops gowrap's file fails the build; one that runs a compiler of its
 * own must show the marker by name (the shim's check, 110). */
#ifndef GOWRAP_DEPS_COMPOSE_H
#define GOWRAP_DEPS_COMPOSE_H

/* 1 when a caller's tool is to run in front of each tool. */
int dp_next_active(void);

/* The argv that runs tool (a NULL-terminated tool path + arguments):
 * through the caller's tool when one is active, else tool itself. */
char **dp_next_argv(char **tool);

/* Hand a fixed compile over: tool[0] becomes the compiler stage, which is
 * told the real compiler, the package and gowrap's file name. */
void dp_hand_over(char **tool, const char *pkg, const char *fixfile);

/* Was this process started as the compiler stage (argv[0] "compile",
 * $GOWRAP_INNER_TOOL set)? Then dp_inner_main records and execs. */
int dp_inner_wanted(const char *argv0);
int dp_inner_main(int argc, char **argv) __attribute__((noreturn));

#endif
