/* sha1.h — SHA-1 for git blob ids (deps/ identifies files as git does).
 *
 * Promise: FIPS 180-4 SHA-1. Used only to name content (git's object ids),
 * never as a security boundary. libc only, so the go shim and the toolexec
 * program can link it without libgit2. */
#ifndef GOWRAP_DEPS_SHA1_H
#define GOWRAP_DEPS_SHA1_H

#include <stddef.h>
#include <stdint.h>

struct dp_sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
	size_t nbuf;
};

void dp_sha1_init(struct dp_sha1 *c);
void dp_sha1_update(struct dp_sha1 *c, const void *data, size_t n);
/* hex must hold 41 bytes; NUL-terminated. */
void dp_sha1_hex(struct dp_sha1 *c, char hex[41]);

/* git's blob id of a byte string: sha1("blob <n>\0" data). */
void dp_blob_id(const void *data, size_t n, char hex[41]);

/* Blob id of a regular file, read whole (at most limit bytes; larger files
 * are refused). 0, or -1 with errno. */
int dp_blob_id_file(const char *path, size_t limit, char hex[41]);

#endif
