# tests/helpers/common.bash — loaded by every suite: paths, bats-assert, and
# a per-test scratch directory. Tests use the real go on PATH (GOWRAP_REAL_GO
# overrides), never a mock.
# Debian's bats-support/bats-assert, else Homebrew's (macOS).
_bats_lib=/usr/lib/bats
[ -d "$_bats_lib/bats-assert" ] || _bats_lib="$(brew --prefix 2>/dev/null)/lib"
load "$_bats_lib/bats-support/load.bash"
load "$_bats_lib/bats-assert/load.bash"

GOWRAP_ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
BUILD_DIR="${GOWRAP_BUILD:-$GOWRAP_ROOT/build}"
GOWRAP="$BUILD_DIR/gowrap"
SHIM_DIR="$BUILD_DIR/shim"
SYMCHECK="$BUILD_DIR/symcheck"
source "$GOWRAP_ROOT/tests/helpers/apple-toolchain.sh"
APPLE="$GW_APPLE_DIR"

# The real go: whatever `go` resolves to outside the shim directory.
real_go() {
	if [ -n "${GOWRAP_REAL_GO:-}" ]; then
		echo "$GOWRAP_REAL_GO"
		return
	fi
	PATH="$(path_without "$SHIM_DIR")" command -v go
}

path_without() {
	local drop="$1" out="" IFS=:
	for d in $PATH; do
		[ "$d" = "$drop" ] && continue
		out="${out:+$out:}$d"
	done
	echo "$out"
}

# Each test gets its own cache so tests never see each other's overlays.
common_setup() {
	TMP="$BATS_TEST_TMPDIR"
	export GOWRAP_CACHE="$TMP/cache"
	export GOTOOLCHAIN=local
	unset GOWRAP_GO GOWRAP_LOG GOWRAP_VERIFY
}

# A test's CPU seconds (everything it ran and waited for, from `times`),
# appended to $GOWRAP_TEST_CPU when tests/run.sh sets it: the run is CPU-bound
# on two cores, so a test's cost is its CPU, not its wall time beside others.
# A suite with a teardown of its own calls this from it.
common_teardown() {
	[ -n "${GOWRAP_TEST_CPU:-}" ] || return 0
	local cpu
	# the builtin in this shell: in a pipe or $( ) it runs in a subshell,
	# which has no children
	times >"$BATS_TEST_TMPDIR/.times"
	cpu=$(tail -1 "$BATS_TEST_TMPDIR/.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.1f", t }')
	printf '%s\t%s\t%s\n' "$cpu" "$(basename "$BATS_TEST_FILENAME" .bats)" "$BATS_TEST_DESCRIPTION" >>"$GOWRAP_TEST_CPU"
	return 0
}
teardown() { common_teardown; }

# assert_glob VALUE PATTERN / refute_glob: VALUE matches (does not match) the
# bash glob PATTERN ([[ ]] matching, extglob on); escape a literal * ? [ ( ) |
# with a backslash. bats-assert has
# no glob form, and a bare [[ ]] that is not a test's last command does not
# fail the test on bash 3.2 (macOS's /bin/bash), so tests use these.
assert_glob() {
	[[ $1 == $2 ]] && return 0
	batslib_print_kv_single_or_multi 8 pattern "$2" value "$1" |
		batslib_decorate 'value does not match the pattern' | fail
}

refute_glob() {
	[[ $1 == $2 ]] || return 0
	batslib_print_kv_single_or_multi 8 pattern "$2" value "$1" |
		batslib_decorate 'value matches the pattern' | fail
}

# require_modules MOD@VER...: each is in the module cache (scripts/setup.sh
# fetches them); a missing one fails the suite naming the fix, never skips.
require_modules() {
	local mc m
	mc="$(GOFLAGS= GOTOOLCHAIN=local go env GOMODCACHE)"
	for m in "$@"; do
		[ -d "$mc/$(printf '%s' "$m" | sed 's/[A-Z]/!\L&/g')" ] || {
			echo "module $m is not in $mc (fix: run bash scripts/setup.sh, which fetches the tests' modules)" >&2
			return 1
		}
	done
}

# After `run --separate-stderr symcheck FILE` on a malformed FILE: nothing on
# stdout, exactly one line on stderr, and that line names FILE. Returns 1
# with what differed (call it as `symcheck_refused FILE || return 1` in a loop).
symcheck_refused() {
	[ -z "$output" ] || { echo "$1: stdout: $output"; return 1; }
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ] || { echo "$1: $stderr"; return 1; }
	[[ "$stderr" == "symcheck: $1: "* ]] || { echo "$1: $stderr"; return 1; }
}

# nofix_gocache: the build cache for a build whose compiles go through a
# -toolexec with gowrap-toolexec's identity that leaves the copy unfixed (as
# a poisoned cache would). It must hold no entry of a fixed build; entries of
# other unfixed builds are what it is about, so under tests/run.sh every
# suite shares one (GOWRAP_TEST_SHARED), else it is the test's own.
nofix_gocache() {
	if [ -n "${GOWRAP_TEST_SHARED:-}" ]; then
		echo "$GOWRAP_TEST_SHARED/gocache-nofix"
	else
		echo "$BATS_TEST_TMPDIR/gocache-nofix"
	fi
}
