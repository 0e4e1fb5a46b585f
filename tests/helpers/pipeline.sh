#!/usr/bin/env bash
# pipeline.sh — replays what SagerNet/gomobile's `bind` does for Apple
# platforms, with the toolchain apple-toolchain.sh picks (Xcode's on a Mac, the Linux stand-in elsewhere):
# one `go build -buildmode=c-archive` per platform/arch, all in parallel, each
# with the driver's own GOFLAGS=-tags=... (which replaces the caller's GOFLAGS),
# then per-platform fat archives (lipo) assembled into NAME.xcframework.
#
# usage: pipeline.sh PKGDIR OUTDIR [NAME]
# The `go` used is whatever PATH finds first — the gowrap shim or the real go.
# Extra go build flags can be passed in PIPELINE_BUILDFLAGS (word-split).
set -euo pipefail
pkg=$(cd "$1" && pwd)
out=$2
name=${3:-Lib}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/apple-toolchain.sh
source "$here/apple-toolchain.sh"
apple="$GW_APPLE_DIR/bin"
lipo=$GW_LIPO
[ -n "$lipo" ] || { echo "pipeline: lipo not found (fix: bash scripts/setup.sh)" >&2; exit 2; }
mkdir -p "$out/work"
work=$(cd "$out/work" && pwd)

# platform goos goarch tags cc
targets=(
	"ios darwin-ios arm64 ios ios"
	"iossimulator ios arm64 ios,iossimulator iossimulator"
	"iossimulator ios amd64 ios,iossimulator iossimulator"
	"tvos ios arm64 ios,tvos tvos"
	"maccatalyst darwin arm64 ios,macos,maccatalyst maccatalyst"
	"maccatalyst darwin amd64 ios,macos,maccatalyst maccatalyst"
	"macos darwin arm64 macos macos"
	"macos darwin amd64 macos macos"
)
pids=()
logs=()
# shellcheck disable=SC2206
extra=(${PIPELINE_BUILDFLAGS:-})
for t in "${targets[@]}"; do
	read -r platform goos goarch tags cc <<<"$t"
	[ "$goos" = darwin-ios ] && goos=ios
	a="$work/$name-$platform-$goarch.a"
	log="$work/$platform-$goarch.log"
	logs+=("$log")
	(
		cd "$pkg"
		env GOOS="$goos" GOARCH="$goarch" CGO_ENABLED=1 GOFLAGS="-tags=$tags" \
			CC="$apple/cc-$cc-$goarch" CXX="$apple/cc-$cc-$goarch" \
			go build "${extra[@]}" -buildmode=c-archive -ldflags="-extar=$apple/ar" -o "$a" . >"$log" 2>&1
	) &
	pids+=($!)
done
fail=0
for i in "${!pids[@]}"; do
	if ! wait "${pids[$i]}"; then
		echo "pipeline: build failed: ${targets[$i]}" >&2
		sed 's/^/    /' "${logs[$i]}" >&2
		fail=1
	fi
done
[ $fail -eq 0 ] || exit 1

xc="$out/$name.xcframework"
rm -rf "$xc"
mkdir -p "$xc"
fw_flat() { # dir archive...
	mkdir -p "$1/$name.framework/Headers"
	if [ $# -eq 2 ]; then cp "$2" "$1/$name.framework/$name"; else "$lipo" -create "${@:2}" -output "$1/$name.framework/$name"; fi
	cp "$work/$name-ios-arm64.h" "$1/$name.framework/Headers/$name.h" 2>/dev/null || true
}
fw_versioned() { # dir archive... (macOS-style bundle: Versions/A + symlinks)
	local v="$1/$name.framework/Versions/A"
	mkdir -p "$v/Headers"
	"$lipo" -create "${@:2}" -output "$v/$name"
	ln -s A "$1/$name.framework/Versions/Current"
	ln -s "Versions/Current/$name" "$1/$name.framework/$name"
	ln -s Versions/Current/Headers "$1/$name.framework/Headers"
}
fw_flat "$xc/ios-arm64" "$work/$name-ios-arm64.a"
fw_flat "$xc/ios-arm64_x86_64-simulator" "$work/$name-iossimulator-arm64.a" "$work/$name-iossimulator-amd64.a"
fw_flat "$xc/tvos-arm64" "$work/$name-tvos-arm64.a"
fw_versioned "$xc/ios-arm64_x86_64-maccatalyst" "$work/$name-maccatalyst-arm64.a" "$work/$name-maccatalyst-amd64.a"
fw_versioned "$xc/macos-arm64_x86_64" "$work/$name-macos-arm64.a" "$work/$name-macos-amd64.a"
if [ "$GW_APPLE_REAL" = 1 ]; then
	# On a Mac the xcframework is Xcode's own: the same frameworks, each with
	# the Info.plist xcodebuild requires, assembled by xcodebuild.
	fws=()
	for fw in "$xc"/*/"$name.framework"; do
		plist="$fw/Info.plist"
		[ -d "$fw/Versions/A" ] && plist="$fw/Versions/A/Resources/Info.plist" && mkdir -p "$(dirname "$plist")"
		printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
			'<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
			"<plist version=\"1.0\"><dict><key>CFBundleExecutable</key><string>$name</string>" \
			"<key>CFBundleIdentifier</key><string>example.gowrap.$name</string>" \
			'<key>CFBundlePackageType</key><string>FMWK</string><key>CFBundleVersion</key><string>1</string></dict></plist>' >"$plist"
		[ -d "$fw/Versions/A" ] && ln -s Versions/Current/Resources "$fw/Resources"
		fws+=(-framework "$fw")
	done
	rm -rf "$xc.new"
	xcodebuild -create-xcframework "${fws[@]}" -output "$xc.new" >&2
	rm -rf "$xc"
	mv "$xc.new" "$xc"
	echo "$xc"
	exit 0
fi
cat >"$xc/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundlePackageType</key><string>XFWK</string>
	<key>XCFrameworkFormatVersion</key><string>1.0</string>
	<key>AvailableLibraries</key>
	<array>
		<dict><key>LibraryIdentifier</key><string>ios-arm64</string><key>LibraryPath</key><string>$name.framework</string><key>SupportedArchitectures</key><array><string>arm64</string></array><key>SupportedPlatform</key><string>ios</string></dict>
		<dict><key>LibraryIdentifier</key><string>ios-arm64_x86_64-simulator</string><key>LibraryPath</key><string>$name.framework</string><key>SupportedArchitectures</key><array><string>arm64</string><string>x86_64</string></array><key>SupportedPlatform</key><string>ios</string><key>SupportedPlatformVariant</key><string>simulator</string></dict>
		<dict><key>LibraryIdentifier</key><string>tvos-arm64</string><key>LibraryPath</key><string>$name.framework</string><key>SupportedArchitectures</key><array><string>arm64</string></array><key>SupportedPlatform</key><string>tvos</string></dict>
		<dict><key>LibraryIdentifier</key><string>ios-arm64_x86_64-maccatalyst</string><key>LibraryPath</key><string>$name.framework</string><key>SupportedArchitectures</key><array><string>arm64</string><string>x86_64</string></array><key>SupportedPlatform</key><string>ios</string><key>SupportedPlatformVariant</key><string>maccatalyst</string></dict>
		<dict><key>LibraryIdentifier</key><string>macos-arm64_x86_64</string><key>LibraryPath</key><string>$name.framework</string><key>SupportedArchitectures</key><array><string>arm64</string><string>x86_64</string></array><key>SupportedPlatform</key><string>macos</string></dict>
	</array>
</dict>
</plist>
PLIST
echo "$xc"
