#!/usr/bin/env bats
# gowrap audit on real apps' graphs (deps/README.md, "The census"), offline:
# sing-box v1.13.5 ./experimental/libbox (the tags of its own libbox build,
# cmd/internal/build_libbox/main.go), xray-core v1.260327.0 ./main,
# tailscale v1.102.5 ./cmd/tailscaled, mihomo v1.19.2 (its main package),
# syncthing v1.30.0 ./cmd/syncthing (the wider census's app),
# each audited in its own module directory, as its release build lists it,
# for ios/arm64, android/arm64, android/arm, linux/arm64 and linux/amd64;
# and tests/fixtures/censusprobe (hardware inventories, an image variant,
# SIMD hashing, the wider census's SIMD choosers and CPU-information
# readers). scripts/fetch-testdeps.sh downloads every module.
# Each target's rows — package, verdict, deciding rule — and exit code are
# tests/fixtures/auditapps/*.expect's.

load helpers/common
bats_require_minimum_version 1.5.0

FIX="$BATS_TEST_DIRNAME/fixtures/auditapps"
TARGETS="ios/arm64 android/arm64 android/arm linux/arm64 linux/amd64"
# sing-box's libbox tags (cmd/internal/build_libbox/main.go: sharedTags; iOS
# adds darwinTags and with_low_memory, as its Apple build does)
SB_TAGS="with_gvisor,with_quic,with_wireguard,with_utls,with_naive_outbound,with_clash_api,badlinkname,tfogo_checklinkname0,with_tailscale,ts_omit_logtail,ts_omit_ssh,ts_omit_drive,ts_omit_taildrop,ts_omit_webclient,ts_omit_doctor,ts_omit_capture,ts_omit_kube,ts_omit_aws,ts_omit_synology,ts_omit_bird"

setup() {
	common_setup
	export GOFLAGS=-mod=readonly GOPROXY=off GOWORK=off CGO_ENABLED=1
	MC="$(go env GOMODCACHE)"
}

# app_dir NAME: the app module's directory in the module cache, and its package
app() {
	case "$1" in
	sing-box) DIR="$MC/github.com/sagernet/sing-box@v1.13.5" PKG=./experimental/libbox ;;
	xray) DIR="$MC/github.com/xtls/xray-core@v1.260327.0" PKG=./main ;;
	tailscale) DIR="$MC/tailscale.com@v1.102.5" PKG=./cmd/tailscaled ;;
	mihomo) DIR="$MC/github.com/metacubex/mihomo@v1.19.2" PKG=. ;;
	syncthing) DIR="$MC/github.com/syncthing/syncthing@v1.30.0" PKG=./cmd/syncthing ;;
	census) DIR="$BATS_TEST_DIRNAME/fixtures/censusprobe" PKG=. ;;
	esac
	[ -d "$DIR" ] || fail "$DIR is not there (fix: bash scripts/fetch-testdeps.sh)"
}

# audit_app NAME TARGET: gowrap audit -e as the app's build lists it
audit_app() {
	local tags=()
	app "$1"
	if [ "$1" = sing-box ]; then
		tags=("-tags=$SB_TAGS")
		[ "$2" = ios/arm64 ] && tags=("-tags=$SB_TAGS,with_dhcp,grpcnotrace,with_low_memory")
	fi
	cd "$DIR"
	GOOS=${2%/*} GOARCH=${2#*/} run --separate-stderr "$GOWRAP" audit -e "${tags[@]}" "$PKG"
}

# every target of NAME against its .expect file
check_app() {
	local t bad=0
	for t in $TARGETS; do
		audit_app "$1" "$t"
		echo "$output" | python3 "$FIX/summary.py" "$status" "$FIX/$1.expect" "$t" || {
			bad=1
			echo "$t stderr: $stderr"
		}
	done
	[ $bad -eq 0 ] || fail "$1: rows or exit codes differ from $1.expect"
}

@test "tailscale v1.102.5 ./cmd/tailscaled: no unknown on five targets — hostinfo's lxcfs check reads CPU information no code chooses from, gVisor's cpuid off linux chooses nothing; exit 0 (linux/arm64: gVisor's cpuid fixed by table.c's gvisor-cpuid)" {
	check_app tailscale
}

@test "xray-core v1.260327.0 ./main: blake3 on iOS is detection for another architecture; no unknown; exit 0 (linux/arm64: gVisor's cpuid fixed by table.c's gvisor-cpuid)" {
	check_app xray
}

@test "sing-box v1.13.5 ./experimental/libbox with its release tags: the sagernet forks of tailscale and gVisor ruled as the originals; no unknown; exit 0 (linux/arm64: gVisor's cpuid fixed by table.c's gvisor-cpuid)" {
	check_app sing-box
}

@test "mihomo v1.19.2: the updater's X64Level and /proc/cpuinfo pick a download, gopsutil and go-sysconf report; aez's CPUID right on amd64; exit 0 on all five targets" {
	check_app mihomo
}

@test "syncthing v1.30.0 ./cmd/syncthing (the wider census's app): procfs, gopsutil v4 and go-sysconf read what no code chooses from; no unknown; exit 0 on all five targets" {
	check_app syncthing
}

@test "census probe: ghw, sysinfo, containerd/platforms, procfs, gopsutil v3 and go-m1cpu read what no code chooses from; sha256-simd, blake2b-simd, lz4, go-json, geohash and templexxx/cpu right on amd64 and on 32-bit arm (no feature set there), on arm64 the one real defect (exit 1)" {
	check_app census
}

@test "each new verdict prints its rule and one-line reason, in text and in --json (tailscale, ios/arm64)" {
	audit_app tailscale ios/arm64
	assert_success
	assert_line --regexp '^tailscale\.com/hostinfo	tailscale\.com@	container check	reads CPU information no code chooses from: rule tailscale-hostinfo-lxcfs: `/proc/cpuinfo` is part of the /proc/mounts entry lxcfs makes \(a container check\); no CPU feature is read \(hostinfo/hostinfo\.go in tailscale\.com; rule read in tailscale\.com v1\.102\.5, github\.com/sagernet/tailscale v1\.92\.4-sing-box-1\.13-mod\.7 hostinfo/hostinfo\.go\)$'
	cd "$DIR"
	GOOS=ios GOARCH=arm64 run --separate-stderr "$GOWRAP" audit -e --json ./cmd/tailscaled
	assert_success
	python3 - "$output" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
assert r["ok"] and not r["unknown"], r
rows = {p["import_path"]: p for p in r["packages"]}
g = rows["gvisor.dev/gvisor/pkg/cpuid"]
assert g["verdict"] == "reads CPU information no code chooses from", g
assert g["why"].startswith("rule gvisor-cpuid-nonlinux: off linux readHWCap refuses"), g
assert g["file"] == "pkg/cpuid/cpuid.go in gvisor.dev/gvisor@v0.0.0-20260224225140-573d5e7127a8", g
assert "rule read in gvisor.dev/gvisor v0.0.0-20260122175437-89a5d21be8f0, v0.0.0-20260224225140-573d5e7127a8" in g["why"], g
h = rows["tailscale.com/hostinfo"]
assert h["verdict"] == "reads CPU information no code chooses from" and h["kind"] == "container check", h
PY
}

# A module of its own with tailscale's go.mod and go.sum (so gVisor's version
# is tailscale's) whose main package imports gVisor's atomicbitops, and,
# with FEATURE, reads pkg/cpuid's host feature set itself.
gvisor_reader() {
	app tailscale
	mkdir -p "$TMP/m/probe"
	cp "$DIR/go.mod" "$DIR/go.sum" "$TMP/m/"
	chmod u+w "$TMP/m/go.mod" "$TMP/m/go.sum"
	{
		printf 'package main\n\nimport (\n\t"gvisor.dev/gvisor/pkg/atomicbitops"\n'
		[ -n "${1:-}" ] && printf '\t"gvisor.dev/gvisor/pkg/cpuid"\n'
		printf ')\n\nfunc main() {\n\tvar v atomicbitops.Uint32\n\tv.Store(1)\n'
		[ -n "${1:-}" ] && printf '\tprintln(cpuid.HostFeatureSet().HasFeature(cpuid.ARM64FeatureATOMICS))\n'
		printf '}\n'
	} >"$TMP/m/probe/main.go"
	cd "$TMP/m"
}

@test "gVisor's cpuid off linux: 'no code chooses from it' rests on its importers' lines — atomicbitops' GOOS branch passes; a package that reads the host feature set itself makes it unknown, named" {
	gvisor_reader
	for t in ios/arm64 android/arm64; do
		GOOS=${t%/*} GOARCH=${t#*/} run --separate-stderr "$GOWRAP" audit -e ./probe
		assert_success
		assert_line --regexp '^gvisor\.dev/gvisor/pkg/cpuid	.*	feature set	reads CPU information no code chooses from: rule gvisor-cpuid-nonlinux'
	done
	gvisor_reader feature
	for t in ios/arm64 android/arm64; do
		GOOS=${t%/*} GOARCH=${t#*/} run --separate-stderr "$GOWRAP" audit -e ./probe
		assert_failure 3
		assert_line 'gvisor.dev/gvisor/pkg/cpuid	gvisor.dev/gvisor@v0.0.0-20260224225140-573d5e7127a8	unknown	unknown: rule gvisor-cpuid-nonlinux: tailscale.com/probe, which imports it, holds `if runtime.GOOS == "linux" {` 0 times, the rule needs it 1 to 1 times in every importer'
	done
}
