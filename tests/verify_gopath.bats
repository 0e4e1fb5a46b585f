#!/usr/bin/env bats
# tests/verify_gopath.bats — symcheck asks for the dependency fix of every
# known copy whatever package path the build gave it (verify/alias.c): the
# Psiphon-style probe (tests/fixtures/gopathprobe: vendored cpuid/v2 v2.2.9
# and x/sys v0.29.0's cpu, a fork of cpuid/v2 and one of x/sys v0.42.0's cpu
# each `replace`d to a directory) built by the real go for ios/arm64 through
# the shim with the stand-in Apple toolchain (tests/helpers/gopath.bash), in
# GOPATH mode (GO111MODULE=off: packages named
# example.com/gopathprobe/vendor/<path>) and in module mode with
# -mod=vendor, with the dependency fix on and off (GOWRAP_DEPS=0: std's
# overlay marker is there, so every failure here is the copies').

load helpers/common
bats_require_minimum_version 1.5.0

V=example.com/gopathprobe/vendor
XSYS=golang.org/x/sys/cpu
CPUID=github.com/klauspost/cpuid/v2
FORK=example.com/cpuidfork/v2
SYSFORK=example.com/sysfork/cpu

setup_file() {
	source "$BATS_TEST_DIRNAME/helpers/fixtures.bash"
	source "$BATS_TEST_DIRNAME/helpers/gopath.bash"
	gp_init
	export GP_SRC GP_GOPATH
	export A_GP_SHIM A_GP_OFF A_MV_SHIM A_MV_OFF A_SHAPED
	A_GP_SHIM=$(gp_build gopath-shim gopath) || return 1
	A_GP_OFF=$(gp_build gopath-nodeps gopath GOWRAP_DEPS=0) || return 1
	A_MV_SHIM=$(gp_build vendor-shim vendor) || return 1
	A_MV_OFF=$(gp_build vendor-nodeps vendor GOWRAP_DEPS=0) || return 1
	# a package with two of cpuid's shape names and none of its code
	A_SHAPED=$(gp_build shaped vendor GOFLAGS=-tags=shaped) || return 1
}

setup() {
	common_setup
}

sc() {
	run --separate-stderr "$SYMCHECK" "$@"
}

# deps_json: "PACKAGE fixed|NOT fixed [copy_of attributed]" per entry of the
# last run's --json deps (one slice), then "undecided PACKAGE shaped_like".
deps_json() {
	printf '%s' "$output" | python3 -c '
import json, sys
d = json.load(sys.stdin)
s, = [s for i in d["inputs"] for s in i["slices"]]
for e in s.get("deps", []):
    extra = " %s %s" % (e["copy_of"], e["attributed"]) if "copy_of" in e else ""
    print(e["package"], ("fixed" if e["fixed"] else "NOT fixed") + extra)
for e in s.get("undecided", []):
    print("undecided", e["package"], e["shaped_like"])
'
}

ok_head() {
	echo "$1: arm64 ios $(go env GOVERSION): internal/cpu.gowrapMarkerDarwinV1 in symtab (darwin parity): required; deps: "
}

@test "GOPATH mode through the shim: every vendored copy and the fork carry their marker, named by the path the build gave them (exit 0)" {
	llvm-nm "$A_GP_SHIM" | grep -q " _$V/$CPUID.gowrapMarkerV1$"
	sc "$A_GP_SHIM"
	assert_success
	assert_output "$(ok_head "$A_GP_SHIM")$V/$FORK (code of $CPUID) fixed, $V/$CPUID fixed, $V/$XSYS fixed: ok"
}

@test "GOPATH mode with the fix off (GOWRAP_DEPS=0): symcheck fails naming each vendored path, text and --json" {
	sc "$A_GP_OFF"
	assert_failure 1
	assert_output "$(ok_head "$A_GP_OFF")$V/$FORK (code of $CPUID) NOT fixed, $V/$CPUID NOT fixed, $V/$XSYS NOT fixed: FAIL ($V/$FORK (code of $CPUID), $V/$CPUID, $V/$XSYS: CPU-feature code without gowrap's dependency fix (no gowrapMarkerV... marker), so it detects no ARM64 features on ios arm64; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0))"
	sc --json "$A_GP_OFF"
	assert_failure 1
	run deps_json
	assert_output "$V/$FORK NOT fixed $CPUID code
$V/$CPUID NOT fixed $CPUID vendor
$V/$XSYS NOT fixed $XSYS vendor"
}

@test "module mode, -mod=vendor: the same verdicts under the import paths; the cpuid fork (replace to a directory) attributed by its code" {
	sc "$A_MV_SHIM"
	assert_success
	assert_output "$(ok_head "$A_MV_SHIM")$XSYS fixed, $CPUID fixed, $FORK (code of $CPUID) fixed: ok"
	sc "$A_MV_OFF"
	assert_failure 1
	assert_output "$(ok_head "$A_MV_OFF")$XSYS NOT fixed, $CPUID NOT fixed, $FORK (code of $CPUID) NOT fixed: FAIL ($XSYS, $CPUID, $FORK (code of $CPUID): CPU-feature code without gowrap's dependency fix (no gowrapMarkerV... marker), so it detects no ARM64 features on ios arm64; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0))"
	sc --json "$A_MV_OFF"
	run deps_json
	assert_output "$XSYS NOT fixed
$CPUID NOT fixed
$FORK NOT fixed $CPUID code"
}

@test "x/sys v0.42.0's cpu under another path (a fork, vendored or not) has x/sys/cpu's shape and its own darwinSysctlEnabled: never asked, fix on or off" {
	local a p
	for a in "$A_GP_OFF" "$A_MV_OFF"; do
		p=$SYSFORK
		[ "$a" = "$A_GP_OFF" ] && p=$V/$SYSFORK
		run llvm-nm "$a"
		assert_line --partial " _$p.darwinSysctlEnabled"
		assert_line --partial " _$p.initOptions"
		assert_line --partial " _$p.processOptions"
		refute_line --partial " _$p.gowrapMarkerV"
		sc --json "$a"
		refute_output --partial "sysfork"
	done
	sc "$A_GP_SHIM" "$A_MV_SHIM"
	assert_success
	refute_output --partial "sysfork"
}

@test "stripped (llvm-strip -x): vendored paths and the fork are found in the pclntab (assembly names without .abi0), same verdicts" {
	local n
	for n in GP_SHIM GP_OFF MV_OFF; do
		local a="A_$n"
		llvm-strip -x -o "$BATS_TEST_TMPDIR/$n.a" "${!a}"
		run llvm-nm "$BATS_TEST_TMPDIR/$n.a"
		refute_output --partial "cpuid"
	done
	sc "$BATS_TEST_TMPDIR/GP_SHIM.a"
	assert_success
	assert_output --partial "; deps: $V/$FORK (code of $CPUID) fixed, $V/$CPUID fixed, $V/$XSYS fixed: ok"
	sc "$BATS_TEST_TMPDIR/GP_OFF.a"
	assert_failure 1
	assert_output --partial "; deps: $V/$FORK (code of $CPUID) NOT fixed, $V/$CPUID NOT fixed, $V/$XSYS NOT fixed: FAIL ("
	sc "$BATS_TEST_TMPDIR/MV_OFF.a"
	assert_failure 1
	assert_output --partial "; deps: $XSYS NOT fixed, $CPUID NOT fixed, $FORK (code of $CPUID) NOT fixed: FAIL ("
}

@test "code shaped like cpuid that symcheck cannot attribute: reported (text, --json), exit 0; --strict fails it" {
	sc "$A_SHAPED"
	assert_success
	assert_output "$(ok_head "$A_SHAPED")$XSYS fixed, $CPUID fixed, $FORK (code of $CPUID) fixed; undecided: example.com/gopathprobe/shaped (shaped like $CPUID): ok"
	sc --json "$A_SHAPED"
	assert_success
	run deps_json
	assert_output "$XSYS fixed
$CPUID fixed
$FORK fixed $CPUID code
undecided example.com/gopathprobe/shaped $CPUID"
	sc --strict "$A_SHAPED"
	assert_failure 1
	assert_output --partial "; undecided: example.com/gopathprobe/shaped (shaped like $CPUID): FAIL (code shaped like a known copy that symcheck cannot attribute, without gowrap's dependency fix (--strict fails it): example.com/gopathprobe/shaped (shaped like $CPUID); build through the shim"
	# the attributed builds have nothing undecided: --strict changes nothing
	sc --strict "$A_GP_SHIM" "$A_MV_SHIM"
	assert_success
}

@test "gowrap report: the GOPATH build's failing row names each vendored path; the shim's row each fixed one" {
	run "$GOWRAP" report --out "$BATS_TEST_TMPDIR/r.md" "$A_GP_OFF" "$A_GP_SHIM"
	assert_failure 110
	run grep '^| `' "$BATS_TEST_TMPDIR/r.md"
	assert_equal "${#lines[@]}" 2
	assert_line --partial "| ❌ **FAIL**: \`$V/$FORK\` NOT fixed, \`$V/$CPUID\` NOT fixed, \`$V/$XSYS\` NOT fixed: CPU-feature code without gowrap's dependency fix, so it detects no ARM64 features on ios arm64"
	assert_line --partial "| ✅ ok: \`$V/$FORK\` fixed, \`$V/$CPUID\` fixed, \`$V/$XSYS\` fixed |"
}

@test "gowrap audit in GOPATH mode gives module mode's verdicts, package by package (vendor prefix aside)" {
	local gp mv
	gp=$(cd "$GP_SRC" && GOTOOLCHAIN=local GOFLAGS= GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		GO111MODULE=off GOPATH="$GP_GOPATH" "$GOWRAP" audit .)
	mv=$(cd "$GP_SRC" && GOTOOLCHAIN=local GOFLAGS= GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		GO111MODULE=on "$GOWRAP" audit -mod=vendor .)
	verdicts() { cut -f1,3,4 | sed -e "s|^$V/||" -e 's/:.*//' | sort; }
	run verdicts <<<"$gp"
	assert_output "$FORK	cpuid	fixed by gowrap
$SYSFORK	x/sys/cpu	right on its own
$CPUID	cpuid	fixed by gowrap
$XSYS	x/sys/cpu	fixed by gowrap
internal/cpu	internal/cpu	fixed by gowrap"
	assert_equal "$(verdicts <<<"$gp")" "$(verdicts <<<"$mv")"
}
