#!/usr/bin/env bats
# tests/compose.bats — a caller's own -toolexec composed with the dependency
# fix (deps/compose.h): gowrap-toolexec takes its place and runs every tool
# through it, the fixed compiles with the compiler stage behind it. A tool
# that only wraps composes; one that drops gowrap's file fails the build and
# leaves nothing in the build cache; one that runs a compiler of its own is
# held to the marker; garble (which renames every symbol, the marker
# included) composes, and the probe it obfuscates runs fixed under qemu.
# The probe is tests/fixtures/hwcapprobe (two copies of internal/cpu and the
# runtime, no fmt): each composed tool is an identity of its own, so each
# compiles everything the probe imports cold, and this one costs a third of
# the depsprobe's 227 packages (tests/deps.bats runs that one end to end).

load helpers/common
load helpers/goroot
bats_require_minimum_version 1.5.0

PROBE="$BATS_TEST_DIRNAME/fixtures/hwcapprobe"
MC_CPU=github.com/metacubex/cpu
UTLS_CPU=github.com/metacubex/utls/internal/cpu
BOTH='["'$MC_CPU'", "'$UTLS_CPU'"]'

setup_file() {
	MC0="$(GOFLAGS= GOTOOLCHAIN=local go env GOMODCACHE)"
	export MC0
	require_modules github.com/metacubex/utls@v1.8.7 github.com/metacubex/cpu@v0.1.1 mvdan.cc/garble@v0.18.0
}

setup() {
	common_setup
	export GOFLAGS= GOPROXY=off GOSUMDB=off
	unset GOOS GOARCH CGO_ENABLED
	LOG="$TMP/log"
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
}

sgo_linux() { PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$LOG" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go "$@"; }

# A -toolexec named NAME that adds " NAME" to the compiler's -V=full (as a
# real wrapper with an identity of its own does), so its builds compile
# rather than reuse another test's cache entries; BODY runs every other tool.
make_tool() { # FILE NAME BODY
	printf '#!/bin/bash\nif [ "$2" = -V=full ]; then echo "$("$@") %s"; exit; fi\n%s\n' "$2" "$3" >"$1"
	chmod +x "$1"
}

log_check() {
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert '"$1"', l' "$LOG"
	assert_success
}

# both copies read what std's internal/cpu reads on a CPU with the crypto
# extensions (without the fix they read nothing: tests/deps_arch.bats)
probe_fixed() {
	run --separate-stderr qemu-aarch64 -cpu cortex-a53 "$1"
	assert_success
	local std
	std=$(sed -n 's/^std: //p' <<<"$stderr")
	assert_glob "$std" "arm64 AES=true PMULL=true SHA1=true SHA2=true *"
	assert_equal "$(sed -n 's|^metacubex/cpu: ||p' <<<"$stderr")" "$std"
	assert_equal "$(sed -n 's/^utls: //p' <<<"$stderr")" "$std"
}

@test "a wrapping -toolexec is composed: theirs runs every tool, the fix reaches the compiler, the marker is there" {
	make_tool "$TMP/theirs" wrap 'echo "$(basename "$1") $TOOLEXEC_IMPORTPATH" >>"'"$TMP/ran"'"; exec "$@"'
	run sgo_linux build -toolexec="$TMP/theirs" -o x .
	assert_success
	probe_fixed x
	log_check 'l["deps_composed_with"] == "'"$TMP/theirs"'" and sorted(l["deps_fixed"]) == '"$BOTH"' and l["deps_proof"] == "compiler stage and markers"'
	# theirs saw the compile of the copy (with gowrap's compiler stage as
	# the tool), the linker, and -V=full for the build's identity
	run cat "$TMP/ran"
	assert_line "compile $UTLS_CPU"
	assert_line --regexp '^link '
	run llvm-nm x
	assert_output --partial "$UTLS_CPU.gowrapMarkerV1"
	assert_output --partial "$MC_CPU.gowrapMarkerV1"
	# the composed identity keys the cache: the same call again compiles nothing
	run sgo_linux build -x -toolexec="$TMP/theirs" -o y .
	assert_success
	refute_output --partial "/compile "
	cmp x y
}

@test "a -toolexec that drops gowrap's file: the compile fails with gowrap's line, and nothing unfixed is cached" {
	make_tool "$TMP/drop" drop 'args=(); for a in "$@"; do case "$a" in */gowrap_*.go) ;; *) args+=("$a") ;; esac; done; exec "${args[@]}"'
	for try in 1 2; do
		run --separate-stderr sgo_linux build -toolexec="$TMP/drop" -o x .
		assert_failure
		assert_glob "$stderr" "*gowrap: cannot compile with the dependency fix: your -toolexec=$TMP/drop dropped gowrap's file gowrap_hwcap_linux.go from the compile of @($MC_CPU|$UTLS_CPU) (fix: *"
		assert [ ! -e x ]
	done
}

@test "a -toolexec that runs a compiler of its own is held to the marker by name" {
	# gives the compiler its own path: the fix still compiles (proven by name)
	cat >"$TMP/own" <<SH
#!/bin/bash
t="\$1"; shift
case "\$(basename "\$t")" in compile) exec "$(go env GOTOOLDIR)/compile" "\$@" ;; esac
exec "\$t" "\$@"
SH
	chmod +x "$TMP/own"
	run sgo_linux build -toolexec="$TMP/own" -o x .
	assert_success
	probe_fixed x
	log_check 'l["deps_fixed"] == [] and l["deps_proof"] == "markers" and l["verified"] is True'
	# its own compiler and gowrap's file dropped too: no marker, 110
	make_tool "$TMP/own2" own2 't="$1"; shift; args=(); for a in "$@"; do case "$a" in */gowrap_*.go) ;; *) args+=("$a") ;; esac; done
case "$(basename "$t")" in compile) exec "'"$(go env GOTOOLDIR)"'/compile" "${args[@]}" ;; esac; exec "$t" "$@"'
	run --separate-stderr sgo_linux build -toolexec="$TMP/own2" -o y .
	assert_failure 110
	assert_glob "$stderr" "gowrap: built output lacks a dependency fix: *$UTLS_CPU has code in it but no $UTLS_CPU.gowrapMarkerV1 (and no compiler stage saw the fix behind your -toolexec)*"
}

@test "garble (Go 1.27.3) through the shim: the probe is obfuscated and runs fixed under qemu; the compiler stage proves it" {
	# garble overlays the toolchain's own linker, which the go command
	# refuses beneath GOMODCACHE: a real GOROOT, as for gowrap's overlay.
	# (offline: the module cache and its checksum database copy serve it)
	run gr_go127_install "$TMP/sdk" "$TMP/sdkbin"
	assert_success
	local sdkbin
	sdkbin=$(gr_go127_bin "$TMP/sdkbin")
	assert_line "$sdkbin/go1.27.3"
	# garble built as shipped: built without inlining (as act is) it builds
	# in 9 CPU s less, but this test then took 141 and 154 CPU s in two
	# runs against 120-131 in four.
	PATH="$sdkbin:$PATH" GOTOOLCHAIN=go1.27.3 GOFLAGS=-mod=mod GOPROXY="file://$MC0/cache/download" \
		GOBIN="$TMP/gb" go install mvdan.cc/garble@v0.18.0
	export PATH="$sdkbin:$TMP/gb:$PATH" GOTOOLCHAIN=go1.27.3 GARBLE_CACHE="$TMP/garblecache"
	run sgo_linux version
	assert_output --partial go1.27.3
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$LOG" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run --separate-stderr garble build -o g .
	assert_success
	probe_fixed g
	log_check 'l["deps_composed_with"].endswith("garble toolexec") and sorted(l["deps_fixed"]) == '"$BOTH"' and l["deps_proof"].startswith("compiler stage") and l["verified"] is True'
	# obfuscated: no package path or marker name left to find
	run bash -c "strings -a g | grep github.com/metacubex"
	assert_output ""
	run "$SYMCHECK" --markers g
	refute_output --partial gowrapMarker
	# the second build is served from the cache (both tools' identities key it)
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$LOG" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run garble build -o g2 .
	assert_success
	probe_fixed g2
	log_check 'l["deps_fixed"] == [] and l["verified"] is True'
}

@test "a -toolexec gowrap cannot run as a command: 114 with the reason; GOFLAGS' one is composed too" {
	run --separate-stderr sgo_linux build "-toolexec='x" -o x .
	assert_failure 114
	assert_glob "$stderr" "gowrap: cannot fix CPU-feature code in dependencies: the call brings -toolexec='x, which is no command gowrap-toolexec can run in front of the compiler*"
	GOFLAGS=-toolexec=/usr/bin/env run sgo_linux build -o x .
	assert_success
	probe_fixed x
	log_check 'l["deps_composed_with"] == "/usr/bin/env"'
}
