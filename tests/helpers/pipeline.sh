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
# PIPELINE_TARGETS (platform-goarch words, e.g. "ios-arm64 macos-amd64")
# builds only those; the xcframework then holds the platforms built.
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
rm -f "$work"/*.a # an archive of an earlier run is not this one's

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
# The device, arm64 simulator and tvOS builds share one std (GOOS=ios
# GOARCH=arm64: their -tags and C compiler reach only the cgo packages), so
# the two followers start when the device build is done: from a cold cache
# that std is compiled once, not three times side by side. The other five
# start with the device build (six go commands, and six shims, at once).
pids=()
logs=()
what=()
status=()
# shellcheck disable=SC2206
extra=(${PIPELINE_BUILDFLAGS:-})
launch() { # platform goos goarch tags cc
	local platform="$1" goos="$2" goarch="$3" tags="$4" cc="$5" a log
	a="$work/$name-$platform-$goarch.a"
	log="$work/$platform-$goarch.log"
	(
		cd "$pkg"
		env GOOS="$goos" GOARCH="$goarch" CGO_ENABLED=1 GOFLAGS="-tags=$tags" \
			CC="$apple/cc-$cc-$goarch" CXX="$apple/cc-$cc-$goarch" \
			go build "${extra[@]}" -buildmode=c-archive -ldflags="-extar=$apple/ar" -o "$a" . >"$log" 2>&1
	) &
	pids+=($!)
	logs+=("$log")
	what+=("$platform $goos $goarch")
	status+=(-1)
}
device=-1
followers=()
for t in "${targets[@]}"; do
	read -r platform goos goarch tags cc <<<"$t"
	[ "$goos" = darwin-ios ] && goos=ios
	if [ -n "${PIPELINE_TARGETS:-}" ] && [[ " $PIPELINE_TARGETS " != *" $platform-$goarch "* ]]; then
		continue
	fi
	if [ "$goos/$goarch" = ios/arm64 ] && [ "$platform" != ios ] && [ "$device" -ge 0 ]; then
		followers+=("$platform $goos $goarch $tags $cc")
		continue
	fi
	[ "$platform-$goarch" = ios-arm64 ] && device=${#pids[@]}
	launch "$platform" "$goos" "$goarch" "$tags" "$cc"
done
if [ ${#followers[@]} -gt 0 ]; then
	st=0
	wait "${pids[$device]}" || st=$?
	status[device]=$st
	for t in "${followers[@]}"; do
		# shellcheck disable=SC2086 # five words, none empty
		launch $t
	done
fi
fail=0
for i in "${!pids[@]}"; do
	st=${status[$i]}
	if [ "$st" -lt 0 ]; then
		st=0
		wait "${pids[$i]}" || st=$?
	fi
	if [ "$st" -ne 0 ]; then
		echo "pipeline: build failed: ${what[$i]}" >&2
		sed 's/^/    /' "${logs[$i]}" >&2
		fail=1
	fi
done
[ $fail -eq 0 ] || exit 1

xc="$out/$name.xcframework"
rm -rf "$xc"
mkdir -p "$xc"
# have ARCHIVE...: the archives of those that were built (PIPELINE_TARGETS).
have() {
	local a
	for a in "$@"; do [ -f "$a" ] && printf '%s\n' "$a"; done
}
fw_flat() { # dir archive...
	[ $# -gt 1 ] || return 0
	mkdir -p "$1/$name.framework/Headers"
	if [ $# -eq 2 ]; then cp "$2" "$1/$name.framework/$name"; else "$lipo" -create "${@:2}" -output "$1/$name.framework/$name"; fi
	cp "$work/$name-ios-arm64.h" "$1/$name.framework/Headers/$name.h" 2>/dev/null || true
}
fw_versioned() { # dir archive... (macOS-style bundle: Versions/A + symlinks)
	[ $# -gt 1 ] || return 0
	local v="$1/$name.framework/Versions/A"
	mkdir -p "$v/Headers"
	"$lipo" -create "${@:2}" -output "$v/$name"
	ln -s A "$1/$name.framework/Versions/Current"
	ln -s "Versions/Current/$name" "$1/$name.framework/$name"
	ln -s Versions/Current/Headers "$1/$name.framework/Headers"
}
# shellcheck disable=SC2046 # one archive path a line, no spaces in them
fw_flat "$xc/ios-arm64" $(have "$work/$name-ios-arm64.a")
# shellcheck disable=SC2046
fw_flat "$xc/ios-arm64_x86_64-simulator" $(have "$work/$name-iossimulator-arm64.a" "$work/$name-iossimulator-amd64.a")
# shellcheck disable=SC2046
fw_flat "$xc/tvos-arm64" $(have "$work/$name-tvos-arm64.a")
# shellcheck disable=SC2046
fw_versioned "$xc/ios-arm64_x86_64-maccatalyst" $(have "$work/$name-maccatalyst-arm64.a" "$work/$name-maccatalyst-amd64.a")
# shellcheck disable=SC2046
fw_versioned "$xc/macos-arm64_x86_64" $(have "$work/$name-macos-arm64.a" "$work/$name-macos-amd64.a")
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
# entry ID PLATFORM VARIANT ARCHIVE...: the library's <dict>, its
# architectures those of the archives built; nothing if none was.
entry() {
	local id="$1" plat="$2" var="$3" a archs=
	shift 3
	for a in "$@"; do
		[ -f "$a" ] || continue
		case "$a" in *-arm64.a) archs+="<string>arm64</string>" ;; *-amd64.a) archs+="<string>x86_64</string>" ;; esac
	done
	[ -n "$archs" ] || return 0
	printf '\t\t<dict><key>LibraryIdentifier</key><string>%s</string><key>LibraryPath</key><string>%s.framework</string><key>SupportedArchitectures</key><array>%s</array><key>SupportedPlatform</key><string>%s</string>%s</dict>\n' \
		"$id" "$name" "$archs" "$plat" "${var:+<key>SupportedPlatformVariant</key><string>$var</string>}"
}
{
	cat <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundlePackageType</key><string>XFWK</string>
	<key>XCFrameworkFormatVersion</key><string>1.0</string>
	<key>AvailableLibraries</key>
	<array>
PLIST
	entry ios-arm64 ios "" "$work/$name-ios-arm64.a"
	entry ios-arm64_x86_64-simulator ios simulator "$work/$name-iossimulator-arm64.a" "$work/$name-iossimulator-amd64.a"
	entry tvos-arm64 tvos "" "$work/$name-tvos-arm64.a"
	entry ios-arm64_x86_64-maccatalyst ios maccatalyst "$work/$name-maccatalyst-arm64.a" "$work/$name-maccatalyst-amd64.a"
	entry macos-arm64_x86_64 macos "" "$work/$name-macos-arm64.a" "$work/$name-macos-amd64.a"
	printf '\t</array>\n</dict>\n</plist>\n'
} >"$xc/Info.plist"
echo "$xc"
