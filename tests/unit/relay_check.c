/* relay_check — drives gw_err_relay (common/report.h) for tests/unit.bats:
 *     relay_check LINE
 * takes LINE as a child gowrap's one-line message (code 108, what "the
 * child failed", fix "run the child by hand") and prints the error it
 * becomes, one field a line: code=, what=, why=, fix=, then line= as it
 * prints (gw_err_format). Exit 0 unless misused. */
#include "compat.h"
#include "report.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	struct gw_err e = { 0 };
	char line[3200];
	gw_err_relay(&e, 108, argv[1], "the child failed", "run the child by hand");
	gw_err_format(&e, line, sizeof line);
	printf("code=%d\nwhat=%s\nwhy=%s\nfix=%s\nline=%s\n", e.code, e.what, e.why, e.fix, line);
	return 0;
}
