/* fsutil.h — files written so that nothing is ever half-written.
 *
 * Promise: gw_write_atomic either leaves `path` with exactly `data` (mode
 * `mode`), or leaves whatever was there before untouched; it writes a temp file
 * beside the target (O_CREAT|O_EXCL|O_NOFOLLOW), fsyncs it and rename()s it over,
 * so concurrent writers of the same bytes all succeed. gw_mkdirs creates every
 * missing component with `mode` and refuses a final component that is a symlink.
 * gw_cache_dir resolves the user's cache directory per README. */
#ifndef GOWRAP_FSUTIL_H
#define GOWRAP_FSUTIL_H

#include <stddef.h>
#include <sys/types.h>

#include "report.h"
#include "strbuf.h"

int gw_write_atomic(const char *path, const void *data, size_t len, mode_t mode,
		    struct gw_err *e);
int gw_mkdirs(const char *path, mode_t mode, struct gw_err *e);

/* GOWRAP_CACHE, else $XDG_CACHE_HOME/gowrap, else ~/Library/Caches/gowrap on
 * macOS, else ~/.cache/gowrap. Does not create it. -1 (106) when no HOME
 * either, or when GOWRAP_CACHE is not absolute. */
int gw_cache_dir(struct sb *out, struct gw_err *e);

/* 1 if path is dir or lies beneath it (string prefix at a '/' boundary, after
 * removing trailing slashes; both are compared as given and as realpath()). */
int gw_path_within(const char *path, const char *dir);

/* "dev:ino:size:mtime.ns:ctime.ns" of path (stat), or "-": what the memos
 * compare to tell a file changed (any write moves ctime). */
void gw_stat_sig(struct sb *out, const char *path);

/* A memo key's file line: "tag\tpath\tsig\n" (a tab or newline in path
 * written as '?': the signature still tells two files apart). */
void gw_key_file(struct sb *out, const char *tag, const char *path);

/* Join dir and name with exactly one '/'. */
void gw_path_join(struct sb *out, const char *dir, const char *name);

/* Does the file exist and is it executable by us (access X_OK, regular file)? */
int gw_is_executable(const char *path);

#endif
