# tests/helpers/fixtures.bash — real Apple Mach-O fixtures built at test time
# from the real Go on PATH and the stand-in Apple toolchain.
# Nothing binary is committed; everything here is rebuilt from source.
# Built without -trimpath (no test asserts on paths), so their std packages
# share cache entries with the other suites' builds of the same target.
#
# Stable interface (other suites may source this file):
#   fx_init                 set FX_DIR (cache dir) and tool paths; idempotent.
#   fx_path NAME            build fixture NAME if missing, print its path.
#   fx_build_all            build every fixture (two Go builds at a time).
#   fx_names                list every fixture name.
#   fx_marker_overlay DIR   write DIR/overlay.json adding the test marker
#                           (internal/cpu.gowrapMarkerV1, called from osInit on
#                           arm64 && ios); print the json path.
#   fx_upstream_overlay DIR write DIR/overlay.json that mimics upstream's fix
#                           (golang/go@8058a577: cpu_darwin.go and
#                           cpu_arm64_darwin.go built for ios too); print path.
#   fx_lipo ARGS...         llvm-lipo (found even when not on PATH).
#
# Cache: $GOWRAP_FIXTURES if set (kept across runs; handy while developing),
# else $BATS_RUN_TMPDIR/fixtures (shared by every suite of one bats run).
# Fixtures, sources and overlays are written to a temp name and renamed, and
# an overlay that exists is never rewritten: a parallel build may be reading
# it (a truncating rewrite once let a build see an empty cpu_arm64_other.go).
#
# Fixture names (all from the same tiny cgo-exporting Go program):
#   ios-arm64-marker         iOS arm64 executable built with the marker overlay
#   ios-arm64-stock          the same without overlay
#   ios-arm64-marker-sw      marker, -ldflags="-s -w" (ld64.lld keeps locals)
#   ios-arm64-marker-strip   marker exe after llvm-strip (no local symbols)
#   ios-arm64-stock-strip    stock exe after llvm-strip
#   iossim-amd64             iOS simulator x86_64 executable (overlay given)
#   fat-exe                  lipo of ios-arm64-marker-strip + iossim-amd64
#   fat-exe-stock            lipo of ios-arm64-stock + iossim-amd64
#   macos-arm64              macOS arm64 executable (internal link, no cgo)
#   macos-arm64-leak         macOS arm64 built with -tags ios + overlay:
#                            carries the marker where it must not
#   ios-arm64-upstream       iOS arm64 exe with the upstream-fix overlay
#   a-ios-arm64              c-archive, iOS arm64, marker
#   a-ios-arm64-stock        c-archive, iOS arm64, stock
#   a-iossim-arm64           c-archive, iOS simulator arm64, marker
#   a-iossim-amd64           c-archive, iOS simulator x86_64
#   a-iossim-fat             lipo of a-iossim-arm64 + a-iossim-amd64
#   a-catalyst-arm64         c-archive, Mac Catalyst arm64 (GOOS=darwin
#                            -tags ios,macos,maccatalyst), marker
#   X.xcframework            dir: ios-arm64/X.framework/X (a-ios-arm64),
#                            ios-arm64_x86_64-simulator/X.framework/X
#                            (a-iossim-fat), ios-arm64-maccatalyst/
#                            X.framework/{X,Versions/Current,Versions/A/X}
#                            (deep bundle with symlinks; a-catalyst-arm64)
#   X-stock.xcframework      same layout, device slice a-ios-arm64-stock

fx_init() {
	[ -n "${FX_INIT_DONE:-}" ] && return 0
	FX_ROOT="${GOWRAP_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
	source "$FX_ROOT/tests/helpers/apple-toolchain.sh"
	FX_APPLE="$GW_APPLE_DIR"
	FX_DIR="${GOWRAP_FIXTURES:-${BATS_RUN_TMPDIR:-${TMPDIR:-/tmp}}/fixtures}"
	mkdir -p "$FX_DIR"
	FX_GO="$(command -v go)"
	FX_GOROOT="$(GOTOOLCHAIN=local "$FX_GO" env GOROOT)"
	FX_LIPO="$GW_LIPO"
	FX_INIT_DONE=1
	export FX_DIR FX_GO FX_GOROOT FX_LIPO FX_APPLE FX_INIT_DONE
}

fx_lipo() {
	fx_init
	"$FX_LIPO" "$@"
}

fx_names() {
	echo ios-arm64-marker ios-arm64-stock ios-arm64-marker-sw ios-arm64-marker-strip \
		ios-arm64-stock-strip iossim-amd64 fat-exe fat-exe-stock macos-arm64 \
		macos-arm64-leak ios-arm64-upstream a-ios-arm64 a-ios-arm64-stock \
		a-iossim-arm64 a-iossim-amd64 a-iossim-fat a-catalyst-arm64 \
		X.xcframework X-stock.xcframework
}

# _fx_put FILE: stdin to FILE by rename, so a reader sees the old bytes or
# the new ones, never a half-written file.
_fx_put() {
	# Named before the fork: in `cat`'s redirection $BASHPID is cat's pid.
	local t="$1.tmp.$BASHPID"
	cat >"$t" && mv -f "$t" "$1"
}

# The program: main.go builds without cgo (macOS internal link); export.go
# adds a cgo export so -buildmode=c-archive has something to export. fmt
# (reflect, strconv, os, sync) makes each a real-sized Go program; crypto is
# left out: its std packages made each of the nine cold std builds below
# about 5 CPU s dearer, and the suites that ship crypto (e2e, shim, deps)
# verify real crypto programs with the same symcheck.
fx_src() {
	local d="$FX_DIR/src"
	[ -f "$d/.done" ] && { echo "$d"; return; }
	mkdir -p "$d"
	_fx_put "$d/go.mod" <<'EOF'
module example.com/fx

go 1.21
EOF
	_fx_put "$d/main.go" <<'EOF'
package main

import "fmt"

func Seal(b []byte) []byte {
	out := make([]byte, len(b)+16)
	copy(out, b)
	return out
}

func main() { fmt.Println(len(Seal([]byte("x")))) }
EOF
	_fx_put "$d/export.go" <<'EOF'
package main

import "C"

//export GowrapSealLen
func GowrapSealLen(n C.int) C.int { return C.int(len(Seal(make([]byte, int(n))))) }
EOF
	touch "$d/.done"
	echo "$d"
}

# The test marker overlay. The replacement of cpu_arm64_other.go keeps
# upstream's bytes and only adds `&& !ios`, so every other GOOS still
# compiles it; the new file supplies osInit on arm64 && ios.
fx_marker_overlay() {
	fx_init
	local d="$1" gr="$FX_GOROOT/src/internal/cpu"
	[ -f "$d/overlay.json" ] && { echo "$d/overlay.json"; return 0; }
	mkdir -p "$d"
	sed '/^\/\/go:build /s/$/ \&\& !ios/' "$gr/cpu_arm64_other.go" | _fx_put "$d/cpu_arm64_other.go"
	_fx_put "$d/cpu_arm64_ios_gowrap.go" <<'EOF'
//go:build arm64 && ios

package cpu

//go:noinline
func gowrapMarkerV1() {}

func osInit() {
	ARM64.HasAES = true
	ARM64.HasPMULL = true
	ARM64.HasSHA1 = true
	ARM64.HasSHA2 = true
	gowrapMarkerV1()
}
EOF
	_fx_overlay_json "$d" "$gr" cpu_arm64_other.go cpu_arm64_ios_gowrap.go
}

# What golang/go@8058a577 does: the darwin detection files lose `!ios`
# and cpu_arm64_other.go stops building for any darwin.
fx_upstream_overlay() {
	fx_init
	local d="$1" gr="$FX_GOROOT/src/internal/cpu"
	[ -f "$d/overlay.json" ] && { echo "$d/overlay.json"; return 0; }
	mkdir -p "$d"
	sed 's/^\/\/go:build darwin && !ios$/\/\/go:build darwin/' "$gr/cpu_darwin.go" | _fx_put "$d/cpu_darwin.go"
	sed 's/^\/\/go:build arm64 && darwin && !ios$/\/\/go:build arm64 \&\& darwin/' "$gr/cpu_arm64_darwin.go" | _fx_put "$d/cpu_arm64_darwin.go"
	sed 's/(!darwin || ios)/!darwin/' "$gr/cpu_arm64_other.go" | _fx_put "$d/cpu_arm64_other.go"
	_fx_overlay_json "$d" "$gr" cpu_darwin.go cpu_arm64_darwin.go cpu_arm64_other.go
}

# _fx_overlay_json DIR GOROOT_CPU FILE...: DIR/overlay.json replacing each
# GOROOT_CPU/FILE with DIR/FILE, written last (its presence means done);
# print its path.
_fx_overlay_json() {
	local d="$1" gr="$2" f sep= json='{"Replace":{'
	shift 2
	for f in "$@"; do
		json+="$sep\"$gr/$f\":\"$d/$f\""
		sep=,
	done
	printf '%s}}\n' "$json" | _fx_put "$d/overlay.json"
	echo "$d/overlay.json"
}

# _fx_go OUT GOOS GOARCH CC|- OVERLAY|- EXTRA_GO_ARGS...
_fx_go() {
	local out="$1" goos="$2" goarch="$3" cc="$4" ov="$5"
	shift 5
	local src tmp args=()
	src="$(fx_src)"
	tmp="$out.tmp.$$"
	[ "$ov" != - ] && args+=("-overlay=$ov")
	local cgo=0 ccpath=
	if [ "$cc" != - ]; then cgo=1; ccpath="$FX_APPLE/bin/cc-$cc"; fi
	(cd "$src" && env GOTOOLCHAIN=local GOFLAGS= GOOS="$goos" GOARCH="$goarch" \
		CGO_ENABLED=$cgo ${ccpath:+CC="$ccpath"} \
		"$FX_GO" build "${args[@]}" "$@" -o "$tmp" .) || {
		echo "fixtures: go build of $(basename "$out") failed" >&2
		rm -f "$tmp" "${tmp%.*}.h"
		return 1
	}
	rm -f "${tmp%.*}.h" # c-archive's C header: not a fixture
	mv -f "$tmp" "$out"
}

_fx_strip() { # OUT IN
	llvm-strip -o "$1.tmp.$$" "$2" && mv -f "$1.tmp.$$" "$1"
}

_fx_fat() { # OUT IN...
	local out="$1"
	shift
	"$FX_LIPO" -create "$@" -output "$out.tmp.$$" && mv -f "$out.tmp.$$" "$out"
}

_fx_xcframework() { # OUT device-archive
	local out="$1" dev="$2" tmp="$1.tmp.$$"
	rm -rf "$tmp"
	mkdir -p "$tmp/ios-arm64/X.framework" "$tmp/ios-arm64_x86_64-simulator/X.framework" \
		"$tmp/ios-arm64-maccatalyst/X.framework/Versions/A/Headers"
	cp "$dev" "$tmp/ios-arm64/X.framework/X"
	cp "$(fx_path a-iossim-fat)" "$tmp/ios-arm64_x86_64-simulator/X.framework/X"
	cp "$(fx_path a-catalyst-arm64)" "$tmp/ios-arm64-maccatalyst/X.framework/Versions/A/X"
	ln -s A "$tmp/ios-arm64-maccatalyst/X.framework/Versions/Current"
	ln -s Versions/Current/X "$tmp/ios-arm64-maccatalyst/X.framework/X"
	ln -s Versions/Current/Headers "$tmp/ios-arm64-maccatalyst/X.framework/Headers"
	cat >"$tmp/Info.plist" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AvailableLibraries</key>
	<array>
		<dict><key>LibraryIdentifier</key><string>ios-arm64</string>
		<key>LibraryPath</key><string>X.framework</string>
		<key>SupportedArchitectures</key><array><string>arm64</string></array>
		<key>SupportedPlatform</key><string>ios</string></dict>
		<dict><key>LibraryIdentifier</key><string>ios-arm64_x86_64-simulator</string>
		<key>LibraryPath</key><string>X.framework</string>
		<key>SupportedArchitectures</key><array><string>arm64</string><string>x86_64</string></array>
		<key>SupportedPlatform</key><string>ios</string>
		<key>SupportedPlatformVariant</key><string>simulator</string></dict>
		<dict><key>LibraryIdentifier</key><string>ios-arm64-maccatalyst</string>
		<key>LibraryPath</key><string>X.framework</string>
		<key>SupportedArchitectures</key><array><string>arm64</string></array>
		<key>SupportedPlatform</key><string>ios</string>
		<key>SupportedPlatformVariant</key><string>maccatalyst</string></dict>
	</array>
	<key>CFBundlePackageType</key><string>XFWK</string>
	<key>XCFrameworkFormatVersion</key><string>1.0</string>
</dict>
</plist>
EOF
	rm -rf "$out"
	mv "$tmp" "$out"
}

# fx_path NAME: build NAME (and what it needs) unless cached; print path.
fx_path() {
	fx_init
	local n="$1" p="$FX_DIR/$1" ov cat_tags=ios,macos,maccatalyst
	if [ -e "$p" ]; then echo "$p"; return 0; fi
	local carch=(-buildmode=c-archive "-ldflags=-extar=$FX_APPLE/bin/ar")
	case "$n" in
	ios-arm64-marker) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios arm64 ios-arm64 "$ov" ;;
	ios-arm64-stock) _fx_go "$p" ios arm64 ios-arm64 - ;;
	ios-arm64-marker-sw) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios arm64 ios-arm64 "$ov" "-ldflags=-s -w" ;;
	ios-arm64-marker-strip) _fx_strip "$p" "$(fx_path ios-arm64-marker)" ;;
	ios-arm64-stock-strip) _fx_strip "$p" "$(fx_path ios-arm64-stock)" ;;
	iossim-amd64) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios amd64 iossimulator-amd64 "$ov" ;;
	fat-exe) _fx_fat "$p" "$(fx_path ios-arm64-marker-strip)" "$(fx_path iossim-amd64)" ;;
	fat-exe-stock) _fx_fat "$p" "$(fx_path ios-arm64-stock)" "$(fx_path iossim-amd64)" ;;
	macos-arm64) _fx_go "$p" darwin arm64 - - ;;
	macos-arm64-leak) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" darwin arm64 - "$ov" -tags ios ;;
	ios-arm64-upstream) ov="$(fx_upstream_overlay "$FX_DIR/ov-upstream")"
		_fx_go "$p" ios arm64 ios-arm64 "$ov" ;;
	a-ios-arm64) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios arm64 ios-arm64 "$ov" "${carch[@]}" ;;
	a-ios-arm64-stock) _fx_go "$p" ios arm64 ios-arm64 - "${carch[@]}" ;;
	a-iossim-arm64) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios arm64 iossimulator-arm64 "$ov" "${carch[@]}" ;;
	a-iossim-amd64) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" ios amd64 iossimulator-amd64 "$ov" "${carch[@]}" ;;
	a-iossim-fat) _fx_fat "$p" "$(fx_path a-iossim-arm64)" "$(fx_path a-iossim-amd64)" ;;
	a-catalyst-arm64) ov="$(fx_marker_overlay "$FX_DIR/ov-marker")"
		_fx_go "$p" darwin arm64 maccatalyst-arm64 "$ov" -tags "$cat_tags" "${carch[@]}" ;;
	X.xcframework) _fx_xcframework "$p" "$(fx_path a-ios-arm64)" ;;
	X-stock.xcframework) _fx_xcframework "$p" "$(fx_path a-ios-arm64-stock)" ;;
	*) echo "fixtures: unknown fixture $n" >&2; return 1 ;;
	esac
	[ -e "$p" ] || return 1
	echo "$p"
}

# Go builds first, two at a time (2 cores here), then the derived ones.
# Ordered so that no two builds of one std run side by side (each would
# compile it): the ones whose std an earlier build compiled come last
# (-s -w is a link flag; a simulator arm64 archive differs from the device's
# only in its C compiler, which reaches the cgo packages alone; an amd64
# c-archive compiles as an amd64 executable does, only arm64's takes -shared).
fx_build_all() {
	fx_init
	fx_src >/dev/null
	fx_marker_overlay "$FX_DIR/ov-marker" >/dev/null
	fx_upstream_overlay "$FX_DIR/ov-upstream" >/dev/null
	local gobuilt=(ios-arm64-marker ios-arm64-stock iossim-amd64 macos-arm64
		macos-arm64-leak ios-arm64-upstream a-ios-arm64 a-ios-arm64-stock
		a-catalyst-arm64 a-iossim-amd64 ios-arm64-marker-sw a-iossim-arm64)
	local jobs="${FX_JOBS:-2}" running=0 n rc=0 pids=()
	for n in "${gobuilt[@]}"; do
		[ -e "$FX_DIR/$n" ] && continue
		fx_path "$n" >/dev/null &
		pids+=($!)
		running=$((running + 1))
		if [ "$running" -ge "$jobs" ]; then
			wait "${pids[0]}" || rc=1
			pids=("${pids[@]:1}")
			running=$((running - 1))
		fi
	done
	for n in "${pids[@]}"; do wait "$n" || rc=1; done
	for n in $(fx_names); do fx_path "$n" >/dev/null || rc=1; done
	return $rc
}
