#!/usr/bin/env bash
# lib_apple.sh — sing-box's `make lib_apple` (SagerNet/gomobile bind for
# ios, iossimulator, tvos, tvossimulator, macos, maccatalyst) with gowrap:
# the shim goes first on PATH, so every `go build` gomobile runs — whatever
# GOFLAGS=-tags=... it sets per platform — gets the internal/cpu overlay, and
# the finished Libbox.xcframework is gated on symcheck.
#
#   cd sing-box && /path/to/gowrap/examples/sing-box/lib_apple.sh
set -euo pipefail
gowrap_root="$(cd "$(dirname "$0")/../.." && pwd)"
eval "$("$gowrap_root/build/gowrap" shellenv)"     # or: eval "$(gowrap shellenv)" after make install
export GOWRAP_LOG="${GOWRAP_LOG:-$PWD/gowrap.log}"  # one JSON line per go call, for the CI artifact

# A go.mod `toolchain` line or GOTOOLCHAIN pointing at a downloaded Go lands the
# build in GOMODCACHE, where overlays are refused: make it a real install first.
gowrap doctor || {
	want=$(gowrap doctor --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["goversion"])')
	launcher=$(gowrap toolchain install "$want")
	export PATH="$(dirname "$launcher"):$PATH"
	gowrap doctor
}

make lib_apple            # unchanged sing-box target (cmd/internal/build_libbox)
symcheck Libbox.xcframework
