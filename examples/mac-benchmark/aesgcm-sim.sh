#!/usr/bin/env bash
# aesgcm-sim.sh — the runtime proof, on a Mac with Xcode (the macOS CI job
# runs it): Go's own benchmarks, built for iossimulator/arm64 from the same
# toolchain three times — with the real go (stock), and through gowrap's go
# shim with each feature set (GOWRAP_FEATURES=crypto: the four ARMv8.0 crypto
# bits asserted; GOWRAP_FEATURES=darwin, the default: Go's own darwin
# detection, as macOS gets it) — run side by side in an iOS simulator.
#
#   make && examples/mac-benchmark/aesgcm-sim.sh
#
# Benchmarks (median MB/s of COUNT runs each):
#   crypto/cipher BenchmarkAESGCM/Open-128-1350         AES + PMULL (both sets)
#   hash/crc32    BenchmarkCRC32/poly=Castagnoli/size=4kB/align=0   CRC32 (darwin only)
#   crypto/sha512 BenchmarkHash8K/Sum512                SHA512 (darwin only)
# and prints one row per benchmark with the three columns. Exits 1 unless
# both shim builds run AES-GCM at least MIN_RATIO (default 3) times faster
# than stock; with MIN_RATIO_DARWIN set, also unless the darwin build runs
# CRC32 and SHA-512 that much faster than stock. Without gowrap Go detects
# nothing on iOS (golang/go#80931, fixed upstream by golang/go@8058a577) and
# falls back to generic code. Needs: Apple-silicon Mac, Xcode with an iOS
# simulator runtime, go on PATH. Env: GOWRAP_BUILD (default build/), SIM_UDID
# (a simulator to use; default: a booted one, else the first available
# iPhone, booted here), COUNT (benchmark repetitions, default 5), OUT (work
# directory).
#
# This script has not been run by gowrap's own CI runs on Linux (no Mac
# there): it is kept `bash -n` and shellcheck clean only.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="${GOWRAP_BUILD:-$root/build}"
out="${OUT:-$(mktemp -d)}"
count="${COUNT:-5}"
min_ratio="${MIN_RATIO:-3}"
min_ratio_darwin="${MIN_RATIO_DARWIN:-}"
if [ ! -x "$build/shim/go" ] || [ ! -x "$build/symcheck" ]; then
	echo "aesgcm-sim: run make first ($build)" >&2
	exit 2
fi

# package, benchmark (-test.bench form: one regexp per level)
benches=(
	"crypto/cipher BenchmarkAESGCM/Open-128-1350"
	"hash/crc32 BenchmarkCRC32/poly=Castagnoli/size=4kB/align=0"
	"crypto/sha512 BenchmarkHash8K/Sum512"
)

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

# test_bin PKG VARIANT: the test binary's path (built once).
test_bin() {
	local pkg="$1" v="$2" bin
	bin="$out/$(basename "$pkg")-$v.test"
	if [ ! -x "$bin" ]; then
		case "$v" in
		stock) PATH="$noshim" go test -c -o "$bin" "$pkg" >&2 ;;
		*) PATH="$build/shim:$noshim" GOWRAP_FEATURES="$v" go test -c -o "$bin" "$pkg" >&2 ;;
		esac
		# The marker proves which binary carries which overlay before anything runs.
		case "$v" in
		stock) "$build/symcheck" --expect forbidden "$bin" >&2 ;;
		*) "$build/symcheck" --variant "$v" "$bin" >&2 ;;
		esac
	fi
	echo "$bin"
}

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

# throughput BIN BENCH: median MB/s of BENCH over $count runs of one binary.
throughput() {
	local bin="$1" bench="$2" re
	# -test.bench takes one anchored regexp per slash-separated level
	re=$(printf '%s' "$bench" | awk -F/ '{ for (i = 1; i <= NF; i++) printf "%s^%s$", (i > 1 ? "/" : ""), $i }')
	xcrun simctl spawn "$udid" "$bin" -test.run '^$' -test.bench "$re" \
		-test.benchtime 1s -test.count "$count" | tee "$bin.$(basename "$bench").txt" >&2
	awk -v b="$bench" '$1 ~ "^" b "(-[0-9]+)?$" { for (i = 2; i <= NF; i++) if ($(i) == "MB/s") print $(i-1) }' \
		"$bin.$(basename "$bench").txt" |
		sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2 }'
}

# below A B MIN: is A/B below MIN?
below() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(a / b < m) }'; }

fail=0
report="$(printf '%-58s %10s %10s %10s\n' "median MB/s of $count, iossimulator/arm64, $(go env GOVERSION)" stock crypto darwin)"
for line in "${benches[@]}"; do
	read -r pkg bench <<<"$line"
	# plain variables: macOS's /bin/bash 3.2 has no associative arrays
	stock=$(throughput "$(test_bin "$pkg" stock)" "$bench")
	crypto=$(throughput "$(test_bin "$pkg" crypto)" "$bench")
	darwin=$(throughput "$(test_bin "$pkg" darwin)" "$bench")
	report+=$'\n'"$(printf '%-58s %10s %10s %10s' "$pkg $bench" "$stock" "$crypto" "$darwin")"
	if [ "$pkg" = crypto/cipher ]; then
		for v in "crypto $crypto" "darwin $darwin"; do
			if below "${v#* }" "$stock" "$min_ratio"; then
				echo "aesgcm-sim: the ${v%% *} build is not ${min_ratio}x faster than stock at $bench" >&2
				fail=1
			fi
		done
	elif [ -n "$min_ratio_darwin" ] && below "$darwin" "$stock" "$min_ratio_darwin"; then
		echo "aesgcm-sim: the darwin build is not ${min_ratio_darwin}x faster than stock at $bench" >&2
		fail=1
	fi
done
echo "$report"
exit "$fail"
