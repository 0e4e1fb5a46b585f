#!/usr/bin/env bats
# Shared build caches (GOCACHEPROG, Go 1.24+; README "CI fleets"): the real
# go-cacher-server and go-cacher of github.com/bradfitz/go-tool-cache, built
# here with the real go, on loopback. Machine A builds through the shim and
# fills the server; machine B — a fresh GOCACHE, a fresh GOWRAP_CACHE, a
# fresh go-cacher directory, the same server — builds the same and must
# compile nothing (no `/compile ` line in `go build -x`) and get the same
# bytes. Once for an ios/arm64 c-archive (the GOROOT overlay; the stand-in
# Apple toolchain on Linux), once for the linux/arm64 probe of
# tests/fixtures/leanprobe (the dependency fix through gowrap-toolexec), whose
# B binary must still be fixed under qemu-aarch64 -cpu cortex-a53, once for
# a linux/arm64 program with GOWRAP_PATCHES (tests/helpers/patches.bash's set,
# made from the GOROOT in use), each machine with its own HOME, checkout and
# copy of the set too.

load helpers/common
load helpers/patches
bats_require_minimum_version 1.5.0

GTC=github.com/bradfitz/go-tool-cache
GTC_VERSION=v0.0.0-20260722201841-0bb331e19f64
PROBE="$BATS_TEST_DIRNAME/fixtures/leanprobe"
AESLIB="$BATS_TEST_DIRNAME/../examples/aeslib"

# need WHAT TEST: a prerequisite, or the suite fails naming the fix.
need() {
	eval "$2" >/dev/null 2>&1 && return 0
	echo "cacheprog: $1 is missing (fix: run bash scripts/setup.sh)" >&2
	return 1
}

# The two go-tool-cache programs, built with the real go. `go install
# pkg@version` asks the proxy whether the module is deprecated, which
# GOPROXY=off refuses; a file:// proxy made from the module cache that
# scripts/setup.sh filled answers that offline. Built as
# scripts/fetch-testdeps.sh builds act (no cgo, no inlining, no symbols):
# their std (net/http and what it needs) is then act's, already compiled in
# the same build cache (61 CPU s cold here, 2 after act's build).
build_cacher() {
	local mc
	mc="$(GOFLAGS= "$REAL_GO" env GOMODCACHE)"
	GOPROXY="file://$mc/cache/download" GOBIN="$C/bin" CGO_ENABLED=0 "$REAL_GO" install \
		-gcflags=all=-l -ldflags='-s -w' \
		"$GTC/cmd/go-cacher@$GTC_VERSION" "$GTC/cmd/go-cacher-server@$GTC_VERSION" >"$C/cacher.out" 2>&1 || {
		cat "$C/cacher.out" >&2
		echo "cacheprog: cannot build go-cacher $GTC_VERSION offline (fix: run bash scripts/setup.sh, which fetches it)" >&2
		return 1
	}
}

# The server on a free loopback port; CACHE_SERVER its URL once it answers.
start_server() {
	local port i
	port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
	# fd 3 closed: bats waits for every holder of it before it ends.
	"$C/bin/go-cacher-server" -cache-dir "$C/server" -listen "127.0.0.1:$port" >"$C/server.log" 2>&1 3>&- &
	echo $! >"$C/server.pid"
	export CACHE_SERVER="http://127.0.0.1:$port"
	for i in $(seq 1 100); do
		python3 -c 'import sys, urllib.request; sys.exit(urllib.request.urlopen(sys.argv[1], timeout=1).read() != b"hi")' \
			"$CACHE_SERVER/" 2>/dev/null && return 0
		sleep 0.1
	done
	cat "$C/server.log" >&2
	echo "cacheprog: go-cacher-server did not answer on $CACHE_SERVER" >&2
	return 1
}

# machine NAME: one CI machine's own caches, the shared server; the shim
# first on PATH, its log in $C/NAME.log.
machine() {
	mkdir -p "$C/$1"
	export GOCACHE="$C/$1/gocache" GOWRAP_CACHE="$C/$1/gowrap" GOWRAP_LOG="$C/$1.log"
	export GOCACHEPROG="$C/bin/go-cacher -verbose -cache-dir $C/$1/cacher -cache-server $CACHE_SERVER"
	export PATH="$SHIM_DIR:$PATH"
}

ios_build() { # MACHINE
	(machine "$1" && cd "$AESLIB" &&
		GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios CC="$APPLE/bin/cc-ios-arm64" \
			go build -x -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$C/$1/ios.a" .)
}

linux_build() { # MACHINE
	(machine "$1" && cd "$PROBE" &&
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -x -o "$C/$1/probe" .)
}

# The patched program's machine: its own HOME, its own checkout of the
# program and copy of the patch set (same bytes, other paths), its own log
# (the linux test reads the last linux/arm64 call of NAME.log), and GOROOT
# at another path (a symlink to the real one: go takes GOROOT as given), so
# any of those paths reaching the patched bytes or the markers shows as a
# compile on B. -trimpath, because without it cmd/go keys the program's own
# package on its directory (README "CI fleets"); GOROOT's packages never are.
patches_build() { # MACHINE
	(machine "$1" && export HOME="$C/$1/home" GOROOT="$C/$1/goroot" GOWRAP_LOG="$C/$1-patches.log" &&
		mkdir -p "$HOME" &&
		ln -s "$GR" "$GOROOT" &&
		cp -R "$C/hello" "$C/$1/hello" && cp -R "$C/set" "$C/$1/set" && cd "$C/$1/hello" &&
		GOWRAP_PATCHES="$C/$1/set" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
			go build -x -trimpath -o "$C/$1/hello.bin" .)
}

# The program: only what the set changes (runtime, os) and what they need.
make_hello() {
	mkdir -p "$C/hello"
	printf 'module example.com/hello\n\ngo 1.21\n' >"$C/hello/go.mod"
	printf 'package main\n\nimport "os"\n\nfunc main() {\n\tp, _ := os.Executable()\n\tprintln(p != "")\n}\n' \
		>"$C/hello/main.go"
}

setup_file() {
	export C="$BATS_FILE_TMPDIR"
	export GOTOOLCHAIN=local GOFLAGS= GOWORK=off
	unset GOWRAP_LOG GOWRAP_GO GOWRAP_VERIFY GOCACHEPROG
	REAL_GO="$(real_go)"
	export REAL_GO
	need "Go 1.24 or newer (GOCACHEPROG)" \
		'[ "$(printf "%s\n" go1.24 "$("$REAL_GO" env GOVERSION)" | sort -V | head -1)" = go1.24 ]'
	need qemu-aarch64 'command -v qemu-aarch64'
	require_modules "$GTC@$GTC_VERSION" github.com/metacubex/utls@v1.8.7
	build_cacher
	export GOPROXY=off
	start_server
	GR="$("$REAL_GO" env GOROOT)"
	export GR
	make_patch_set "$GR" "$C/set"
	make_hello
	# Each build's status is kept for a test to assert, never swallowed here.
	local m t st
	for t in ios linux patches; do
		for m in A B; do
			st=0
			"${t}_build" "$m" >"$C/$m-$t.out" 2>&1 || st=$?
			echo "$st" >"$C/$m-$t.status"
		done
	done
}

teardown_file() {
	[ -f "$C/server.pid" ] && kill "$(cat "$C/server.pid")" 2>/dev/null || true
}

setup() {
	common_setup
}

compiles() { grep -c '/compile ' "$1" || true; }

# The sums of every go-cacher's closing line in OUT: gets hits misses puts.
cacher_stats() {
	sed -n 's/.*cacher: closing; \([0-9]*\) gets (\([0-9]*\) hits, \([0-9]*\) misses.*; \([0-9]*\) puts.*/\1 \2 \3 \4/p' "$1" |
		awk '{g += $1; h += $2; m += $3; p += $4} END {print g + 0, h + 0, m + 0, p + 0}'
}

# both_built TARGET: A and B built; the numbers README quotes, printed in
# the run's output (TAP comments on fd 3).
both_built() {
	local m
	for m in A B; do
		[ "$(cat "$C/$m-$1.status")" = 0 ] || cat "$C/$m-$1.out"
		assert_equal "$(cat "$C/$m-$1.status")" 0
		echo "# $1 machine $m: $(compiles "$C/$m-$1.out") compiles; go-cacher gets hits misses puts: $(cacher_stats "$C/$m-$1.out")" >&3
	done
}

@test "GOCACHEPROG, ios/arm64 c-archive through the shim: machine B compiles nothing and gets A's bytes" {
	both_built ios
	# A compiled (the server started empty), B nothing: every action came from the server.
	assert [ "$(compiles "$C/A-ios.out")" -gt 0 ]
	assert_equal "$(compiles "$C/B-ios.out")" 0
	read -r _ hits _ _ <<<"$(cacher_stats "$C/B-ios.out")"
	assert [ "$hits" -gt 0 ]
	cmp "$C/A/ios.a" "$C/B/ios.a"
	run "$SYMCHECK" "$C/B/ios.a"
	assert_success
	# Both injected, each its own overlay file (path), verified: the action
	# IDs hold the overlay's bytes, not where it lies.
	run python3 - "$C/A.log" "$C/B.log" <<-'PY'
	import json, sys
	a, b = ([json.loads(l) for l in open(p) if '"ios/arm64"' in l][-1] for p in sys.argv[1:])
	for l in (a, b):
	    assert l["injected"] and l["verified"] is True and l["exit"] == 0, l
	assert a["overlay"] != b["overlay"], (a["overlay"], b["overlay"])
	PY
	assert_success
}

@test "GOCACHEPROG, linux/arm64 probe with the dependency fix: machine B compiles nothing, A's bytes, fixed under qemu cortex-a53" {
	both_built linux
	assert [ "$(compiles "$C/A-linux.out")" -gt 0 ]
	assert_equal "$(compiles "$C/B-linux.out")" 0
	read -r _ hits _ _ <<<"$(cacher_stats "$C/B-linux.out")"
	assert [ "$hits" -gt 0 ]
	cmp "$C/A/probe" "$C/B/probe"
	run python3 - "$C/B.log" <<-'PY'
	import json, sys
	l = [json.loads(x) for x in open(sys.argv[1]) if '"linux/arm64"' in x][-1]
	assert l["deps_toolexec"] is True and l["verified"] is True and l["exit"] == 0, l
	assert l["deps"] == ["github.com/metacubex/utls/internal/cpu"], l
	PY
	assert_success
	run qemu-aarch64 -cpu cortex-a53 "$C/B/probe"
	assert_success
	assert_line "utls/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
}

@test "GOCACHEPROG, linux/arm64 with GOWRAP_PATCHES from another GOWRAP_CACHE, HOME, checkout and GOROOT path: machine B compiles nothing; the overlay's patched files and markers are byte-identical" {
	both_built patches
	assert [ "$(compiles "$C/A-patches.out")" -gt 0 ]
	assert_equal "$(compiles "$C/B-patches.out")" 0
	read -r _ hits _ _ <<<"$(cacher_stats "$C/B-patches.out")"
	assert [ "$hits" -gt 0 ]
	cmp "$C/A/hello.bin" "$C/B/hello.bin"
	# B's program carries the markers of the patches that changed it or are already in
	run bash -c "llvm-nm '$C/B/hello.bin' | grep -o '[a-z]*\.gowrapPatch[0-9a-f]*' | sort -u"
	want="$(for f in 0001-boottime.patch:runtime 0003-os-body.patch:os 0004-os-move.patch:os 0005-upstream-took-it.patch:os; do
		echo "${f#*:}.gowrapPatch$(sha256sum "$C/set/${f%%:*}" | cut -c1-12)"
	done | sort)"
	assert_output "$want"
	# Each machine its own overlay (path), every file it names the same bytes:
	# the patched GOROOT files, the deleted one ("" on both), the markers.
	run python3 - "$C/A-patches.log" "$C/B-patches.log" <<-'PY'
	import json, sys
	def last(p):
	    return [json.loads(l) for l in open(p) if '"linux/arm64"' in l and '"patches"' in l][-1]
	a, b = last(sys.argv[1]), last(sys.argv[2])
	for l in (a, b):
	    assert l["injected"] and l["exit"] == 0, l
	    assert [p["state"] for p in l["patches"]] == ["exact"] * 4 + ["already", "skipped"], l["patches"]
	assert a["goroot"] != b["goroot"], (a["goroot"], b["goroot"])
	assert a["overlay"] != b["overlay"], (a["overlay"], b["overlay"])
	def replace(l):  # the overlay's entries, keyed by their path in GOROOT
	    r = json.load(open(l["overlay"]))["Replace"]
	    assert all(k.startswith(l["goroot"] + "/src/") for k in r), r
	    return {k[len(l["goroot"]):]: v for k, v in r.items()}
	ra, rb = replace(a), replace(b)
	assert sorted(ra) == sorted(rb), (sorted(ra), sorted(rb))
	markers = [k for k in ra if k.startswith(("/src/runtime/gowrap_patch_", "/src/os/gowrap_patch_"))]
	assert len(markers) == 5 and sum(v == "" for v in ra.values()) == 1, ra
	for k in ra:
	    assert (ra[k] == "") == (rb[k] == ""), k
	    if ra[k]:
	        assert ra[k] != rb[k], k
	        assert open(ra[k], "rb").read() == open(rb[k], "rb").read(), k
	print(len(ra), "files,", len(markers), "markers")
	PY
	assert_success
	assert_output "11 files, 5 markers"
}
