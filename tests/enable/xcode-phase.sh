#!/bin/sh
# A Run Script phase as iOS apps write them (gravitational/teleport's
# mobile/Verify/Scripts/helpers.sh and build-enroll-framework.sh): Xcode's
# PATH has no go, so the script looks for one in the usual install paths,
# puts its directory and $(go env GOPATH)/bin first on PATH and runs it by
# absolute path. FAKE_ROOT stands in for / (the test's install paths);
# APPLE_DIR for Xcode's toolchain.
#   PHASE=c-archive (default): an ios/arm64 c-archive of $SRCROOT.
#   PHASE=gomobile: as build-enroll-framework.sh, gobind installed into
#     GOPATH/bin, then `go tool gomobile bind -target=$GM_TARGET` (default
#     ios; gomobile a go.mod tool) of $SRCROOT/mobile. gomobile runs its own
#     `go build`s with the go PATH finds: the real one. Xcode's xcrun and
#     xcodebuild are on Xcode's PATH.
set -e
for c in "$FAKE_ROOT/opt/homebrew/bin/go" "$FAKE_ROOT/usr/local/bin/go" "$FAKE_ROOT/usr/local/go/bin/go"; do
	if [ -x "$c" ]; then
		GO_EXECUTABLE="$c"
		break
	fi
done
[ -n "$GO_EXECUTABLE" ] || { echo "error: no go found" >&2; exit 1; }
# GOPATH_FROM=default: the GOPATH go computes here, without running go
# (${GOPATH:-$HOME/go}), as phases that write ~/go/bin do; else asked of go,
# which, enabled, switches first: it needs a launcher on Xcode's own PATH
if [ "${GOPATH_FROM:-go}" = default ]; then
	GP="${GOPATH:-$HOME/go}"
else
	GP="$("$GO_EXECUTABLE" env GOPATH)"
fi
PATH="$(dirname "$GO_EXECUTABLE"):$GP/bin:$PATH"
export PATH
cd "$SRCROOT"
mkdir -p "$TARGET_TEMP_DIR"
if [ "${PHASE:-c-archive}" = gomobile ]; then
	"$GO_EXECUTABLE" install golang.org/x/mobile/cmd/gobind
	"$GO_EXECUTABLE" tool gomobile bind -target="${GM_TARGET:-ios}" -o "$TARGET_TEMP_DIR/Mobile.xcframework" ./mobile
	exit 0
fi
GOOS=ios GOARCH="$ARCHS" CGO_ENABLED=1 CC="$APPLE_DIR/bin/cc-ios-$ARCHS" \
	"$GO_EXECUTABLE" build -buildmode=c-archive -ldflags="-extar=$APPLE_DIR/bin/ar" \
	-o "$TARGET_TEMP_DIR/libaes.a" .
