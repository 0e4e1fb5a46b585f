/* selfpath.h — where the running gowrap program lives.
 *
 * Promise: gw_self_exe gives the absolute, symlink-free path of the running
 * executable (/proc/self/exe on Linux, _NSGetExecutablePath + realpath on
 * macOS), so callers can find sibling programs (build/ and $PREFIX layouts). */
#ifndef GOWRAP_SELFPATH_H
#define GOWRAP_SELFPATH_H

#include "strbuf.h"

int gw_self_exe(struct sb *out);

/* Directory that holds the `go` shim for this gowrap: <bindir>/shim (build
 * tree) or <prefix>/libexec/gowrap (installed). -1 if neither exists. */
int gw_shim_dir(struct sb *out);

#endif
