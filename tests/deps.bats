#!/usr/bin/env bats
# CPU-feature code in dependencies (deps/README.md): a probe module that
# requires github.com/metacubex/utls v1.8.7 (a copy of Go's internal/cpu),
# golang.org/x/sys v0.41.0 and github.com/klauspost/cpuid/v2 v2.3.0, built
# with the real go through the shim and without it; linux/arm64 binaries run
# under qemu-aarch64 -cpu cortex-a53, iOS ones are checked for markers
# (tests/fixtures/leanprobe where only the copies matter: below).

load helpers/common
bats_require_minimum_version 1.5.0

PROBE="$BATS_TEST_DIRNAME/fixtures/depsprobe"
# The same three copies without utls's TLS stack (71 packages, not 227): the
# builds below that are cold (an iOS target, a fresh build cache, another Go,
# a -toolexec identity of their own) use it; the linux/arm64 builds that show
# the TLS line use depsprobe.
LEAN="$BATS_TEST_DIRNAME/fixtures/leanprobe"

setup_file() {
	export D="$BATS_FILE_TMPDIR"
	# The lean probe's program with x/sys v0.42.0: fixtures/depsprobe42 holds
	# only its go.mod and go.sum.
	export PROBE42="$D/probe42"
	mkdir -p "$PROBE42"
	cp "$BATS_TEST_DIRNAME/fixtures/depsprobe42/go.mod" "$BATS_TEST_DIRNAME/fixtures/depsprobe42/go.sum" \
		"$LEAN/main.go" "$PROBE42/"
	export GOWRAP_CACHE="$D/cache" GOTOOLCHAIN=local GOFLAGS= GOPROXY=off
	cd "$PROBE"
	local go; go="$(real_go)"
	# DEPS_SETUP (deps/mutations.py): which of linux, ios to build up front
	local what="${DEPS_SETUP:-linux ios}"
	if [[ " $what " == *" linux "* ]]; then
	# linux/arm64, through the shim and without it
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$D/linux.log" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		go build -o "$D/linux-shim" . >"$D/linux-shim.out" 2>&1 || true
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$go" build -o "$D/linux-plain" . >"$D/linux-plain.out" 2>&1 || true
	fi
	[[ " $what " == *" ios "* ]] || return 0
	# ios/arm64 c-archives (stand-in Apple toolchain), through the shim
	cd "$LEAN"
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$D/ios.log" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		CC="$APPLE/bin/cc-ios-arm64" go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" \
		-o "$D/ios.a" . >"$D/ios.out" 2>&1 || true
	cd "$PROBE42"
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$D/ios42.log" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		CC="$APPLE/bin/cc-ios-arm64" go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" \
		-o "$D/ios42.a" . >"$D/ios42.out" 2>&1 || true
}

setup() {
	common_setup
	export GOWRAP_CACHE="$D/cache" GOFLAGS= GOPROXY=off
}

markers() { # FILE: every <pkg>.gowrapMarker... function, sorted
	llvm-nm "$1" 2>/dev/null | awk '{print $NF}' | sed 's/^_//' | grep '\.gowrapMarker' | sort -u
}

@test "linux/arm64 through the shim: the utls copy reports AES, PMULL, SHA2 and AES-GCM hardware under qemu cortex-a53" {
	run cat "$D/linux-shim.out"
	assert_output ""
	run qemu-aarch64 -cpu cortex-a53 "$D/linux-shim"
	assert_success
	assert_line "utls/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
	assert_line "utls HasAESGCMHardwareSupport=true"
	assert_line "x/sys/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
	assert_line "cpuid AESARM=true PMULL=true SHA2=true"
}

@test "linux/arm64 without the shim: the copy reports none of them (the defect), the others do" {
	run qemu-aarch64 -cpu cortex-a53 "$D/linux-plain"
	assert_success
	assert_line "utls/cpu ARM64 HasAES=false HasPMULL=false HasSHA2=false"
	assert_line "utls HasAESGCMHardwareSupport=false"
	assert_line "x/sys/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
}

@test "linux/arm64: exactly the copy carries a marker; the log names it; go version -m unchanged" {
	run markers "$D/linux-shim"
	assert_output "github.com/metacubex/utls/internal/cpu.gowrapMarkerV1"
	run markers "$D/linux-plain"
	assert_output ""
	run python3 - "$D/linux.log" <<'PY'
import json, sys
l = [json.loads(x) for x in open(sys.argv[1])][-1]
assert l["deps"] == ["github.com/metacubex/utls/internal/cpu"], l
assert l["deps_toolexec"] is True and l["verified"] is True and l["exit"] == 0, l
assert "github.com/metacubex/utls/internal/cpu" in l["deps_fixed"] or l["deps_fixed"] == [], l
PY
	assert_success
	diff <(go version -m "$D/linux-shim" | tail -n +2) <(go version -m "$D/linux-plain" | tail -n +2)
}

@test "GODEBUG=cpu.aes=off still applies where the package honours it (x/sys/cpu); the utls copy never read GODEBUG" {
	run env GODEBUG=cpu.aes=off qemu-aarch64 -cpu cortex-a53 "$D/linux-shim"
	assert_success
	assert_line --partial "x/sys/cpu ARM64 HasAES=false"
	# The copy's init calls doinit and never processOptions (with or without gowrap).
	assert_line --partial "utls/cpu ARM64 HasAES=true"
}

@test "ios/arm64 through the shim: the utls copy, x/sys/cpu v0.41.0 and cpuid each carry their marker, and std's internal/cpu still does" {
	run cat "$D/ios.out"
	assert_output ""
	run markers "$D/ios.a"
	assert_output "$(printf '%s\n' github.com/klauspost/cpuid/v2.gowrapMarkerV1 \
		github.com/metacubex/utls/internal/cpu.gowrapMarkerV1 golang.org/x/sys/cpu.gowrapMarkerV1 \
		internal/cpu.gowrapMarkerDarwinV1)"
	run "$SYMCHECK" "$D/ios.a"
	assert_success
	run python3 - "$D/ios.log" <<'PY'
import json, sys
l = [json.loads(x) for x in open(sys.argv[1])][-1]
assert sorted(l["deps"]) == ["github.com/klauspost/cpuid/v2", "github.com/metacubex/utls/internal/cpu", "golang.org/x/sys/cpu"], l
assert l["verified"] is True and l["exit"] == 0, l
PY
	assert_success
}

@test "ios: the x/sys/cpu fix runs in the package's variable initialization, before init.0 (archInit, processOptions: GODEBUG still applies)" {
	cd "$BATS_TEST_TMPDIR"
	llvm-ar x "$D/ios.a" go.o
	run go tool objdump -s 'golang.org/x/sys/cpu.init$' go.o
	assert_success
	assert_line --regexp '^TEXT golang.org/x/sys/cpu.init\(SB\)'
	assert_line --regexp '^  gowrap_xsys_ios.go:[0-9]+.*CALL'
	# the added file names no directory in the binary (cmd/go trims the object dir)
	run bash -c "strings -a go.o | grep -c '/gowrap_xsys_ios.go'"
	assert_output "0"
}

@test "ios with x/sys v0.42.0: x/sys/cpu is left alone (right on its own), the others are fixed" {
	run cat "$D/ios42.out"
	assert_output ""
	run markers "$D/ios42.a"
	assert_output "$(printf '%s\n' github.com/klauspost/cpuid/v2.gowrapMarkerV1 \
		github.com/metacubex/utls/internal/cpu.gowrapMarkerV1 internal/cpu.gowrapMarkerDarwinV1)"
	cd "$PROBE42"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit
	assert_success
	assert_line --regexp '^golang.org/x/sys/cpu	golang.org/x/sys@v0.42.0	x/sys/cpu	right on its own'
}

@test "a host build is untouched: no -toolexec, byte-identical to the real go's" {
	cd "$LEAN"
	GOOS= GOARCH= CGO_ENABLED=0 "$(real_go)" build -o "$BATS_TEST_TMPDIR/plain" .
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$BATS_TEST_TMPDIR/log" GOOS= GOARCH= CGO_ENABLED=0 \
		run go build -o "$BATS_TEST_TMPDIR/shim" .
	assert_success
	cmp "$BATS_TEST_TMPDIR/plain" "$BATS_TEST_TMPDIR/shim"
	run grep -c '"injected":false' "$BATS_TEST_TMPDIR/log"
	assert_output "1"
	run grep -c toolexec "$BATS_TEST_TMPDIR/log"
	assert_output "0"
}

@test "a linux/arm64 build without a copy gets nothing added: byte-identical, fully cached" {
	mkdir -p "$BATS_TEST_TMPDIR/m" && cd "$BATS_TEST_TMPDIR/m"
	printf 'module gowrap.test/nocopy\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nimport "crypto/sha256"\n\nfunc main() { println(sha256.Sum256(nil)[0]) }\n' >main.go
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build -o plain .
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$BATS_TEST_TMPDIR/log" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run go build -x -o shim .
	assert_success
	refute_output --partial "/compile "
	cmp plain shim
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert l["injected"] is False and l["deps"]==[] and "deps_toolexec" not in l, l' "$BATS_TEST_TMPDIR/log"
	assert_success
}

@test "the second build through the shim is fully cached; a fresh GOCACHE gives a byte-identical binary (tool identity has no path)" {
	cd "$PROBE"
	PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run go build -x -o "$BATS_TEST_TMPDIR/a" .
	assert_success
	refute_output --partial "/compile "
	cmp "$D/linux-shim" "$BATS_TEST_TMPDIR/a"
	# the lean probe, in the run's cache and in a fresh one
	cd "$LEAN"
	PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run go build -o "$BATS_TEST_TMPDIR/a2" .
	assert_success
	GOCACHE="$BATS_TEST_TMPDIR/gocache" GOWRAP_CACHE="$BATS_TEST_TMPDIR/gwcache" PATH="$SHIM_DIR:$PATH" \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run go build -o "$BATS_TEST_TMPDIR/b" .
	assert_success
	cmp "$BATS_TEST_TMPDIR/a2" "$BATS_TEST_TMPDIR/b"
	run markers "$BATS_TEST_TMPDIR/b"
	assert_output "github.com/metacubex/utls/internal/cpu.gowrapMarkerV1"
}

@test "a caller's own -toolexec on a build that contains a copy is composed (fixed, theirs ran); one that is no command: 114; GOWRAP_DEPS=0 leaves it alone" {
	cd "$PROBE"
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$BATS_TEST_TMPDIR/log" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run --separate-stderr go build -toolexec=/usr/bin/env -o "$BATS_TEST_TMPDIR/x" .
	assert_success
	run qemu-aarch64 -cpu cortex-a53 "$BATS_TEST_TMPDIR/x"
	assert_line "utls HasAESGCMHardwareSupport=true"
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert l["deps_composed_with"] == "/usr/bin/env" and l["verified"] is True, l' "$BATS_TEST_TMPDIR/log"
	assert_success
	PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run --separate-stderr go build "-toolexec='/usr/bin/env" -o "$BATS_TEST_TMPDIR/x" .
	assert_failure 114
	assert [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	assert_glob "$stderr" "gowrap: cannot fix CPU-feature code in dependencies: the call brings -toolexec='/usr/bin/env, which is no command *\(fix: *"
	PATH="$SHIM_DIR:$PATH" GOWRAP_DEPS=0 GOWRAP_LOG="$BATS_TEST_TMPDIR/log" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run go build -toolexec=/usr/bin/env -o "$BATS_TEST_TMPDIR/x" .
	assert_success
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert l["injected"] is False, l' "$BATS_TEST_TMPDIR/log"
	assert_success
}

@test "a caller's -modfile is honoured" {
	cp -r "$PROBE" "$BATS_TEST_TMPDIR/p" && cd "$BATS_TEST_TMPDIR/p"
	mv go.mod alt.mod && mv go.sum alt.sum && printf 'module broken\n' >go.mod
	PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run go build -modfile=alt.mod -o x .
	assert_success
	run qemu-aarch64 -cpu cortex-a53 ./x
	assert_line "utls HasAESGCMHardwareSupport=true"
}

@test "an unknown variant (a needed line twice) is reported (log, audit), never patched, and the build goes on" {
	cp -r "$PROBE" "$BATS_TEST_TMPDIR/p" && cd "$BATS_TEST_TMPDIR/p"
	cp -r "$(go env GOMODCACHE)/github.com/metacubex/utls@v1.8.7" utls && chmod -R u+w utls
	sed -i 's/^\(\tARM64.HasAES = isSet(HWCap, hwcap_AES)\)$/\1\n\1/' utls/internal/cpu/cpu_arm64_hwcap.go
	[ "$(grep -c 'ARM64.HasAES = isSet' utls/internal/cpu/cpu_arm64_hwcap.go)" = 2 ]
	printf 'replace github.com/metacubex/utls => ./utls\n' >>go.mod
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$BATS_TEST_TMPDIR/log" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run go build -o x .
	assert_success
	run markers x
	assert_output ""
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert l["deps_unknown"] and "github.com/metacubex/utls/internal/cpu" in l["deps_unknown"][0], l' "$BATS_TEST_TMPDIR/log"
	assert_success
	GOOS=linux GOARCH=arm64 run "$GOWRAP" audit
	assert_failure 3
	assert_line --regexp '^github.com/metacubex/utls/internal/cpu	.*	unknown	unknown: rule hwcap-arm64: `ARM64.HasAES = isSet\(HWCap, hwcap_AES\)` is there 2 times'
}

@test "gowrap audit names every CPU-feature package of the build, for linux/arm64 and ios/arm64" {
	cd "$PROBE"
	GOOS=linux GOARCH=arm64 run "$GOWRAP" audit
	assert_success
	assert_line "internal/cpu	std	internal/cpu	right on its own: the runtime fills its HWCap"
	assert_line --regexp '^github.com/metacubex/utls/internal/cpu	github.com/metacubex/utls@v1.8.7	copy of internal/cpu	fixed by gowrap: hwcap '
	assert_line --regexp '^golang.org/x/sys/cpu	golang.org/x/sys@v0.41.0	x/sys/cpu	right on its own: rule xsys-auxv '
	assert_line --regexp '^github.com/klauspost/cpuid/v2	github.com/klauspost/cpuid/v2@v2.3.0	cpuid	right on its own: rule cpuid-linkname '
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit --json
	assert_success
	python3 - "$output" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
assert r["ok"] is True and r["target"] == "ios/arm64", r
v = {p["import_path"]: (p["kind"], p["verdict"], p["module"]) for p in r["packages"]}
assert v["internal/cpu"][1] == "fixed by gowrap", v
assert v["github.com/metacubex/utls/internal/cpu"] == ("copy of internal/cpu", "fixed by gowrap", "github.com/metacubex/utls@v1.8.7"), v
assert v["golang.org/x/sys/cpu"] == ("x/sys/cpu", "fixed by gowrap", "golang.org/x/sys@v0.41.0"), v
assert v["github.com/klauspost/cpuid/v2"] == ("cpuid", "fixed by gowrap", "github.com/klauspost/cpuid/v2@v2.3.0"), v
PY
	GOWRAP_DEPS=0 GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit
	assert_failure 1
	assert_line --regexp '^golang.org/x/sys/cpu	.*	defective, not fixed: rule xsys-ios .*GOWRAP_DEPS=0'
}

@test "the HWCap fix's auxv lookup and its timing: go test of the bytes gowrap-toolexec compiles (host, and linux/arm64 under qemu)" {
	cp -r "$BATS_TEST_DIRNAME/fixtures/auxvtest" "$BATS_TEST_TMPDIR/t" && cd "$BATS_TEST_TMPDIR/t"
	printf 'module gowrap.test/auxvtest\n\ngo 1.21\n' >go.mod
	"$SHIM_DIR/gowrap-toolexec" --render hwcap >gowrap_hwcap_linux.go
	run "$(real_go)" test -count=1 -v .
	echo "$output"
	assert_success
	# each test passes (its duration depends on the machine's load)
	assert_line --regexp '^--- PASS: TestAuxvValue \([0-9.]+s\)$'
	assert_line --regexp '^--- PASS: TestHWCap \([0-9.]+s\)$'
	assert_line --regexp '^--- PASS: TestHWCapBeforeInit \([0-9.]+s\)$'
	assert_line --regexp '^--- PASS: TestHWCap2 \([0-9.]+s\)$'
	assert_line --regexp '^--- PASS: TestPlatform \([0-9.]+s\)$'
	refute_line --partial -- "--- SKIP"
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" test -c -o a.test .
	run qemu-aarch64 -cpu cortex-a53 ./a.test -test.v
	echo "$output"
	assert_success
	refute_line --partial -- "--- SKIP"
}

@test "the post-build check fails a build whose copy compiled without the fix (exit 110), naming the package" {
	# A wrapper with gowrap-toolexec's identity that does not apply the fix:
	# the objects it leaves lack the marker, as a poisoned cache would.
	cat >"$BATS_TEST_TMPDIR/nofix" <<EOF
#!/bin/sh
case "\$2" in -V=full) exec "$SHIM_DIR/gowrap-toolexec" "\$@";; esac
exec "\$@"
EOF
	chmod +x "$BATS_TEST_TMPDIR/nofix"
	cd "$LEAN"
	GOWRAP_TOOLEXEC="$BATS_TEST_TMPDIR/nofix" GOCACHE="$(nofix_gocache)" PATH="$SHIM_DIR:$PATH" \
		GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run --separate-stderr go build -o "$BATS_TEST_TMPDIR/x" .
	assert_failure 110
	assert_glob "$stderr" "gowrap: built output lacks a dependency fix: *github.com/metacubex/utls/internal/cpu has code in it but no github.com/metacubex/utls/internal/cpu.gowrapMarkerV1*"
	GOWRAP_VERIFY=0 GOWRAP_TOOLEXEC="$BATS_TEST_TMPDIR/nofix" GOCACHE="$(nofix_gocache)" \
		PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 run go build -o "$BATS_TEST_TMPDIR/x" .
	assert_success
}

@test "symcheck --markers lists the per-package markers of ELF (also stripped) and Mach-O outputs" {
	run "$SYMCHECK" --markers "$D/linux-shim" "$D/ios.a"
	assert_success
	assert_output "$(printf '%s\n' "$D/linux-shim: github.com/metacubex/utls/internal/cpu.gowrapMarkerV1" \
		"$D/ios.a: github.com/klauspost/cpuid/v2.gowrapMarkerV1" \
		"$D/ios.a: github.com/metacubex/utls/internal/cpu.gowrapMarkerV1" \
		"$D/ios.a: golang.org/x/sys/cpu.gowrapMarkerV1" "$D/ios.a: internal/cpu.gowrapMarkerDarwinV1")"
	llvm-strip -o "$BATS_TEST_TMPDIR/stripped" "$D/linux-shim"
	run llvm-nm "$BATS_TEST_TMPDIR/stripped"
	assert_output --partial "no symbols"
	run "$SYMCHECK" --markers "$BATS_TEST_TMPDIR/stripped"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/stripped: github.com/metacubex/utls/internal/cpu.gowrapMarkerV1"
}

@test "symcheck --markers on malformed ELF files: exit 2, one line each, no crash" {
	cd "$BATS_TEST_TMPDIR"
	python3 - "$D/linux-shim" <<'PY'
import struct, sys
good = open(sys.argv[1], "rb").read()
def put(b, off, fmt, v):
    b = bytearray(b); struct.pack_into(fmt, b, off, v); return bytes(b)
shoff = struct.unpack_from("<Q", good, 0x28)[0]
shnum = struct.unpack_from("<H", good, 0x3c)[0]
cases = {
    "short": good[:40],
    "elf32": put(good, 4, "B", 1),
    "bigendian": put(good, 5, "B", 2),
    "shoff-past-end": put(good, 0x28, "<Q", len(good) + 64),
    "shoff-overflow": put(good, 0x28, "<Q", 2**64 - 64),
    "shnum-huge": put(good, 0x3c, "<H", 0xffff),
    "shstrndx-out": put(good, 0x3e, "<H", shnum),
    "shentsize-bad": put(good, 0x3a, "<H", 40),
}
# every section's offset past the end, one at a time, is an error too
for i in range(shnum):
    b = put(good, shoff + i * 64 + 0x18, "<Q", 2**63)
    cases["sect%d-past-end" % i] = b
for n, b in cases.items():
    open("bad-" + n, "wb").write(b)
# a marker name carrying a terminal escape (same length, every copy of it)
open("esc-marker", "wb").write(good.replace(b"metacubex/utls", b"metacubex/\x1btls"))
PY
	run --separate-stderr "$SYMCHECK" --markers esc-marker
	refute_output --partial $'\e'
	refute_output --partial "metacubex"
	for f in bad-*; do
		run --separate-stderr "$SYMCHECK" --markers "$f"
		[ "$status" -eq 2 ] || [ "$status" -eq 0 ] || { echo "$f: status $status"; false; }
		[ "$(printf '%s' "$stderr" | grep -c .)" -le 1 ] || { echo "$f: $stderr"; false; }
	done
	for f in bad-short bad-elf32 bad-bigendian bad-shoff-past-end bad-shoff-overflow bad-shnum-huge bad-shstrndx-out bad-shentsize-bad; do
		run --separate-stderr "$SYMCHECK" --markers "$f"
		assert_failure 2
		assert_glob "$stderr" "symcheck: $f: *"
	done
}

@test "Go 1.27.3 (GOTOOLCHAIN): the linux/arm64 probe through the shim is fixed too" {
	run env GOTOOLCHAIN=go1.27.3 "$(real_go)" version
	[ "$status" -eq 0 ] || fail "go1.27.3 toolchain not in the module cache (fix: run bash scripts/setup.sh)"
	cd "$LEAN"
	GOTOOLCHAIN=go1.27.3 PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 \
		run go build -o "$BATS_TEST_TMPDIR/p127" .
	assert_success
	run go version "$BATS_TEST_TMPDIR/p127"
	assert_output --partial "go1.27.3"
	run qemu-aarch64 -cpu cortex-a53 "$BATS_TEST_TMPDIR/p127"
	assert_line "utls/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
}

# iOS with the versions real apps pin (tests/fixtures/depsprobeold: x/sys
# v0.29.0 and cpuid/v2 v2.2.9, no row of the old blob table): fixed by the
# rules. cpuid's sysctl detection is dead code on ios without the fix
# (`if runtime.GOOS != "ios"` is a constant there) and so dropped by the
# linker; with the default feature set the fix makes it reachable, with
# GOWRAP_FEATURES=crypto it stays dropped.
old_ios() { # OUT [env...]
	local out="$1"; shift
	cd "$BATS_TEST_DIRNAME/fixtures/depsprobeold"
	env "$@" PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$TMP/old.log" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		CC="$APPLE/bin/cc-ios-arm64" go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" \
		-o "$out" .
}

@test "iOS: x/sys v0.29.0 and cpuid v2.2.9 (versions apps pin) are fixed by the rules; cpuid runs its sysctl detection, as on macOS" {
	run old_ios "$TMP/old.a"
	assert_success
	run markers "$TMP/old.a"
	assert_line "golang.org/x/sys/cpu.gowrapMarkerV1"
	assert_line "github.com/klauspost/cpuid/v2.gowrapMarkerV1"
	run grep -o '"deps":\[[^]]*\]' "$TMP/old.log"
	assert_output --partial '"golang.org/x/sys/cpu"'
	assert_output --partial '"github.com/klauspost/cpuid/v2"'
	run llvm-nm "$TMP/old.a"
	assert_output --partial "github.com/klauspost/cpuid/v2.tryToFillCPUInfoFomSysctl"
	# x/sys/cpu v0.29.0 asks sysctl as v0.42.0 does (deps/README.md): the
	# trampoline into libSystem's sysctlbyname joined the package's
	# assembly, its address is the word the Go side calls through
	# syscall.syscall6
	cd "$TMP" && llvm-ar x old.a go.o
	run llvm-nm go.o
	assert_line --regexp '^[0-9a-f]+ t _gowrap_sysctlbyname_trampoline$'
	assert_line --regexp '^[0-9a-f]+ [sd] _golang.org/x/sys/cpu.gowrapSysctlbynameTrampolineAddr$'
	tramp="$(llvm-nm go.o | awk '$3 == "_gowrap_sysctlbyname_trampoline" {print $1}')"
	run llvm-objdump -r go.o
	[ -n "$tramp" ]
	assert_line --regexp "^$tramp ARM64_RELOC_BRANCH26 +_sysctlbyname$"
	assert_line --regexp '^[0-9a-f]+ ARM64_RELOC_UNSIGNED +_gowrap_sysctlbyname_trampoline$'
	assert_line --regexp '^[0-9a-f]+ ARM64_RELOC_BRANCH26 +_syscall.syscall6$'
	run go tool objdump -s 'x/sys/cpu.gowrapIOS$' go.o
	assert_line --partial 'gowrap_xsys_ios.go'
}

# The fix's sysctl names against v0.42.0's own darwin code, field by field:
# the lines `ARM64.HasX = darwinSysctlEnabled(...) || ...` there and
# `ARM64.HasX = gowrapSysctlEnabled(...) || ...` in the rendered file.
sysctl_pairs() { # FILE FUNC
	python3 - "$1" "$2" <<'PY'
import re, sys
src, fn = open(sys.argv[1]).read(), sys.argv[2]
for m in re.finditer(r'^\s*ARM64\.(Has\w+) = (.*)$', src, re.M):
    rhs = m.group(2).split("//")[0]
    if rhs.strip().startswith("true"):
        print(m.group(1), "asserted")
        continue
    names = re.findall(fn + r'\((?:\[\]byte\()?"([^"\\]+)\\x00"', rhs)
    if names:
        print(m.group(1), " ".join(names))
PY
}

@test "iOS: the x/sys/cpu fix asks sysctl for exactly the names v0.42.0 asks, field by field, and sets no field a version lacks" {
	local m; m="$(go env GOMODCACHE)/golang.org/x/sys"
	"$SHIM_DIR/gowrap-toolexec" --render xsys-ios "$m@v0.41.0/cpu/cpu.go" >"$TMP/fix.go"
	run sysctl_pairs "$TMP/fix.go" gowrapSysctlEnabled
	assert_success
	[ "${#lines[@]}" -eq 20 ] || fail "expected 20 fields, got: $output"
	diff <(sysctl_pairs "$m@v0.42.0/cpu/cpu_darwin_arm64.go" darwinSysctlEnabled | sort) \
		<(printf '%s\n' "$output" | sort)
	# a version whose struct lacks HasDIT and HasI8MM (v0.1.0's): not set
	grep -v -E '^\s*(HasDIT|HasI8MM)\s' "$m@v0.41.0/cpu/cpu.go" >"$TMP/cpu.go"
	"$SHIM_DIR/gowrap-toolexec" --render xsys-ios "$TMP/cpu.go" >"$TMP/fix-old.go"
	run sysctl_pairs "$TMP/fix-old.go" gowrapSysctlEnabled
	[ "${#lines[@]}" -eq 18 ] || fail "expected 18 fields, got: $output"
	refute_output --partial HasDIT
	refute_output --partial HasI8MM
	# no struct to read: refused, never guessed at
	run "$SHIM_DIR/gowrap-toolexec" --render xsys-ios "$m@v0.41.0/cpu/cpu_arm64.go"
	assert_failure 2
	assert_output --partial 'no `var ARM64 struct {` block'
	# the crypto feature set (and a compile without assembly): the four bits
	run "$SHIM_DIR/gowrap-toolexec" --render xsys-ios "$m@v0.41.0/cpu/cpu.go" 0
	assert_success
	refute_output --partial gowrapSysctlEnabled
	assert_line "	ARM64.HasSHA2 = true"
}

@test "iOS: GOWRAP_FEATURES=crypto keeps cpuid to the four bits (its sysctl detection stays dead code)" {
	run old_ios "$TMP/old-crypto.a" GOWRAP_FEATURES=crypto
	assert_success
	run markers "$TMP/old-crypto.a"
	assert_line "github.com/klauspost/cpuid/v2.gowrapMarkerV1"
	run llvm-nm "$TMP/old-crypto.a"
	refute_output --partial "github.com/klauspost/cpuid/v2.tryToFillCPUInfoFomSysctl"
	# x/sys/cpu: the four bits, no sysctl, no trampoline
	assert_output --partial "golang.org/x/sys/cpu.gowrapMarkerV1"
	refute_output --partial "gowrapSysctlEnabled"
	refute_output --partial "gowrap_sysctlbyname_trampoline"
	# and without the shim, the same: dropped
	cd "$BATS_TEST_DIRNAME/fixtures/depsprobeold"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" "$(real_go)" build -buildmode=c-archive \
		-ldflags="-extar=$APPLE/bin/ar" -o "$TMP/old-plain.a" .
	run llvm-nm "$TMP/old-plain.a"
	refute_output --partial "github.com/klauspost/cpuid/v2.tryToFillCPUInfoFomSysctl"
	refute_output --partial "gowrapMarker"
}
