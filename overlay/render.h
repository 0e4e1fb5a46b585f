/* render.h — the bytes of the overlay's Go files.
 *
 * Promise: output depends only on the inputs given (original file bytes,
 * template bytes, marker name) — no time, path or host enters it — so the
 * same toolchain always gets byte-identical files and GOCACHE keeps hitting.
 * ov_render_other refuses unless the file's //go:build expression is exactly
 * `expect`; ov_render_template refuses a placeholder it does not know. */
#ifndef GOWRAP_OV_RENDER_H
#define GOWRAP_OV_RENDER_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

/* Finds the //go:build line in the file header (before the package clause).
 * On success *expr and *expr_len point at the expression (no newline). */
int ov_find_build_expr(const char *src, size_t len, const char **expr, size_t *expr_len);

/* The original cpu_arm64_other.go with suffix (` && !ios`, or
 * ` && !(darwin && ios)` for darwin parity) appended to its //go:build line:
 * every other target keeps its empty osInit, the iOS family no longer
 * compiles it. */
int ov_render_other(const char *orig, size_t len, const char *expect, const char *suffix,
		    const char *file, struct sb *out, struct gw_err *e);

/* The original file with its //go:build expression, which must be exactly
 * `expect`, replaced by `repl`; every other byte as it was. */
int ov_render_rebuild(const char *orig, size_t len, const char *expect, const char *repl,
		      const char *file, struct sb *out, struct gw_err *e);

/* Expands {{MARKER}}, {{TEMPLATE_VERSION}} and {{CONSTRAINT}} (the verified
 * //go:build expression of cpu_arm64_other.go, a top-level && chain) in an
 * embedded template. */
int ov_render_template(const char *tmpl_name, const char *marker, const char *version,
		       const char *constraint, struct sb *out, struct gw_err *e);

#endif
