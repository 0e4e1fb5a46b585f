#!/usr/bin/env bats
# tests/common.bats — promises of common/ helpers that no program's output
# shows on its own: common/grow.h keeps what it holds while it grows, and an
# array that cannot grow ends the program with the one out-of-memory line.
bats_require_minimum_version 1.5.0
load helpers/common

# build_grow_driver: a program that uses gw_grow as walk.c and cmd_audit.c
# do, compiled with the sanitizers so a short allocation is a failure.
build_grow_driver() {
	DRIVER="$BATS_TEST_TMPDIR/grow"
	cat >"$BATS_TEST_TMPDIR/grow.c" <<'C'
#include "compat.h"
#include "grow.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	size_t n = 0, cap = 0, i;
	unsigned long *v = NULL;

	/* bytes: capacity * size overflows; count: doubling the capacity does.
	 * Neither may wrap to a small block (or loop for ever). */
	if (argc > 1) {
		if (!strcmp(argv[1], "bytes"))
			v = gw_grow(v, &cap, SIZE_MAX / 4, 8);
		else
			v = gw_grow(v, &cap, SIZE_MAX / 2 + 2, 1);
		printf("grew to %zu\n", cap);
		return 0;
	}
	for (i = 0; i < 100000; i++) {
		v = gw_grow(v, &cap, n + 1, sizeof *v);
		v[n++] = i * 7;
	}
	for (i = 0; i < n; i++)
		if (v[i] != i * 7)
			return 1;
	printf("%zu %zu\n", n, cap);
	free(v);
	return 0;
}
C
	cc -std=c11 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=all \
		-I"$GOWRAP_ROOT/common" -o "$DRIVER" "$BATS_TEST_TMPDIR/grow.c" \
		"$GOWRAP_ROOT/common/grow.c" "$GOWRAP_ROOT/common/strbuf.c"
}

@test "grow: 100000 appends keep every element, capacity doubles from 8" {
	build_grow_driver
	run "$DRIVER"
	assert_success
	assert_output "100000 131072"
}

@test "grow: a size that overflows ends with exit 111 and the one out-of-memory line" {
	build_grow_driver
	for how in bytes count; do
		run --separate-stderr timeout 20 "$DRIVER" "$how"
		assert_failure 111
		assert_output ""
		assert_equal "$stderr" "gowrap: out of memory: allocation failed (fix: free memory and retry)"
	done
}
