/* hash.h — the one SHA-256 and the one SHA-1 (git blob ids) of gowrap.
 *
 * Promise: FIPS 180-4 SHA-256 and SHA-1, streaming or of a whole byte string,
 * as lowercase hex (and SHA-256 as raw bytes for Go's h1: hashes). libc only,
 * so the static shim and gowrap-toolexec link them as the CLI does; checked
 * against the FIPS 180-4 examples and against git's and go's own ids
 * (tests/common.bats). Used to name and compare content: cache addresses,
 * module hashes, git's object ids — never to keep a secret. */
#ifndef GOWRAP_HASH_H
#define GOWRAP_HASH_H

#include <stddef.h>
#include <stdint.h>

struct gw_sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
	size_t nbuf;
};

void gw_sha256_init(struct gw_sha256 *c);
void gw_sha256_update(struct gw_sha256 *c, const void *data, size_t n);
/* Ends the hash; c must be initialised again before reuse. */
void gw_sha256_final(struct gw_sha256 *c, unsigned char out[32]);
/* hex must hold 65 bytes; it is NUL-terminated. */
void gw_sha256_hex(const void *data, size_t len, char hex[65]);

struct gw_sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
	size_t nbuf;
};

void gw_sha1_init(struct gw_sha1 *c);
void gw_sha1_update(struct gw_sha1 *c, const void *data, size_t n);
/* hex must hold 41 bytes; NUL-terminated. */
void gw_sha1_hex(struct gw_sha1 *c, char hex[41]);

/* git's blob id of a byte string: sha1("blob <n>\0" data). */
void gw_blob_id(const void *data, size_t n, char hex[41]);

/* Blob id of a regular file, read whole (at most limit bytes; larger files
 * are refused). 0, or -1 with errno. */
int gw_blob_id_file(const char *path, size_t limit, char hex[41]);

#endif
