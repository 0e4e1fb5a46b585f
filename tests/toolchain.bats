#!/usr/bin/env bats
# tests/toolchain.bats — `gowrap toolchain install goX.Y.Z` against the real go
# and the real module cache (Go 1.27.3 is the other release the proxy serves).
# The ~250 MB install happens once in setup_file into a private HOME; the
# tests read it. Nothing here touches the real ~/sdk or the module cache: the
# cache is only compared before and after, and tampering tests use a private
# hard-linked copy whose tampered file is replaced, never written in place.
bats_require_minimum_version 1.5.0
load helpers/common

VER=go1.27.3

# The shared install. GOMODCACHE is pinned to the real cache before HOME
# moves, so the module cache's copy is reused instead of downloading again.
setup_file() {
	common_setup
	export REAL_GO="$(real_go)"
	export GOMODCACHE="$("$REAL_GO" env GOMODCACHE)"
	export GOHOST="$("$REAL_GO" env GOHOSTOS)-$("$REAL_GO" env GOHOSTARCH)"
	export MODULE="golang.org/toolchain@v0.0.1-$VER.$GOHOST"
	# The prerequisites, as a user would have them: the toolchain in the
	# module cache (a GOTOOLCHAIN switch puts it there) and its metadata
	# (`go mod download` writes .info/.mod the first time it is asked).
	GOTOOLCHAIN=$VER "$REAL_GO" version >/dev/null
	local w="$BATS_FILE_TMPDIR/warm"
	mkdir -p "$w"
	(cd "$w" && GOFLAGS= GOTOOLCHAIN=local "$REAL_GO" mod download -json "$MODULE" >"$BATS_FILE_TMPDIR/download.json")
	export MODDIR="$GOMODCACHE/$MODULE"
	export MODSUM="$(sed -n 's/^.*"Sum": "\(h1:[^"]*\)".*$/\1/p' "$BATS_FILE_TMPDIR/download.json")"
	[ -d "$MODDIR" ] || { echo "no $MODDIR" >&2; return 1; }
	[ -n "$MODSUM" ] || { echo "no h1 sum for $MODULE" >&2; return 1; }

	export H="$BATS_FILE_TMPDIR/home"
	mkdir -p "$H"
	snapshot_modcache >"$BATS_FILE_TMPDIR/modcache.before"
	local t0 t1
	t0=$(date +%s.%N)
	local rc=0
	HOME="$H" GOPATH="$H/go" "$GOWRAP" toolchain install $VER \
		>"$BATS_FILE_TMPDIR/install.out" 2>"$BATS_FILE_TMPDIR/install.err" || rc=$?
	echo $rc >"$BATS_FILE_TMPDIR/install.rc"
	t1=$(date +%s.%N)
	snapshot_modcache >"$BATS_FILE_TMPDIR/modcache.after"
	echo "install took $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}")s; sdk $(du -sm "$H/sdk/$VER" | cut -f1) MB" \
		>"$BATS_FILE_TMPDIR/timing"
	export SDK="$H/sdk/$VER" LAUNCHER="$H/go/bin/$VER"
}

# Every mode, size, mtime and name of the toolchain module's files in the
# module cache (the extracted Dir and its download-cache entries).
snapshot_modcache() {
	find "$MODDIR" "$GOMODCACHE/cache/download/golang.org/toolchain" \
		-printf '%m %s %T@ %y %p\n' | LC_ALL=C sort
}

setup() {
	common_setup
	export GOMODCACHE HOME="$H" GOPATH="$H/go"
}

# A module whose go.mod asks for the installed release.
pinned_module() {
	mkdir -p "$TMP/mod"
	printf 'module example.com/m\n\ngo 1.26\n\ntoolchain %s\n' $VER >"$TMP/mod/go.mod"
}

# A private module cache: metadata copied, the zip and the extracted files
# hard-linked (cheap), so a test can replace a file without touching ours.
fake_modcache() {
	local f="$TMP/modcache" dl="cache/download/golang.org/toolchain/@v"
	mkdir -p "$f/$dl" "$f/golang.org" "$f/cache/download"
	cp "$GOMODCACHE/$dl"/v0.0.1-$VER.$GOHOST.{info,mod,ziphash} "$f/$dl/"
	ln "$GOMODCACHE/$dl/v0.0.1-$VER.$GOHOST.zip" "$f/$dl/" 2>/dev/null ||
		cp "$GOMODCACHE/$dl/v0.0.1-$VER.$GOHOST.zip" "$f/$dl/"
	cp -r "$GOMODCACHE/cache/download/sumdb" "$f/cache/download/"
	cp -al "$MODDIR" "$f/golang.org/" 2>/dev/null || cp -r "$MODDIR" "$f/golang.org/"
	# Directories are private copies: making them writable is safe (never
	# chmod a file here: it may be a hard link into the real cache).
	find "$f" -type d -exec chmod u+w {} +
	echo "$f"
}

teardown() {
	# Fake caches keep the cache's read-only directory modes; let bats
	# delete them (directories only, see fake_modcache).
	[ -d "$TMP/modcache" ] && find "$TMP/modcache" -type d -exec chmod u+w {} +
	common_teardown
}

@test "install: exit 0 and only the launcher's absolute path on stdout" {
	cat "$BATS_FILE_TMPDIR/timing" >&3
	run cat "$BATS_FILE_TMPDIR/install.rc"
	assert_output 0
	run cat "$BATS_FILE_TMPDIR/install.out"
	assert_output "$(cd "$H/go/bin" && pwd -P)/$VER"
	assert_equal "${#lines[@]}" 1
	run cat "$BATS_FILE_TMPDIR/install.err"
	assert_output --partial "verified $MODSUM"
}

@test "install: the launcher is a symlink to the SDK's bin/go and runs $VER" {
	assert [ -L "$LAUNCHER" ]
	[ "$(readlink "$LAUNCHER")" = "$(cd "$SDK" && pwd -P)/bin/go" ]
	run "$LAUNCHER" version
	assert_success
	assert_output --partial "go version $VER "
}

@test "install: GOROOT through the launcher is the SDK directory" {
	run env -u GOROOT "$LAUNCHER" env GOROOT
	assert_success
	assert_output "$(cd "$SDK" && pwd -P)"
}

@test "install: the SDK is complete, owner-writable, with exec bits and go.mod restored" {
	assert [ -f "$SDK/.unpacked-success" ]
	grep -qF "$MODULE $MODSUM" "$SDK/.unpacked-success"
	assert [ "$(head -1 "$SDK/VERSION")" = $VER ]
	assert [ -x "$SDK/bin/go" ]
	assert [ -x "$SDK/bin/gofmt" ]
	assert [ -x "$SDK/pkg/tool/$("$REAL_GO" env GOHOSTOS)_$("$REAL_GO" env GOHOSTARCH)/compile" ]
	assert [ -w "$SDK/src/internal/cpu/cpu_arm64_other.go" ]
	assert [ ! -x "$SDK/src/internal/cpu/cpu_arm64_other.go" ]
	# Every _go.mod has its go.mod twin, as the go command makes them.
	local n_u n_g
	n_u=$(find "$SDK" -name _go.mod | wc -l)
	n_g=$(find "$SDK" -name go.mod | wc -l)
	assert [ "$n_u" -gt 0 ]
	assert_equal "$n_u" "$n_g"
	cmp "$SDK/src/_go.mod" "$SDK/src/go.mod"
	# No temporary sibling left behind.
	run ls -A "$H/sdk"
	assert_output $VER
}

@test "install: the copy hashes to the module's go.sum line (zip files only)" {
	# The SDK minus what install adds (go.mod twins, the marker) is the zip.
	local c="$TMP/check"
	cp -r "$SDK" "$c"
	rm "$c/.unpacked-success"
	find "$c" -name _go.mod -execdir rm go.mod \;
	run "$GOWRAP" toolchain hash "$c" "$MODULE"
	assert_success
	assert_output "$MODSUM"
}

@test "install: the module cache is byte-for-byte unchanged (modes, sizes, mtimes, names)" {
	run diff "$BATS_FILE_TMPDIR/modcache.before" "$BATS_FILE_TMPDIR/modcache.after"
	assert_success
	assert [ -s "$BATS_FILE_TMPDIR/modcache.before" ]
}

@test "install: a second run succeeds at once and changes nothing" {
	local before after
	before=$(find "$SDK" "$LAUNCHER" -printf '%m %s %T@ %p\n' | LC_ALL=C sort | md5sum)
	run --separate-stderr "$GOWRAP" toolchain install $VER
	assert_success
	assert_output "$(cat "$BATS_FILE_TMPDIR/install.out")"
	assert_glob "$stderr" "*already installed*"
	after=$(find "$SDK" "$LAUNCHER" -printf '%m %s %T@ %p\n' | LC_ALL=C sort | md5sum)
	assert [ "$before" = "$after" ]
}

@test "GOTOOLCHAIN=auto + go.mod toolchain line: launcher on PATH switches to the SDK" {
	pinned_module
	cd "$TMP/mod"
	run env -u GOROOT PATH="$H/go/bin:$PATH" GOTOOLCHAIN=auto "$REAL_GO" env GOROOT GOVERSION
	assert_success
	assert_line --index 0 "$(cd "$SDK" && pwd -P)"
	assert_line --index 1 $VER
	run env -u GOROOT PATH="$H/go/bin:$PATH" GOTOOLCHAIN=auto "$REAL_GO" version
	assert_output --partial "go version $VER "
	# Without the launcher the same switch lands in the module cache.
	run env -u GOROOT GOTOOLCHAIN=auto "$REAL_GO" env GOROOT
	assert_output "$MODDIR"
}

@test "overlay: accepted on the SDK GOROOT, refused on the module-cache GOROOT" {
	pinned_module
	cd "$TMP/mod"
	local gr
	for gr in "$(cd "$SDK" && pwd -P)" "$MODDIR"; do
		cp "$gr/src/internal/cpu/cpu_arm64_other.go" "$TMP/repl.go"
		printf '{"Replace":{"%s/src/internal/cpu/cpu_arm64_other.go":"%s/repl.go"}}\n' \
			"$gr" "$TMP" >"$TMP/ov.json"
		local path="$PATH"
		[ "$gr" = "$MODDIR" ] || path="$H/go/bin:$PATH"
		run env -u GOROOT PATH="$path" GOTOOLCHAIN=auto GOOS=ios GOARCH=arm64 \
			"$REAL_GO" list -overlay="$TMP/ov.json" -f '{{.Dir}}' internal/cpu
		if [ "$gr" = "$MODDIR" ]; then
			assert_failure
			assert_output --partial "Files beneath GOMODCACHE"
		else
			assert_success
			assert_output "$gr/src/internal/cpu"
		fi
	done
}

@test "bad version strings: exit 2, nothing created" {
	local v
	for v in go1.27.3/.. ../go1.27.3 go1.27.3/x go2.0 go1 go1.027.3 go1.27.03 go1.27.3. \
		go1.27rc0 go1.27beta1 "go1.27.3 " 1.27.3 go1.27.3.linux-amd64 ""; do
		run "$GOWRAP" toolchain install "$v" --sdk "$TMP/sdk" --bin "$TMP/bin"
		[ "$status" -eq 2 ] || { echo "accepted: '$v'"; false; }
		assert_output --partial "gowrap: invalid toolchain version"
	done
	assert [ ! -e "$TMP/sdk" ]
	assert [ ! -e "$TMP/bin" ]
}

@test "go1.N for N >= 21 is a language version: exit 2 with the go1.N.0 hint" {
	run "$GOWRAP" toolchain install go1.27 --sdk "$TMP/sdk"
	assert_failure 2
	assert_output --partial "use go1.27.0"
}

@test "usage errors: exit 2" {
	run "$GOWRAP" toolchain install
	assert_failure 2
	run "$GOWRAP" toolchain install $VER --sdk
	assert_failure 2
	run "$GOWRAP" toolchain install $VER --frobnicate
	assert_failure 2
	run "$GOWRAP" toolchain install $VER go1.26.8
	assert_failure 2
	run "$GOWRAP" toolchain frob
	assert_failure 2
}

@test "unknown release go1.99.0: exit 112, one clear line, nothing created" {
	run --separate-stderr "$GOWRAP" toolchain install go1.99.0 --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert [ -z "$output" ]
	assert_glob "$stderr" "*gowrap: cannot download the toolchain: go1.99.0 for *"
	assert [ "$(grep -c '^gowrap: cannot' <<<"$stderr")" -eq 1 ]
	assert [ ! -e "$TMP/sdk/go1.99.0" ]
	assert [ ! -e "$TMP/bin" ]
	run ls -A "$TMP/sdk"
	assert_output ""
}

@test "GOPROXY=direct: never goes direct; the module cache still serves, else a clear fix" {
	run --separate-stderr env GOPROXY=direct "$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_success
	assert_glob "$stderr" "*using GOPROXY=off*"
	assert [ -f "$TMP/sdk/$VER/.unpacked-success" ]
	run --separate-stderr env GOPROXY=direct "$GOWRAP" toolchain install go1.99.0 --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert_glob "$stderr" "*fix: set GOPROXY to a module proxy*"
}

@test "hash mismatch: a tampered module cache copy fails with 112, no SDK, no launcher" {
	local f rel=src/internal/cpu/cpu_arm64_other.go
	f=$(fake_modcache)
	local d="$f/$MODULE"
	rm "$d/$rel" # unlink our hard link; the real cache's file is untouched
	echo 'package cpu // tampered' >"$d/$rel"
	run --separate-stderr env GOMODCACHE="$f" GOPROXY=off "$GOWRAP" toolchain install $VER \
		--sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert [ -z "$output" ]
	assert_glob "$stderr" "*gowrap: toolchain copy does not match its module hash: *the module's checksum is $MODSUM*"
	run ls -A "$TMP/sdk"
	assert_output ""
	assert [ ! -e "$TMP/bin/$VER" ]
	# The real cache's file is what it was.
	cmp "$MODDIR/$rel" "$SDK/$rel"
}

@test "hash mismatch: an extra file in the module cache copy is caught too" {
	local f
	f=$(fake_modcache)
	echo extra >"$f/$MODULE/src/extra.go"
	run env GOMODCACHE="$f" GOPROXY=off "$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert_output --partial "does not match its module hash"
	run ls -A "$TMP/sdk"
	assert_output ""
}

@test "a symlink in the module cache copy is refused (a zip holds none)" {
	local f
	f=$(fake_modcache)
	ln -s /etc/passwd "$f/$MODULE/src/link.go"
	run env GOMODCACHE="$f" GOPROXY=off "$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert_output --partial "src/link.go is not a regular file"
	run ls -A "$TMP/sdk"
	assert_output ""
}

@test "target exists but is not a complete install: refused with 112, left alone" {
	mkdir -p "$TMP/sdk/$VER/bin"
	echo keep >"$TMP/sdk/$VER/bin/mine"
	run "$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert_output --partial "is not a complete $VER install"
	assert [ "$(cat "$TMP/sdk/$VER/bin/mine")" = keep ]
	assert [ ! -e "$TMP/bin/$VER" ]
}

@test "an existing launcher that is not ours is never replaced" {
	mkdir -p "$TMP/bin"
	echo '#!/bin/sh' >"$TMP/bin/$VER"
	run "$GOWRAP" toolchain install $VER --sdk "$H/sdk" --bin "$TMP/bin"
	assert_failure 112
	assert_output --partial "already exists and is not a symlink to"
	assert [ "$(cat "$TMP/bin/$VER")" = '#!/bin/sh' ]
}

@test "--bin defaults to GOBIN when set" {
	run --separate-stderr env GOBIN="$TMP/gobin" "$GOWRAP" toolchain install $VER
	assert_success
	assert_output "$(cd "$TMP/gobin" && pwd -P)/$VER"
	[ "$(readlink "$TMP/gobin/$VER")" = "$(cd "$SDK" && pwd -P)/bin/go" ]
	assert_glob "$stderr" "*is not on PATH*"
}

@test "two concurrent installs of one release: both succeed, one complete SDK" {
	"$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin" >"$TMP/a.out" 2>"$TMP/a.err" &
	local pa=$!
	"$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin" >"$TMP/b.out" 2>"$TMP/b.err" &
	local pb=$!
	wait $pa
	wait $pb
	assert [ "$(cat "$TMP/a.out")" = "$(cat "$TMP/b.out")" ]
	run ls -A "$TMP/sdk"
	assert_output $VER
	assert [ -f "$TMP/sdk/$VER/.unpacked-success" ]
	run "$TMP/bin/$VER" version
	assert_output --partial "go version $VER "
}

@test "interrupted install removes its temporary copy" {
	# The copy takes seconds; should one finish before the signal lands, try
	# again with a new SDK directory (never a skip: every attempt is checked).
	local try i pid rc
	for try in 1 2 3 4 5; do
		rm -rf "$TMP/sdk"
		"$GOWRAP" toolchain install $VER --sdk "$TMP/sdk" --bin "$TMP/bin" 2>"$TMP/err" &
		pid=$!
		# Wait until the copy has started, then interrupt it.
		for i in $(seq 1 400); do
			compgen -G "$TMP/sdk/.$VER.gowrap-*" >/dev/null && break
			sleep 0.01
		done
		kill -TERM $pid
		rc=0
		wait $pid || rc=$?
		[ -e "$TMP/sdk/$VER/.unpacked-success" ] || break
	done
	[ ! -e "$TMP/sdk/$VER/.unpacked-success" ] || fail "every install finished before the interrupt arrived (5 tries)"
	assert [ "$rc" -eq 143 ]
	run ls -A "$TMP/sdk"
	assert_output ""
	assert [ ! -e "$TMP/bin/$VER" ]
}

@test "hash: matches Go's dirhash on a synthetic tree (independent reimplementation)" {
	local d="$TMP/tree"
	mkdir -p "$d/a/b" "$d/a-b" "$d/empty"
	printf 'x' >"$d/a/b/c.go"
	printf 'y\n' >"$d/a-b/z"
	printf '' >"$d/a.txt"
	printf 'root' >"$d/go.mod"
	# Go: sort.Strings over "prefix/rel", lines "%x  %s\n", sha256, base64.
	local want
	want=$(cd "$d" && find . -type f | sed 's|^\./||' | sed 's|^|example.com/m@v1.0.0/|' |
		LC_ALL=C sort | while read -r name; do
			printf '%s  %s\n' "$(sha256sum <"${name#example.com/m@v1.0.0/}" | cut -d' ' -f1)" "$name"
		done | sha256sum | cut -d' ' -f1 | xxd -r -p | base64)
	run "$GOWRAP" toolchain hash "$d" example.com/m@v1.0.0
	assert_success
	assert_output "h1:$want"
}

@test "hash: matches go mod download's Sum for golang.org/x/sys" {
	local j
	j=$(cd "$TMP" && GOFLAGS= GOPROXY=off "$REAL_GO" mod download -json golang.org/x/sys@v0.30.0 2>/dev/null) ||
		fail "golang.org/x/sys@v0.30.0 not in the module cache (fix: run bash scripts/setup.sh)"
	local dir sum
	dir=$(sed -n 's/^.*"Dir": "\([^"]*\)".*$/\1/p' <<<"$j")
	sum=$(sed -n 's/^.*"Sum": "\([^"]*\)".*$/\1/p' <<<"$j")
	run "$GOWRAP" toolchain hash "$dir" golang.org/x/sys@v0.30.0
	assert_success
	assert_output "$sum"
}
