/* sha1.c — see hash.h. */
#include "compat.h"
#include "hash.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static uint32_t rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void block(struct gw_sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a, b, cc, d, e, t;
	int i;
	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = c->h[0]; b = c->h[1]; cc = c->h[2]; d = c->h[3]; e = c->h[4];
	for (i = 0; i < 80; i++) {
		uint32_t f, k;
		if (i < 20) { f = (b & cc) | (~b & d); k = 0x5a827999; }
		else if (i < 40) { f = b ^ cc ^ d; k = 0x6ed9eba1; }
		else if (i < 60) { f = (b & cc) | (b & d) | (cc & d); k = 0x8f1bbcdc; }
		else { f = b ^ cc ^ d; k = 0xca62c1d6; }
		t = rol(a, 5) + f + e + k + w[i];
		e = d; d = cc; cc = rol(b, 30); b = a; a = t;
	}
	c->h[0] += a; c->h[1] += b; c->h[2] += cc; c->h[3] += d; c->h[4] += e;
}

void gw_sha1_init(struct gw_sha1 *c)
{
	static const uint32_t iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
	memcpy(c->h, iv, sizeof iv);
	c->len = 0;
	c->nbuf = 0;
}

void gw_sha1_update(struct gw_sha1 *c, const void *data, size_t n)
{
	const unsigned char *p = data;
	c->len += n;
	while (n) {
		size_t k = 64 - c->nbuf < n ? 64 - c->nbuf : n;
		memcpy(c->buf + c->nbuf, p, k);
		c->nbuf += k;
		p += k;
		n -= k;
		if (c->nbuf == 64) {
			block(c, c->buf);
			c->nbuf = 0;
		}
	}
}

void gw_sha1_hex(struct gw_sha1 *c, char hex[41])
{
	uint64_t bits = c->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t np = (c->nbuf < 56 ? 56 : 120) - c->nbuf;
	for (int i = 0; i < 8; i++)
		pad[np + i] = (unsigned char)(bits >> (56 - 8 * i));
	gw_sha1_update(c, pad, np + 8);
	for (int i = 0; i < 5; i++)
		snprintf(hex + 8 * i, 9, "%08x", c->h[i]);
}

void gw_blob_id(const void *data, size_t n, char hex[41])
{
	struct gw_sha1 c;
	char hdr[40];
	int k = snprintf(hdr, sizeof hdr, "blob %zu", n);
	gw_sha1_init(&c);
	gw_sha1_update(&c, hdr, (size_t)k + 1);
	gw_sha1_update(&c, data, n);
	gw_sha1_hex(&c, hex);
}

int gw_blob_id_file(const char *path, size_t limit, char hex[41])
{
	struct sb s = SB_INIT;
	if (sb_read_file(&s, path, limit) < 0)
		return -1;
	gw_blob_id(s.buf, s.len, hex);
	sb_release(&s);
	return 0;
}
