/* render.h — the bytes of each fix (templates/, embedded in the binary).
 *
 * Promise: deterministic: the same fix and the same original bytes always
 * give the same output (no time, path, host or pid). dp_fix_identity is a
 * digest of everything that decides those bytes (fix version, templates,
 * table, and the deps/ sources that choose and write fixes: DP_SOURCE_ID,
 * set by the Makefile from their content), which gowrap-toolexec appends to the compiler's -V=full identity:
 * any change to a fix is a new build-cache identity, and nothing else is. */
#ifndef GOWRAP_DEPS_RENDER_H
#define GOWRAP_DEPS_RENDER_H

#include "strbuf.h"
#include "table.h"

/* Render the fix. orig: the file the row matched (read for DP_FIX_CPUID_IOS,
 * whose output is that file's own bytes, changed in one place). name gets
 * the base name to write it under. 0, or -1 with a reason in err. */
int dp_render(enum dp_fix fix, const char *orig, struct sb *out, const char **name, struct sb *err);

/* Does the fix replace the matched file (1) or add a file beside it (0)? */
int dp_fix_replaces(enum dp_fix fix);

/* Does the rendered file declare a function without a body (linkname)? Then
 * the compile must not get -complete. */
int dp_fix_has_bodyless(enum dp_fix fix);

/* 16 hex digits + NUL. */
void dp_fix_identity(char out[17]);

#endif
