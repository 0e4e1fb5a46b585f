/* record.h — the one way gowrap keeps a file between calls.
 *
 * Promise: every file gowrap keeps in its cache for a later call — the
 * overlay memo, the dependency-fix memo, the shim<->gowrap-toolexec state —
 * is read and written here, and nowhere else.
 *   - Trusted read: every directory from the cache root down to the record
 *     is lstat'ed and must pass trust.h (the caller's, no group or other
 *     write bit, no symlink); the record is opened O_NOFOLLOW|O_NONBLOCK and
 *     must be a regular file of the caller's, writable by nobody else, no
 *     larger than the caller's limit. A symlink, FIFO, device, socket or
 *     foreign file where a record belongs is refused (GW_EXIT_CACHE, naming
 *     it), never followed and never waited on. The cache root itself is
 *     checked once per call by gw_trust_cache_root (trust.h).
 *   - Framing: a record is "gowrap-record\t<kind>\n" + body + "end\n"; one
 *     of another kind (or version: it is part of the kind), or without its
 *     end line (torn), reads as no record. gw_rec_frame and gw_rec_unframe
 *     are that framing alone, bytes in memory to bytes (no file, no
 *     check): what every read and write goes through, and what the fuzzer
 *     drives (common/fuzz_record.c).
 *   - Atomic write: the directories are made 0700 (each checked), the bytes
 *     go to a temp file beside the record (O_EXCL|O_NOFOLLOW) and are renamed
 *     over it: a reader sees the old record or the new one, never a part.
 *   - Private records (the state many compiles append to): a fresh
 *     directory (mkdtemp, 0700) holding one file created O_EXCL|O_NOFOLLOW;
 *     appends open it without O_CREAT, O_NOFOLLOW, and write only to a
 *     regular file of the caller's with one link.
 * rel paths are relative to the cache and never hold "..". */
#ifndef GOWRAP_RECORD_H
#define GOWRAP_RECORD_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

/* Records larger than this are refused whatever the caller's limit. */
#define GW_REC_MAX ((size_t)1 << 24)

/* cache/sub, every level made (0700) if missing and checked; out gets the
 * path. 0, or -1 with e (GW_EXIT_CACHE). */
int gw_rec_dir(const char *cache, const char *sub, struct sb *out, struct gw_err *e);

/* The body of the framed record cache/rel of this kind. 0 read; 1 no record
 * (missing, torn, another kind); -1 refused or unreadable (e set). */
int gw_rec_read(const char *cache, const char *rel, const char *kind, size_t limit,
		struct sb *body, struct gw_err *e);

/* The framing alone, in memory: the body of the framed record raw[0..len)
 * of this kind into body (reset first). 0; 1 not a whole record of this
 * kind (torn, another kind, not a record): body untouched. Any bytes. */
int gw_rec_unframe(const char *raw, size_t len, const char *kind, struct sb *body);

/* Append the framed record of kind (no newline in it) and body[0..len) to
 * out: what gw_rec_write writes and gw_rec_unframe reads back (a body not
 * ending in a newline gets one). */
void gw_rec_frame(struct sb *out, const char *kind, const char *body, size_t len);

/* The same checks for an unframed record (a private record's lines). */
int gw_rec_read_raw(const char *cache, const char *rel, size_t limit, struct sb *body,
		    struct gw_err *e);

/* Write the framed record atomically. 0, or -1 with e. */
int gw_rec_write(const char *cache, const char *rel, const char *kind, const char *body,
		 size_t len, struct gw_err *e);

/* An unframed record — bytes another program reads as they are (an
 * overlay's replacement file) — at cache/rel: kept when it already holds
 * exactly these bytes (read as gw_rec_read_raw reads), else written
 * atomically as gw_rec_write writes. out gets its path. 0, or -1 with e. */
int gw_rec_put_raw(const char *cache, const char *rel, const void *data, size_t len, struct sb *out,
		   struct gw_err *e);

/* A new private record: cache/sub/<random>/name, empty. dir and file get
 * the paths (absolute when cache is). 0, or -1 with e. */
int gw_rec_private(const char *cache, const char *sub, const char *name, struct sb *dir,
		   struct sb *file, struct gw_err *e);

/* Append one whole line (one write(2), O_APPEND: parallel writers never
 * interleave) to a private record. 0, or -1 when the path is not such a
 * record (nothing written, nothing created). */
int gw_rec_append(const char *file, const char *line, size_t len);

/* Remove a private record and its directory (best effort). */
void gw_rec_private_remove(const char *dir, const char *file);

#endif
