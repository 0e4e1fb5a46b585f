#!/usr/bin/env bash
# bench/deps.sh — what the dependency fix (deps/README.md) costs, as median
# ratios measured in one run, commands timed round-robin (A B A B ...).
#
#   no copy, cached   linux/arm64 `go build` of a module without a copy:
#                     shim vs direct (the shim's gate: memo hit, no -toolexec)
#   host, cached      host build of the probe module: shim vs direct
#   probe, cached     linux/arm64 build of the probe (utls copy): shim
#                     (-toolexec, fixed) vs direct (unfixed)
#   probe, first      the same with an empty GOCACHE each time (everything,
#                     std included, compiled)
#
# Usage: bench/deps.sh [rounds-cached] [rounds-first]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
FAST="${1:-40}"
COLD="${2:-3}"
bench_need "$SHIM_DIR/go" "$SHIM_DIR/gowrap-toolexec"
export GOWRAP_CACHE="$W/gwcache" GOTOOLCHAIN=local GOFLAGS= GOPROXY=off
unset GOWRAP_LOG

mkdir -p "$W/nocopy"
printf 'module bench.test/nocopy\n\ngo 1.21\n' >"$W/nocopy/go.mod"
printf 'package main\n\nimport (\n\t"crypto/tls"\n\t"fmt"\n)\n\nfunc main() { fmt.Println(tls.VersionName(tls.VersionTLS13)) }\n' >"$W/nocopy/main.go"
PROBE="$ROOT/tests/fixtures/depsprobe"

# run_rr NAME1 DIR1 ENV1 NAME2 DIR2 ENV2 ROUNDS — round-robin; cmd is go build -o
now() { date +%s%N; }
declare -A T
run_rr() {
	local rounds="$1"; shift
	local -a names=() dirs=() paths=() envs=()
	while [ $# -gt 0 ]; do names+=("$1"); dirs+=("$2"); paths+=("$3"); envs+=("$4"); shift 4; done
	for ((r = 0; r < rounds; r++)); do
		for i in "${!names[@]}"; do
			local t0 t1
			[ -n "${PREP:-}" ] && eval "$PREP"
			t0=$(now)
			(cd "${dirs[$i]}" && env PATH="${paths[$i]}" ${envs[$i]} go build -o "$W/out-${names[$i]}" . >/dev/null 2>&1) ||
				{ echo "bench: build ${names[$i]} failed" >&2; exit 1; }
			t1=$(now)
			T[${names[$i]}]+="$(( (t1 - t0) / 1000 )) "
		done
	done
}
median_ms() { tr ' ' '\n' <<<"${T[$1]}" | grep . | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f", m/1000}'; }
ratio() { awk -v a="$(median_ms "$1")" -v b="$(median_ms "$2")" 'BEGIN {printf "%.3f", a/b}'; }

ARM="GOOS=linux GOARCH=arm64 CGO_ENABLED=0"
HOST="CGO_ENABLED=0"
SP="$SHIM_DIR:$PATH"
# warm everything once
run_rr 2 nocopy-shim "$W/nocopy" "$SP" "$ARM" nocopy-direct "$W/nocopy" "$NOSHIM_PATH" "$ARM" \
	host-shim "$PROBE" "$SP" "$HOST" host-direct "$PROBE" "$NOSHIM_PATH" "$HOST" \
	probe-shim "$PROBE" "$SP" "$ARM" probe-direct "$PROBE" "$NOSHIM_PATH" "$ARM"
T=()
run_rr "$FAST" nocopy-shim "$W/nocopy" "$SP" "$ARM" nocopy-direct "$W/nocopy" "$NOSHIM_PATH" "$ARM" \
	host-shim "$PROBE" "$SP" "$HOST" host-direct "$PROBE" "$NOSHIM_PATH" "$HOST" \
	probe-shim "$PROBE" "$SP" "$ARM" probe-direct "$PROBE" "$NOSHIM_PATH" "$ARM"
echo "cached builds, median of $FAST (ms), same-run ratios:"
printf '  no copy, linux/arm64   shim %s  direct %s  ratio %s (budget <= 1.02)\n' "$(median_ms nocopy-shim)" "$(median_ms nocopy-direct)" "$(ratio nocopy-shim nocopy-direct)"
printf '  host (linux/amd64)     shim %s  direct %s  ratio %s (budget <= 1.02)\n' "$(median_ms host-shim)" "$(median_ms host-direct)" "$(ratio host-shim host-direct)"
printf '  probe, linux/arm64     shim %s  direct %s  ratio %s\n' "$(median_ms probe-shim)" "$(median_ms probe-direct)" "$(ratio probe-shim probe-direct)"

[ "$COLD" -gt 0 ] || exit 0
# First builds: an empty GOCACHE (and gowrap cache) before every build.
PREP='rm -rf "$W/gocache" "$W/gwcache"; export GOCACHE="$W/gocache"'
T=()
run_rr "$COLD" first-shim "$PROBE" "$SP" "$ARM" first-direct "$PROBE" "$NOSHIM_PATH" "$ARM"
echo "first builds (empty GOCACHE), median of $COLD (ms):"
printf '  probe, linux/arm64     shim %s  direct %s  ratio %s\n' "$(median_ms first-shim)" "$(median_ms first-direct)" "$(ratio first-shim first-direct)"
