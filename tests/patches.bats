#!/usr/bin/env bats
# tests/patches.bats — GOWRAP_PATCHES (patch/, README "Your own patches"):
# the diff parser and the exact applier (through tests/unit/patchcheck), the
# malformed inputs of tests/patches/malformed/, then real patches made at
# test time from the GOROOT in use (diff -u / git diff), through the shim.
bats_require_minimum_version 1.5.0
load helpers/common

load helpers/patches
load helpers/shim

PC="$BUILD_DIR/unit/patchcheck"

# The shim's builds share one cache of gowrap's (GOWRAP_CACHE) and the go
# build cache the machine has (warm after the first run: patched bytes and
# markers are deterministic); each configuration is built once, on first use.
setup_file() {
	export PT="$BATS_FILE_TMPDIR"
	export PT_CACHE="$PT/cache"
	export GOTOOLCHAIN=local
	GR="$(PATH="$(path_without "$SHIM_DIR")" go env GOROOT)"
	export GR
	make_patch_set "$GR" "$PT/set"
	mkdir -p "$PT/hello"
	printf 'module example.com/hello\n\ngo 1.21\n' >"$PT/hello/go.mod"
	cat >"$PT/hello/main.go" <<-'EOM'
	package main

	import (
		"fmt"
		"os"
		"time"
	)

	func main() {
		p, _ := os.Executable()
		fmt.Println(time.Since(time.Now()) < time.Second, p != "")
	}
	EOM
}

setup() {
	common_setup
	export GOWRAP_CACHE="$PT_CACHE"
	unset GOWRAP_PATCHES GOOS GOARCH GOFLAGS CGO_ENABLED
	cd "$TMP"
}

sgo() { PATH="$SHIM_DIR:$(path_without "$SHIM_DIR")" go "$@"; }
dgo() { PATH="$(path_without "$SHIM_DIR")" go "$@"; }

# The linux/arm64 hello through the shim with the set (A), and without it (B).
build_a() { (cd "$PT/hello" && GOWRAP_LOG="$PT/a.jsonl" GOWRAP_PATCHES="$PT/set" GOOS=linux GOARCH=arm64 sgo build -o "$PT/hello-a" .); }
build_b() { (cd "$PT/hello" && GOOS=linux GOARCH=arm64 sgo build -o "$PT/hello-b" .); }
# One ios/arm64 c-archive per pipeline target, gomobile's way, with the set.
# One target of each kind gomobile builds: iOS (GOOS=ios arm64), the amd64
# simulator, Catalyst (GOOS=darwin -tags ios,...) and macOS; the other four
# differ from these only in their -tags or C compiler (e2e.bats builds all
# eight), and each patched one is a cold std of its own (145 CPU s for 8).
build_ios() {
	PIPELINE_TARGETS="ios-arm64 iossimulator-amd64 maccatalyst-arm64 macos-amd64" \
		GOWRAP_LOG="$PT/ios.jsonl" GOWRAP_PATCHES="$PT/set" PATH="$SHIM_DIR:$PATH" \
		bash "$GOWRAP_ROOT/tests/helpers/pipeline.sh" "$GOWRAP_ROOT/examples/aeslib" "$PT/ios" Aes
}

# The id of a patch file (first 12 hex of its SHA-256) and its marker.
pid() { sha256sum "$1" | cut -c1-12; }
syms() { llvm-nm "$1" 2>/dev/null | awk '{print $NF}' | sed 's/^_//' | grep '\.gowrapPatch' | sort -u; }

# clock IDS of a linux/arm64 binary under qemu: the clock_gettime ids it asked for.
clocks() {
	timeout 120 qemu-aarch64 -strace "$1" >"$TMP/strace" 2>&1
	grep -o 'clock_gettime([A-Z_]*' "$TMP/strace" | sort -u | tr '\n' ' '
}

# mkdiff OLD NEW PATH [diff args]: a diff (-u unless args) of OLD -> NEW
# named a/PATH, b/PATH.
mkdiff() {
	local old="$1" new="$2" path="$3"
	shift 3
	diff "${@:--u}" "$old" "$new" | sed "1s#^--- [^\t]*#--- a/$path#; 2s#^+++ [^\t]*#+++ b/$path#" || true
}

# lines N: "line 1" .. "line N", one a line.
lines() { seq 1 "$1" | sed 's/^/line /'; }

@test "patch: every malformed patch is refused with one line naming the file, the line and why (exit 116, never a crash)" {
	local n=0 name want
	while IFS=$'\t' read -r name want; do
		[[ "$name" == \#* ]] && continue
		n=$((n + 1))
		run --separate-stderr "$PC" "$GOWRAP_ROOT/tests/patches/malformed/$name"
		assert_failure 116
		assert_output ""
		assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
		assert_glob "$stderr" "gowrap: cannot use patch */$name: *\(fix: *\)"
		assert_glob "$stderr" "*$want*"
	done <"$GOWRAP_ROOT/tests/patches/malformed/expect.tsv"
	assert_equal "$n" "$(ls "$GOWRAP_ROOT"/tests/patches/malformed/*.patch | wc -l)"
}

@test "patch: a 100 MB patch is refused by its size, at once; 5000 hunks in one file apply exactly and fast" {
	truncate -s 100M big.patch
	run --separate-stderr timeout 10 "$PC" big.patch
	assert_failure 116
	assert_equal "$stderr" "gowrap: cannot read patch big.patch: larger than 16 MiB: not a patch of Go's sources (fix: point GOWRAP_PATCHES at directories of .patch/.diff files and at patch files (':'-separated))"
	lines 50000 >f
	sed '0~10s/$/ changed/' f >g
	mkdiff f g src/x/f.go >many.patch
	run "$PC" many.patch
	assert_line --partial "hunks 5000"
	run timeout 20 "$PC" many.patch f out
	assert_success
	assert_output "state exact"
	cmp out g
}

@test "patch: exact, at an offset (reported), needs fuzz (refused), already in, in both diff -u and git diff form" {
	lines 60 >f
	sed 's/^line 30$/LINE 30/' f >g
	mkdiff f g src/x/f.go >u.patch
	git diff --no-index f g | sed 's#a/f#a/src/x/f.go#g; s#b/g#b/src/x/f.go#g' >g.patch || true
	for p in u.patch g.patch; do
		run "$PC" "$p" f out
		assert_output "state exact"
		cmp out g
		# 14 lines more above: the hunk is found 14 lines down, and said so
		{ lines 14; cat f; } >f14
		run "$PC" "$p" f14 out
		assert_output "state offset offset 14 moved 1"
		cmp out <(lines 14; cat g)
		# a context line changed: GNU patch would apply it with fuzz 1, we refuse
		sed 's/^line 27$/line twenty-seven/' f >ffz
		run --separate-stderr "$PC" "$p" ffz out
		assert_failure 116
		assert_output "state refused hunk 1: its lines are not in the file at that line or at any offset"
		patch -s --dry-run -p1 -F1 -o /dev/null ffz <"$p"
		# the result already there: applied as nothing
		run "$PC" "$p" g out
		assert_output "state already: its result is in the file"
		cmp out g
		{ lines 3; cat g; } >g3
		run "$PC" "$p" g3 out
		assert_output "state already: its result is in the file (at an offset)"
	done
}

@test "patch: the nearest offset wins (later lines first at equal distance), and hunks never go back before the previous one" {
	printf 'x\nctx a\nold\nctx b\ny\nctx a\nold\nctx b\nz\n' >f
	printf -- '--- a/src/x/f\n+++ b/src/x/f\n@@ -4,3 +4,3 @@\n ctx a\n-old\n+new\n ctx b\n' >p
	run "$PC" p f out
	assert_output "state offset offset 2 moved 1"
	assert_equal "$(sed -n 7p out)" new
	assert_equal "$(sed -n 3p out)" old
	# two hunks: the second is searched only after the first
	printf -- '--- a/src/x/f\n+++ b/src/x/f\n@@ -6,3 +6,3 @@\n ctx a\n-old\n+new\n ctx b\n@@ -2,3 +2,3 @@\n ctx a\n-old\n+NEW\n ctx b\n' >q
	run --separate-stderr "$PC" q f out
	assert_failure 116
	assert_output "state refused hunk 2: its lines are not in the file at that line or at any offset"
}

@test "patch: git apply's placement rules: a hunk at line 1 matches only at the start, one without trailing context only at the end, -U0 is refused" {
	lines 30 >f
	sed 's/^line 1$/LINE 1/' f >g
	mkdiff f g src/x/f >start.patch
	{ echo "line 2"; echo "line 3"; echo "line 4"; cat f; } >moved
	run --separate-stderr "$PC" start.patch moved out
	assert_output --partial "state refused hunk 1: its lines are not at the start of the file"
	sed 's/^line 30$/LINE 30/' f >h
	mkdiff f h src/x/f >end.patch
	{ cat f; echo "line 27"; } >longer
	run --separate-stderr "$PC" end.patch longer out
	assert_output --partial "state refused hunk 1: its lines are not at the end of the file"
	run "$PC" end.patch f out
	assert_output "state exact"
	sed 's/^line 15$/LINE 15/' f >m
	mkdiff f m src/x/f -U0 >u0.patch
	run --separate-stderr "$PC" u0.patch f out
	assert_failure 116
	assert_output --partial "no context before its first change and does not start at line 1"
}

@test "patch: a new file, a deleted file, and each already in; a new file that exists with other bytes is refused" {
	printf 'package x\n\nfunc F() {}\n' >new.go
	mkdiff /dev/null new.go src/x/new.go -uN >add.patch
	sed -i '1s#.*#--- /dev/null#' add.patch
	run "$PC" add.patch
	assert_line --partial "file src/x/new.go add line 1"
	run "$PC" add.patch - out
	assert_output "state exact"
	cmp out new.go
	run "$PC" add.patch new.go out
	assert_output "state already: its result is in the file"
	printf 'package x\n' >other.go
	run --separate-stderr "$PC" add.patch other.go out
	assert_output --partial "state refused hunk 1: the file it adds is already in this GOROOT"
	mkdiff new.go /dev/null src/x/new.go -uN >del.patch
	sed -i '2s#.*#+++ /dev/null#' del.patch
	run "$PC" del.patch new.go out
	assert_output "state exact gone"
	run "$PC" del.patch - out
	assert_output "state already: the file it deletes is not there gone"
	{ cat new.go; echo "// more"; } >more.go
	run --separate-stderr "$PC" del.patch more.go out
	assert_failure 116
}

@test "patch: no final newline in the patch file is read as a line (noted); \\ No newline at end of file on either side is exact" {
	lines 10 >f
	sed 's/^line 5$/LINE 5/' f >g
	mkdiff f g src/x/f >p
	head -c -1 p >p-nofinal
	run "$PC" p-nofinal
	assert_line --partial "no-final-newline"
	run "$PC" p-nofinal f out
	assert_output "state exact"
	cmp out g
	# GNU patch reads it too, git apply calls it corrupt
	patch -s -p1 --dry-run -o /dev/null f <p-nofinal
	run git apply --check p-nofinal
	assert_failure
	head -c -1 g >g-noeol
	mkdiff f g-noeol src/x/f >eol.patch
	sed 's/^line 9$/LINE 9/' f >g9
	mkdiff f g9 src/x/f >p9
	run "$PC" eol.patch f out
	assert_output "state exact"
	cmp out g-noeol
	run "$PC" eol.patch g-noeol out
	assert_output "state already: its result is in the file"
	# the file lacks the newline the patch's context has: not the same line
	head -c -1 f >f-noeol
	run --separate-stderr "$PC" p9 f-noeol out
	assert_failure 116
}

@test "patch: a git format-patch mail (message, diffstat, signature, Gowrap-Go trailer) and two sections for one file apply in order" {
	run "$PC" "$GOWRAP_ROOT/tests/patches/seeds/format-patch.patch"
	assert_success
	assert_line "version go1.26"
	assert_line "version go1.27.3"
	assert_line --partial "file src/x/f.go modify line 15 index ac0951b..5cf70d4 hunks 2"
	assert_line --partial "file src/x/new.go add"
	assert_line --partial "file src/x/old.go delete"
	lines 10 >f
	sed 's/^line 2$/LINE 2/' f >g
	sed 's/^line 9$/LINE 9/' g >h
	{ mkdiff f g src/x/f; mkdiff g h src/x/f; } >two.patch
	run "$PC" two.patch f out
	assert_output $'state exact\nstate exact'
	cmp out h
}

@test "shim: a linux/arm64 program built with the BOOTTIME patch asks clock_gettime for CLOCK_BOOTTIME under qemu; without GOWRAP_PATCHES for CLOCK_MONOTONIC" {
	once a build_a
	once b build_b
	run clocks "$PT/hello-a"
	assert_output --partial "clock_gettime(CLOCK_BOOTTIME"
	refute_output --partial "clock_gettime(CLOCK_MONOTONIC"
	run clocks "$PT/hello-b"
	assert_output --partial "clock_gettime(CLOCK_MONOTONIC"
	refute_output --partial "clock_gettime(CLOCK_BOOTTIME"
	# GOROOT itself is untouched
	run grep -c CLOCK_BOOTTIME "$GR/src/runtime/sys_linux_arm64.s"
	assert_output 0
}

@test "shim: an overlaid header never reaches the Go assembler (cmd/go runs it in GOROOT's package directory), so a patch to a .h is refused with that reason" {
	# by hand, without gowrap: the overlaid .s includes the overlaid .h, and
	# the assembler reads the GOROOT's header, which lacks the constant
	header_overlay "$GR" "$TMP/hov"
	cd "$PT/hello"
	GOOS=linux GOARCH=arm64 run dgo build -overlay="$TMP/hov/ov.json" -o "$TMP/x" .
	assert_failure
	assert_output --partial "sys_linux_arm64.s:"
	assert_output --partial "CLOCK_BOOTTIME"
	# through the shim, gowrap refuses the header patch before go runs
	GOWRAP_PATCHES="$GOWRAP_ROOT/tests/patches/malformed/header.patch" GOOS=linux GOARCH=arm64 \
		run --separate-stderr sgo build -o "$TMP/y" .
	assert_failure 116
	assert_glob "$stderr" "gowrap: cannot use patch *header.patch: line 1: src/runtime/tls_arm64.h is a header*"
	run test -e "$TMP/y"
	assert_failure
}

@test "shim: a C file of a cgo package (runtime/cgo) is reached: a host cgo program links the patched function and carries runtime/cgo's marker" {
	cgo_patch "$GR" "$TMP/cgo.patch"
	mkdir -p "$TMP/c"
	printf 'module example.com/c\n\ngo 1.21\n' >"$TMP/c/go.mod"
	printf 'package main\n\n// int two(void) { return 2; }\nimport "C"\n\nfunc main() { println(C.two()) }\n' >"$TMP/c/main.go"
	cd "$TMP/c"
	GOWRAP_PATCHES="$TMP/cgo.patch" CGO_ENABLED=1 run sgo build -o c1 .
	assert_success
	run nm c1
	assert_output --partial " T gowrap_cgo_patched"
	assert_output --partial "runtime/cgo.gowrapPatch$(pid "$TMP/cgo.patch")"
	CGO_ENABLED=1 run dgo build -o c2 .
	run nm c2
	refute_output --partial "gowrap_cgo_patched"
}

@test "shim: markers exactly where a changed file compiles: linux/arm64 has the linux and os ones (the already-in one too), not darwin's; the log lists each patch's state" {
	once a build_a
	set_dir="$PT/set"
	run syms "$PT/hello-a"
	assert_line "runtime.gowrapPatch$(pid "$set_dir/0001-boottime.patch")"
	assert_line "os.gowrapPatch$(pid "$set_dir/0003-os-body.patch")"
	assert_line "os.gowrapPatch$(pid "$set_dir/0004-os-move.patch")"
	# already in: its content ships, so its marker does (symcheck cannot tell it from applied)
	assert_line "os.gowrapPatch$(pid "$set_dir/0005-upstream-took-it.patch")"
	refute_line "runtime.gowrapPatch$(pid "$set_dir/0002-darwin-continuous.diff")"
	assert_equal "${#lines[@]}" 4
	run syms "$PT/hello-b"
	assert_output ""
	run jq -c '[.patches[] | .state]' "$PT/a.jsonl"
	assert_output '["exact","exact","exact","exact","already","skipped"]'
	run jq -r '.patches[0].id' "$PT/a.jsonl"
	assert_output "$(pid "$set_dir/0001-boottime.patch")"
}

@test "shim: after the build each applied patch's marker is required where its files compiled: a go that drops -overlay fails with 110 naming the patch" {
	once a build_a
	run jq -r '.verified' "$PT/a.jsonl"
	assert_output true
	make_dropgo "$TMP/dropgo"
	cd "$PT/hello"
	GOWRAP_LOG="$TMP/d.jsonl" GOWRAP_GO="$TMP/dropgo" GOWRAP_PATCHES="$PT/set" GOOS=linux GOARCH=arm64 \
		run --separate-stderr sgo build -o "$TMP/d" .
	assert_failure 110
	assert_equal "${#stderr_lines[@]}" 1
	assert_glob "$stderr" "gowrap: built output lacks a patch's marker: $TMP/d: arm64 linux slice: compiles $PT/set/0001-boottime.patch's files without its marker runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch") (fix: *GOWRAP_VERIFY=0*)"
	run jq -r '.verified' "$TMP/d.jsonl"
	assert_output false
	# a patch-only build is checked on `go build` into a directory too
	mkdir "$TMP/out"
	GOWRAP_GO="$TMP/dropgo" GOWRAP_PATCHES="$PT/set" GOOS=linux GOARCH=arm64 run sgo build -o "$TMP/out/" .
	assert_failure 110
	assert_output --partial "$TMP/out/hello: arm64 linux slice"
	GOWRAP_VERIFY=0 GOWRAP_GO="$TMP/dropgo" GOWRAP_PATCHES="$PT/set" GOOS=linux GOARCH=arm64 run sgo build -o "$TMP/d" .
	assert_success
}

@test "symcheck --patches: a patch's marker is required exactly where the pclntab names a file it changes (-trimpath and stripped too); the stock build fails naming patch and slice" {
	once a build_a
	once b build_b
	cd "$PT/hello"
	GOWRAP_PATCHES="$PT/set" GOOS=linux GOARCH=arm64 sgo build -trimpath -ldflags=-s -o "$TMP/ts" .
	run "$SYMCHECK" --patches "$PT/set" "$PT/hello-a" "$TMP/ts"
	assert_success
	assert_line --index 0 --partial "patches: runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch") ok, "
	assert_line --index 1 --partial "patches: runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch") ok, "
	# the darwin patch's files never compile for linux: not asked
	refute_output --partial "$(pid "$PT/set/0002-darwin-continuous.diff")"
	run "$SYMCHECK" --patches "$PT/set" "$PT/hello-b"
	assert_failure 1
	assert_output --partial "runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch") MISSING"
	assert_output --partial ": FAIL (patch $PT/set/0001-boottime.patch: its marker runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch") is missing"
	# the new file of 0004 is not in the stock build: its marker is not asked there
	refute_output --partial "$(pid "$PT/set/0004-os-move.patch")"
	run "$SYMCHECK" --json --patches "$PT/set/0001-boottime.patch" "$PT/hello-b"
	assert_failure 1
	run jq -c '.inputs[0].slices[0].patches' <<<"$output"
	assert_output "[{\"patch\":\"$PT/set/0001-boottime.patch\",\"symbol\":\"runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch")\",\"required\":true,\"present\":false}]"
	# a Gowrap-Go limit to another Go keeps it from being asked of this one
	{ printf 'Gowrap-Go: go1.20\n\n'; cat "$PT/set/0001-boottime.patch"; } >"$TMP/limited.patch"
	run "$SYMCHECK" --patches "$TMP/limited.patch" "$PT/hello-b"
	assert_success
	# a patch symcheck cannot read is exit 2, one line
	run --separate-stderr "$SYMCHECK" --patches "$GOWRAP_ROOT/tests/patches/malformed/truncated-hunk.patch" "$PT/hello-a"
	assert_failure 2
	assert_equal "${#stderr_lines[@]}" 1
	assert_glob "$stderr" "symcheck: cannot use patch *truncated-hunk.patch: line *\(fix: *\)"
}

@test "shim: gomobile's path (a c-archive of each kind, GOFLAGS=-tags per platform): the patches merged with the internal/cpu fix; darwin's marker in the ios slice, the linux one in none" {
	once ios build_ios
	a="$PT/ios/work/Aes-ios-arm64.a"
	run syms "$a"
	assert_line "runtime.gowrapPatch$(pid "$PT/set/0002-darwin-continuous.diff")"
	assert_line "os.gowrapPatch$(pid "$PT/set/0003-os-body.patch")"
	refute_line "runtime.gowrapPatch$(pid "$PT/set/0001-boottime.patch")"
	refute_line "os.gowrapPatch$(pid "$PT/set/0004-os-move.patch")"
	run "$SYMCHECK" "$PT/ios/Aes.xcframework"
	assert_success
	run "$SYMCHECK" --patches "$PT/set" "$PT/ios/Aes.xcframework"
	assert_success
	assert_output --partial "ios go1.26.8: internal/cpu.gowrapMarker"
	assert_output --partial "runtime.gowrapPatch$(pid "$PT/set/0002-darwin-continuous.diff") ok"
	# every one of the 4 calls got the patches; the iOS-family ones the fix too
	run jq -s -c '[.[] | select(.subcommand == "build") | (.patches | length)]' "$PT/ios.jsonl"
	assert_output "[6,6,6,6]"
	run "$SYMCHECK" --json "$PT/ios/Aes.xcframework"
	run jq -c '[.inputs[].slices[] | "\(.platform)/\(.arch)"] | sort' <<<"$output"
	assert_output '["ios-simulator/x86_64","ios/arm64","maccatalyst/arm64","macos/x86_64"]'
	run jq -s -c '[.[] | select(.subcommand == "build") | .injected] | unique' "$PT/ios.jsonl"
	assert_output "[true]"
	# the amd64 macOS slice links darwin's sys_darwin.go: the marker is there too
	run syms "$PT/ios/work/Aes-macos-amd64.a"
	assert_line "runtime.gowrapPatch$(pid "$PT/set/0002-darwin-continuous.diff")"
}

# --- Below: the mutation runner's tests (patch/mutations.py). ---

# comment_patch GOROOT OUT PAD TEXT FILE...: a diff -ruN patch putting the
# comment line "// TEXT" before each FILE's package clause; PAD "// pad"
# lines at the top of both sides make every hunk's stated line PAD lines
# later than the GOROOT's (so it applies at offset -PAD).
comment_patch() {
	local gr="$1" out="$2" pad="$3" text="$4" w f
	shift 4
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" "$@"
	for f in "$@"; do
		TEXT="$text" perl -0pi -e 's/^package /\/\/ $ENV{TEXT}\npackage /m' "$w/b/$f"
		if [ "$pad" -gt 0 ]; then
			perl -0pi -e "\$_ = \"// pad\\n\" x $pad . \$_" "$w/a/$f" "$w/b/$f"
		fi
	done
	plain_diff "$w" >"$out"
	rm -rf "$w"
	[ "$(grep -c "^+// $text\$" "$out")" -eq "$#" ]
}

# The files (src/...) a patch's +++ lines name.
patch_files() { sed -n 's#^+++ b/\([^\t]*\).*#\1#p' "$1"; }

# golist_files OVERLAY PKG...: one line per package: its import path, then
# every file go build compiles into it for the target in the environment.
golist_files() {
	local ov="$1"
	shift
	dgo list -overlay="$ov" -f '{{.ImportPath}}{{range .GoFiles}} {{.}}{{end}}{{range .CgoFiles}} {{.}}{{end}}{{range .SFiles}} {{.}}{{end}}{{range .CFiles}} {{.}}{{end}}' "$@"
}

@test "patch: each marker compiles exactly where a file its patch changed does (go list with the overlay: 7 targets, cgo on and off; a patch at an offset, one over three packages)" {
	mkdir set
	darwin_patch "$GR" set/1-darwin.diff
	boottime_patch "$GR" set/2-boottime.patch
	cgo_patch "$GR" set/3-cgo.patch
	comment_patch "$GR" set/4-offset.patch 5 "gowrap: moved" src/os/file_windows.go
	comment_patch "$GR" set/5-three.patch 0 "gowrap: three packages" \
		src/syscall/syscall_linux.go src/time/zoneinfo_ios.go src/os/file_unix.go
	run --separate-stderr "$GOWRAP" overlay --json --no-cpu --patches "$TMP/set"
	assert_success
	printf '%s\n' "$output" >ov-reply.json
	run jq -c '[.patches[].state]' ov-reply.json
	assert_output '["exact","exact","exact","offset","exact"]'
	ov="$(jq -r .overlay ov-reply.json)"
	# one marker per patch and package: runtime twice, runtime/cgo, os twice, syscall, time
	jq -r '.Replace | keys[] | select(test("/gowrap_patch_[0-9a-f]{12}[.]go$"))' "$ov" | sed "s#^$GR/##" >markers
	assert_equal "$(wc -l <markers)" 7
	# each marker's package, patch and the files that patch changed there
	local m d id p f t cgo listed want got bad="" seen="" table=""
	while read -r m; do
		d="$(dirname "${m#src/}")"
		id="$(basename "$m" .go)"
		for p in set/*; do [ "$(pid "$p")" = "${id#gowrap_patch_}" ] && break; done
		table+="$m $d $p"
		for f in $(patch_files "$p"); do
			[ "$(dirname "$f")" = "src/$d" ] && table+=" $(basename "$f")"
		done
		table+=$'\n'
	done <markers
	for t in linux/amd64 linux/arm64 android/arm64 darwin/amd64 darwin/arm64 ios/arm64 windows/amd64; do
		for cgo in 0 1; do
			GOOS="${t%/*}" GOARCH="${t#*/}" CGO_ENABLED="$cgo" \
				golist_files "$ov" runtime runtime/cgo os syscall time >listed
			while read -r m d p files; do
				listed=" $(awk -v d="$d" '$1 == d' listed) "
				want=no
				for f in $files; do [[ "$listed" == *" $f "* ]] && want=yes; done
				got=no
				[[ "$listed" == *" $(basename "$m") "* ]] && got=yes
				[ "$want" = "$got" ] || bad+="$t cgo=$cgo: $p's marker in $d: compiled $got, its changed file $want"$'\n'
				[ "$got" = yes ] && seen+="$m"$'\n'
			done <<<"${table%$'\n'}"
		done
	done
	assert_equal "$bad" ""
	# every marker compiles somewhere (the check above is not vacuous) and
	# nowhere every time (each changed file has a constraint)
	assert_equal "$(printf '%s' "$seen" | sort -u | wc -l)" 7
	run bash -c "printf '%s' \"\$1\" | sort | uniq -c | awk '\$1 == 14'" _ "$seen"
	assert_output ""
}

# list_prog DIR: a program that links container/list (which nothing else in
# it imports, so a patch there recompiles one package).
list_prog() {
	mkdir -p "$1"
	printf 'module example.com/l\n\ngo 1.21\n' >"$1/go.mod"
	printf 'package main\n\nimport "container/list"\n\nfunc main() { println(list.New().Len()) }\n' >"$1/main.go"
}

@test "shim: a patch file edited between two builds is a memo miss: the second binary carries the new content's marker and not the old one; unchanged, a hit" {
	export GOWRAP_CACHE="$TMP/cache" GOWRAP_LOG="$TMP/log.jsonl" GOWRAP_PATCHES="$TMP/list.patch"
	list_prog "$TMP/p"
	cd "$TMP/p"
	comment_patch "$GR" "$TMP/list.patch" 0 "gowrap: first" src/container/list/list.go
	id1="$(pid "$TMP/list.patch")"
	run sgo build -o one .
	assert_success
	run syms one
	assert_output "container/list.gowrapPatch$id1"
	# the same path, other bytes
	comment_patch "$GR" "$TMP/list.patch" 0 "gowrap: second" src/container/list/list.go
	id2="$(pid "$TMP/list.patch")"
	[ "$id1" != "$id2" ]
	run sgo build -o two .
	assert_success
	run syms two
	assert_output "container/list.gowrapPatch$id2"
	run sgo build -o three .
	assert_success
	cmp two three
	run jq -r '[.memo, .patches[0].id] | join(" ")' "$GOWRAP_LOG"
	assert_output $'miss '"$id1"$'\nmiss '"$id2"$'\nhit '"$id2"
}

# as_reader CMD...: CMD where file modes bind. Root reads a mode-000 file
# through CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH; setpriv drops both from
# the bounding set, so the program it execs (and its children) hold neither
# and get EACCES as any user would. Not root: CMD as is.
as_reader() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --bounding-set=-dac_override,-dac_read_search -- "$@"
	else
		"$@"
	fi
}

@test "shim: a GOWRAP_PATCHES entry that is missing, unreadable, a FIFO, a device, a symlink loop, or a directory holding one: one line, 116, go never runs, nothing written outside GOWRAP_CACHE" {
	# all of it in W; bats keeps its own files in TMP
	local W="$TMP/w"
	mkdir "$W"
	cd "$W"
	list_prog "$W/p"
	comment_patch "$GR" good.patch 0 "gowrap: good" src/container/list/list.go
	mkdir e tmpdir
	cp good.patch e/unreadable.patch
	chmod 000 e/unreadable.patch
	mkfifo e/fifo.patch
	ln -s loop.patch e/loop.patch
	local k
	for k in missing unreadable fifo zero loop subdir; do
		mkdir "d-$k"
		cp good.patch "d-$k/0-good.patch"
	done
	ln -s nowhere.patch d-missing/x.patch
	cp good.patch d-unreadable/x.patch
	chmod 000 d-unreadable/x.patch
	mkfifo d-fifo/x.patch
	ln -s /dev/zero d-zero/x.patch
	ln -s x.patch d-loop/x.patch
	mkdir d-subdir/x.patch
	mkdir d-closed
	cp good.patch d-closed/x.patch
	local fifo="a FIFO, not a regular file" dev="a device, not a regular file" loop="a loop of symlinks"
	local cases="$W/e/missing.patch	No such file or directory
$W/e/unreadable.patch	Permission denied
$W/e/fifo.patch	$fifo
/dev/zero	$dev
/dev/null	$dev
$W/e/loop.patch	$loop
$W/d-missing/x.patch	No such file or directory
$W/d-unreadable/x.patch	Permission denied
$W/d-fifo/x.patch	$fifo
$W/d-zero/x.patch	$dev
$W/d-loop/x.patch	$loop
$W/d-subdir/x.patch	not a regular file
$W/d-closed	Permission denied"
	local entry why spec n=0 written
	cd "$W/p"
	while IFS=$'\t' read -r entry why; do
		n=$((n + 1))
		# the directory cases name the file; GOWRAP_PATCHES names its directory
		spec="$entry"
		[[ "$entry" == */d-*/x.patch ]] && spec="$(dirname "$entry")"
		[ "$spec" = "$W/d-closed" ] && chmod 000 "$spec"
		touch "$W/stamp"
		GOWRAP_CACHE="$W/cache" TMPDIR="$W/tmpdir" GOWRAP_PATCHES="$W/good.patch:$spec" \
			run --separate-stderr as_reader timeout 20 env PATH="$SHIM_DIR:$(path_without "$SHIM_DIR")" \
			go build -o "$W/out" .
		chmod 755 "$W/d-closed"
		assert_failure 116
		assert_output ""
		assert_equal "$stderr" "gowrap: cannot read patch $entry: $why (fix: point GOWRAP_PATCHES at directories of .patch/.diff files and at patch files (':'-separated))"
		run test -e "$W/out"
		assert_failure
		written="$(find "$W" "$GR" -newer "$W/stamp" ! -path "$W" ! -path "$W/cache" ! -path "$W/cache/*")"
		assert_equal "$written" ""
	done <<<"$cases"
	assert_equal "$n" 13
	chmod 644 "$W/e/unreadable.patch" "$W/d-unreadable/x.patch"
}

@test "shim: two patches of a set on the same lines: the same change twice is already in (the first named, a marker each); two changes are refused naming both files (116, go never runs)" {
	list_prog "$TMP/p"
	cd "$TMP/p"
	comment_patch "$GR" "$TMP/one.patch" 0 "gowrap: one" src/container/list/list.go
	comment_patch "$GR" "$TMP/two.patch" 0 "gowrap: two" src/container/list/list.go
	# the same change in other bytes (so another id): a mail around it
	{
		printf 'From: gowrap tests <tests@gowrap.invalid>\nSubject: [PATCH] the same comment, mailed\n\n---\n'
		cat "$TMP/one.patch"
	} >"$TMP/one-mailed.patch"
	export GOWRAP_CACHE="$TMP/cache"
	GOWRAP_LOG="$TMP/log.jsonl" GOWRAP_PATCHES="$TMP/one.patch:$TMP/one-mailed.patch" run sgo build -o both .
	assert_success
	# each carries its marker: the second's content ships too (made by the first)
	run syms both
	assert_output "$(printf '%s\n' "container/list.gowrapPatch$(pid "$TMP/one.patch")" "container/list.gowrapPatch$(pid "$TMP/one-mailed.patch")" | sort)"
	run jq -c '[.patches[].state]' "$TMP/log.jsonl"
	assert_output '["exact","already"]'
	GOWRAP_PATCHES="$TMP/one.patch:$TMP/one-mailed.patch" run "$GOWRAP" doctor
	assert_line "    $TMP/one-mailed.patch: already in: src/container/list/list.go: already in: $TMP/one.patch made this change"
	# another change of the same lines: tried on what one.patch left, and said so
	GOWRAP_PATCHES="$TMP/one.patch:$TMP/two.patch" run --separate-stderr sgo build -o conflict .
	assert_failure 116
	assert_output ""
	assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
	assert_glob "$stderr" "gowrap: patch $TMP/two.patch does not apply to go*: hunk 1 \(line 4: @@ -*\) of src/container/list/list.go: its lines are not in the file at that line or at any offset, in the file as $TMP/one.patch left it \(GOROOT $GR\) \(fix: make it on top of $TMP/one.patch \(*\), join the two, or drop one of them from GOWRAP_PATCHES\)"
	run test -e conflict
	assert_failure
	# either alone applies: the refusal is the pair's
	GOWRAP_PATCHES="$TMP/two.patch" run "$GOWRAP" overlay --json --no-cpu
	assert_success
}

# big_patch GOROOT OUT W: math/big's Go and assembly files (not tests) with
# " // gowrap" after every fourth code line at least (no line holding a
# comment, a raw string, a #-directive or a continuation), diffed with one
# line of context: one hunk per change. W keeps the copies (W/b: the result).
big_patch() {
	local gr="$1" out="$2" w="$3" f files
	files="$(cd "$gr" && ls src/math/big/*.go src/math/big/*.s | grep -v -e '_test[.]go$' -e calibrate)"
	# shellcheck disable=SC2086
	patch_tree "$w" "$gr" $files
	for f in $files; do
		perl -ni -e 'if (/\S/ && !/\/\/|`|\\$|^#/ && $. - $l >= 4) { chomp; print "$_ // gowrap\n"; $l = $.; } else { print }' "$w/b/$f"
	done
	fixtimes "$w"
	(cd "$w" && TZ=UTC diff -rN -U1 a b) >"$out" || true
}

@test "shim: a patch of thousands of hunks (2800 on go1.26) over math/big's Go and assembly files applies exactly through the shim: every patched file byte for byte, the marker linked, in seconds" {
	big_patch "$GR" "$TMP/big.patch" "$TMP/w"
	run "$PC" "$TMP/big.patch"
	assert_success
	hunks="$(grep -c '^hunk ' <<<"$output")"
	[ "$hunks" -gt 2000 ]
	assert_equal "$hunks" "$(grep -c '^@@ ' "$TMP/big.patch")"
	mkdir "$TMP/p"
	cd "$TMP/p"
	printf 'module example.com/b\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nimport "math/big"\n\nfunc main() { println(new(big.Int).Exp(big.NewInt(3), big.NewInt(40), nil).String()) }\n' >main.go
	export GOWRAP_CACHE="$TMP/cache"
	GOWRAP_LOG="$TMP/log.jsonl" GOWRAP_PATCHES="$TMP/big.patch" run timeout 120 env PATH="$SHIM_DIR:$(path_without "$SHIM_DIR")" go build -o b .
	assert_success
	run ./b
	assert_output 12157665459056928801
	run syms b
	assert_output "math/big.gowrapPatch$(pid "$TMP/big.patch")"
	run jq -r '.patches[0].state' "$TMP/log.jsonl"
	assert_output exact
	# the overlay's copies (content-addressed in the cache) are the b side
	local f n=0 missing=""
	for f in "$TMP"/w/b/src/math/big/*; do
		cmp -s "$f" "$TMP/w/a/src/math/big/$(basename "$f")" && continue
		n=$((n + 1))
		[ -f "$GOWRAP_CACHE/patched/$(sha256sum "$f" | cut -c1-64)/$(basename "$f")" ] || missing+=" $f"
	done
	assert_equal "$missing" ""
	[ "$n" -gt 30 ]
}
