/* trust.h — what gowrap reads from its cache must be the caller's own.
 *
 * Promise (the rule ssh's StrictModes applies to ~/.ssh): the cache directory
 * and every directory and file beneath it that gowrap reads are owned by the
 * effective user and writable by nobody else (no group or other write bit);
 * every directory above the cache is owned by root or the caller and, when
 * others may write it, has the sticky bit (so nobody else can rename our
 * directory away and put theirs in its place). The cache path may be a
 * symlink (owned by root or the caller) to a directory that passes. Anything
 * else is refused with GW_EXIT_CACHE naming the path and why; nothing under
 * the cache is followed through a symlink. */
#ifndef GOWRAP_TRUST_H
#define GOWRAP_TRUST_H

#include <stddef.h>
#include <sys/stat.h>

#include "report.h"
#include "strbuf.h"

/* Create the cache directory (0700) if it is missing, then check it and the
 * directories above it (both the path as given and as resolved). */
int gw_trust_cache_root(const char *cache, struct gw_err *e);

/* st (from lstat of path) is ours and writable by nobody else; want_dir:
 * it must be a directory, else a regular file (never a symlink). */
int gw_trust_stat(const char *path, const struct stat *st, int want_dir, struct gw_err *e);

/* Create dir (0700) if missing; it must then pass gw_trust_stat as a
 * directory (a symlink is refused). */
int gw_trust_subdir(const char *dir, struct gw_err *e);

/* path lies beneath cache (textually, cache + '/'), and every directory
 * between them and the file itself pass gw_trust_stat (lstat: no symlink
 * anywhere below the cache). Missing: -1 with e set too. */
int gw_trust_under(const char *cache, const char *path, struct gw_err *e);

/* Read a cache file: open O_NOFOLLOW, fstat, the same checks as
 * gw_trust_stat. 0 read into out; 1 it does not exist; -1 refused or
 * unreadable (e set). */
int gw_read_trusted(const char *path, size_t limit, struct sb *out, struct gw_err *e);

#endif
