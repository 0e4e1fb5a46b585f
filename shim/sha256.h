/* sha256.h — SHA-256 for the shim's content-addressed files and memo keys.
 *
 * Promise: FIPS 180-4 SHA-256 of a byte string, as 64 lowercase hex digits.
 * The shim links no crypto library (hot path), hence this small copy. */
#ifndef GOWRAP_SHIM_SHA256_H
#define GOWRAP_SHIM_SHA256_H

#include <stddef.h>

/* hex must hold 65 bytes; it is NUL-terminated. */
void shim_sha256_hex(const void *data, size_t len, char hex[65]);

#endif
