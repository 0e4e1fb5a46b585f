/* sha256.h — SHA-256 for the shim's memo file names, and for the merged
 * overlay's content address (cli/cmd_merge.c, linked into the CLI).
 *
 * Promise: FIPS 180-4 SHA-256 of a byte string, as 64 lowercase hex digits.
 * Only for addressing (not a security boundary). The shim links no crypto
 * library (hot path, static, libc only), hence this small copy. */
#ifndef GOWRAP_SHIM_SHA256_H
#define GOWRAP_SHIM_SHA256_H

#include <stddef.h>

/* hex must hold 65 bytes; it is NUL-terminated. */
void shim_sha256_hex(const void *data, size_t len, char hex[65]);

#endif
