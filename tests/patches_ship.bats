#!/usr/bin/env bats
# tests/patches_ship.bats — GOWRAP_PATCHES where the shim does not run or
# where the Go version comes from elsewhere (README "Your own patches"):
# `gowrap export-patch` for builds that copy GOROOT and patch it (Bazel's
# rules_go, WireGuard-style Makefiles) — applied by patch(1) and git apply to
# a copy of the GOROOT in use, the copy then building an ios/arm64 c-archive
# with the real go and no shim that symcheck passes and the stock GOROOT's
# fails — and the patches through the shim under GOTOOLCHAIN=go1.27.3, after
# `gowrap toolchain install` (applied) and without it (105, nothing built).
bats_require_minimum_version 1.5.0
load helpers/common
load helpers/patches
load helpers/goroot

# One copy of the GOROOT in use for the whole file (patched once, by the
# first test that needs it); every build goes once, on first use (`once`).
setup_file() {
	export PT="$BATS_FILE_TMPDIR"
	export PT_CACHE="$PT/cache"
	export GOTOOLCHAIN=local
	NOSHIM="$(path_without "$SHIM_DIR")"
	GR="$(PATH="$NOSHIM" go env GOROOT)"
	export NOSHIM GR
	make_patch_set "$GR" "$PT/set"
	gr_full_copy "$GR" "$PT/goroot"
	mkdir -p "$PT/hello"
	printf 'module example.com/hello\n\ngo 1.21\n' >"$PT/hello/go.mod"
	printf 'package main\n\nimport (\n\t"fmt"\n\t"time"\n)\n\nfunc main() { fmt.Println(time.Since(time.Now()) < time.Second) }\n' \
		>"$PT/hello/main.go"
}

setup() {
	common_setup
	export GOWRAP_CACHE="$PT_CACHE"
	unset GOWRAP_PATCHES GOOS GOARCH GOFLAGS CGO_ENABLED
	cd "$TMP"
}

# gowrap without the shim on PATH (export-patch asks the go PATH finds).
gw() { PATH="$NOSHIM" "$GOWRAP" "$@"; }
sgo() { PATH="$SHIM_DIR:$NOSHIM" go "$@"; }
# git never finds a repository above the directory it runs in (git apply in
# a repository's subdirectory would skip the paths outside it).
gitx() { GIT_CEILING_DIRECTORIES="$PT:$TMP" git "$@"; }

export_set() { (cd "$PT" && gw export-patch --patches "$PT/set" -o "$PT/set.diff"); }

# The fix alone, crypto feature set, checked in the copy while it is still
# the GOROOT's bytes (so before apply_copy patches it).
crypto_dry() {
	gw export-patch --features crypto -o "$PT/crypto.diff" &&
		(cd "$PT/goroot" && gitx apply --check -v "$PT/crypto.diff" &&
			patch -p1 --fuzz=0 --dry-run <"$PT/crypto.diff")
}

apply_copy() {
	once crypto crypto_dry >/dev/null || true
	once export export_set >/dev/null || return
	(cd "$PT/goroot" && patch -p1 --fuzz=0 <"$PT/set.diff")
}

# The files a diff names (its `diff --git a/F b/F` lines).
diff_files() { sed -n 's#^diff --git a/\([^ ]*\) b/.*#\1#p' "$1"; }

# An ios/arm64 c-archive of examples/aeslib from GOROOT $1 with its own go,
# the shim nowhere on PATH.
ios_archive() {
	(cd "$GOWRAP_ROOT/examples/aeslib" &&
		PATH="$1/bin:$NOSHIM" GOROOT="$1" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios \
			CC="$APPLE/bin/cc-ios-arm64" go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$2" .)
}
build_copy() { once apply apply_copy >/dev/null && ios_archive "$PT/goroot" "$PT/copy.a"; }
build_stock() { ios_archive "$GR" "$PT/stock.a"; }

# Go 1.27.3: the run's shared install (or this file's), its GOROOT, and the
# BOOTTIME patch made against that GOROOT.
install127() {
	gr_go127_install "$PT/sdk" "$PT/sdkbin" || return
	local bin
	bin="$(gr_go127_bin "$PT/sdkbin")"
	GOTOOLCHAIN=local "$bin/go1.27.3" env GOROOT >"$PT/root127" &&
		boottime_patch "$(cat "$PT/root127")" "$PT/bt127.patch"
}
build127() {
	once go127 install127 >/dev/null || return
	(cd "$PT/hello" && GOWRAP_LOG="$PT/h127.jsonl" GOWRAP_PATCHES="$PT/bt127.patch" GOTOOLCHAIN=go1.27.3 \
		GOOS=linux GOARCH=arm64 PATH="$SHIM_DIR:$(gr_go127_bin "$PT/sdkbin"):$NOSHIM" go build -o "$PT/h127" .)
}

# The id of a patch file (first 12 hex of its SHA-256) and the markers in a file.
pid() { sha256sum "$1" | cut -c1-12; }
syms() { llvm-nm "$1" 2>/dev/null | awk '{print $NF}' | sed 's/^_//' | grep '\.gowrapPatch' | sort -u; }

# clocks BINARY: the clock_gettime ids a linux/arm64 binary asks for under qemu.
clocks() {
	timeout 120 qemu-aarch64 -strace "$1" >"$TMP/strace" 2>&1
	grep -o 'clock_gettime([A-Z_]*' "$TMP/strace" | sort -u | tr '\n' ' '
}

@test "export-patch: the set's diff applies to a copy of the GOROOT with patch -p1 --fuzz=0 (no offset, no fuzz), and git apply gives the same bytes for every file it names" {
	run once apply apply_copy
	assert_success
	refute_output --partial "offset"
	refute_output --partial "fuzz"
	refute_output --partial "FAILED"
	mapfile -t files < <(diff_files "$PT/set.diff")
	# the fix's files, each patch's changes and its marker file, in path order
	for f in src/internal/cpu/cpu_arm64_other.go src/runtime/sys_darwin.go src/runtime/sys_darwin_arm64.s \
		src/runtime/sys_linux_arm64.s src/os/executable.go src/os/executable_procfs.go \
		src/os/executable_procfs_gowrap.go "src/runtime/gowrap_patch_$(pid "$PT/set/0002-darwin-continuous.diff").go"; do
		assert_line "patching file $f"
	done
	assert_equal "$(printf '%s\n' "${files[@]}")" "$(printf '%s\n' "${files[@]}" | LC_ALL=C sort)"
	assert_equal "$(grep -c '^patching file ' <<<"$output")" "${#files[@]}"
	# the patches the shim would not apply are not in it
	refute_output --partial "getwd.go"
	run grep -c CLOCK_BOOTTIME "$PT/goroot/src/runtime/sys_linux_arm64.s"
	assert_output 2
	run test -e "$PT/goroot/src/os/executable_procfs.go"
	assert_failure
	# git apply, in a tree of only the GOROOT's files the diff names
	mkdir g
	gitx -C g init -q
	for f in "${files[@]}"; do
		if [ -e "$GR/$f" ]; then mkdir -p "g/$(dirname "$f")" && cp "$GR/$f" "g/$f"; fi
	done
	cd g
	run gitx apply -v "$PT/set.diff"
	assert_success
	refute_output --partial "Skipped"
	assert_equal "$(grep -c '^Applied patch .* cleanly\.$' <<<"$output")" "${#files[@]}"
	for f in "${files[@]}"; do
		if [ -e "$PT/goroot/$f" ]; then
			cmp "$PT/goroot/$f" "$f"
		else
			run test -e "$f"
			assert_failure
		fi
	done
	# the GOROOT itself is untouched
	run grep -c CLOCK_BOOTTIME "$GR/src/runtime/sys_linux_arm64.s"
	assert_output 0
}

@test "export-patch: an ios/arm64 c-archive from the patched copy, built by the real go with no shim, passes symcheck and carries the runtime and os markers; the stock GOROOT's fails symcheck" {
	once copy build_copy
	once stock build_stock
	run "$SYMCHECK" "$PT/copy.a"
	assert_success
	assert_output --partial "internal/cpu.gowrapMarkerDarwinV1"
	run syms "$PT/copy.a"
	assert_line "runtime.gowrapPatch$(pid "$PT/set/0002-darwin-continuous.diff")"
	assert_line "os.gowrapPatch$(pid "$PT/set/0003-os-body.patch")"
	# already in (upstream took it): its content ships, so does its marker
	assert_line "os.gowrapPatch$(pid "$PT/set/0005-upstream-took-it.patch")"
	# the linux-only changes compile nowhere in an iOS slice, nor their markers
	assert_equal "${#lines[@]}" 3
	run "$SYMCHECK" "$PT/stock.a"
	assert_failure 1
	assert_output --partial "no marker: required: FAIL (marker missing"
	run syms "$PT/stock.a"
	assert_output ""
}

@test "symcheck --patches: the copy's archive carries every patch its slice compiles (0); the stock archive lacks the darwin patch (1, named)" {
	once copy build_copy
	once stock build_stock
	run "$SYMCHECK" --patches "$PT/set" "$PT/copy.a"
	assert_success
	run "$SYMCHECK" --patches "$PT/set/0002-darwin-continuous.diff" "$PT/copy.a"
	assert_success
	run "$SYMCHECK" --patches "$PT/set" "$PT/stock.a"
	assert_failure 1
	assert_output --partial "0002-darwin-continuous.diff"
	assert_output --partial "arm64"
	assert_output --partial "runtime.gowrapPatch$(pid "$PT/set/0002-darwin-continuous.diff") MISSING"
	# a patch to files no iOS slice compiles needs no marker there (the stock
	# archive still fails for internal/cpu's marker, not for this patch)
	run "$SYMCHECK" --json --patches "$PT/set/0001-boottime.patch" "$PT/stock.a"
	assert_failure 1
	run jq -c '[.inputs[0].slices[] | .patches[] | select(.required)]' <<<"$output"
	assert_output "[]"
}

@test "export-patch --features crypto: the fix alone applies in the GOROOT copy (git apply --check, patch -p1 --fuzz=0 --dry-run)" {
	run once crypto crypto_dry
	assert_success
	assert_line "Checking patch src/internal/cpu/cpu_arm64_other.go..."
	assert_line "Checking patch src/internal/cpu/cpu_arm64_ios_gowrap.go..."
	assert_line "checking file src/internal/cpu/cpu_arm64_other.go"
	assert_line "checking file src/internal/cpu/cpu_arm64_ios_gowrap.go"
	refute_output --partial "Skipped"
	refute_output --partial "offset"
	refute_output --partial "fuzz"
	run diff_files "$PT/crypto.diff"
	assert_output $'src/internal/cpu/cpu_arm64_ios_gowrap.go\nsrc/internal/cpu/cpu_arm64_other.go'
	run grep -c 'internal/cpu.gowrapMarkerV1' "$PT/crypto.diff"
	assert_output 2
}

@test "export-patch: byte-identical run to run, from another directory, with the set elsewhere and another cache, to stdout" {
	once export export_set
	mkdir -p w2/deep
	cp -a "$PT/set" w2/deep/patches
	(cd w2 && GOWRAP_CACHE="$TMP/cache2" gw export-patch --patches deep/patches -o "$TMP/2.diff")
	(cd / && gw export-patch --patches "$PT/set" -o "$TMP/3.diff")
	(cd w2/deep && gw export-patch --patches patches >"$TMP/4.diff")
	for d in 2 3 4; do cmp "$PT/set.diff" "$TMP/$d.diff"; done
	# nothing of this machine in it: no directory of the run, the GOROOT's or HOME's
	for s in "$PT" "$TMP" "$GR/" "$HOME/"; do
		run grep -cF -- "$s" "$PT/set.diff"
		assert_output 0
	done
	assert_equal "$(sed -n 2p "$PT/set.diff")" "with patch $(pid "$PT/set/0001-boottime.patch") (0001-boottime.patch, exact)"
}

@test "GOTOOLCHAIN=go1.27.3 after gowrap toolchain install: a BOOTTIME patch made against 1.27.3 reaches the linux/arm64 build through the shim (CLOCK_BOOTTIME under qemu), the log says go1.27.3 and the patch" {
	run once h127 build127
	assert_success
	root127="$(cat "$PT/root127")"
	run "$(real_go)" version "$PT/h127"
	assert_output "$PT/h127: go1.27.3"
	run clocks "$PT/h127"
	assert_output --partial "clock_gettime(CLOCK_BOOTTIME"
	refute_output --partial "clock_gettime(CLOCK_MONOTONIC"
	run jq -c 'select(.subcommand == "build") | [.goversion, .goroot, .injected, .verified, .exit]' "$PT/h127.jsonl"
	assert_output "[\"go1.27.3\",\"$root127\",true,true,0]"
	run jq -c '.patches[] | [.file, .id, .state]' "$PT/h127.jsonl"
	assert_output "[\"$PT/bt127.patch\",\"$(pid "$PT/bt127.patch")\",\"exact\"]"
	run syms "$PT/h127"
	assert_output "runtime.gowrapPatch$(pid "$PT/bt127.patch")"
	# made against 1.27.3's own file, and that GOROOT untouched
	run grep -c CLOCK_BOOTTIME "$root127/src/runtime/sys_linux_arm64.s"
	assert_output 0
}

@test "GOTOOLCHAIN=go1.27.3 with no install (the toolchain in GOMODCACHE): the shim with GOWRAP_PATCHES refuses (105) in one line and builds nothing" {
	mc127="$(gr_go127_modcache)"
	boottime_patch "$mc127" "$TMP/bt.patch"
	cd "$PT/hello"
	GOWRAP_LOG="$TMP/log.jsonl" GOWRAP_PATCHES="$TMP/bt.patch" GOTOOLCHAIN=go1.27.3 GOOS=linux GOARCH=arm64 \
		PATH="$SHIM_DIR:$NOSHIM" run --separate-stderr go build -o "$TMP/h" .
	assert_failure 105
	assert_output ""
	assert_equal "$(printf '%s\n' "$stderr" | wc -l)" 1
	assert_equal "$stderr" "gowrap: cannot overlay this toolchain: $mc127 (go1.27.3) lies beneath GOMODCACHE $(dirname "$(dirname "$mc127")"), where the go command refuses overlays (a GOTOOLCHAIN download); \`gowrap toolchain install go1.27.3\` makes a real GOROOT for it (fix: run \`gowrap toolchain install <version>\` and put the printed launcher's directory first on PATH)"
	run test -e "$TMP/h"
	assert_failure
	run jq -c '[.goversion, .exit]' "$TMP/log.jsonl"
	assert_output '["go1.27.3",105]'
}

@test "refresh-patch: a patch that needs fuzz (a context line changed upstream) is applied with GNU patch's fuzz in a scratch copy, reported, and written exact for this GOROOT; the shim refuses the old one (116) and the new one applies exactly" {
	w="$TMP/w"
	patch_tree "$w" "$GR" src/os/executable.go
	# the patch's author had another comment line above the function
	perl -0pi -e 's/The main use case is finding/The main use of it is finding/' "$w/a/src/os/executable.go" "$w/b/src/os/executable.go"
	perl -0pi -e 's/\treturn executable\(\)\n/\tp, err := executable()\n\treturn p, err\n/' "$w/b/src/os/executable.go"
	(cd "$w" && diff -u a/src/os/executable.go b/src/os/executable.go) >"$TMP/fuzzy.patch" || true
	grep -q '^ // The main use of it' "$TMP/fuzzy.patch"
	cd "$TMP"
	GOWRAP_PATCHES="$TMP/fuzzy.patch" GOOS=linux GOARCH=arm64 run --separate-stderr sgo list runtime
	assert_failure 116
	assert_glob "$stderr" "gowrap: patch $TMP/fuzzy.patch does not apply to go1.*: hunk 1 * of src/os/executable.go: *"
	# a relative PATCH: GNU patch runs in the scratch copy, gowrap hands it the absolute path
	run gw refresh-patch fuzzy.patch -o "$TMP/exact.patch"
	assert_success
	assert_output --partial "with fuzz 1"
	run "$GOWRAP_ROOT/build/unit/patchcheck" "$TMP/exact.patch" "$GR/src/os/executable.go" "$TMP/result"
	assert_output "state exact"
	grep -q 'p, err := executable()' "$TMP/result"
	grep -q 'The main use case is finding' "$TMP/result"
	# pinned to this GOROOT's blob
	run grep -c "^index $(git hash-object "$GR/src/os/executable.go" | cut -c1-7)" "$TMP/exact.patch"
	assert_output 1
	# GOROOT untouched
	run grep -c 'p, err := executable()' "$GR/src/os/executable.go"
	assert_output 0
}
