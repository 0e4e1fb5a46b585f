#!/usr/bin/env bats
# tests/gvisor.bats — gVisor's netstack atomics on linux/arm64 (deps/table.c's
# gvisor-cpuid). pkg/atomicbitops' init sets arm64HasATOMICS from
# pkg/cpuid's host feature set, which only cpuid.Initialize fills and no
# netstack user calls, so LSE atomics are never used. The probe
# (tests/fixtures/gvisorprobe: gvisor.dev/gvisor
# v0.0.0-20260224225140-573d5e7127a8, the version tailscale v1.102.5 pins) is
# built for linux/arm64 with the real go, through the shim and without it,
# and run under qemu-user with a CPU that has LSE atomics (max) and one that
# has not (cortex-a53); each run also with GOMAXPROCS=1, where a fill that
# comes after atomicbitops' init (a goroutine started during init) can never
# overtake it. Then gowrap audit's verdict, symcheck (text, --json) and gowrap
# report on both binaries, a linux/amd64 one (not asked), the same program on
# sing-box's fork (tests/fixtures/gvisorprobe/sagernet), and the sweep's
# rows of the gVisor pseudo-versions apps pin (tests/unit/sweep/sweep.tsv).
# The go builds run once per file, when a test first needs them.
load helpers/common
bats_require_minimum_version 1.5.0

SRC="$BATS_TEST_DIRNAME/fixtures/gvisorprobe"
CPUID=gvisor.dev/gvisor/pkg/cpuid
SWEEP="$BATS_TEST_DIRNAME/unit/sweep/sweep.tsv"

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
}

setup() {
	common_setup
	export GOWRAP_CACHE="$BATS_FILE_TMPDIR/cache" GOFLAGS=-mod=mod GOPROXY=off
	command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64 (fix: bash scripts/setup.sh installs it)"
}

# probe shim|plain [GOARCH [sagernet]]: the probe's linux executable, built on
# first use through the shim (its GOWRAP_LOG beside it) or with the real go;
# sagernet: the same program on sing-box's fork (its imports renamed, the
# fork's module from $SRC/sagernet/go.mod).
probe() {
	local how="$1" arch="${2:-arm64}" fork="${3:-}" d
	d="$BATS_FILE_TMPDIR/$how-$arch$fork"
	if [ ! -x "$d/gvisorprobe" ]; then
		mkdir -p "$d"
		cp "$SRC/$fork"/go.mod "$SRC/$fork"/go.sum "$SRC"/*.go "$d/"
		[ -z "$fork" ] || sed -i 's|gvisor\.dev/gvisor/|github.com/sagernet/gvisor/|' "$d"/*.go
		if [ "$how" = shim ]; then
			(cd "$d" && PATH="$(shim_first)" GOWRAP_LOG="$d/log" GOOS=linux GOARCH="$arch" CGO_ENABLED=0 \
				go build -o gvisorprobe . >"$d/out" 2>&1) || fail "shim build: $(cat "$d/out")"
		else
			(cd "$d" && GOOS=linux GOARCH="$arch" CGO_ENABLED=0 "$(real_go)" build -o gvisorprobe . \
				>"$d/out" 2>&1) || fail "plain build: $(cat "$d/out")"
		fi
	fi
	echo "$d/gvisorprobe"
}

shim_first() { echo "$SHIM_DIR:$(path_without "$SHIM_DIR")"; }

# on CPU BIN [ENV...]: the probe's three lines under qemu-aarch64 -cpu CPU.
on() {
	local cpu="$1" bin="$2"
	shift 2
	run env "$@" qemu-aarch64 -cpu "$cpu" "$bin"
	assert_success
}

@test "gvisor: through the shim, linux/arm64 under qemu -cpu max: atomicbitops' arm64HasATOMICS true as x/sys/cpu reads, with one P too; Initialize answers the same; the log lists pkg/cpuid, verified by its marker" {
	local bin
	bin="$(probe shim)"
	local p
	for p in "" GOMAXPROCS=1; do
		on max "$bin" $p
		assert_line "xsys: ATOMICS=true"
		assert_line "atomicbitops: ATOMICS=true"
		assert_line "cpuid: before-Initialize=true after-Initialize=true"
	done
	run python3 - "$(dirname "$bin")/log" <<'PY'
import json, sys
l = [json.loads(x) for x in open(sys.argv[1])][-1]
assert l["target"] == "linux/arm64", l
# deps_fixed lists the compiles fixed in this call (none on a warm build
# cache); the marker check covers every package the gate listed
assert l["deps"] == ["gvisor.dev/gvisor/pkg/cpuid"] and l["deps_toolexec"] is True, l
assert set(l["deps_fixed"]) <= set(l["deps"]) and l["deps_proof"] == "markers", l
assert l["deps_unknown"] == [] and l["verified"] is True and l["exit"] == 0, l
PY
	assert_success
}

@test "gvisor: through the shim under qemu -cpu cortex-a53 (no LSE atomics): false everywhere, before and after Initialize" {
	local bin p
	bin="$(probe shim)"
	for p in "" GOMAXPROCS=1; do
		on cortex-a53 "$bin" $p
		assert_output "$(printf 'xsys: ATOMICS=false\natomicbitops: ATOMICS=false\ncpuid: before-Initialize=false after-Initialize=false')"
	done
}

@test "gvisor: without the shim, under -cpu max: arm64HasATOMICS false though x/sys/cpu reads true; the host feature set only after Initialize (the defect); cortex-a53 false" {
	local bin
	bin="$(probe plain)"
	on max "$bin"
	assert_output "$(printf 'xsys: ATOMICS=true\natomicbitops: ATOMICS=false\ncpuid: before-Initialize=false after-Initialize=true')"
	on cortex-a53 "$bin"
	assert_output "$(printf 'xsys: ATOMICS=false\natomicbitops: ATOMICS=false\ncpuid: before-Initialize=false after-Initialize=false')"
}

@test "gvisor: gowrap audit on linux/arm64 says fixed by gowrap, rule gvisor-cpuid, in text and --json; on linux/amd64 pkg/cpuid is not compiled" {
	cd "$SRC"
	GOOS=linux GOARCH=arm64 run --separate-stderr "$GOWRAP" audit .
	assert_success
	assert_line --regexp "^$CPUID	gvisor\.dev/gvisor@v0\.0\.0-20260224225140-573d5e7127a8	gVisor cpuid	fixed by gowrap: gvisor-cpuid \(rule gvisor-cpuid, pkg/cpuid/cpuid\.go in gvisor\.dev/gvisor@v0\.0\.0-20260224225140-573d5e7127a8; "
	GOOS=linux GOARCH=arm64 run --separate-stderr "$GOWRAP" audit --json .
	assert_success
	run jq -r --arg p "$CPUID" '.packages[] | select(.import_path == $p) | "\(.verdict)|\(.why)"' <<<"$output"
	assert_output --regexp '^fixed by gowrap\|.*\(rule gvisor-cpuid, '
	GOOS=linux GOARCH=amd64 run --separate-stderr "$GOWRAP" audit .
	assert_success
	refute_output --partial "$CPUID"
}

@test "gvisor: symcheck fails the linux/arm64 binary built without the shim, naming gvisor.dev/gvisor/pkg/cpuid (text, --json, gowrap report)" {
	local bin
	bin="$(probe plain)"
	run --separate-stderr "$SYMCHECK" "$bin"
	assert_failure 1
	assert_output "$bin: arm64 linux go1.26.8: no marker: forbidden; deps: $CPUID NOT fixed: FAIL ($CPUID: gVisor's cpuid without gowrap's dependency fix (no gowrapMarkerV... marker), so its host feature set reads 0 until cpuid.Initialize, and pkg/atomicbitops, whose init reads it, never uses LSE atomics on linux arm64; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0))"
	run --separate-stderr "$SYMCHECK" --json "$bin"
	assert_failure 1
	run jq -c '[.ok, (.inputs[0].slices[0] | .platform, .arch, .deps_asked, .deps[0].package, .deps[0].fixed, (.deps[0].why | test("LSE atomics")))]' <<<"$output"
	assert_output "[false,\"linux\",\"arm64\",true,\"$CPUID\",false,true]"
	run --separate-stderr env -u GITHUB_STEP_SUMMARY GOWRAP_LOG=/dev/null "$GOWRAP" report "$bin"
	assert_failure 110
	assert_output --partial "\`$CPUID\` NOT fixed: gVisor's cpuid without gowrap's dependency fix"
}

@test "gvisor: symcheck passes the shim's linux/arm64 binary (pkg/cpuid's marker), text, --json and gowrap report" {
	local bin
	bin="$(probe shim)"
	run --separate-stderr "$SYMCHECK" "$bin"
	assert_success
	assert_output "$bin: arm64 linux go1.26.8: no marker: forbidden; deps: $CPUID fixed: ok"
	run --separate-stderr "$SYMCHECK" --json "$bin"
	assert_success
	run jq -c '[.ok, .inputs[0].slices[0].deps]' <<<"$output"
	assert_output "[true,[{\"package\":\"$CPUID\",\"fixed\":true}]]"
	run --separate-stderr env -u GITHUB_STEP_SUMMARY GOWRAP_LOG=/dev/null "$GOWRAP" report "$bin"
	assert_output --partial "✅ ok: \`$CPUID\` fixed"
}

@test "gvisor: a linux/amd64 binary is not asked (atomicbitops has no such switch there and compiles no pkg/cpuid)" {
	local bin
	bin="$(probe plain amd64)"
	run --separate-stderr "$SYMCHECK" "$bin"
	assert_success
	assert_output "$bin: x86_64 linux go1.26.8: no marker: forbidden: ok"
	run go tool nm "$bin"
	refute_output --partial "$CPUID."
}

@test "gvisor: sing-box's fork (github.com/sagernet/gvisor v0.0.0-20260727.0-sing-box-mod.1, sing-box v1.14.1's pin) under -cpu max: false without the shim, true through it; symcheck names its path" {
	local plain shim p=github.com/sagernet/gvisor/pkg/cpuid
	plain="$(probe plain arm64 sagernet)"
	shim="$(probe shim arm64 sagernet)"
	on max "$plain"
	assert_output "$(printf 'xsys: ATOMICS=true\natomicbitops: ATOMICS=false\ncpuid: before-Initialize=false after-Initialize=true')"
	on max "$shim" GOMAXPROCS=1
	assert_output "$(printf 'xsys: ATOMICS=true\natomicbitops: ATOMICS=true\ncpuid: before-Initialize=true after-Initialize=true')"
	run --separate-stderr "$SYMCHECK" "$plain"
	assert_failure 1
	assert_output --partial "; deps: $p NOT fixed: FAIL ($p: gVisor's cpuid without gowrap's dependency fix"
	run --separate-stderr "$SYMCHECK" "$shim"
	assert_success
	assert_output "$shim: arm64 linux go1.26.8: no marker: forbidden; deps: $p fixed: ok"
}

@test "gvisor: the sweep holds gvisor-cpuid to every gVisor pseudo-version the apps' releases pin: fixed on linux/arm64, nothing on android/arm64 and ios/arm64" {
	local v
	for v in v0.0.0-20231020174304-b8a429915ff1 v0.0.0-20231202080848-1f7806d17489 \
		v0.0.0-20240320123526-dc6abceb7ff0 v0.0.0-20240722211153-64c016c92987 \
		v0.0.0-20250205023644-9414b50a5633 v0.0.0-20250428193742-2d800c3129d5 \
		v0.0.0-20260122175437-89a5d21be8f0 v0.0.0-20260224225140-573d5e7127a8; do
		run awk -F'\t' -v v="$v" '$1 == "gvisor.dev/gvisor" && $2 == v { print $3, $4 }' "$SWEEP"
		assert_output "$(printf 'ios/arm64 none\nlinux/arm64 fix:gvisor-cpuid\nandroid/arm64 none')"
	done
	for v in v0.0.0-20241123041152-536d05261cff v0.0.0-20250325023245-7a9c0f5725fb \
		v0.0.0-20250811.0-sing-box-mod.1 v0.0.0-20260727.0-sing-box-mod.1; do
		run awk -F'\t' -v v="$v" '$1 == "github.com/sagernet/gvisor" && $2 == v { print $3, $4 }' "$SWEEP"
		assert_output "$(printf 'ios/arm64 none\nlinux/arm64 fix:gvisor-cpuid\nandroid/arm64 none')"
	done
}
