#!/usr/bin/env bash
# aesgcm-sim.sh — the runtime proof, on a Mac with Xcode (the macOS CI job
# runs it): Go's own crypto/cipher BenchmarkAESGCM, built for
# iossimulator/arm64 from the same toolchain twice — with the real go, and
# through gowrap's go shim — run side by side in an iOS simulator.
#
#   make && examples/mac-benchmark/aesgcm-sim.sh
#
# Prints the median AES-GCM Open throughput (1350-byte messages, MB/s) of
# each build and their ratio, and exits 1 unless the shim build is at least
# MIN_RATIO (default 3) times faster. Without the shim Go does not detect AES
# and PMULL on iOS (golang/go#80931, fixed upstream by golang/go@8058a577) and
# falls back to its generic AES-GCM code. Needs: Apple-silicon Mac, Xcode with
# an iOS simulator runtime, go on PATH. Env: GOWRAP_BUILD (default build/),
# SIM_UDID (a simulator to use; default: a booted one, else the first
# available iPhone, booted here), COUNT (benchmark repetitions, default 5),
# OUT (work directory).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${GOWRAP_BUILD:-$root/build}"
out="${OUT:-$(mktemp -d)}"
count="${COUNT:-5}"
min_ratio="${MIN_RATIO:-3}"
bench='BenchmarkAESGCM/Open-128-1350'
if [ ! -x "$build/shim/go" ] || [ ! -x "$build/symcheck" ]; then
	echo "aesgcm-sim: run make first ($build)" >&2
	exit 2
fi

# The simulator C toolchain for cgo, as gomobile sets it up.
sdk=$(xcrun --sdk iphonesimulator --show-sdk-path)
clang=$(xcrun --sdk iphonesimulator -f clang)
cat >"$out/cc-sim" <<EOS
#!/bin/sh
exec "$clang" -isysroot "$sdk" -target arm64-apple-ios15.0-simulator "\$@"
EOS
chmod +x "$out/cc-sim"
export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$out/cc-sim" GOTOOLCHAIN=local

# The real go is whatever PATH finds without the shim directory.
noshim=$(printf %s "$PATH" | tr ':' '\n' | grep -vxF "$build/shim" | paste -sd: -)
PATH="$noshim" go test -c -o "$out/cipher-stock.test" crypto/cipher
PATH="$build/shim:$noshim" go test -c -o "$out/cipher-shim.test" crypto/cipher

# The marker proves which binary carries the overlay before anything runs.
"$build/symcheck" --expect required "$out/cipher-shim.test"
"$build/symcheck" --expect forbidden "$out/cipher-stock.test"

udid="${SIM_UDID:-}"
if [ -z "$udid" ]; then
	udid=$(xcrun simctl list devices booted | sed -nE 's/.*\(([0-9A-F-]{36})\) \(Booted\).*/\1/p' | head -1)
fi
if [ -z "$udid" ]; then
	udid=$(xcrun simctl list devices available | sed -nE 's/^ *iPhone.*\(([0-9A-F-]{36})\).*/\1/p' | head -1)
	[ -n "$udid" ] || { echo "aesgcm-sim: no iPhone simulator (fix: install an iOS runtime in Xcode)" >&2; exit 2; }
	xcrun simctl boot "$udid" 2>/dev/null || true
fi
xcrun simctl bootstatus "$udid" -b >/dev/null

# Median MB/s of $bench over $count runs of one test binary.
throughput() {
	xcrun simctl spawn "$udid" "$1" -test.run '^$' -test.bench "^${bench%%/*}\$/^${bench#*/}\$" \
		-test.benchtime 1s -test.count "$count" | tee "$1.txt" >&2
	awk -v b="$bench" '$1 ~ "^" b "(-[0-9]+)?$" { for (i = 2; i <= NF; i++) if ($(i) == "MB/s") print $(i-1) }' "$1.txt" |
		sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2 }'
}
stock=$(throughput "$out/cipher-stock.test")
shim=$(throughput "$out/cipher-shim.test")
ratio=$(awk -v a="$shim" -v b="$stock" 'BEGIN { printf "%.1f", a / b }')
echo "$bench (median of $count, iossimulator/arm64, $(go env GOVERSION)):"
echo "  real go: $stock MB/s"
echo "  shim:    $shim MB/s"
echo "  ratio:   ${ratio}x (need >= ${min_ratio}x)"
if awk -v r="$ratio" -v m="$min_ratio" 'BEGIN { exit !(r < m) }'; then
	echo "aesgcm-sim: the shim build is not faster by ${min_ratio}x" >&2
	exit 1
fi
