#!/usr/bin/env bats
# tests/overlay.bats — `gowrap overlay` against the real Go 1.26.8
# and Go 1.27.3: compile matrix, std build, cache behaviour, refusals, and the
# checks that make each mutation listed in overlay/README.md fail.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/goroot

ARM64_GOOS="ios darwin darwin+ios linux android freebsd netbsd openbsd windows"

setup_file() {
	export GO126_ROOT GO127_MODCACHE GO127_ROOT
	GO126_ROOT=$(go env GOROOT)
	GO127_MODCACHE=$(gr_go127_modcache)
	# The go command refuses overlays beneath GOMODCACHE: compile with a copy.
	GO127_ROOT="$BATS_FILE_TMPDIR/go1.27.3"
	gr_full_copy "$GO127_MODCACHE" "$GO127_ROOT"
}

setup() {
	common_setup
	[ -x "$GOWRAP" ] || { echo "gowrap not built: $GOWRAP (run make)" >&2; return 1; }
}

# json FIELD: a field of $output (jq -r).
field() { jq -r "$1" <<<"$output"; }

# export_of ROOT OVERLAY GOOS[+ios]: the export file of internal/cpu for arm64.
export_of() {
	local root="$1" ov="$2" os="$3" tags=()
	if [ "$os" = darwin+ios ]; then os=darwin; tags=(-tags=ios); fi
	(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" list -overlay="$ov" "${tags[@]}" \
		-export -f '{{.Export}}' internal/cpu)
}

# The compile matrix: marker exactly for ios and darwin+ios, and
# osInit really calling it (a CALL in osInit: dropped calls and inlined
# markers both fail here).
check_matrix() {
	local root="$1" ov="$2" os exp syms
	for os in $ARM64_GOOS; do
		exp=$(export_of "$root" "$ov" "$os") || { echo "compile failed for $os/arm64: $exp"; return 1; }
		syms=$(gr_go "$root" tool nm "$exp" | awk '$(NF-1)=="T"{print $NF}')
		if [ "$os" = ios ] || [ "$os" = darwin+ios ]; then
			grep -qx 'internal/cpu.gowrapMarkerV1' <<<"$syms" || { echo "no marker for $os"; return 1; }
			gr_go "$root" tool objdump -s '^internal/cpu.osInit$' "$exp" | grep -qE 'CALL .*R_CALLARM64:internal/cpu\.gowrapMarkerV1\b' ||
				{ echo "osInit does not call the marker for $os"; return 1; }
		else
			! grep -q gowrapMarker <<<"$syms" || { echo "marker leaked to $os"; return 1; }
		fi
	done
}

count_compiles() { grep -c '/compile ' || true; }

@test "the ios tag on GOOSes whose own file defines osInit compiles as without the overlay (no redeclaration)" {
	# linux, android, freebsd, openbsd (and windows from 1.27) have their own
	# osInit: the added file must not join it just because -tags ios is set.
	for pair in "$GO126_ROOT:linux android freebsd openbsd" "$GO127_ROOT:linux android freebsd openbsd windows"; do
		root=${pair%%:*}
		ov=$("$GOWRAP" overlay --goroot "$root")
		for os in ${pair#*:}; do
			exp=$(cd "$TMP" && GOOS=$os GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" list -overlay="$ov" -tags=ios \
				-export -f '{{.Export}}' internal/cpu 2>&1) || { echo "$root $os/arm64 -tags ios: $exp"; return 1; }
			! gr_go "$root" tool nm "$exp" | grep -q gowrapMarker || { echo "marker leaked to $os+ios"; return 1; }
		done
	done
}

@test "applied for Go 1.26.8: --json shape, keys on GOROOT as given" {
	run "$GOWRAP" overlay --goroot "$GO126_ROOT" --json
	assert_success
	assert [ "$(wc -l <<<"$output")" -eq 1 ]
	assert_equal "$(field .status)" applied
	assert_equal "$(field .marker)" internal/cpu.gowrapMarkerV1
	assert_equal "$(field .goversion)" go1.26.8
	assert_equal "$(field .goroot)" "$GO126_ROOT"
	assert_equal "$(field .variant)" arm64-other-go1.20
	assert_equal "$(field .blob)" "$(git hash-object "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go")"
	jq -e --arg f "$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go" '.inputs | index($f)' <<<"$output"
	ov=$(field .overlay)
	assert_glob "$ov" "$GOWRAP_CACHE/overlay/*/overlay.json"
	run jq -r '.Replace | keys[]' "$ov"
	assert_output "$GO126_ROOT/src/internal/cpu/cpu_arm64_ios_gowrap.go
$GO126_ROOT/src/internal/cpu/cpu_arm64_other.go"
	# Plain form prints the same path and nothing else.
	run "$GOWRAP" overlay --goroot "$GO126_ROOT"
	assert_success
	assert_output "$ov"
}

@test "generated files: exactly the four bits, in osInit, marker called and noinline" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
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

@test "Go 1.26.8: internal/cpu compiles for every arm64 GOOS, marker exactly on ios and darwin+ios" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	run check_matrix "$GO126_ROOT" "$ov"
	assert_success
}

@test "Go 1.27.3: internal/cpu compiles for every arm64 GOOS, marker exactly on ios and darwin+ios" {
	run "$GOWRAP" overlay --goroot "$GO127_ROOT" --json
	assert_success
	assert_equal "$(field .variant)" arm64-other-go1.27
	assert_equal "$(field .goversion)" go1.27.3
	ov=$(field .overlay)
	run check_matrix "$GO127_ROOT" "$ov"
	assert_success
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
	assert_output "$TMP/golink/src/internal/cpu/cpu_arm64_ios_gowrap.go"
	exp=$(cd "$TMP" && GOOS=ios GOARCH=arm64 CGO_ENABLED=0 GOROOT="$TMP/golink" GOFLAGS= \
		"$TMP/golink/bin/go" list -overlay="$ov" -export -f '{{.Export}}' internal/cpu)
	"$GO127_ROOT/bin/go" tool nm "$exp" | grep -q 'T internal/cpu.gowrapMarkerV1'
}

build_std_twice() {
	local root="$1" ov="$2"
	(cd "$TMP" && GOOS=ios GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build -overlay="$ov" std) || return 1
	n=$(cd "$TMP" && GOOS=ios GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build -x -overlay="$ov" std 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "second build compiled $n packages"; return 1; }
	# A fresh cache directory gives the same bytes, so the build stays cached.
	ov2=$(GOWRAP_CACHE="$TMP/cache2" "$GOWRAP" overlay --goroot "$root")
	n=$(cd "$TMP" && GOOS=ios GOARCH=arm64 CGO_ENABLED=0 gr_go "$root" build -x -overlay="$ov2" std 2>&1 | count_compiles)
	[ "$n" -eq 0 ] || { echo "regenerated overlay recompiled $n packages"; return 1; }
}

@test "Go 1.26.8: go build std for ios/arm64 with the overlay; second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	run build_std_twice "$GO126_ROOT" "$ov"
	assert_success
}

@test "Go 1.27.3: go build std for ios/arm64 with the overlay; second build compiles nothing" {
	ov=$("$GOWRAP" overlay --goroot "$GO127_ROOT")
	run build_std_twice "$GO127_ROOT" "$ov"
	assert_success
}

@test "host and linux/arm64 builds are not made stale by the overlay" {
	ov=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	mkdir -p "$TMP/m" && cd "$TMP/m"
	printf 'module m\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nimport (\n\t"crypto/aes"\n\t"fmt"\n)\n\nfunc main() { fmt.Println(aes.BlockSize, "%s") }\n' "$RANDOM$RANDOM" >main.go
	for t in linux/amd64 linux/arm64 darwin/arm64; do
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

@test "cpu_arm64_darwin.go no longer excluding ios (half-fixed toolchain): refused" {
	gr_mini_copy "$GO126_ROOT" "$TMP/half"
	sed -i 's|^//go:build arm64 && darwin && !ios$|//go:build arm64 \&\& darwin|' \
		"$TMP/half/src/internal/cpu/cpu_arm64_darwin.go"
	run "$GOWRAP" overlay --goroot "$TMP/half"
	assert_failure 108
	assert_output --partial "cpu_arm64_darwin.go is not"
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
	assert_output "cpu_arm64_ios_gowrap.go
cpu_arm64_other.go
overlay.json"
}

@test "deterministic: same inputs, same path and bytes; warm call rewrites nothing" {
	ov1=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	ov2=$(GOWRAP_CACHE="$TMP/other" "$GOWRAP" overlay --goroot "$GO126_ROOT")
	assert_equal "${ov1#"$GOWRAP_CACHE"}" "${ov2#"$TMP/other"}"
	for f in overlay.json cpu_arm64_ios_gowrap.go cpu_arm64_other.go; do
		[ "$f" = overlay.json ] && continue
		cmp "$(dirname "$ov1")/$f" "$(dirname "$ov2")/$f"
	done
	# The JSON differs only by the cache prefix.
	diff <(sed "s|$GOWRAP_CACHE|C|g" "$ov1") <(sed "s|$TMP/other|C|g" "$ov2")
	m1=$(stat -c %Y.%i "$(dirname "$ov1")"/*)
	sleep 1
	ov3=$("$GOWRAP" overlay --goroot "$GO126_ROOT")
	assert_equal "$ov3" "$ov1"
	assert_equal "$(stat -c %Y.%i "$(dirname "$ov1")"/*)" "$m1"
	# A damaged cached file is repaired on the next call.
	echo junk >"$(dirname "$ov1")/cpu_arm64_ios_gowrap.go"
	"$GOWRAP" overlay --goroot "$GO126_ROOT" >/dev/null
	cmp "$(dirname "$ov1")/cpu_arm64_ios_gowrap.go" "$(dirname "$ov2")/cpu_arm64_ios_gowrap.go"
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
	assert_output --partial "usage: gowrap overlay"
}
