/* envkey.h — which environment variables key a memo: one rule for both
 * memos (the shim's overlay answer, shim/memo.c; the dependency gate's,
 * deps/memo.c), stated in README's "Commands and environment".
 *
 * Promise: every variable that can change what the go command or gowrap
 * answers for a call is keyed, so a memo never answers for another
 * environment. The rule: every GO*, CGO_* and GOWRAP_* variable, and CC,
 * CXX, PATH, HOME and XDG_CONFIG_HOME; but not the ones that say only where
 * results go or how fast they come (GOCACHE, GOCACHEPROG, GOTMPDIR,
 * GOMAXPROCS), nor gowrap's own that are per call or act after go
 * (GOWRAP_CACHE, which holds the memo; GOWRAP_LOG; GOWRAP_VERIFY; and the
 * ones gowrap sets for its children: GOWRAP_SHIM_LOOP, GOWRAP_DEPS_STATE,
 * GOWRAP_DEPS_FAMILY, GOWRAP_TOOLEXEC_NEXT, GOWRAP_INNER_*). A variable the
 * rule keys without need costs a miss, never a wrong answer; so a new
 * GOWRAP_* variable is keyed unless it is added to the exceptions. */
#ifndef GOWRAP_GOCMD_ENVKEY_H
#define GOWRAP_GOCMD_ENVKEY_H

struct sb;

/* 1 when the variable keys a memo. kv is "NAME=value" (as in environ) or
 * a bare "NAME". */
int gw_env_keys_memo(const char *kv);

/* Appends one "env\tNAME=value\n" line per keyed variable of the
 * environment, sorted (a parent may order it differently), each value with
 * backslash, tab and newline escaped (one-to-one, so a legal GOFLAGS holding
 * a newline is keyed too). A variable that is not set has no line. */
void gw_key_env(struct sb *key);

#endif
