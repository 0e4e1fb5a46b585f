/* hashcheck — drives common/hash.h for tests/unit.bats: reads stdin in
 * chunks of the given size (so the streaming path crosses block boundaries
 * at every offset) and prints "sha256 <hex>", "blob <hex>" and the sha1 of
 * the bytes, each computed once streaming and once whole; they must agree. */
#include "compat.h"
#include "hash.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t chunk = argc > 1 ? (size_t)atol(argv[1]) : 4096;
	struct sb all = SB_INIT;
	if (chunk == 0 || sb_read_fd(&all, 0, (size_t)1 << 30) < 0)
		return 2;
	struct gw_sha256 c;
	struct gw_sha1 s1;
	gw_sha256_init(&c);
	gw_sha1_init(&s1);
	for (size_t off = 0; off < all.len; off += chunk) {
		size_t n = all.len - off < chunk ? all.len - off : chunk;
		gw_sha256_update(&c, all.buf + off, n);
		gw_sha1_update(&s1, all.buf + off, n);
	}
	unsigned char md[32];
	char hex[65], whole[65], h1[41], blob[41];
	gw_sha256_final(&c, md);
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	gw_sha256_hex(all.buf, all.len, whole);
	gw_sha1_hex(&s1, h1);
	gw_blob_id(all.buf, all.len, blob);
	if (strcmp(hex, whole) != 0) {
		printf("streaming %s != whole %s\n", hex, whole);
		return 1;
	}
	printf("sha256 %s\nsha1 %s\nblob %s\n", hex, h1, blob);
	sb_release(&all);
	return 0;
}
