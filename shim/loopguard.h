/* loopguard.h — a wrapper that runs the shim again must not spin.
 *
 * Promise: shim_loop_check refuses (GW_EXIT_SHIM_LOOP) a call that is
 * exactly the call of a shim among its own ancestors — same real go, same
 * argv, same directory: a wrapper script given as GOWRAP_GO or found on PATH
 * that runs `go "$@"` again — or that lies more than SHIM_MAX_DEPTH shims
 * deep (the bound cmd/go puts on its own toolchain re-execs, for a wrapper
 * that changes the arguments each time). Legitimate nested calls (`go
 * generate` running `go run`, gomobile running go) differ in argv or
 * directory and pass. It then sets GOWRAP_SHIM_LOOP=<depth>:<call hash> for
 * the children; that one variable is all the shim adds to go's environment. */
#ifndef GOWRAP_SHIM_LOOPGUARD_H
#define GOWRAP_SHIM_LOOPGUARD_H

#include "report.h"

#define SHIM_MAX_DEPTH 64

int shim_loop_check(const char *realgo, int argc, char **argv, struct gw_err *e);

#endif
