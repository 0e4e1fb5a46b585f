/* render.h — the bytes of each fix (templates/, embedded in the binary).
 *
 * Promise: deterministic: the same fix, the same options and the same
 * original bytes always give the same output (no time, path, host or pid).
 * dp_fix_identity is a digest of everything that decides those bytes (fix
 * version, templates, the rules, the feature set, and the deps/ sources that
 * choose and write fixes: DP_SOURCE_ID, set by the Makefile from their
 * content), which gowrap-toolexec appends to the compiler's -V=full
 * identity: any change to a fix is a new build-cache identity, and nothing
 * else is. */
#ifndef GOWRAP_DEPS_RENDER_H
#define GOWRAP_DEPS_RENDER_H

#include "classify.h"
#include "strbuf.h"
#include "table.h"

/* What shapes a fix beyond its template (from the class). */
#define DP_OPT_HWCAP2 1u   /* the copy declares HWCap2: fill it (AT_HWCAP2) */
#define DP_OPT_PLATFORM 2u /* the copy declares Platform: fill it (AT_PLATFORM) */
#define DP_OPT_SYSCTL 4u   /* cpuid's `if runtime.GOOS != "ios" {` (its sysctl detection) is there */
/* x/sys/cpu's compile has assembly (-symabis), so the sysctl trampoline can
 * join it: with the darwin feature set, its fix detects as v0.42.0 does. */
#define DP_OPT_XSYS_ASM 8u

/* The options a class asks of its fix. */
unsigned dp_fix_opts(const struct dp_class *cl);

/* Render the fix. orig: the file holding the rule's trigger (read for
 * DP_FIX_CPUID_IOS, whose output is that file's own bytes, changed in its
 * ios lines), or for DP_FIX_XSYS_IOS with DP_OPT_XSYS_ASM the file that
 * declares `var ARM64 struct {` (each field v0.42.0 detects is set only if
 * declared there). name gets the base name to write it under. 0, or -1 with
 * a reason in err. */
int dp_render(enum dp_fix fix, const char *orig, unsigned opts, struct sb *out, const char **name,
	      struct sb *err);

/* Will dp_render(DP_FIX_XSYS_IOS, ., opts) ask sysctl (the darwin feature
 * set and DP_OPT_XSYS_ASM)? Then the trampoline must join the package's
 * assembly (dp_render_trampoline). */
int dp_xsys_sysctl(unsigned opts);

/* The assembly appended to the package's first .s file when
 * dp_xsys_sysctl: defines the address the rendered Go file calls. */
void dp_render_trampoline(struct sb *out);

/* The first of files (paths) whose lines hold `var ARM64 struct {`, or
 * NULL. */
const char *dp_xsys_struct_file(const char *const *files, size_t n);

/* Does the fix replace the matched file (1) or add a file beside it (0)? */
int dp_fix_replaces(enum dp_fix fix);

/* Does the rendered file declare a function without a body (linkname)? Then
 * the compile must not get -complete. */
int dp_fix_has_bodyless(enum dp_fix fix);

/* Is the iOS feature set macOS parity (GOWRAP_FEATURES unset, empty or
 * darwin; the shim refuses any value but darwin and crypto before a build)? */
int dp_features_darwin(void);

/* 16 hex digits + NUL. */
void dp_fix_identity(char out[17]);

#endif
