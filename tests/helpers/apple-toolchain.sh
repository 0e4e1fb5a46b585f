# tests/helpers/apple-toolchain.sh — sourced (bash): THE one place that picks
# the Apple toolchain the tests, the pipeline replay and the benchmarks use.
#   macOS: Xcode's own (tests/helpers/xcode/bin: xcrun clang per SDK, ar,
#          lipo; the pipeline assembles with xcodebuild -create-xcframework)
#   Linux: the stand-in (tests/helpers/apple/bin: clang + musl headers +
#          a stand-in Foundation in apple/sdk; apple/xcrun: xcrun, xcodebuild;
#          ld64.lld, llvm-ar, llvm-lipo)
# GOWRAP_APPLE_TOOLCHAIN=Darwin|Linux overrides the choice.
# Sets GW_APPLE_DIR (has bin/cc-<platform>-<arch> and bin/ar), GW_LIPO and
# GW_APPLE_REAL (1 with Xcode).
_gw_helpers="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ "${GOWRAP_APPLE_TOOLCHAIN:-$(uname -s)}" = Darwin ]; then
	GW_APPLE_DIR="$_gw_helpers/xcode"
	GW_LIPO="$(xcrun -f lipo 2>/dev/null || command -v lipo || true)"
	GW_APPLE_REAL=1
else
	GW_APPLE_DIR="$_gw_helpers/apple"
	GW_LIPO="$(command -v llvm-lipo || ls /usr/lib/llvm-*/bin/llvm-lipo 2>/dev/null | sort -V | tail -1)"
	GW_APPLE_REAL=0
	# the stand-in's clang resource directory, asked once (apple-cc)
	if [ -z "${GW_APPLE_CC_RESDIR:-}" ]; then
		GW_APPLE_CC_RESDIR="$("$GW_APPLE_DIR/bin/cc-ios-arm64" -print-resource-dir 2>/dev/null || true)"
		export GW_APPLE_CC_RESDIR
	fi
fi
unset _gw_helpers
export GW_APPLE_DIR GW_LIPO GW_APPLE_REAL
