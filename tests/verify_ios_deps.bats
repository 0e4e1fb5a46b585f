#!/usr/bin/env bats
# tests/verify_ios_deps.bats — symcheck asks iOS-family arm64 Mach-O slices
# for the dependency fix (verify/policy.c): c-archives of the deps probes
# (tests/fixtures/depsprobeold: x/sys v0.29.0, cpuid/v2 v2.2.9; leanprobe:
# utls v1.8.7, x/sys v0.41.0, cpuid v2.3.0; depsprobe42: x/sys v0.42.0)
# built by the real go with the stand-in Apple toolchain, through the shim
# and without it. Without the shim std's overlay marker is missing too, so
# every failure here is checked for the package names, not only the exit.

load helpers/common
bats_require_minimum_version 1.5.0

FX="$BATS_TEST_DIRNAME/fixtures"
UTLS_CPU=github.com/metacubex/utls/internal/cpu
XSYS=golang.org/x/sys/cpu
CPUID=github.com/klauspost/cpuid/v2

# build NAME DIR shim|plain GOOS CC [go build args...]: a c-archive $D/NAME.a.
build() {
	local name="$1" dir="$2" how="$3" goos="$4" cc="$5"
	shift 5
	local go=go pathv="$SHIM_DIR:$PATH"
	[ "$how" = shim ] || { go="$(real_go)"; pathv="$PATH"; }
	(cd "$dir" && PATH="$pathv" GOOS="$goos" GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/$cc" \
		"$go" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" "$@" -o "$D/$name.a" .) \
		>"$D/$name.out" 2>&1 || echo "build of $name failed: $(cat "$D/$name.out")" >&2
}

setup_file() {
	export D="$BATS_FILE_TMPDIR"
	export GOWRAP_CACHE="$D/cache" GOTOOLCHAIN=local GOFLAGS= GOPROXY=off
	# depsprobe42 holds only go.mod and go.sum: leanprobe's program beside
	# them (tests/deps.bats builds the same, so the shim's are cached)
	mkdir -p "$D/probe42"
	cp "$FX/depsprobe42/go.mod" "$FX/depsprobe42/go.sum" "$FX/leanprobe/main.go" "$D/probe42/"
	local how
	for how in shim plain; do
		build "old-$how" "$FX/depsprobeold" "$how" ios cc-ios-arm64
		build "probe-$how" "$FX/leanprobe" "$how" ios cc-ios-arm64
		build "probe42-$how" "$D/probe42" "$how" ios cc-ios-arm64
		build "catalyst-$how" "$FX/depsprobeold" "$how" darwin cc-maccatalyst-arm64 -tags ios,macos,maccatalyst
	done
	# a macOS executable (the internal linker names the platform)
	(cd "$FX/depsprobeold" && GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build -o "$D/macos-plain" .) \
		>"$D/macos-plain.out" 2>&1 || echo "build of macos-plain failed: $(cat "$D/macos-plain.out")" >&2
	# the stand-in toolchain's objects name no platform: in an xcframework
	# directory the Catalyst archives are Catalyst
	for how in shim plain; do
		mkdir -p "$D/$how.xcframework/ios-arm64-maccatalyst"
		cp "$D/catalyst-$how.a" "$D/$how.xcframework/ios-arm64-maccatalyst/libx.a"
	done
}

setup() {
	common_setup
	export GOWRAP_CACHE="$D/cache" GOFLAGS= GOPROXY=off
}

sc() {
	run --separate-stderr "$SYMCHECK" "$@"
}

# deps_of: "PACKAGE fixed|NOT fixed" per entry of the last run's --json
# deps (one slice), "asked=BOOL" first.
deps_of() {
	printf '%s' "$output" | python3 -c '
import json, sys
d = json.load(sys.stdin)
s, = [s for i in d["inputs"] for s in i["slices"]]
print("asked=%s" % s.get("deps_asked"))
for e in s.get("deps", []):
    print(e["package"], "fixed" if e["fixed"] else "NOT fixed")
'
}

@test "iOS, x/sys v0.29.0 and cpuid v2.2.9: through the shim both carry their fix (exit 0); without it symcheck fails naming both, text and --json" {
	sc "$D/old-shim.a"
	assert_success
	assert_output "$D/old-shim.a: arm64 ios $(go env GOVERSION): internal/cpu.gowrapMarkerDarwinV1 in symtab (darwin parity): required; deps: $XSYS fixed, $CPUID fixed: ok"
	sc "$D/old-plain.a"
	assert_failure 1
	assert_output --partial "; deps: $XSYS NOT fixed, $CPUID NOT fixed: FAIL (marker missing"
	assert_output --partial "; $XSYS, $CPUID: CPU-feature code without gowrap's dependency fix (no gowrapMarkerV... marker), so it detects no ARM64 features on ios arm64; build through the shim"
	sc --json "$D/old-plain.a"
	assert_failure 1
	run deps_of
	assert_output "asked=True
$XSYS NOT fixed
$CPUID NOT fixed"
}

@test "iOS, utls v1.8.7, x/sys v0.41.0, cpuid v2.3.0: the shim's build passes; without the shim all three are named, text and --json" {
	sc "$D/probe-shim.a"
	assert_success
	assert_output --partial "; deps: $UTLS_CPU fixed, $XSYS fixed, $CPUID fixed: ok"
	sc "$D/probe-plain.a"
	assert_failure 1
	assert_output --partial "; deps: $UTLS_CPU NOT fixed, $XSYS NOT fixed, $CPUID NOT fixed: FAIL ("
	assert_output --partial "; $UTLS_CPU, $XSYS, $CPUID: CPU-feature code without gowrap's dependency fix"
	sc --json "$D/probe-plain.a"
	assert_failure 1
	run deps_of
	assert_output "asked=True
$UTLS_CPU NOT fixed
$XSYS NOT fixed
$CPUID NOT fixed"
}

@test "iOS, x/sys v0.42.0 (darwinSysctlEnabled: right on its own): x/sys/cpu is never asked; without the shim cpuid and the utls copy are named" {
	sc "$D/probe42-shim.a"
	assert_success
	assert_output --partial "; deps: $UTLS_CPU fixed, $CPUID fixed: ok"
	llvm-nm "$D/probe42-plain.a" | grep -q " _$XSYS.darwinSysctlEnabled$"
	sc "$D/probe42-plain.a"
	assert_failure 1
	assert_output --partial "; deps: $UTLS_CPU NOT fixed, $CPUID NOT fixed: FAIL ("
	refute_output --partial "$XSYS"
	sc --json "$D/probe42-plain.a"
	assert_failure 1
	run deps_of
	assert_output "asked=True
$UTLS_CPU NOT fixed
$CPUID NOT fixed"
}

@test "stripped (llvm-strip -x, no local symbols): the packages and their fixes are still found in the pclntab" {
	local how
	for how in shim plain; do
		llvm-strip -x -o "$BATS_TEST_TMPDIR/$how.a" "$D/probe-$how.a"
		run llvm-nm "$BATS_TEST_TMPDIR/$how.a"
		refute_output --partial "$CPUID."
	done
	sc "$BATS_TEST_TMPDIR/shim.a"
	assert_success
	assert_output --partial "; deps: $UTLS_CPU fixed, $XSYS fixed, $CPUID fixed: ok"
	sc "$BATS_TEST_TMPDIR/plain.a"
	assert_failure 1
	assert_output --partial "; deps: $UTLS_CPU NOT fixed, $XSYS NOT fixed, $CPUID NOT fixed: FAIL ("
}

@test "Mac Catalyst (darwin, -tags ios,macos,maccatalyst) is asked like iOS; macOS is not" {
	sc "$D/shim.xcframework"
	assert_success
	assert_output "$D/shim.xcframework/ios-arm64-maccatalyst/libx.a: arm64 maccatalyst $(go env GOVERSION): internal/cpu.gowrapMarkerDarwinV1 in symtab (darwin parity): required; deps: $XSYS fixed, $CPUID fixed: ok"
	sc "$D/plain.xcframework"
	assert_failure 1
	assert_output --partial ": arm64 maccatalyst $(go env GOVERSION): no marker: required; deps: $XSYS NOT fixed, $CPUID NOT fixed: FAIL ("
	assert_output --partial "so it detects no ARM64 features on maccatalyst arm64"
	sc "$D/macos-plain"
	assert_success
	assert_output "$D/macos-plain: arm64 macos $(go env GOVERSION): no marker: forbidden: ok"
	sc --json "$D/macos-plain"
	run deps_of
	assert_output "asked=None"
}

@test "--expect: an ios slice is asked for the fix whatever --expect says of internal/cpu; a platform symcheck cannot tell is asked under auto and required (fail closed), not forbidden; macOS never" {
	sc --expect forbidden "$D/old-plain.a"
	assert_failure 1
	assert_output --partial ": no marker: forbidden; deps: $XSYS NOT fixed, $CPUID NOT fixed: FAIL ($XSYS, $CPUID: CPU-feature code without gowrap's dependency fix"
	sc --expect required "$D/old-shim.a"
	assert_success
	assert_output --partial "; deps: $XSYS fixed, $CPUID fixed: ok"
	# the bare Catalyst archive: platform unknown
	sc "$D/catalyst-plain.a"
	assert_failure 1
	assert_output --partial ": arm64 unknown $(go env GOVERSION): no marker: required; deps: $XSYS NOT fixed, $CPUID NOT fixed: FAIL ("
	sc --expect required "$D/catalyst-shim.a"
	assert_success
	assert_output --partial "; deps: $XSYS fixed, $CPUID fixed: ok"
	sc --expect forbidden "$D/catalyst-plain.a"
	assert_success
	assert_output "$D/catalyst-plain.a: arm64 unknown $(go env GOVERSION): no marker: forbidden: ok"
	sc --expect required "$D/macos-plain"
	assert_failure 1
	assert_output --partial ": no marker: required: FAIL (marker missing"
	refute_output --partial "deps:"
}

@test "gowrap report: the failing row names each unfixed package, the shim's row each fixed one" {
	run "$GOWRAP" report --out "$BATS_TEST_TMPDIR/r.md" "$D/probe42-plain.a" "$D/probe-shim.a"
	assert_failure 110
	run grep '^| `' "$BATS_TEST_TMPDIR/r.md"
	assert_equal "${#lines[@]}" 2
	assert_line --partial "required; dependency fix: \`$UTLS_CPU\`, \`$CPUID\` | ❌ **FAIL**: marker missing"
	assert_line --partial "; \`$UTLS_CPU\` NOT fixed, \`$CPUID\` NOT fixed: CPU-feature code without gowrap's dependency fix, so it detects no ARM64 features on ios arm64 (build through the shim, GOWRAP_DEPS not 0) |"
	assert_line --partial "| ✅ ok: \`$UTLS_CPU\` fixed, \`$XSYS\` fixed, \`$CPUID\` fixed |"
}
