# bench/lib.sh — how every bench script starts (sourced, not run).
#
# bench_init: cd to the repository; set ROOT, BUILD (GOWRAP_BUILD or
# build/), SHIM_DIR, W (a scratch directory removed on exit) and NOSHIM_PATH
# (PATH without the shim, for the anchor: the real go without gowrap).
# bench_need FILE...: stop with "run make first" unless each is executable.

bench_init() {
	cd "$(dirname "${BASH_SOURCE[1]}")/.."
	ROOT="$PWD"
	BUILD="${GOWRAP_BUILD:-$ROOT/build}"
	SHIM_DIR="$BUILD/shim"
	W="$(mktemp -d)"
	trap 'rm -rf "$W"' EXIT
	NOSHIM_PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$SHIM_DIR" | paste -sd: -)"
}

bench_need() {
	local f
	for f in "$@"; do
		[ -x "$f" ] || { echo "bench: $f is missing (fix: run make first)" >&2; exit 1; }
	done
}
