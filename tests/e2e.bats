#!/usr/bin/env bats
# End to end: a gomobile-style pipeline through the shim, verified by
# symcheck; the same without the shim, failed; a wrong-GOROOT overlay caught by
# the shim itself; a stripped release build verified through the pclntab; and
# the GOTOOLCHAIN trap handled offline with `gowrap toolchain install`.

load helpers/common
bats_require_minimum_version 1.5.0

setup_file() {
	export E2E="$BATS_FILE_TMPDIR"
	export GOWRAP_CACHE="$E2E/cache"
	export GOTOOLCHAIN=local
	# Build the xcframework twice, through the shim and without it, once per
	# file. Each run's exit status is kept for the tests to assert: a failed
	# pipeline must fail a test, not be swallowed here.
	local st=0
	PATH="$SHIM_DIR:$PATH" bash "$GOWRAP_ROOT/tests/helpers/pipeline.sh" \
		"$GOWRAP_ROOT/examples/aeslib" "$E2E/with" Aes >"$E2E/with.log" 2>&1 || st=$?
	echo "$st" >"$E2E/with.status"
	# Without the shim, the slices that must carry the fix (every kind of
	# required slice: device, arm64 simulator, tvOS, Catalyst); the forbidden
	# ones would pass with or without it, and each is a cold stock std.
	st=0
	PIPELINE_TARGETS="ios-arm64 iossimulator-arm64 tvos-arm64 maccatalyst-arm64" \
		bash "$GOWRAP_ROOT/tests/helpers/pipeline.sh" \
		"$GOWRAP_ROOT/examples/aeslib" "$E2E/without" Aes >"$E2E/without.log" 2>&1 || st=$?
	echo "$st" >"$E2E/without.status"
}

setup() {
	common_setup
	export GOWRAP_CACHE="$E2E/cache"
}

@test "pipeline through the shim: every build succeeds and symcheck passes the xcframework" {
	cat "$E2E/with.log"
	assert_equal "$(cat "$E2E/with.status")" 0
	run cat "$E2E/with.log"
	assert_line --partial "Aes.xcframework"
	run "$SYMCHECK" "$E2E/with/Aes.xcframework"
	echo "$output"
	assert_success
	# Required slices carry the marker: ios, both simulators' arm64, tvos, catalyst arm64.
	run "$SYMCHECK" --json "$E2E/with/Aes.xcframework"
	assert_success
	python3 - "$output" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
assert r["ok"] is True, r
sl = [s for i in r["inputs"] for s in i["slices"]]
req = {(s["platform"], s["arch"]) for s in sl if s["expected"] == "required"}
want = {("ios", "arm64"), ("ios-simulator", "arm64"), ("tvos", "arm64"), ("maccatalyst", "arm64")}
assert want <= req, req
for s in sl:
    if s["expected"] == "required":
        assert s["marker"] and s["marker"].startswith("internal/cpu.gowrapMarker"), s
    if s["arch"] == "x86_64" or s["platform"] == "macos":
        assert s["expected"] == "forbidden" and s["marker"] is None, s
PY
}

@test "pipeline without the shim: symcheck fails the xcframework (exit 1) and names the slices" {
	# The builds themselves succeed without the shim: only the check fails.
	assert_equal "$(cat "$E2E/without.status")" 0
	run "$SYMCHECK" "$E2E/without/Aes.xcframework"
	echo "$output"
	assert_failure 1
	assert_output --partial "ios-arm64"
	# every slice fails: each kind of required slice, named
	assert_equal "$(grep -c ': required: FAIL' <<<"$output")" 4
	assert_output --regexp 'arm64 ios-simulator [^:]*: no marker: required: FAIL'
	assert_output --regexp 'arm64 tvos [^:]*: no marker: required: FAIL'
	assert_output --regexp 'arm64 maccatalyst [^:]*: no marker: required: FAIL'
}

@test "the marker in the shipped archive is the one the shim logged" {
	log="$BATS_TEST_TMPDIR/log.jsonl"
	cd "$GOWRAP_ROOT/examples/aeslib"
	GOWRAP_LOG="$log" PATH="$SHIM_DIR:$PATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios \
		CC="$APPLE/bin/cc-ios-arm64" run go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$BATS_TEST_TMPDIR/lib.a" .
	assert_success
	run python3 - "$log" "$BATS_TEST_TMPDIR/lib.a" "$SYMCHECK" <<'PY'
import json, subprocess, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
b = [l for l in lines if l.get("subcommand") == "build"]
assert len(b) == 1 and b[0]["injected"] is True and b[0]["verified"] is True, lines
r = json.loads(subprocess.run([sys.argv[3], "--json", sys.argv[2]], capture_output=True, text=True).stdout)
assert r["ok"], r
print(b[0]["target"])
PY
	assert_success
	assert_output "ios/arm64"
}

@test "release-style stripped build (-trimpath -s -w -buildid=, then llvm-strip) verifies through the pclntab" {
	cd "$GOWRAP_ROOT/examples/aeslib"
	PATH="$SHIM_DIR:$PATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		run go build -trimpath -ldflags="-s -w -buildid= -extar=$APPLE/bin/ar" -buildmode=c-archive -o "$BATS_TEST_TMPDIR/rel.a" .
	assert_success
	llvm-strip -x "$BATS_TEST_TMPDIR/rel.a" 2>/dev/null || true
	run "$SYMCHECK" --json "$BATS_TEST_TMPDIR/rel.a"
	assert_success
	python3 -c 'import json,sys; r=json.loads(sys.argv[1]); s=[s for i in r["inputs"] for s in i["slices"]]; assert any(x["found_in"]=="pclntab" and x["marker"] for x in s), s' "$output"
}

@test "an overlay keyed on a GOROOT other than the one that compiles is failed by the shim (exit 110)" {
	# A go that answers `go env` for one GOROOT but compiles with another: the
	# overlay the shim derives is silently ignored by the compile, so only the
	# post-build check can notice. (A stand-in for a toolchain switch the query
	# did not see.)
	other="$BATS_TEST_TMPDIR/otherroot"
	mkdir -p "$other/src/internal/cpu"
	cp "$(go env GOROOT)/src/internal/cpu/"*.go "$other/src/internal/cpu/"
	cp "$(go env GOROOT)/VERSION" "$other/" 2>/dev/null || true
	real="$(real_go)"
	cat >"$BATS_TEST_TMPDIR/lyinggo" <<EOF
#!/bin/sh
if [ "\$1" = env ]; then exec env GOROOT="$other" "$real" "\$@"; fi
exec "$real" "\$@"
EOF
	chmod +x "$BATS_TEST_TMPDIR/lyinggo"
	cd "$GOWRAP_ROOT/examples/aeslib"
	GOWRAP_GO="$BATS_TEST_TMPDIR/lyinggo" PATH="$SHIM_DIR:$PATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		CC="$APPLE/bin/cc-ios-arm64" run go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$BATS_TEST_TMPDIR/bad.a" .
	echo "$output"
	assert_failure 110
	assert_output --partial "bad.a"
	assert_output --partial "arm64"
}

@test "GOTOOLCHAIN trap: refused with the fix, then after 'gowrap toolchain install' the same build verifies on go1.27.3" {
	# Make sure the module cache has the 1.27.3 toolchain module (via the proxy).
	GOTOOLCHAIN=go1.27.3 "$(real_go)" version >/dev/null
	mod="$BATS_TEST_TMPDIR/mod"
	mkdir -p "$mod"
	cp "$GOWRAP_ROOT/examples/aeslib/main.go" "$mod/"
	printf 'module example.com/aeslib\n\ngo 1.21\n\ntoolchain go1.27.3\n' >"$mod/go.mod"
	cd "$mod"
	export GOTOOLCHAIN=auto
	build() {
		PATH="$1" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios CC="$APPLE/bin/cc-ios-arm64" \
			go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$BATS_TEST_TMPDIR/lib127.a" .
	}
	run build "$SHIM_DIR:$PATH"
	echo "$output"
	assert_failure 105
	assert_output --partial "GOMODCACHE"
	assert_output --partial "gowrap toolchain install go1.27.3"
	assert [ ! -e "$BATS_TEST_TMPDIR/lib127.a" ]

	run --separate-stderr "$GOWRAP" toolchain install go1.27.3 --sdk "$BATS_TEST_TMPDIR/sdk" --bin "$BATS_TEST_TMPDIR/bin"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/bin/go1.27.3"

	run build "$SHIM_DIR:$BATS_TEST_TMPDIR/bin:$PATH"
	echo "$output"
	assert_success
	run "$SYMCHECK" --json "$BATS_TEST_TMPDIR/lib127.a"
	assert_success
	python3 -c 'import json,sys; r=json.loads(sys.argv[1]); s=[s for i in r["inputs"] for s in i["slices"]]; assert s and all(x["goversion"]=="go1.27.3" for x in s if x["goversion"]), s; assert any(x["marker"] for x in s), s' "$output"
	PATH="$SHIM_DIR:$BATS_TEST_TMPDIR/bin:$PATH" run go version
	assert_output --partial "go1.27.3"
	PATH="$SHIM_DIR:$BATS_TEST_TMPDIR/bin:$PATH" run go env GOROOT
	assert_output "$BATS_TEST_TMPDIR/sdk/go1.27.3"
}

@test "the default pipeline carries darwin parity in every required slice (symcheck --variant darwin), not crypto" {
	run "$SYMCHECK" --variant darwin "$E2E/with/Aes.xcframework"
	echo "$output"
	assert_success
	run "$SYMCHECK" --json "$E2E/with/Aes.xcframework"
	python3 -c 'import json,sys; r=json.loads(sys.argv[1]); s=[s for i in r["inputs"] for s in i["slices"] if s["expected"]=="required"]; assert s and all(x["variant"]=="darwin" and x["marker"]=="internal/cpu.gowrapMarkerDarwinV1" for x in s), s' "$output"
	run "$SYMCHECK" --variant crypto "$E2E/with/Aes.xcframework"
	assert_failure 1
	assert_output --partial "not the crypto feature set"
}

@test "GOWRAP_FEATURES=crypto through the shim: the shipped archive carries the crypto marker, verified by the shim, and the next default build is darwin parity again" {
	log="$BATS_TEST_TMPDIR/log.jsonl"
	cd "$GOWRAP_ROOT/examples/aeslib"
	build() {
		GOWRAP_LOG="$log" PATH="$SHIM_DIR:$PATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios \
			CC="$APPLE/bin/cc-ios-arm64" go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$1" .
	}
	GOWRAP_FEATURES=crypto run build "$BATS_TEST_TMPDIR/crypto.a"
	assert_success
	assert_equal "$(tail -n 1 "$log" | jq -c '[.injected, .verified]')" "[true,true]"
	run "$SYMCHECK" --variant crypto "$BATS_TEST_TMPDIR/crypto.a"
	assert_success
	assert_output --partial "internal/cpu.gowrapMarkerV1 in symtab (crypto): required: ok"
	run build "$BATS_TEST_TMPDIR/darwin.a"
	assert_success
	assert_equal "$(tail -n 1 "$log" | jq -c '[.injected, .verified]')" "[true,true]"
	run "$SYMCHECK" --variant darwin "$BATS_TEST_TMPDIR/darwin.a"
	assert_success
	assert_output --partial "internal/cpu.gowrapMarkerDarwinV1 in symtab (darwin parity): required: ok"
}
