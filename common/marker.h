/* marker.h — the name of gowrap's marker functions, defined once.
 *
 * Promise: every fix gowrap compiles into a package defines a
 * `//go:noinline func <GW_MARKER_FUNC><version>()` that the fixed code
 * calls, so `<import path>.<GW_MARKER_FUNC><version>` is a real function of
 * every binary that holds the fix (symbol table, and pclntab after
 * stripping). The overlay (internal/cpu), the dependency fixes, the shim's
 * post-build checks and symcheck all spell it from here. */
#ifndef GOWRAP_MARKER_H
#define GOWRAP_MARKER_H

#define GW_MARKER_FUNC "gowrapMarker"

#endif
