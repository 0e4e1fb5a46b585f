/* fuzz_proto.c — libFuzzer target over the shim's readers of the CLI's
 * replies (proto_overlay.h, proto_merge.h).
 *
 * Promise: feeds arbitrary bytes, as the CLI's exit code, stdout and
 * stderr, to gw_ovreply_read and gw_merge_read (what the shim does with
 * `gowrap overlay --shim-format` and `gowrap merge-overlay` after they
 * exit), each on exact-size heap copies so ASan sees any read past the end,
 * and checks what the headers promise: an accepted overlay reply has a
 * known status and absolute paths, and written again by gw_ovreply_write
 * reads back the same; an accepted merge answer is one absolute path; a
 * refusal carries the CLI's code (GW_EXIT_INTERNAL when the CLI exited 0
 * with nonsense) and prints as one line; a refusal the CLI writes
 * (gw_ovreply_write_refused) with the stderr's first three lines as its
 * what, why and fix is relayed with its code, and as the same line
 * (report.h) when that line can be read back (readable). The input is
 * C L0 L1 OUT ERR: C < 128 is exit code 0, else 100 + (C - 128) % 28; ERR is
 * the last L0 + 256 * L1 bytes (fewer if there are fewer). A broken promise
 * aborts, so libFuzzer reports it. Built and run by `make fuzz`
 * (tests/helpers/run-fuzz.sh). */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "exitcodes.h"
#include "proto_merge.h"
#include "proto_overlay.h"
#include "report.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static void require(int ok)
{
	if (!ok)
		abort();
}

/* An exact-size copy (no spare byte): ASan sees a read past the end. */
static void exact(struct sb *s, const uint8_t *p, size_t n)
{
	s->buf = gw_xmalloc(n + 1);
	if (n)
		memcpy(s->buf, p, n);
	s->buf[n] = '\0';
	s->len = n;
	s->cap = n + 1;
}

/* The one-line shape of a refusal, with the code it must carry. */
static void check_refusal(const struct gw_err *e, int code)
{
	char line[3200];
	require(e->code == (code ? code : GW_EXIT_INTERNAL));
	require(memchr(e->what, '\0', sizeof e->what) && memchr(e->why, '\0', sizeof e->why) &&
		memchr(e->fix, '\0', sizeof e->fix));
	gw_err_format(e, line, sizeof line);
	require(strncmp(line, "gowrap: ", 8) == 0 && !strpbrk(line, "\r\n"));
}

static int all_absolute(char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i][0] != '/')
			return 0;
	return !v || v[n] == NULL;
}

static int same_list(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* An accepted reply, written again by the CLI's side, reads back the same. */
static void overlay_again(const struct gw_ovreply *o)
{
	struct sb s = SB_INIT, err = SB_INIT;
	struct gw_ovreply back;
	struct gw_err e = { 0 };
	require(gw_ovreply_write(&s, o, &e) == 0);
	require(gw_ovreply_read(0, &s, &err, &back, &e) == 0);
	require(!strcmp(back.status, o->status) && !strcmp(back.overlay, o->overlay) &&
		!strcmp(back.marker, o->marker) && !strcmp(back.variant, o->variant) &&
		!strcmp(back.goversion, o->goversion) && !strcmp(back.goroot, o->goroot));
	require(same_list(back.inputs, back.ninputs, o->inputs, o->ninputs) &&
		same_list(back.repl, back.nrepl, o->repl, o->nrepl));
	gw_ovreply_free(&back);
	sb_release(&s);
}

static void fuzz_overlay(int code, const uint8_t *out, size_t nout, const uint8_t *err, size_t nerr)
{
	struct sb o = SB_INIT, er = SB_INIT;
	struct gw_ovreply r;
	struct gw_err e = { 0 };
	exact(&o, out, nout);
	exact(&er, err, nerr);
	if (gw_ovreply_read(code, &o, &er, &r, &e) == 0) {
		require(code == 0 && e.code == 0);
		int applied = strcmp(r.status, "applied") == 0;
		require(applied || strcmp(r.status, "not-needed") == 0);
		require(r.overlay[0] == '/' && (!applied || r.marker[0]));
		require(all_absolute(r.inputs, r.ninputs) && all_absolute(r.repl, r.nrepl));
		overlay_again(&r);
		gw_ovreply_free(&r);
	} else {
		check_refusal(&e, code);
		require(!r.overlay && !r.status && !r.inputs && !r.repl);
	}
	sb_release(&o);
	sb_release(&er);
}

static void fuzz_merge(int code, const uint8_t *out, size_t nout, const uint8_t *err, size_t nerr)
{
	struct sb o = SB_INIT, er = SB_INIT;
	struct gw_err e = { 0 };
	exact(&o, out, nout);
	exact(&er, err, nerr);
	if (gw_merge_read(code, &o, &er, &e) == 0) {
		require(code == 0 && o.len + 1 == nout && o.buf[0] == '/');
		require(!memchr(o.buf, '\n', o.len) && strlen(o.buf) == o.len);
	} else {
		check_refusal(&e, code);
		require(o.len == 0);
	}
	sb_release(&o);
	sb_release(&er);
}

/* Line k (0-based) of s[0..n), as a string, into out. */
static void nth_line(struct sb *out, const uint8_t *s, size_t n, int k)
{
	size_t i = 0;
	for (; k > 0 && i < n; i++)
		if (s[i] == '\n')
			k--;
	size_t j = i;
	while (j < n && s[j] != '\n')
		j++;
	sb_add(out, s + i, strnlen((const char *)s + i, j - i));
}

/* Can the line a refusal prints as be read back as it was written? Not
 * when its what is empty or starts with ": " as printed (a CR prints as a
 * space), nor when the text after its last " (fix: " is only ")" (a fix
 * that ends with " (fix: " or starts with "(fix: "), nor when its fields
 * are so long that a re-split (a what holding ": ", a fix holding
 * " (fix: ") overflows the why. */
static int readable(const struct gw_err *e, const char *line)
{
	size_t w = strlen(e->what), y = strlen(e->why), f = strlen(e->fix);
	if (!w || !f || w + y + f + 16 >= sizeof e->why)
		return 0;
	if (w >= 2 && e->what[0] == ':' && (e->what[1] == ' ' || e->what[1] == '\r'))
		return 0;
	const char *last = NULL;
	for (const char *p = line; (p = strstr(p, " (fix: ")); p++)
		last = p;
	return last && strlen(last) > sizeof " (fix: ";
}

/* A refusal the CLI wrote is relayed with its code, and as the same line
 * (report.h) when that line can be read back (readable). */
static void fuzz_refusal(int code, const uint8_t *err, size_t nerr)
{
	struct sb w = SB_INIT, y = SB_INIT, f = SB_INIT, reply = SB_INIT, none = SB_INIT;
	struct gw_err sent, got = { 0 };
	struct gw_ovreply r;
	char a[3200], b[3200];
	nth_line(&w, err, nerr, 0);
	nth_line(&y, err, nerr, 1);
	nth_line(&f, err, nerr, 2);
	gw_err_set(&sent, code ? code : GW_EXIT_OVERLAY_REFUSED, w.buf, f.buf, "%s", y.buf);
	gw_ovreply_write_refused(&reply, &sent);
	require(gw_ovreply_read(sent.code, &reply, &none, &r, &got) == -1);
	require(got.code == sent.code);
	gw_err_format(&sent, a, sizeof a);
	gw_err_format(&got, b, sizeof b);
	require(!readable(&sent, a) || strcmp(a, b) == 0);
	sb_release(&w);
	sb_release(&y);
	sb_release(&f);
	sb_release(&reply);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	int code = data[0] < 128 ? 0 : 100 + (data[0] - 128) % 28;
	size_t nerr = (size_t)data[1] | (size_t)data[2] << 8;
	const uint8_t *out = data + 3;
	size_t nout = size - 3;
	if (nerr > nout)
		nerr = nout;
	nout -= nerr;
	fuzz_overlay(code, out, nout, out + nout, nerr);
	fuzz_merge(code, out, nout, out + nout, nerr);
	fuzz_refusal(code, out + nout, nerr);
	return 0;
}
