#!/usr/bin/env bats
# The HWCap defect of copies of Go's internal/cpu on every linux arch whose
# copies read HWCap, HWCap2 or Platform (deps/README.md, "Rules"): the probe
# (tests/fixtures/hwcapprobe: github.com/metacubex/cpu v0.1.1 and
# github.com/metacubex/utls v1.8.7's copy through its cpu package) is built
# with CGO_ENABLED=0 through the shim and without it for arm (GOARMv7),
# ppc64le, ppc64, s390x, loong64, mips64le and mips64, and run under
# qemu-user with a CPU model that has the features. Std's internal/cpu (its
# structs reached by linkname) is the reference: through the shim both copies
# read exactly what std reads; without it they do not.

load helpers/common
bats_require_minimum_version 1.5.0

PROBE="$BATS_TEST_DIRNAME/fixtures/hwcapprobe"
QEMU10=/usr/local/lib/gowrap-test/qemu10/qemu-loongarch64

# arch -> the qemu that runs it, with a CPU model that has the features
qemu_for() {
	case "$1" in
	arm) echo "qemu-arm -cpu cortex-a15" ;;
	ppc64le) echo "qemu-ppc64le -cpu power9" ;;
	ppc64) echo "qemu-ppc64 -cpu power9" ;;
	s390x) echo "qemu-s390x -cpu max" ;;
	loong64) echo "$QEMU10 -cpu la464" ;;
	mips64le) echo "qemu-mips64el -cpu Loongson-3A4000" ;;
	mips64) echo "qemu-mips64 -cpu Loongson-3A4000" ;;
	esac
}

# ARCH_SETUP (deps/mutations.py): which arches setup_file builds
ARCHES="${ARCH_SETUP:-arm ppc64le ppc64 s390x loong64 mips64le mips64}"

setup_file() {
	export D="$BATS_FILE_TMPDIR"
	export GOWRAP_CACHE="$D/cache" GOTOOLCHAIN=local GOFLAGS= GOPROXY=off
	cd "$PROBE"
	local go a; go="$(real_go)"
	for a in $ARCHES; do
		PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$D/$a.log" GOOS=linux GOARCH=$a GOARM=7 CGO_ENABLED=0 \
			go build -o "$D/$a-shim" . >"$D/$a-shim.out" 2>&1 || true
		GOOS=linux GOARCH=$a GOARM=7 CGO_ENABLED=0 "$go" build -o "$D/$a-plain" . >"$D/$a-plain.out" 2>&1 || true
	done
}

setup() {
	common_setup
	export GOWRAP_CACHE="$D/cache" GOFLAGS= GOPROXY=off
}

# run_probe ARCH BINARY: the probe's three lines, into $std $mc $ut
run_probe() {
	local q; q="$(qemu_for "$1")"
	[ -x "${q%% *}" ] || command -v "${q%% *}" >/dev/null ||
		fail "no ${q%% *} (fix: bash scripts/setup.sh installs it)"
	run --separate-stderr $q "$2"
	assert_success
	std="$(printf '%s\n' "$stderr" | sed -n 's/^std: //p')"
	mc="$(printf '%s\n' "$stderr" | sed -n 's/^metacubex\/cpu: //p')"
	ut="$(printf '%s\n' "$stderr" | sed -n 's/^utls: //p')"
	[ -n "$std" ] || fail "no std line: $stderr"
	# the CPU model has features std sees: the comparison can fail
	[[ "$std" == *"=true"* ]] || fail "std sees no feature under $q: $std"
}

check_fixed() {
	local a="$1"
	run cat "$D/$a-shim.out"
	assert_output ""
	run_probe "$a" "$D/$a-shim"
	assert_equal "$mc" "$std"
	assert_equal "$ut" "$std"
	run cat "$D/$a.log"
	assert_output --partial "\"target\":\"linux/$a\""
	# the gate's list (deps_fixed is empty when the build cache already held
	# the fixed packages: a second run of the suite)
	assert_output --partial '"deps":["github.com/metacubex/cpu","github.com/metacubex/utls/internal/cpu"]'
	assert_output --partial '"deps_proof":"markers"'
}

check_plain() {
	local a="$1"
	run cat "$D/$a-plain.out"
	assert_output ""
	run_probe "$a" "$D/$a-plain"
	[ "$mc" != "$std" ] || fail "without the shim metacubex/cpu already reads what std reads: $std"
	[ "$ut" != "$std" ] || fail "without the shim the utls copy already reads what std reads: $std"
}

@test "arm (GOARM=7, qemu cortex-a15): through the shim both copies read VFPv4, IDIVA and V7Atomics (HWCap, Platform) as std does" {
	check_fixed arm
	assert_equal "$std" "arm VFPv4=true IDIVA=true V7Atomics=true"
}
@test "arm: without the shim both copies read false" { check_plain arm; }

@test "ppc64le (qemu power9): through the shim both copies read POWER8, POWER9 and DARN (HWCap2) as std does" {
	check_fixed ppc64le
	assert_equal "$std" "ppc64le DARN=true SCV=false POWER8=true POWER9=true POWER10=false"
}
@test "ppc64le: without the shim both copies read false" { check_plain ppc64le; }

@test "ppc64, big-endian (qemu power9): through the shim both copies read what std reads" {
	check_fixed ppc64
	assert_equal "$std" "ppc64 DARN=true SCV=false POWER8=true POWER9=true POWER10=false"
}
@test "ppc64: without the shim both copies read false" { check_plain ppc64; }

@test "s390x, big-endian (qemu max): through the shim both copies read VX and VXE (HWCap) as std does" {
	check_fixed s390x
	[[ "$std" == "s390x VX=true VXE=true "* ]] || fail "std: $std"
}
@test "s390x: without the shim both copies miss VX" { check_plain s390x; }

@test "loong64 (qemu 10 la464): through the shim both copies read LSX and LASX (HWCap) as std does" {
	check_fixed loong64
	[[ "$std" == "loong64 LSX=true LASX=true "* ]] || fail "std: $std"
}
@test "loong64: without the shim both copies miss LSX and LASX" { check_plain loong64; }

@test "mips64le (qemu Loongson-3A4000): through the shim both copies read MSA (HWCap) as std does" {
	check_fixed mips64le
	assert_equal "$std" "mips64le MSA=true"
}
@test "mips64le: without the shim both copies read false" { check_plain mips64le; }

@test "mips64, big-endian (qemu Loongson-3A4000): through the shim both copies read what std reads" {
	check_fixed mips64
	assert_equal "$std" "mips64 MSA=true"
}
@test "mips64: without the shim both copies read false" { check_plain mips64; }

@test "the fill's file sets HWCap2 and Platform only where the copy declares them" {
	run "$SHIM_DIR/gowrap-toolexec" --render hwcap /nonexistent 0
	assert_success
	assert_output --partial "HWCap = uint(gowrapAuxvValue(auxv, gowrapAT_HWCAP))"
	refute_output --partial "HWCap2 ="
	refute_output --partial "Platform ="
	run "$SHIM_DIR/gowrap-toolexec" --render hwcap /nonexistent 3
	assert_output --partial "HWCap2 = uint(gowrapAuxvValue(auxv, gowrapAT_HWCAP2))"
	assert_output --partial "Platform = gowrapAuxvString(gowrapAuxvValue(auxv, gowrapAT_PLATFORM))"
}

@test "targets with no defect to fix stay as they were: linux/amd64, 386, riscv64, mips get no gate, no toolexec" {
	cd "$PROBE"
	local a
	for a in amd64 386 riscv64 mips; do
		PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$TMP/$a.log" GOOS=linux GOARCH=$a CGO_ENABLED=0 \
			go list -deps . >/dev/null
		PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$TMP/$a.log" GOOS=linux GOARCH=$a CGO_ENABLED=0 \
			go build -n -o "$TMP/$a" . >/dev/null 2>&1
		run cat "$TMP/$a.log"
		assert_output --partial '"reason":"not arm64, and no copy of internal/cpu reads HWCap on this GOOS/GOARCH"'
		refute_output --partial '"deps_toolexec":true'
	done
}

@test "gowrap audit on other arches: both copies fixed by their arch's rule (exit 0); GOWRAP_DEPS=0 leaves them defective (exit 1); linux/amd64 has nothing to fix (exit 0)" {
	cd "$PROBE"
	GOOS=linux GOARCH=ppc64le run "$GOWRAP" audit
	assert_success
	assert_line --regexp '^github.com/metacubex/cpu	github.com/metacubex/cpu@v0.1.1	copy of internal/cpu	fixed by gowrap: hwcap \(rule hwcap-ppc64x, cpu_ppc64x_linux.go'
	assert_line --regexp '^github.com/metacubex/utls/internal/cpu	github.com/metacubex/utls@v1.8.7	copy of internal/cpu	fixed by gowrap: hwcap \(rule hwcap-ppc64x'
	GOWRAP_DEPS=0 GOOS=linux GOARCH=arm GOARM=7 run "$GOWRAP" audit --json
	assert_failure 1
	python3 - "$output" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
assert r["target"] == "linux/arm" and r["ok"] is False and r["defective"] is True, r
v = {p["import_path"]: p for p in r["packages"]}
assert v["github.com/metacubex/cpu"]["verdict"] == "defective, not fixed", v
assert "rule hwcap-arm" in v["github.com/metacubex/cpu"]["why"], v
PY
	GOOS=linux GOARCH=amd64 run "$GOWRAP" audit
	assert_success
	assert_line --regexp '^github.com/metacubex/cpu	.*	right on its own: rule cpu-other '
}

@test "gowrap audit -e: what go cannot resolve is named, the rest audited; without -e, 109 with go's line that says what failed, not a progress line" {
	mkdir -p "$TMP/app" && cd "$TMP/app"
	printf 'module example.com/app\n\ngo 1.21\n\nrequire golang.org/x/sys v0.41.0\n' >go.mod
	printf 'package main\n\nimport (\n\t_ "example.com/missing"\n\t_ "golang.org/x/sys/cpu"\n)\n\nfunc main() {}\n' >main.go
	local mc; mc="$(go env GOMODCACHE)"
	# a fresh module cache, so go prints "go: downloading ..." first
	export GOMODCACHE="$TMP/mc" GOPROXY="file://$mc/cache/download" GOFLAGS=-mod=mod GOSUMDB=off
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit
	chmod -R u+w "$TMP/mc"; rm -rf "$TMP/mc"
	assert_failure 109
	assert_output --partial "go list -deps failed: main.go:4:2: cannot find module providing package example.com/missing"
	refute_output --partial "go: downloading"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit -e
	chmod -R u+w "$TMP/mc"
	assert_failure 3
	assert_line "example.com/missing	-	-	not audited: go could not resolve it (go list -e)"
	assert_line --regexp '^golang.org/x/sys/cpu	golang.org/x/sys@v0.41.0	x/sys/cpu	fixed by gowrap: xsys-ios '
}

@test "gowrap audit reports an edited copy of x/sys/cpu it has no rule for (go-krypto v1.3.0's internal copy) unknown on ios (exit 3), right on linux" {
	cd "$BATS_TEST_DIRNAME/fixtures/kryptoprobe"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 run "$GOWRAP" audit
	assert_failure 3
	assert_line "github.com/RyuaNerin/go-krypto/internal/golang.org/x/sys/cpu	github.com/RyuaNerin/go-krypto@v1.3.0	unknown	unknown: rule xsys-ios: \`func setMinimalFeatures() {\` is there 0 times, the rule needs it once"
	GOOS=linux GOARCH=arm64 run "$GOWRAP" audit
	assert_success
	assert_line --regexp '^github.com/RyuaNerin/go-krypto/internal/golang.org/x/sys/cpu	.*	x/sys/cpu	right on its own: rule xsys-auxv '
}
