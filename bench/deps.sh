#!/usr/bin/env bash
# bench/deps.sh — what the dependency fix (deps/README.md) costs, as median
# ratios measured in one run, commands timed round-robin (A B A B ...).
#
#   gate, memo hit    the shim in front of a stand-in go that does nothing,
#                     linux/arm64: the gate (a memo hit) minus the same call
#                     with GOWRAP_DEPS=0 (no gate) — the gate's own cost, in ms
#   no copy, cached   linux/arm64 `go build` of a module without a copy:
#                     shim vs direct (budget <= 1.02: the host budget)
#   host, cached      host build of the probe module: shim vs direct (<= 1.02)
#   probe, cached     linux/arm64 build of the probe (utls copy): shim vs the
#                     real go given the same -toolexec by hand (what the gate,
#                     the state record and the marker check add)
#   probe ios, cached ios/arm64 c-archive of the probe through the shim vs
#                     the real go given the same -overlay and -toolexec by
#                     hand (budget <= 1.05: the iOS budget)
#   probe, first      linux/arm64, an empty GOCACHE each time: shim vs direct
#
# Usage: bench/deps.sh [rounds-cached] [rounds-first] [rounds-gate]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
FAST="${1:-40}"
COLD="${2:-3}"
GATE="${3:-300}"
bench_need "$SHIM_DIR/go" "$SHIM_DIR/gowrap-toolexec" "$BUILD/gowrap"
export GOWRAP_CACHE="$W/gwcache" GOTOOLCHAIN=local GOFLAGS='' GOPROXY=off
unset GOWRAP_LOG GOOS GOARCH
REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"
APPLE="$ROOT/tests/helpers/apple"

mkdir -p "$W/nocopy"
printf 'module bench.test/nocopy\n\ngo 1.21\n' >"$W/nocopy/go.mod"
printf 'package main\n\nimport (\n\t"crypto/tls"\n\t"fmt"\n)\n\nfunc main() { fmt.Println(tls.VersionName(tls.VersionTLS13)) }\n' >"$W/nocopy/main.go"
PROBE="$W/probe"
cp -r "$ROOT/tests/fixtures/depsprobe" "$PROBE"

now() { date +%s%N; }
declare -A T
# run_rr ROUNDS NAME DIR ENV ARGS... ;; NAME DIR ENV ARGS... — round-robin, go via PATH
run_rr() {
	local rounds="$1" spec
	shift
	local -a specs=()
	spec=""
	for a in "$@"; do
		if [ "$a" = ";;" ]; then specs+=("$spec"); spec=""; else spec+="$a"$'\x1f'; fi
	done
	[ -n "$spec" ] && specs+=("$spec")
	for ((r = 0; r < rounds; r++)); do
		for sp in "${specs[@]}"; do
			local -a f
			IFS=$'\x1f' read -r -a f <<<"$sp"
			local name="${f[0]}" dir="${f[1]}" envs="${f[2]}" t0 t1
			[ -n "${PREP:-}" ] && eval "$PREP"
			t0=$(now)
			# shellcheck disable=SC2086
			(cd "$dir" && env $envs "${f[@]:3}" >/dev/null 2>&1) ||
				{ echo "bench: $name failed" >&2; exit 1; }
			t1=$(now)
			T[$name]+="$(((t1 - t0) / 1000)) "
		done
	done
}
median_ms() { tr ' ' '\n' <<<"${T[$1]}" | grep . | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m/1000}'; }
ratio() { awk -v a="$(median_ms "$1")" -v b="$(median_ms "$2")" 'BEGIN {printf "%.3f", a/b}'; }

SP="PATH=$SHIM_DIR:$NOSHIM_PATH"
DP="PATH=$NOSHIM_PATH"
ARM="GOOS=linux GOARCH=arm64 CGO_ENABLED=0"
IOS="GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC=$APPLE/bin/cc-ios-arm64"
TE="$SHIM_DIR/gowrap-toolexec"
OVERLAY="$(cd "$PROBE" && env GOOS=ios GOARCH=arm64 "$SP" "$BUILD/gowrap" overlay)"
HANDSTATE="$W/handstate" # the hand-given runs need a state record of their own
mkdir -m 0700 "$HANDSTATE" && : >"$HANDSTATE/state"
HANDENV="GOWRAP_DEPS_STATE=$HANDSTATE/state"
CARCH=(-buildmode=c-archive "-ldflags=-extar=$APPLE/bin/ar" -o "$W/p.a" .)

specs=(nocopy-shim "$W/nocopy" "$SP $ARM" go build -o "$W/o1" . ";;"
	nocopy-direct "$W/nocopy" "$DP $ARM" go build -o "$W/o2" . ";;"
	host-shim "$PROBE" "$SP CGO_ENABLED=0" go build -o "$W/o3" . ";;"
	host-direct "$PROBE" "$DP CGO_ENABLED=0" go build -o "$W/o4" . ";;"
	probe-shim "$PROBE" "$SP $ARM" go build -o "$W/o5" . ";;"
	probe-hand "$PROBE" "$DP $ARM GOWRAP_DEPS_FAMILY=linux $HANDENV" go build -toolexec="$TE" -o "$W/o6" . ";;"
	ios-shim "$PROBE" "$SP $IOS" go build "${CARCH[@]}" ";;"
	ios-hand "$PROBE" "$DP $IOS GOWRAP_DEPS_FAMILY=ios $HANDENV" go build -overlay="$OVERLAY" -toolexec="$TE" "${CARCH[@]}")
run_rr 2 "${specs[@]}" # warm every cache
T=()
run_rr "$FAST" "${specs[@]}"

# The gate alone: a stand-in go that answers nothing (so the gate finds no
# copy and the call passes through), the same call with and without the
# gate (GOWRAP_DEPS=0) — measured with hyperfine.
printf '#!/bin/sh\nexit 0\n' >"$W/nullgo" && chmod +x "$W/nullgo"
GATE_OUT="$W/gate.json"
(cd "$W/nocopy" && hyperfine -N --warmup 20 --runs "$GATE" --export-json "$GATE_OUT" \
	-n gate "env GOWRAP_GO=$W/nullgo GOOS=linux GOARCH=arm64 $SHIM_DIR/go build -o x ." \
	-n nogate "env GOWRAP_GO=$W/nullgo GOWRAP_DEPS=0 GOOS=linux GOARCH=arm64 $SHIM_DIR/go build -o x ." >/dev/null)
gate_med() { python3 -c 'import json,sys; r={x["command"]:x["median"] for x in json.load(open(sys.argv[1]))["results"]}; print("%.3f %.3f %.3f" % (r["gate"]*1e3, r["nogate"]*1e3, (r["gate"]-r["nogate"])*1e3))' "$GATE_OUT"; }
read -r g ng gd <<<"$(gate_med)"

echo "# go $("$REAL_GO" env GOVERSION), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'gate on a memo hit (stand-in go, %s runs): %s ms vs %s ms without the gate: +%s ms\n' "$GATE" "$g" "$ng" "$gd"
echo "cached builds, median of $FAST (ms), same-run ratios:"
printf '  no copy, linux/arm64     shim %s  direct %s  ratio %s (budget <= 1.02)\n' "$(median_ms nocopy-shim)" "$(median_ms nocopy-direct)" "$(ratio nocopy-shim nocopy-direct)"
printf '  host (linux/amd64)       shim %s  direct %s  ratio %s (budget <= 1.02)\n' "$(median_ms host-shim)" "$(median_ms host-direct)" "$(ratio host-shim host-direct)"
printf '  probe, linux/arm64       shim %s  by hand %s  ratio %s\n' "$(median_ms probe-shim)" "$(median_ms probe-hand)" "$(ratio probe-shim probe-hand)"
printf '  probe, ios c-archive     shim %s  by hand %s  ratio %s (budget <= 1.05)\n' "$(median_ms ios-shim)" "$(median_ms ios-hand)" "$(ratio ios-shim ios-hand)"

[ "$COLD" -gt 0 ] || exit 0
# First builds: an empty GOCACHE (and gowrap cache) before every build.
PREP='rm -rf "$W/gocache" "$W/gwcache"; export GOCACHE="$W/gocache"'
T=()
run_rr "$COLD" first-shim "$PROBE" "$SP $ARM" go build -o "$W/o7" . ";;" \
	first-direct "$PROBE" "$DP $ARM" go build -o "$W/o8" .
echo "first builds (empty GOCACHE), median of $COLD (ms):"
printf '  probe, linux/arm64       shim %s  direct %s  ratio %s\n' "$(median_ms first-shim)" "$(median_ms first-direct)" "$(ratio first-shim first-direct)"
