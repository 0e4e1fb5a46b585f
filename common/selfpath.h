/* selfpath.h — where the running gowrap program lives.
 *
 * Promise: gw_self_exe gives the absolute, symlink-free path of the running
 * executable (/proc/self/exe on Linux, _NSGetExecutablePath + realpath on
 * macOS), so callers can find sibling programs (build/ and $PREFIX layouts).
 * It is the one owner of "which file am I". */
#ifndef GOWRAP_SELFPATH_H
#define GOWRAP_SELFPATH_H

#include "strbuf.h"

#include <sys/stat.h>

int gw_self_exe(struct sb *out);

/* The running executable's stat, for comparing file identity (one stat, no
 * path resolution: the shim calls it on every go call). */
int gw_self_stat(struct stat *st);

/* Directory that holds the `go` shim for this gowrap: <bindir>/shim (build
 * tree) or <prefix>/libexec/gowrap (installed). -1 if neither exists. */
int gw_shim_dir(struct sb *out);

#endif
