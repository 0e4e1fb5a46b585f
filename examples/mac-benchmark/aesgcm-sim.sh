#!/usr/bin/env bash
# aesgcm-sim.sh — seed 000's proof, as one script for a Mac with Xcode and a
# booted arm64 iOS simulator: Go's own crypto/cipher BenchmarkAESGCM built twice
# from the same toolchain, stock and with gowrap's overlay, run side by side.
#
#   ./aesgcm-sim.sh            # needs: Xcode, a booted arm64 simulator, gowrap built
#
# Expected shape (seed 000, Go 1.26.6, M-series host): 64-byte 87 -> 934 MB/s,
# 1350-byte 135 -> 4,515 MB/s. Output also goes through `symcheck` so the overlay
# is proven present in the overlaid binary and absent in the stock one.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$(mktemp -d)}"
SDK=$(xcrun --sdk iphonesimulator --show-sdk-path)
CLANG=$(xcrun --sdk iphonesimulator -f clang)
cat >"$out/cc-sim.sh" <<EOS
#!/bin/sh
exec "$CLANG" -isysroot "$SDK" -target arm64-apple-ios15.0-simulator "\$@"
EOS
chmod +x "$out/cc-sim.sh"
export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$out/cc-sim.sh" GOTOOLCHAIN=local

# Stock: the real go, not the shim.
real_go=$(PATH="$(printf %s "$PATH" | tr ':' '\n' | grep -v "$root/build/shim" | paste -sd: -)" command -v go)
"$real_go" test -c -o "$out/cipher-stock.test" crypto/cipher
# Overlaid: the overlay gowrap makes for this exact toolchain, passed by hand.
overlay=$("$root/build/gowrap" overlay)
"$real_go" test -c -overlay="$overlay" -o "$out/cipher-overlay.test" crypto/cipher

"$root/build/symcheck" "$out/cipher-overlay.test"
if "$root/build/symcheck" --expect required "$out/cipher-stock.test" >/dev/null; then
	echo "unexpected: marker in the stock binary" >&2
	exit 1
fi
for t in stock overlay; do
	echo "== $t"
	xcrun simctl spawn booted "$out/cipher-$t.test" -test.run XXX -test.bench BenchmarkAESGCM -test.benchtime 1s
done
