/* vfcheck.c — test driver for the library call the go shim uses,
 * vf_check_output (tests/verify.bats compiles it; make does not build
 * verify/testdata/). Prints "<status> <why>" and exits with the status. */
#include <stdio.h>

#include "verify.h"

int main(int argc, char **argv)
{
	struct sb why = SB_INIT;
	int st;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: vfcheck PATH [MARKER_PREFIX]\n");
		return 64;
	}
	st = vf_check_output(argv[1], argc == 3 ? argv[2] : NULL, &why);
	printf("%d %s\n", st, why.buf ? why.buf : "");
	sb_release(&why);
	return st;
}
