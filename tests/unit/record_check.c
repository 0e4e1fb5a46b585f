/* record_check — drives common/record.h for tests/unit.bats, one case a
 * call, in the directory given (a scratch cache the test prepared):
 *   read REL KIND      gw_rec_read; prints "0 <body>", "1" or "-1 <code> <why>"
 *   raw REL            gw_rec_read_raw, same output
 *   write REL KIND BODY
 *   private SUB        gw_rec_private; prints the file's path
 *   append FILE LINE   gw_rec_append; prints its return
 * The cache is argv[1]; the exit status is 0 unless the call was misused. */
#include "compat.h"
#include "record.h"
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

static int show(int r, const struct sb *body, const struct gw_err *e)
{
	if (r == 0)
		printf("0 %s\n", body->buf);
	else if (r == 1)
		printf("1\n");
	else
		printf("-1 %d %s\n", e->code, e->why);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	const char *cache = argv[1], *op = argv[2];
	struct sb body = SB_INIT, dir = SB_INIT, file = SB_INIT;
	struct gw_err e = { 0 };
	if (!strcmp(op, "read") && argc == 5)
		return show(gw_rec_read(cache, argv[3], argv[4], 1u << 20, &body, &e), &body, &e);
	if (!strcmp(op, "raw") && argc == 4)
		return show(gw_rec_read_raw(cache, argv[3], 1u << 20, &body, &e), &body, &e);
	if (!strcmp(op, "write") && argc == 6) {
		int r = gw_rec_write(cache, argv[3], argv[4], argv[5], strlen(argv[5]), &e);
		printf("%d %s\n", r, r ? e.why : "");
		return 0;
	}
	if (!strcmp(op, "private") && argc == 4) {
		int r = gw_rec_private(cache, argv[3], "state", &dir, &file, &e);
		printf("%s\n", r == 0 ? file.buf : e.why);
		return 0;
	}
	if (!strcmp(op, "append") && argc == 5) {
		struct sb line = SB_INIT;
		sb_addf(&line, "%s\n", argv[4]);
		printf("%d\n", gw_rec_append(argv[3], line.buf, line.len));
		return 0;
	}
	return 2;
}
