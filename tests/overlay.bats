#!/usr/bin/env bats
# tests/overlay.bats — `gowrap overlay` against the real Go 1.26.8
# and Go 1.27.3, both feature sets (darwin parity, the default, and crypto):
# compile matrix, std build, a linked iOS executable, cache behaviour,
# refusals, and the checks that make each mutation listed in
# overlay/README.md fail.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/goroot

ARM64_GOOS="ios darwin darwin+ios linux android freebsd netbsd openbsd windows"
# GOOSes that compile cpu_arm64_other.go, built with the ios tag: darwin
# parity must leave them their empty osInit (the runtime serves sysctl only
# on darwin and ios).
TAGGED_GOOS="netbsd+ios windows+ios"
DARWIN_MARKER=internal/cpu.gowrapMarkerDarwinV1
CRYPTO_MARKER=internal/cpu.gowrapMarkerV1

setup_file() {
	export GO126_ROOT GO127_MODCACHE GO127_ROOT
	GO126_ROOT=$(go env GOROOT)
	GO127_MODCACHE=$(gr_go127_modcache)
	# The go command refuses overlays beneath GOMODCACHE: compile with a
	# real GOROOT outside it (the run's shared one, else a copy).
	GO127_ROOT=$(gr_go127_root)
}

setup() {
	common_setup
	unset GOWRAP_FEATURES
	[ -x "$GOWRAP" ] || { echo "gowrap not built: $GOWRAP (run make)" >&2; return 1; }
}

# json FIELD: a field of $output (jq -r).
field() { jq -r "$1" <<<"$output"; }

# export_of ROOT OVERLAY GOOS[+ios]: the export file of internal/cpu for arm64.
export_of() {
	local root="$1" ov="$2" os="$3" tags=()
	case "$os" in *+ios) os=${os%+ios}; tags=(-tags=ios) ;; esac
	(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" list -overlay="$ov" "${tags[@]}" \
		-export -f '{{.Export}}' internal/cpu)
}

# check_matrix ROOT OVERLAY MARKER [EXTRA_TARGETS]: internal/cpu compiles for
# every arm64 GOOS (and the extra targets); MARKER exactly for ios and
# darwin+ios, and osInit really calling it (a CALL in osInit: dropped calls
# and inlined markers both fail here). Darwin parity also brings the sysctl
# plumbing exactly there (and on macOS, where Go has it anyway).
check_matrix() {
	local root="$1" ov="$2" marker="$3" os exp syms
	for os in $ARM64_GOOS ${4:-}; do
		exp=$(export_of "$root" "$ov" "$os") || { echo "compile failed for $os/arm64: $exp"; return 1; }
		syms=$(gr_go "$root" tool nm "$exp" | awk '$(NF-1)=="T"{print $NF}')
		if [ "$os" = ios ] || [ "$os" = darwin+ios ]; then
			grep -qx "$marker" <<<"$syms" || { echo "no marker for $os"; return 1; }
			gr_go "$root" tool objdump -s '^internal/cpu.osInit$' "$exp" | grep -qE "CALL .*R_CALLARM64:$marker\\b" ||
				{ echo "osInit does not call the marker for $os"; return 1; }
		else
			! grep -q gowrapMarker <<<"$syms" || { echo "marker leaked to $os"; return 1; }
		fi
		if [ "$marker" = "$DARWIN_MARKER" ]; then
			case "$os" in
			ios | darwin | darwin+ios) grep -qx internal/cpu.sysctlEnabled <<<"$syms" ||
				{ echo "no sysctl plumbing for $os"; return 1; } ;;
			*) ! grep -q internal/cpu.sysctlEnabled <<<"$syms" || { echo "sysctl plumbing leaked to $os"; return 1; } ;;
			esac
		fi
	done
}

count_compiles() { grep -c '/compile ' || true; }

@test "the ios tag on GOOSes whose own file defines osInit compiles as without the overlay (no redeclaration), both feature sets" {
	# linux, android, freebsd, openbsd (and windows from 1.27) have their own
	# osInit: the added files must not join it just because -tags ios is set.
	for features in darwin crypto; do
		for pair in "$GO126_ROOT:linux android freebsd openbsd" "$GO127_ROOT:linux android freebsd openbsd windows"; do
			root=${pair%%:*}
			ov=$("$GOWRAP" overlay --goroot "$root" --features "$features")
			for os in ${pair#*:}; do
				exp=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" list -overlay="$ov" -tags=ios \
					-export -f '{{.Export}}' internal/cpu 2>&1) || { echo "$features $root $os/arm64 -tags ios: $exp"; return 1; }
				! gr_go "$root" tool nm "$exp" | grep -q gowrapMarker || { echo "marker leaked to $os+ios ($features)"; return 1; }
			done
		done
	done
}

@test "crypto for Go 1.26.8: --json shape, keys on GOROOT as given" {
	run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json --features crypto
	assert_success
	assert [ "$(wc -l <<<"$output")" -eq 1 ]
	assert_equal "$(field .status)" applied
	assert_equal "$(field .features)" crypto
	assert_equal "$(field .marker)" "$CRYPTO_MARKER"
	assert_equal "$(field .template)" V1
	assert_equal "$(field .darwin_files)" null
	assert_equal "$(field .goversion)" go1.26.8
	assert_equal "$(field .goroot)" "$GO126_ROOT"
	assert_equal "$(field .variant)" arm64-other-go1.20
	assert_equal "$(field '.asserts | join(" ")')" "HasAES HasPMULL HasSHA1 HasSHA2"
	assert_equal "$(field '.detects | length')" 0
	assert_equal "$(field .blob)" "$(git hash-object "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go")"
	jq -e --arg f "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go" '.inputs | index($f)' <<<"$output"
	ov=$(field .overlay)
	assert_glob "$ov" "$GOWRAP_CACHE/overlay/*/overlay.json"
	run jq -r '.Replace | keys[]' "$ov"
	assert_output "$GO126_ROOT/src/internal/cpu/cpu_arm64_ios_gowrap.go
$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go"
	# Plain form prints the same path and nothing else.
	run "$GOWRAP" overlay --goroot "$GO126_ROOT" --features crypto
	assert_success
	assert_output "$ov"
}

@test "crypto generated files: today's bytes (blob ids), exactly the four bits, in osInit, marker called and noinline" {
	# The blob ids gowrap wrote for these toolchains before darwin parity
	# existed (7119d16): GOWRAP_FEATURES=crypto must keep them byte for byte.
	for pair in "$GO126_ROOT 1a0685946c3bd148e46ea93cf2a02d873c1a5b14 b0d567d9bb8ba2b9ba4d5010702e736fa5966209" \
		"$GO127_ROOT 1883a6b5d8771aba0a6bbf4cb3b8dffca7212a86 016c9f87b45e3db42d3f1a57632077dc3109168e"; do
		read -r root added other <<<"$pair"
		dir=$(dirname "$(GOWRAP_FEATURES=crypto "$GOWRAP" overlay --goroot "$root")")
		assert_equal "$(git hash-object "$dir/cpu_arm64_ios_gowrap.go")" "$added"
		assert_equal "$(git hash-object "$dir/cpu_arm64_other.go")" "$other"
	done
	ov=$(GOWRAP_FEATURES=crypto "$GOWRAP" overlay --goroot "$GO126_ROOT")
	dir=$(dirname "$ov")
	f="$dir/cpu_arm64_ios_gowrap.go"
	# The original file's own constraint plus `&& ios` (never more targets than it had).
	assert_equal "$(grep '^//go:build' "$f")" "$(grep '^//go:build' "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go") && ios"
	# Every ARM64 assignment, wherever it is, must be exactly these four.
	run bash -c "grep -E 'ARM64\.[A-Za-z0-9]+ *=' '$f' | tr -d '\t ' | sort"
	assert_output "ARM64.HasAES=true
ARM64.HasPMULL=true
ARM64.HasSHA1=true
ARM64.HasSHA2=true"
	# ...and all inside osInit (which doinit runs before GODEBUG processing).
	run awk '/^func osInit\(\) \{/{body=1; next} body && /^}/{body=0} body && /ARM64\./{n++} END{print n+0}' "$f"
	assert_output 4
	run grep -cE '^func init\(' "$f"
	assert_output 0
	run awk '/^func osInit\(\) \{/{body=1; next} body && /^}/{body=0} body && /^\tgowrapMarkerV1\(\)$/{n++} END{print n+0}' "$f"
	assert_output 1
	run grep -B1 '^func gowrapMarkerV1() {}$' "$f"
	assert_line --index 0 '//go:noinline'
	# The replacement is the original with `&& !ios` appended to its build line.
	diff <(sed '/^\/\/go:build /s/$/ \&\& !ios/' "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go") "$dir/cpu_arm64_other.go"
}

@test "crypto, Go 1.26.8: internal/cpu compiles for every arm64 GOOS, marker exactly on ios and darwin+ios" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT" --features crypto)
	run check_matrix "$GO126_ROOT" "$ov" "$CRYPTO_MARKER"
	assert_success
}

@test "crypto, Go 1.27.3: internal/cpu compiles for every arm64 GOOS, marker exactly on ios and darwin+ios" {
	GOWRAP_FEATURES=crypto run "$GOWRAP" overlay --goroot "$GO127_ROOT" --json
	assert_success
	assert_equal "$(field .variant)" arm64-other-go1.27
	assert_equal "$(field .goversion)" go1.27.3
	ov=$(field .overlay)
	run check_matrix "$GO127_ROOT" "$ov" "$CRYPTO_MARKER"
	assert_success
}

# darwin_json ROOT OTHER_ROW DARWIN_ROW: the default overlay's --json for
# ROOT, checked against the GOROOT's own cpu_arm64_darwin.go.
darwin_json() {
	local root="$1" cpu="$1/src/internal/cpu" out
	out=$("$GOWRAP" overlay --goroot "$root" --json) || return 1
	jq -e --arg v "$2+$3" --arg d "$3" --arg m "$DARWIN_MARKER" '.status == "applied" and
		.features == "darwin" and .variant == $v and .darwin_files == $d and .marker == $m and
		.template == "DarwinV1"' <<<"$out" >/dev/null || { echo "$out"; return 1; }
	# asserts and detects are exactly what this GOROOT's osInit does
	diff <(jq -r '.asserts[]' <<<"$out") <(sed -n 's/^\tARM64\.\(Has[A-Z0-9]*\) = true$/\1/p' "$cpu/cpu_arm64_darwin.go") || return 1
	diff <(jq -r '.detects[] | "\(.bit) \(.sysctl)"' <<<"$out") \
		<(sed -n 's/^\tARM64\.\(Has[A-Z0-9]*\) = sysctlEnabled(\[\]byte("\([^"\\]*\)\\x00"))$/\1 \2/p' "$cpu/cpu_arm64_darwin.go") || return 1
	diff <(jq -r '.Replace | keys[]' "$(jq -r .overlay <<<"$out")") <(printf '%s\n' "$cpu/cpu_arm64_darwin_ios_gowrap.go" \
		"$cpu/cpu_arm64_other.go" "$cpu/cpu_darwin_ios_gowrap.go") || return 1
	jq -r '.detects[].bit' <<<"$out"
}

@test "darwin parity is the default: --json names the feature set, both table rows, the marker, and the bits the GOROOT's osInit asserts and detects" {
	run darwin_json "$GO126_ROOT" arm64-other-go1.20 darwin-go1.26
	assert_success
	assert_output "HasATOMICS
HasCRC32
HasSHA512
HasSHA3
HasDIT"
	run darwin_json "$GO127_ROOT" arm64-other-go1.27 darwin-go1.27
	assert_success
	assert_output "HasATOMICS
HasCRC32
HasSHA512
HasSHA3
HasDIT
HasSB"
	# Plain form: the same path as --json and --features darwin.
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	assert_equal "$("$GOWRAP" overlay --goroot "$GO126_ROOT" --features darwin)" "$ov"
	assert_equal "$(GOWRAP_FEATURES= "$GOWRAP" overlay --goroot "$GO126_ROOT")" "$ov"
}

# darwin_diff ROOT: the three darwin-parity files differ from the GOROOT's
# own exactly by the build line and the marker (call + appended function).
darwin_diff() {
	local root="$1" cpu="$1/src/internal/cpu" dir c n k
	dir=$(dirname "$("$GOWRAP" overlay --goroot "$root")") || return 1
	c=$(sed -n 's|^//go:build ||p' "$cpu/cpu_arm64_other.go")
	diff "$cpu/cpu_darwin.go" "$dir/cpu_darwin_ios_gowrap.go" >"$TMP/d1"
	printf '5c5\n< //go:build darwin && !ios\n---\n> //go:build %s && darwin && ios\n' "$c" | diff - "$TMP/d1" || return 1
	diff "$cpu/cpu_arm64_other.go" "$dir/cpu_arm64_other.go" >"$TMP/d2"
	printf '5c5\n< //go:build %s\n---\n> //go:build %s && !(darwin && ios)\n' "$c" "$c" | diff - "$TMP/d2" || return 1
	n=$(wc -l <"$cpu/cpu_arm64_darwin.go")
	k=$(grep -n '^func osInit() {$' "$cpu/cpu_arm64_darwin.go" | cut -d: -f1)
	diff "$cpu/cpu_arm64_darwin.go" "$dir/cpu_arm64_darwin_ios_gowrap.go" >"$TMP/d3"
	{
		printf '5c5\n< //go:build arm64 && darwin && !ios\n---\n> //go:build %s && darwin && ios\n' "$c"
		printf '%sa%s\n> \tgowrapMarkerDarwinV1()\n' "$k" "$((k + 1))"
		printf '%sa%s,%s\n' "$n" "$((n + 2))" "$((n + 13))"
		sed 's/^/> /' <<-'EOF'

		// gowrapMarkerDarwinV1 is gowrap's, with its call at the top of osInit.
		// Everything else in this file is this GOROOT's own cpu_arm64_darwin.go,
		// its //go:build line narrowed to the iOS family the original leaves out
		// (GOOS=ios, and GOOS=darwin with the ios tag as Mac Catalyst builds use).
		// It exists only in a gowrap -overlay (golang/go#80931; upstream's fix,
		// golang/go@8058a577, builds these files for ios the same way). Verifiers
		// look for this function in the symbol table or the pclntab; noinline keeps
		// it a real function even in optimized builds.
		//
		//go:noinline
		func gowrapMarkerDarwinV1() {}
		EOF
	} | diff - "$TMP/d3" || return 1
}

@test "darwin parity, Go 1.26.8 and 1.27.3: the ios files are the GOROOT's darwin files but for the build line and the marker" {
	run darwin_diff "$GO126_ROOT"
	assert_success
	run darwin_diff "$GO127_ROOT"
	assert_success
}

@test "darwin parity, Go 1.26.8: internal/cpu compiles for every arm64 GOOS and netbsd/windows with the ios tag, marker exactly on ios and darwin+ios" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	run check_matrix "$GO126_ROOT" "$ov" "$DARWIN_MARKER" "$TAGGED_GOOS"
	assert_success
}

@test "darwin parity, Go 1.27.3: internal/cpu compiles for every arm64 GOOS and netbsd/windows with the ios tag, marker exactly on ios and darwin+ios" {
	ov=$("$GOWRAP" overlay --goroot "$GO127_ROOT")
	run check_matrix "$GO127_ROOT" "$ov" "$DARWIN_MARKER" "$TAGGED_GOOS"
	assert_success
}

# godebug_chain ROOT: in the ios/arm64 object of internal/cpu, Initialize
# calls doinit before processOptions; doinit lists the crc32 option with the
# address of ARM64.HasCRC32 and then calls osInit; osInit's crc32 line reads
# hw.optional.armv8_crc32 and stores to that same address. So
# GODEBUG=cpu.crc32=off (processOptions) has the last word on the bit.
godebug_chain() {
	local root="$1" ov exp init doinit osinit l m off
	ov=$("$GOWRAP" overlay --goroot "$root") || return 1
	exp=$(export_of "$root" "$ov" ios) || return 1
	init=$(gr_go "$root" tool objdump -s '^internal/cpu.Initialize$' "$exp" | grep -oE 'R_CALLARM64:internal/cpu\.(doinit|processOptions)\b' | cut -d: -f2)
	[ "$init" = "$(printf 'internal/cpu.doinit\ninternal/cpu.processOptions')" ] || { echo "Initialize: $init"; return 1; }
	l=$(grep -n '{Name: "crc32", Feature: &ARM64.HasCRC32}' "$root/src/internal/cpu/cpu_arm64.go" | cut -d: -f1)
	doinit=$(gr_go "$root" tool objdump -s '^internal/cpu.doinit$' "$exp")
	off=$(grep -E "cpu_arm64\.go:$l\b" <<<"$doinit" | grep -oE 'internal/cpu\.ARM64\+[0-9]+' | head -1)
	[ -n "$off" ] || { echo "doinit: no crc32 option at cpu_arm64.go:$l"; return 1; }
	grep -E "cpu_arm64\.go:$l\b|R_CALLARM64:internal/cpu\.osInit\b" <<<"$doinit" | tail -1 | grep -q 'internal/cpu.osInit' ||
		{ echo "doinit: osInit is not called after the options"; return 1; }
	m=$(grep -n 'ARM64.HasCRC32 = sysctlEnabled' "$(dirname "$ov")/cpu_arm64_darwin_ios_gowrap.go" | cut -d: -f1)
	osinit=$(gr_go "$root" tool objdump -s '^internal/cpu.osInit$' "$exp" | grep -E "cpu_arm64_darwin_ios_gowrap\.go:$m\b")
	grep -q 'go:string."hw.optional.armv8_crc32\\x00"' <<<"$osinit" || { echo "osInit: no crc32 sysctl"; return 1; }
	grep -qE "LDST8:internal/cpu\.ARM64\+${off##*+}[[:space:]]*\$" <<<"$osinit" || { echo "osInit: no store to $off"; return 1; }
	echo "$off"
}

@test "darwin parity: GODEBUG=cpu.crc32=off still reaches HasCRC32 (Initialize: doinit lists crc32 and runs osInit, then processOptions)" {
	run godebug_chain "$GO126_ROOT"
	assert_success
	assert_output --regexp '^internal/cpu\.ARM64\+[0-9]+$'
	run godebug_chain "$GO127_ROOT"
	assert_success
	assert_output --regexp '^internal/cpu\.ARM64\+[0-9]+$'
}

# link_ios ROOT OUT: a cgo ios/arm64 executable, externally linked with the
# stand-in Apple toolchain, under the default overlay.
link_ios() {
	local root="$1" out="$2" ov
	ov=$("$GOWRAP" overlay --goroot "$root") || return 1
	mkdir -p "$TMP/app"
	printf 'module app\n\ngo 1.21\n' >"$TMP/app/go.mod"
	printf 'package main\n\nimport (\n\t"crypto/sha512"\n\t"fmt"\n\t"hash/crc32"\n)\n\nimport "C"\n\nfunc main() { fmt.Println(crc32.ChecksumIEEE(nil), sha512.Sum512(nil)) }\n' >"$TMP/app/main.go"
	(cd "$TMP/app" && GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" gr_go "$root" build -overlay="$ov" -o "$out" .)
}

@test "darwin parity, Go 1.26.8 and 1.27.3: a linked ios/arm64 executable (cgo, external link) takes internal/cpu.sysctlbynameInt32 from runtime/os_darwin.go" {
	for root in "$GO126_ROOT" "$GO127_ROOT"; do
		run link_ios "$root" "$TMP/app-$(basename "$root")"
		assert_success
		exe="$TMP/app-$(basename "$root")"
		run gr_go "$root" tool nm "$exe"
		assert_line --regexp "^ *[0-9a-f]+ T $DARWIN_MARKER\$"
		assert_line --regexp '^ *[0-9a-f]+ T internal/cpu\.sysctlbynameInt32$'
		refute_line --regexp ' U internal/cpu\.'
		run gr_go "$root" tool objdump -s '^internal/cpu.sysctlbynameInt32$' "$exe"
		assert_line --index 0 "TEXT internal/cpu.sysctlbynameInt32(SB) $root/src/runtime/os_darwin.go"
		run "$SYMCHECK" "$exe"
		assert_success
		assert_output --partial "$DARWIN_MARKER in symtab (darwin parity): required: ok"
	done
}

@test "overlay keyed on another GOROOT does nothing (why keys must be exact)" {
	# Guards the matrix test: an overlay for 1.26.8 must not touch 1.27.3.
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	exp=$(export_of "$GO127_ROOT" "$ov" ios)
	run bash -c "gr_go() { GOROOT='$GO127_ROOT' '$GO127_ROOT/bin/go' \"\$@\"; }; gr_go tool nm '$exp' | grep -c gowrapMarker"
	assert_output 0
}

@test "symlinked GOROOT: keys use the path as given, and the go command honours them" {
	ln -s "$GO127_ROOT" "$TMP/golink"
	run "$GOWRAP" overlay --goroot "$TMP/golink" --json
	assert_success
	assert_equal "$(field .goroot)" "$TMP/golink"
	ov=$(field .overlay)
	run jq -r '.Replace | keys[0]' "$ov"
	assert_output "$TMP/golink/src/internal/cpu/cpu_arm64_darwin_ios_gowrap.go"
	exp=$(cd "$TMP" && GOOS=ios GOARCH=arm64 CGO_ENABLED=0 GOROOT="$TMP/golink" GOFLAGS= \
		"$TMP/golink/bin/go" list -overlay="$ov" -export -f '{{.Export}}' internal/cpu)
	"$GO127_ROOT/bin/go" tool nm "$exp" | grep -q "T $DARWIN_MARKER"
}

# build_std_twice ROOT OVERLAY GOOS[+ios] [FEATURES]: go build std for that
# arm64 target, then again with nothing to compile, then with the overlay
# regenerated in a fresh cache directory (same bytes: still nothing).
build_std_twice() {
	local root="$1" ov="$2" os="$3" tags=()
	case "$os" in *+ios) os=${os%+ios}; tags=(-tags=ios) ;; esac
	(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build "${tags[@]}" -overlay="$ov" std) || return 1
	n=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build "${tags[@]}" -x -overlay="$ov" std 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "second build compiled $n packages"; return 1; }
	# A fresh cache directory gives the same bytes, so the build stays cached.
	ov2=$(GOWRAP_CACHE="$TMP/cache2" "$GOWRAP" overlay --goroot "$root" --features "${4:-darwin}")
	n=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build "${tags[@]}" -x -overlay="$ov2" std 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "regenerated overlay recompiled $n packages"; return 1; }
}

# apidump_build ROOT: tests/helpers/apidump built by that toolchain (it reads
# the toolchain's own export data), once per file; apidump ROOT EXPORT then
# prints internal/cpu's exported API as its importers see it.
apidump_build() {
	local bin="$BATS_FILE_TMPDIR/apidump-$(basename "$1")"
	[ -x "$bin" ] || (cd "$GOWRAP_ROOT/tests/helpers/apidump" && GOOS= GOARCH= CGO_ENABLED=0 \
		gr_go "$1" build -o "$bin.$$" main.go && mv "$bin.$$" "$bin")
}
apidump() { "$BATS_FILE_TMPDIR/apidump-$(basename "$1")" "$2" internal/cpu; }

# std_compiles_as_stock ROOT OVERLAY GOOS[+ios] [FEATURES]: the cheap proof
# that std compiles for a target under the overlay, for the configurations
# whose full `go build std` is not run (build_std_twice runs it for darwin
# parity on ios/arm64 with Go 1.26.8). The overlay changes
# internal/cpu alone; if internal/cpu compiles under it and exports exactly
# stock's API (every exported name with its full type, the struct fields
# included), every other std package type-checks and compiles against it
# exactly as it does against stock's. Then, as build_std_twice: a second
# build and a regenerated overlay compile nothing.
std_compiles_as_stock() {
	local root="$1" ov="$2" os="$3" tags=() stock mine n
	case "$os" in *+ios) os=${os%+ios}; tags=(-tags=ios) ;; esac
	stock=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" list "${tags[@]}" \
		-export -f '{{.Export}}' internal/cpu) || return 1
	mine=$(export_of "$root" "$ov" "$3") || { echo "internal/cpu does not compile under the overlay: $mine"; return 1; }
	[ "$stock" != "$mine" ] || { echo "the overlay changed nothing: $mine"; return 1; }
	apidump_build "$root" || return 1
	diff <(apidump "$root" "$stock") <(apidump "$root" "$mine") || { echo "internal/cpu's API differs from stock's"; return 1; }
	[ "$(apidump "$root" "$mine" | grep -c '^var internal/cpu.ARM64 struct{')" -eq 1 ] || { echo "no API read"; return 1; }
	n=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build "${tags[@]}" -x -overlay="$ov" internal/cpu 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "second build compiled $n packages"; return 1; }
	ov2=$(GOWRAP_CACHE="$TMP/cache2" "$GOWRAP" overlay --goroot "$root" --features "${4:-darwin}")
	n=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build "${tags[@]}" -x -overlay="$ov2" internal/cpu 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "regenerated overlay recompiled $n packages"; return 1; }
}

@test "crypto, Go 1.26.8: std compiles for ios/arm64 under the overlay (internal/cpu exports stock's exact API); second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT" --features crypto)
	run std_compiles_as_stock "$GO126_ROOT" "$ov" ios crypto
	assert_success
}

@test "crypto, Go 1.27.3: std compiles for ios/arm64 under the overlay (internal/cpu exports stock's exact API); second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO127_ROOT" --features crypto)
	run std_compiles_as_stock "$GO127_ROOT" "$ov" ios crypto
	assert_success
}

@test "darwin parity, Go 1.26.8: go build std for ios/arm64; darwin/arm64 -tags ios exports stock's exact API; second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	run build_std_twice "$GO126_ROOT" "$ov" ios
	assert_success
	run std_compiles_as_stock "$GO126_ROOT" "$ov" darwin+ios
	assert_success
}

# Go 1.26.8's full `go build std` above is what the cheap proof stands on;
# for Go 1.27.3 (a cold std of its own, 88 CPU s here) the cheap proof.
@test "darwin parity, Go 1.27.3: std compiles for ios/arm64 and darwin/arm64 -tags ios under the overlay (internal/cpu exports stock's exact API); second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO127_ROOT")
	run std_compiles_as_stock "$GO127_ROOT" "$ov" ios
	assert_success
	run std_compiles_as_stock "$GO127_ROOT" "$ov" darwin+ios
	assert_success
}

# The cheap proof must fail where the full build would: an overlay that
# changes internal/cpu's API (a field renamed) is caught by it.
@test "the cheap std proof fails an overlay that changes internal/cpu's exported API" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	bad="$TMP/bad" && mkdir -p "$bad"
	jq -r '.Replace | to_entries[] | "\(.key)\t\(.value)"' "$ov" | while IFS=$'\t' read -r k v; do
		[ -n "$v" ] && cp "$v" "$bad/$(basename "$k")"
	done
	# an exported function added to the overlay's own file changes the API
	f=$(ls "$bad"/*gowrap*.go 2>/dev/null | head -1)
	[ -n "$f" ] || f=$(ls "$bad"/*.go | head -1)
	printf '\nfunc GowrapExtra() {}\n' >>"$f"
	jq --arg d "$bad" '.Replace |= with_entries(if .value == "" then . else .value = ($d + "/" + (.key | split("/") | last)) end)' \
		"$ov" >"$bad/overlay.json"
	run std_compiles_as_stock "$GO126_ROOT" "$bad/overlay.json" ios
	assert_failure
	assert_output --partial "internal/cpu's API differs from stock's"
	assert_output --partial "GowrapExtra"
}

@test "host and linux/arm64 builds are not made stale by the overlay (either feature set)" {
	mkdir -p "$TMP/m" && cd "$TMP/m"
	printf 'module m\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nimport (\n\t"crypto/aes"\n\t"fmt"\n)\n\nfunc main() { fmt.Println(aes.BlockSize, "%s") }\n' "$RANDOM$RANDOM" >main.go
	for t in linux/amd64 linux/arm64 darwin/arm64 linux/amd64+crypto linux/arm64+crypto darwin/arm64+crypto; do
		f=darwin
		case "$t" in *+crypto) t=${t%+crypto}; f=crypto ;; esac
		ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT" --features "$f")
		GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 go build -o /dev/null . # warm
		# Control: the main package itself recompiles when its source changes.
		echo "// $RANDOM" >>main.go
		n=$(GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 go build -x -overlay="$ov" -o /dev/null . 2>&1 | count_compiles)
		[ "$n" -eq 1 ] || { echo "$t: expected only main to compile, got $n"; false; }
	done
}

@test "upstream-fixed GOROOT (golang/go@8058a577 structure): not-needed, empty overlay, said once" {
	gr_mini_copy "$GO126_ROOT" "$TMP/fixed"
	gr_make_upstream_fixed "$TMP/fixed"
	run --separate-stderr "$GOWRAP" overlay --goroot "$TMP/fixed" --json
	assert_success
	assert_equal "$(field .status)" not-needed
	assert_equal "$(field .marker)" null
	assert_equal "$(field .variant)" upstream-fixed-8058a577
	assert_equal "$(jq -c . "$(field .overlay)")" '{"Replace":{}}'
	assert [ "$(grep -c 'already detects ARM64 features on iOS' <<<"$stderr")" -eq 1 ]
}

@test "the not-needed overlay (no replacements) is accepted by the go command" {
	gr_mini_copy "$GO126_ROOT" "$TMP/fixed"
	gr_make_upstream_fixed "$TMP/fixed"
	ov=$("$GOWRAP" overlay --goroot "$TMP/fixed" 2>/dev/null)
	exp=$(export_of "$GO126_ROOT" "$ov" ios)
	run bash -c "go tool nm '$exp' | grep -c gowrapMarker"
	assert_output 0
}

@test "edited cpu_arm64_other.go: refused with exit 108, file, blob id, Go version" {
	gr_mini_copy "$GO126_ROOT" "$TMP/edited"
	f="$TMP/edited/src/internal/cpu/cpu_arm64_other.go"
	sed -i 's|^func osInit() {|func osInit() {\n\tARM64.HasAES = true|' "$f"
	blob=$(git hash-object "$f")
	run --separate-stderr "$GOWRAP" overlay --goroot "$TMP/edited"
	assert_failure 108
	assert_equal "$output" ""
	assert_regex "$stderr" "^gowrap: unknown internal/cpu variant: .*/cpu_arm64_other.go has blob id $blob.*\(Go go1\.26\.8\).*\(fix: "
	assert_equal "$(wc -l <<<"$stderr")" 1
	run --separate-stderr "$GOWRAP" overlay --goroot "$TMP/edited" --json
	assert_failure 108
	assert_equal "$(field .status)" refused
	assert_equal "$(field .blob)" "$blob"
	assert_equal "$(ls -A "$GOWRAP_CACHE/overlay" 2>/dev/null)" ""
}

@test "cpu_arm64_darwin.go no longer excluding ios (half-fixed toolchain): refused by both feature sets" {
	gr_mini_copy "$GO126_ROOT" "$TMP/half"
	sed -i 's|^//go:build arm64 && darwin && !ios$|//go:build arm64 \&\& darwin|' \
		"$TMP/half/src/internal/cpu/cpu_arm64_darwin.go"
	run "$GOWRAP" overlay --goroot "$TMP/half" --features crypto
	assert_failure 108
	assert_output --partial "cpu_arm64_darwin.go is not"
	run "$GOWRAP" overlay --goroot "$TMP/half"
	assert_failure 108
	assert_output --partial "unknown internal/cpu darwin files"
}

@test "darwin parity refuses darwin files it does not know (108, blob ids, the crypto fix); mixed releases too; crypto still applies" {
	gr_mini_copy "$GO126_ROOT" "$TMP/dar"
	f="$TMP/dar/src/internal/cpu/cpu_arm64_darwin.go"
	sed -i 's/hw.optional.armv8_crc32/hw.optional.armv8_crc32_x/' "$f"
	blob=$(git hash-object "$f")
	run --separate-stderr "$GOWRAP" overlay --goroot "$TMP/dar"
	assert_failure 108
	assert_equal "$output" ""
	assert_regex "$stderr" "^gowrap: unknown internal/cpu darwin files: .*/cpu_arm64_darwin.go \(blob $blob\) and cpu_darwin.go \(blob 2d4ac54f[0-9a-f]*\) .*\(Go go1\.26\.8\) \(fix: build with GOWRAP_FEATURES=crypto .*\)$"
	assert_equal "$(wc -l <<<"$stderr")" 1
	run --separate-stderr "$GOWRAP" overlay --goroot "$TMP/dar" --json
	assert_failure 108
	assert_equal "$(field .status)" refused
	assert_equal "$(field .features)" darwin
	assert_equal "$(field .code)" 108
	assert_equal "$(ls -A "$GOWRAP_CACHE/overlay" 2>/dev/null)" ""
	GOWRAP_FEATURES=crypto run "$GOWRAP" overlay --goroot "$TMP/dar"
	assert_success
	# Go 1.27's darwin files in a Go 1.26 GOROOT: each known, together not.
	gr_mini_copy "$GO126_ROOT" "$TMP/mixed"
	cp "$GO127_ROOT/src/internal/cpu/cpu_arm64_darwin.go" "$TMP/mixed/src/internal/cpu/"
	run "$GOWRAP" overlay --goroot "$TMP/mixed"
	assert_failure 108
	assert_output --partial "not in gowrap's darwin-files table for arm64-other-go1.20"
}

@test "GOROOT beneath GOMODCACHE: refused with the toolchain install fix" {
	run "$GOWRAP" overlay --goroot "$GO127_MODCACHE"
	assert_failure 105
	assert_output --partial "GOROOT lies beneath GOMODCACHE"
	assert_output --partial "gowrap toolchain install go1.27.3"
	# Also when GOMODCACHE is simply where the GOROOT is (no toolchain@ path).
	gr_mini_copy "$GO126_ROOT" "$TMP/mc/go"
	GOMODCACHE="$TMP/mc" run "$GOWRAP" overlay --goroot "$TMP/mc/go"
	assert_failure 105
	assert_output --partial GOMODCACHE
	# The shim passes the GOMODCACHE its caller's go reported.
	run "$GOWRAP" overlay --goroot "$TMP/mc/go" --gomodcache "$TMP/mc" --json
	assert_failure 105
	assert_equal "$(field .code)" 105
	assert_equal "$(field .variant)" arm64-other-go1.20
	run "$GOWRAP" overlay --goroot "$TMP/mc/go" --gomodcache "$TMP/elsewhere"
	assert_success
	# An overlay without replacements is accepted even there: not refused.
	gr_make_upstream_fixed "$TMP/mc/go"
	run "$GOWRAP" overlay --goroot "$TMP/mc/go" --gomodcache "$TMP/mc"
	assert_success
}

@test "cache: directories 0700, files 0600, nothing written into GOROOT" {
	gr_mini_copy "$GO126_ROOT" "$TMP/g"
	before=$(cd "$TMP/g" && find . -printf '%p %s %T@\n' | sort)
	ov=$("$GOWRAP" overlay --goroot "$TMP/g")
	for d in "$GOWRAP_CACHE" "$GOWRAP_CACHE/overlay" "$(dirname "$ov")"; do
		assert_equal "$(stat -c %a "$d")" 700
	done
	for f in "$(dirname "$ov")"/*; do
		assert_equal "$(stat -c %a "$f")" 600
	done
	assert_equal "$(cd "$TMP/g" && find . -printf '%p %s %T@\n' | sort)" "$before"
}

@test "32 parallel cold-cache calls all succeed and agree" {
	for i in $(seq 32); do
		("$GOWRAP" overlay --goroot "$GO126_ROOT" >"$TMP/out.$i" 2>"$TMP/err.$i"; echo $? >"$TMP/rc.$i") &
	done
	wait
	for i in $(seq 32); do
		assert_equal "$(cat "$TMP/rc.$i")" 0
		assert_equal "$(cat "$TMP/err.$i")" ""
		assert_equal "$(cat "$TMP/out.$i")" "$(cat "$TMP/out.1")"
	done
	dir=$(dirname "$(cat "$TMP/out.1")")
	run ls "$dir"
	assert_output "cpu_arm64_darwin_ios_gowrap.go
cpu_arm64_other.go
cpu_darwin_ios_gowrap.go
overlay.json"
}

@test "deterministic: same inputs, same path and bytes; warm call rewrites nothing" {
	ov1=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	ov2=$(GOWRAP_CACHE="$TMP/other" "$GOWRAP" overlay --goroot "$GO126_ROOT")
	assert_equal "${ov1#"$GOWRAP_CACHE"}" "${ov2#"$TMP/other"}"
	assert_equal "$(ls "$(dirname "$ov1")")" "$(ls "$(dirname "$ov2")")"
	for f in "$(dirname "$ov1")"/*.go; do
		cmp "$f" "$(dirname "$ov2")/${f##*/}"
	done
	# The JSON differs only by the cache prefix.
	diff <(sed "s|$GOWRAP_CACHE|C|g" "$ov1") <(sed "s|$TMP/other|C|g" "$ov2")
	m1=$(stat -c %Y.%i "$(dirname "$ov1")"/*)
	sleep 1
	ov3=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	assert_equal "$ov3" "$ov1"
	assert_equal "$(stat -c %Y.%i "$(dirname "$ov1")"/*)" "$m1"
	# A damaged cached file is repaired on the next call.
	echo junk >"$(dirname "$ov1")/cpu_arm64_darwin_ios_gowrap.go"
	"$GOWRAP" overlay --goroot "$GO126_ROOT" >/dev/null
	cmp "$(dirname "$ov1")/cpu_arm64_darwin_ios_gowrap.go" "$(dirname "$ov2")/cpu_arm64_darwin_ios_gowrap.go"
}

@test "source-checkout GOROOT: HEAD reported; local changes in internal/cpu refused unless allowed" {
	gr_mini_copy "$GO126_ROOT" "$TMP/src"
	rm "$TMP/src/VERSION"
	git -C "$TMP/src" init -q
	git -C "$TMP/src" add -A
	git -C "$TMP/src" -c user.name=t -c user.email=t@t commit -qm init
	head=$(git -C "$TMP/src" rev-parse HEAD)
	run "$GOWRAP" overlay --goroot "$TMP/src" --json
	assert_success
	assert_equal "$(field .commit)" "$head"
	assert_equal "$(field .goversion)" "devel +${head:0:12}"
	assert_equal "$(field .status)" applied
	echo '// local' >>"$TMP/src/src/internal/cpu/cpu_arm64.go"
	run "$GOWRAP" overlay --goroot "$TMP/src"
	assert_failure 108
	assert_output --partial "local changes in internal/cpu"
	assert_output --partial "src/internal/cpu/cpu_arm64.go"
	run "$GOWRAP" overlay --goroot "$TMP/src" --allow-modified
	assert_success
	GOWRAP_ALLOW_MODIFIED=1 run "$GOWRAP" overlay --goroot "$TMP/src"
	assert_success
	git -C "$TMP/src" checkout -q -- .
	touch "$TMP/src/src/internal/cpu/new_untracked.go"
	run "$GOWRAP" overlay --goroot "$TMP/src"
	assert_failure 108
	assert_output --partial new_untracked.go
}

@test "without --goroot: asks the real go, same overlay as --goroot \$(go env GOROOT)" {
	run "$GOWRAP" overlay
	assert_success
	assert_output "$("$GOWRAP" overlay --goroot "$GO126_ROOT")"
}

@test "bad input: not a GOROOT, unknown flag" {
	run "$GOWRAP" overlay --goroot "$TMP/nothing"
	assert_failure 108
	assert_output --partial "not a GOROOT"
	run "$GOWRAP" overlay --frobnicate
	assert_failure 2
	assert_output 'gowrap: gowrap overlay: unknown option --frobnicate (fix: run `gowrap overlay --help`)'
}

@test "feature sets: darwin by default, GOWRAP_FEATURES=crypto or --features crypto for the four bits, the flag wins, unknown values are usage errors" {
	run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json
	assert_equal "$(field .features)" darwin
	assert_equal "$(field .marker)" "$DARWIN_MARKER"
	GOWRAP_FEATURES=crypto run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json
	assert_equal "$(field .features)" crypto
	assert_equal "$(field .marker)" "$CRYPTO_MARKER"
	GOWRAP_FEATURES=crypto run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json --features darwin
	assert_equal "$(field .features)" darwin
	run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json --features=crypto
	assert_equal "$(field .features)" crypto
	GOWRAP_FEATURES=all run --separate-stderr "$GOWRAP" overlay --goroot "$GO126_ROOT" --json
	assert_failure 115
	assert_equal "$output" ""
	assert_equal "$stderr" "gowrap: unknown GOWRAP_FEATURES: GOWRAP_FEATURES=all names no feature set (fix: set GOWRAP_FEATURES=darwin (the default: macOS parity) or GOWRAP_FEATURES=crypto (the four ARMv8.0 crypto bits only), or unset it)"
	run --separate-stderr "$GOWRAP" overlay --goroot "$GO126_ROOT" --features Darwin
	assert_failure 2
	assert_equal "$stderr" "gowrap: gowrap overlay: --features Darwin names no feature set (fix: use --features darwin (the default: macOS parity) or --features crypto (the four ARMv8.0 crypto bits only))"
	run --separate-stderr "$GOWRAP" overlay --features
	assert_failure 2
	assert_regex "$stderr" '^gowrap: gowrap overlay: --features needs a value \(fix: .*\)$'
	run "$GOWRAP" overlay --help
	assert_success
	assert_output --partial "[--features darwin|crypto]"
}

@test "each feature set has its own cache key: switching sets writes elsewhere, switching back finds its files untouched" {
	ovd=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	ovc=$(GOWRAP_FEATURES=crypto "$GOWRAP" overlay --goroot "$GO126_ROOT")
	refute_glob "$(dirname "$ovd")" "$(dirname "$ovc")"
	md=$(stat -c %Y.%i "$(dirname "$ovd")"/*)
	mc=$(stat -c %Y.%i "$(dirname "$ovc")"/*)
	sleep 1
	assert_equal "$("$GOWRAP" overlay --goroot "$GO126_ROOT")" "$ovd"
	assert_equal "$(GOWRAP_FEATURES=crypto "$GOWRAP" overlay --goroot "$GO126_ROOT")" "$ovc"
	assert_equal "$(stat -c %Y.%i "$(dirname "$ovd")"/*)" "$md"
	assert_equal "$(stat -c %Y.%i "$(dirname "$ovc")"/*)" "$mc"
	# The two overlays replace different files (never one file both ways).
	run jq -r '.Replace | keys[]' "$ovc"
	refute_line --partial cpu_darwin_ios_gowrap.go
	run jq -r '.Replace[]' "$ovd" "$ovc"
	assert_equal "$(sort <<<"$output" | uniq -d)" ""
}

@test "through the shim: a switched feature set recompiles once, switching back is fully cached (go build -x), and the memo follows GOWRAP_FEATURES" {
	mkdir -p "$TMP/sw" && cd "$TMP/sw"
	printf 'module sw\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nfunc main() {}\n' >main.go
	# darwin with the ios tag: links internally, and the shim injects for it
	export GOCACHE="$TMP/gocache" GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 GOFLAGS=-tags=ios
	compiles() { PATH="$SHIM_DIR:$PATH" go build -x -o sw . 2>&1 | count_compiles; }
	# llvm-nm, not go tool nm: in this fresh GOCACHE go would build nm first.
	marker() { llvm-nm sw | awk '$NF ~ /gowrapMarker/ {sub(/^_/, "", $NF); print $NF}'; }
	d1=$(compiles)
	assert_equal "$(marker)" "$DARWIN_MARKER"
	c1=$(GOWRAP_FEATURES=crypto compiles)
	assert_equal "$(marker)" "$CRYPTO_MARKER"
	c2=$(GOWRAP_FEATURES=crypto compiles)
	d2=$(compiles)
	assert_equal "$(marker)" "$DARWIN_MARKER"
	c3=$(GOWRAP_FEATURES=crypto compiles)
	assert_equal "$(marker)" "$CRYPTO_MARKER"
	echo "compiles: darwin $d1, crypto $c1, crypto $c2, darwin $d2, crypto $c3"
	assert [ "$d1" -gt 0 ]
	# Once: internal/cpu and what depends on it, never more than the cold build.
	assert [ "$c1" -gt 0 ]
	assert [ "$c1" -le "$d1" ]
	assert_equal "$c2" 0
	assert_equal "$d2" 0
	assert_equal "$c3" 0
}

@test "doctor names the feature set in use and each bit: asserted or its sysctl, and who reads it" {
	cd "$TMP"
	PATH="$SHIM_DIR:$PATH" run "$GOWRAP" doctor --json
	assert_success
	assert_equal "$(field .features)" darwin
	assert_equal "$(field .marker)" "$DARWIN_MARKER"
	assert_equal "$(field .variant)" arm64-other-go1.20+darwin-go1.26
	assert_equal "$(field '[.bits[] | select(.how == "asserted") | .bit] | join(" ")')" "HasAES HasPMULL HasSHA1 HasSHA2"
	assert_equal "$(field '.bits[] | select(.bit == "HasCRC32") | "\(.how) \(.sysctl)"')" "sysctl hw.optional.armv8_crc32"
	assert_glob "$(field '.bits[] | select(.bit == "HasCRC32") | .readers')" "*hash/crc32*"
	assert_glob "$(field '.bits[] | select(.bit == "HasPMULL") | .readers')" "*simd/archsimd ARM64.PMULL()*"
	assert_glob "$(field '.bits[] | select(.bit == "HasSHA512") | .readers')" "*crypto/sha512*"
	PATH="$SHIM_DIR:$PATH" run "$GOWRAP" doctor
	assert_success
	assert_line --regexp '^  feature set: +darwin parity \(GOWRAP_FEATURES=darwin, the default\)'
	assert_line --regexp '^    HasCRC32 +sysctl hw\.optional\.armv8_crc32 +hash/crc32'
	assert_line --regexp '^    HasAES +asserted +crypto/aes'
	PATH="$SHIM_DIR:$PATH" GOWRAP_FEATURES=crypto run "$GOWRAP" doctor --json
	assert_success
	assert_equal "$(field .features)" crypto
	assert_equal "$(field .marker)" "$CRYPTO_MARKER"
	assert_equal "$(field '[.bits[] | .how] | unique | join(" ")')" asserted
	PATH="$SHIM_DIR:$PATH" GOWRAP_FEATURES=nope run "$GOWRAP" doctor
	assert_failure 1
	assert_output --partial "gowrap: unknown GOWRAP_FEATURES"
}
