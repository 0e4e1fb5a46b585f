#!/usr/bin/env bats
# One error shape: every gowrap: line from the CLI and the overlay generator
# ends with "(fix: ...)" (common/report.h), checked in the source by
# tools/errshape.py and on real failures of `gowrap toolchain hash`.

load helpers/common

setup() {
	common_setup
}

@test "errshape: every gw_err_set/gw_fail/gw_err_relay in every module has a what and a fix" {
	cd "$GOWRAP_ROOT"
	run python3 tools/errshape.py common/*.c gocmd/*.c proto/*.c verify/*.c overlay/*.c deps/*.c shim/*.c cli/*.c patch/*.c
	assert_success
	assert_output ""
}

@test "errshape: the check names a call with an empty fix or what" {
	cat >"$TMP/bad.c" <<-'C'
		int f(struct gw_err *e)
		{
			gw_fail(2, "ok", "a fix", "fine");
			return gw_err_set(e, 112, "cannot do it", "",
					  "%s", "why");
		}
		int g(void) { return gw_fail(2, NULL, "a fix", "why"); }
		int h(struct gw_err *e, const char *l) { return gw_err_relay(e, 111, l, "x", ""); }
	C
	run python3 "$GOWRAP_ROOT/tools/errshape.py" "$TMP/bad.c"
	assert_failure 1
	assert_line --index 0 "$TMP/bad.c:4: gw_err_set with an empty fix"
	assert_line --index 1 "$TMP/bad.c:7: gw_fail with an empty what"
	assert_line --index 2 "$TMP/bad.c:8: gw_err_relay with an empty fix"
	assert_equal "${#lines[@]}" 3
}

@test "toolchain hash of a missing directory: exit 112, says what to check" {
	run "$GOWRAP" toolchain hash "$TMP/missing" example.com/m@v1.0.0
	assert_failure 112
	assert_output "gowrap: cannot hash the toolchain copy: $TMP/missing: No such file or directory (fix: check that the directory and every file in it are readable, and retry)"
}

@test "toolchain hash of a tree holding a FIFO: exit 112, says what a module zip holds" {
	mkdir -p "$TMP/m/a"
	echo x >"$TMP/m/a/f.go"
	mkfifo "$TMP/m/a/p"
	run "$GOWRAP" toolchain hash "$TMP/m" example.com/m@v1.0.0
	assert_failure 112
	assert_output --partial "gowrap: cannot hash the toolchain copy: a/p is not a regular file or directory (fix: a module zip holds only regular files"
}

@test "a go that runs the shim again: gowrap overlay passes the shim's line on once, no 'gowrap: : '" {
	printf '#!/bin/sh\nexec "%s/go" "$@"\n' "$SHIM_DIR" >"$TMP/wrap"
	chmod +x "$TMP/wrap"
	GOWRAP_GO="$TMP/wrap" run "$GOWRAP" overlay
	assert_failure 101
	assert_output "gowrap: the shim runs itself: $TMP/wrap ran the same go command again (same arguments, same directory) under the shim (fix: point GOWRAP_GO (or the go on PATH after the shim) at the real go, not at a wrapper that runs \`go\` again)"
}
