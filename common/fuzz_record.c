/* fuzz_record.c — libFuzzer target over the record layer's framing.
 *
 * Promise: feeds arbitrary bytes to gw_rec_unframe (what every gw_rec_read
 * takes a record's bytes through, record.h) as an exact-size heap copy, so
 * ASan sees any read past the end, and checks what record.h promises of it:
 * a body is exactly the bytes between the kind's line and the end line, and
 * a failed read leaves the body untouched; the same bytes as a body framed
 * by gw_rec_frame (what gw_rec_write writes) read back as that body, and
 * never as a record of another kind, nor when torn short of its end line.
 * The input is KIND '\n' RAW (no newline: the kind of shim/memo.c's records
 * and RAW the whole input). A broken promise aborts, so libFuzzer reports
 * it. Built and run by `make fuzz` (tests/helpers/run-fuzz.sh). */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static const char head[] = "gowrap-record\t";

static void require(int ok)
{
	if (!ok)
		abort();
}

/* raw read as a record of kind: the body is the framed bytes' middle, or
 * the read fails and the body keeps what it held. */
static int unframe_checked(const uint8_t *raw, size_t len, const char *kind, struct sb *body)
{
	char *copy = gw_xmalloc(len ? len : 1);
	if (len)
		memcpy(copy, raw, len);
	sb_reset(body);
	sb_adds(body, "untouched");
	int r = gw_rec_unframe(copy, len, kind, body);
	size_t over = strlen(head) + strlen(kind) + 1 + 4;
	require(r == 0 || r == 1);
	if (r == 0) {
		require(len >= over && body->len == len - over);
		require(memcmp(body->buf, copy + over - 4, body->len) == 0);
		require(body->buf[body->len] == '\0');
		require(body->len == 0 || body->buf[body->len - 1] == '\n');
	} else {
		require(strcmp(body->buf, "untouched") == 0);
	}
	free(copy);
	return r;
}

/* A body framed and read back; torn or under another kind, no record. */
static void roundtrip(const char *kind, const uint8_t *data, size_t n)
{
	struct sb framed = SB_INIT, body = SB_INIT, other = SB_INIT;
	gw_rec_frame(&framed, kind, (const char *)data, n);
	require(unframe_checked((const uint8_t *)framed.buf, framed.len, kind, &body) == 0);
	int added = n && data[n - 1] != '\n';
	require(body.len == n + (size_t)added && (n == 0 || memcmp(body.buf, data, n) == 0));
	for (size_t cut = 1; cut <= 3 && cut <= framed.len; cut++)
		require(unframe_checked((const uint8_t *)framed.buf, framed.len - cut, kind, &body) == 1);
	sb_adds(&other, kind);
	sb_addc(&other, 'x');
	require(unframe_checked((const uint8_t *)framed.buf, framed.len, other.buf, &body) == 1);
	if (other.len > 1) {
		other.buf[other.len - 2] = '\0'; /* the kind less its last byte */
		require(unframe_checked((const uint8_t *)framed.buf, framed.len, other.buf, &body) == 1);
	}
	sb_release(&framed);
	sb_release(&body);
	sb_release(&other);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = size ? memchr(data, '\n', size) : NULL;
	struct sb kind = SB_INIT, body = SB_INIT;
	const uint8_t *raw = data;
	size_t n = size;
	if (nl) {
		/* the kind stops at a NUL too: it is a C string */
		sb_add(&kind, data, strnlen((const char *)data, (size_t)(nl - data)));
		raw = nl + 1;
		n = size - (size_t)(nl - data) - 1;
	} else {
		sb_adds(&kind, "overlay-memo 3");
	}
	unframe_checked(raw, n, kind.buf, &body);
	/* the whole input as it is, under the kind of the other memo */
	unframe_checked(data, size, "deps-gate 1", &body);
	roundtrip(kind.buf, raw, n);
	sb_release(&kind);
	sb_release(&body);
	return 0;
}
