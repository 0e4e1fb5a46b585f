/* workdir.h — the directory the go command will work in.
 *
 * Promise: the path os.Getwd() returns inside cmd/go after its -C handling:
 * $PWD when it is absolute and names the same directory (Go's kludge), else
 * the physical path. Relative overlay paths, -o and the memo key resolve
 * against it, so they match the paths the go command itself uses. */
#ifndef GOWRAP_SHIM_WORKDIR_H
#define GOWRAP_SHIM_WORKDIR_H

#include "report.h"
#include "strbuf.h"

/* chdir: the -C value or NULL. -1 when the directory cannot be resolved;
 * callers then pass the call through, since a bad -C is the go command's
 * error to report, in its own words. */
int gw_effective_dir(const char *chdir, struct sb *out);

/* out = path if absolute, else dir/path. */
void gw_abs_path(struct sb *out, const char *dir, const char *path);

/* Lexical cleanup of an absolute path, as Go's filepath.Clean does it
 * (collapse //, drop ".", resolve ".." by name). In place. */
void gw_clean_path(char *p);

#endif
