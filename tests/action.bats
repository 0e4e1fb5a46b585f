#!/usr/bin/env bats
# The GitHub Action (action.yml, README "GitHub Action"): its two steps'
# scripts run here with the variables a runner sets (RUNNER_OS, RUNNER_TEMP,
# GITHUB_PATH, GITHUB_ENV, GITHUB_STEP_SUMMARY pointing at temp files), and
# the next step's environment made from those files as the runner makes it.
# Between install and report, a real ios/arm64 c-archive is built with the
# real go through the installed shim (the stand-in Apple toolchain on Linux),
# and so is the Android job's library: the probe as an android/arm64 c-shared
# library (tests/helpers/android.bash, the stand-in NDK compiler), packed as
# an .aar and an .apk; the summary's text and the exit codes are what is
# asserted. A second job installs with `patches:` (tests/helpers/patches.bash's
# set, made from the GOROOT in use, in its workspace) and builds a linux/arm64
# program through that install's shim.

load helpers/common
load helpers/android
load helpers/patches
bats_require_minimum_version 1.5.0

AESLIB="$BATS_TEST_DIRNAME/../examples/aeslib"
UTLS_CPU=github.com/metacubex/utls/internal/cpu
XSYS=golang.org/x/sys/cpu

# runner DIR: a runner's files and variables under DIR.
runner() {
	mkdir -p "$1/temp"
	: >"$1/path"
	: >"$1/env"
	export RUNNER_OS=Linux RUNNER_TEMP="$1/temp" GITHUB_PATH="$1/path" GITHUB_ENV="$1/env"
	export GITHUB_STEP_SUMMARY="$1/summary"
}

# next_step: the environment the runner gives the steps after install: each
# GITHUB_PATH line put first on PATH in turn (the last one written leads),
# each GITHUB_ENV line exported.
next_step() {
	local l
	while IFS= read -r l; do PATH="$l:$PATH"; done <"$GITHUB_PATH"
	while IFS= read -r l; do export "${l?}"; done <"$GITHUB_ENV"
	export PATH
}

# ios_build OUT: the job's build step, gomobile-style (GOFLAGS=-tags=ios).
ios_build() {
	cd "$AESLIB"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 GOFLAGS=-tags=ios CC="$APPLE/bin/cc-ios-arm64" \
		go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$1" .
}

# seed_build DIR: this suite's build tree's intermediates (objects, module
# archives, generated sources, build tools) copied to DIR with their times,
# their header dependencies rewritten to DIR, so the install step's `make all`
# in DIR compiles nothing that is up to date but still links every program it
# installs (none is copied) and rebuilds whatever a source or header changed
# since. Not from a sanitizer build (the install's plain link cannot take its
# objects): then the install builds everything, as on a runner.
seed_build() {
	local dst="$1" old
	[ -f "$BUILD_DIR/obj/common/strbuf.d" ] || return 0
	if nm "$BUILD_DIR/gowrap" 2>/dev/null | grep -q -e __asan_init -e __ubsan_handle; then return 0; fi
	old="$(sed -n '1s|/obj/common/strbuf\.o:.*||p' "$BUILD_DIR/obj/common/strbuf.d")"
	mkdir -p "$dst"
	cp -pR "$BUILD_DIR/obj" "$BUILD_DIR/lib" "$BUILD_DIR/gen" "$BUILD_DIR/tools" "$dst/"
	find "$dst/obj" -name '*.d' -exec env OLD="$old" DST="$dst" perl -pi -e 's{(^|\s)\Q$ENV{OLD}\E/}{$1$ENV{DST}/}g' {} +
}

# patches_job: the job with `patches:` — its own runner under $A/prunner,
# a workspace holding a directory of patches and one more patch file, the
# install step, then a linux/arm64 program built in the next step.
patches_job() {
	local ws="$A/ws"
	mkdir -p "$ws/hello" "$ws/more"
	make_patch_set "$("$GOWRAP_REAL_GO" env GOROOT)" "$ws/patches"
	mv "$ws/patches/0003-os-body.patch" "$ws/more/os-body.patch"
	printf 'module example.com/hello\n\ngo 1.21\n' >"$ws/hello/go.mod"
	printf 'package main\n\nimport "os"\n\nfunc main() {\n\tp, _ := os.Executable()\n\tprintln(p != "")\n}\n' \
		>"$ws/hello/main.go"
	runner "$A/prunner"
	export GITHUB_WORKSPACE="$ws" INPUT_PATCHES="  patches
	  more/os-body.patch
	"
	seed_build "$RUNNER_TEMP/gowrap-build"
	bash "$GOWRAP_ROOT/scripts/action-install.sh" || return
	unset INPUT_PATCHES
	next_step
	cd "$ws/hello" && GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -o "$A/patched.bin" .
}

setup_file() {
	export A="$BATS_FILE_TMPDIR"
	export GOTOOLCHAIN=local GOPROXY=off GOFLAGS= GOWRAP_CACHE="$A/gwcache"
	unset GOWRAP_LOG GOWRAP_GO GOWRAP_VERIFY
	runner "$A/runner"
	local st=0 real
	real="$(real_go)"
	# real_go asks PATH, which the installed shim leads after next_step.
	export GOWRAP_REAL_GO="$real"
	seed_build "$RUNNER_TEMP/gowrap-build"
	bash "$GOWRAP_ROOT/scripts/action-install.sh" >"$A/install.out" 2>&1 || st=$?
	echo "$st" >"$A/install.status"
	[ "$st" -eq 0 ] || return 0
	# Each build's status is kept for a test to assert, never swallowed here.
	(next_step && ios_build "$A/shim.a") >"$A/shim.out" 2>&1 && st=0 || st=$?
	echo "$st" >"$A/shim.status"
	(PATH="$(dirname "$real"):$PATH" ios_build "$A/plain.a") >"$A/plain.out" 2>&1 && st=0 || st=$?
	echo "$st" >"$A/plain.status"
	# A go that answers `go env` for another GOROOT than it compiles with:
	# the overlay is silently ignored, so the shim's own check fails (110)
	# and logs "verified": false (as in tests/e2e.bats).
	mkdir -p "$A/otherroot/src/internal/cpu"
	cp "$("$real" env GOROOT)/src/internal/cpu/"*.go "$A/otherroot/src/internal/cpu/"
	cp "$("$real" env GOROOT)/VERSION" "$A/otherroot/"
	printf '#!/bin/sh\nif [ "$1" = env ]; then exec env GOROOT="%s" "%s" "$@"; fi\nexec "%s" "$@"\n' \
		"$A/otherroot" "$real" "$real" >"$A/lyinggo"
	chmod +x "$A/lyinggo"
	(next_step && GOWRAP_LOG="$A/bad.log" GOWRAP_GO="$A/lyinggo" ios_build "$A/bad.a") \
		>"$A/bad.out" 2>&1 && st=0 || st=$?
	echo "$st" >"$A/bad.status"
	# The Android job's build: through the installed shim (its own log, so
	# the iOS job's log keeps its one call, and the build's alone: the
	# module check's `go env` is logged nowhere) and with the real go; go's
	# status is kept in DIR/rc.
	(next_step && unset GOWRAP_LOG && android_so "$A/android-shim" go GOWRAP_LOG="$A/android.log") \
		>"$A/android-shim.txt" 2>&1 || true
	android_so "$A/android-plain" "$real" >"$A/android-plain.txt" 2>&1 || true
	(patches_job) >"$A/patches.out" 2>&1 && st=0 || st=$?
	echo "$st" >"$A/patches.status"
}

setup() {
	common_setup
	export GOWRAP_CACHE="$A/gwcache" GOPROXY=off GOFLAGS=
	export RUNNER_OS=Linux RUNNER_TEMP="$A/runner/temp" GITHUB_PATH="$A/runner/path" GITHUB_ENV="$A/runner/env"
	export GITHUB_STEP_SUMMARY="$TMP/summary"
	unset INPUT_CHECK INPUT_SYMCHECK_JSON INPUT_PREFIX INPUT_AUDIT_TARGETS INPUT_AUDIT_PACKAGES INPUT_AUDIT_DIR INPUT_REVIEWED INPUT_SARIF
	cat "$A/install.out"
	assert_equal "$(cat "$A/install.status")" 0
}

# report: the report step in the next step's environment; $status, $output
# (stdout and stderr) and $summary (the job summary's text).
report() {
	next_step
	run bash "$GOWRAP_ROOT/scripts/action-report.sh"
	summary="$(cat "$GITHUB_STEP_SUMMARY" 2>/dev/null || true)"
	printf '%s\n--- summary ---\n%s\n' "$output" "$summary"
}

# Every table row of $summary has as many cells as its table's header: no
# string from a log or a file broke a row (a `|` not escaped).
rows_whole() {
	python3 - "$summary" <<-'PY'
	import re, sys
	cols = None
	for line in sys.argv[1].split("\n"):
	    if not line.startswith("|"):
	        cols = None
	        continue
	    n = len(re.split(r"(?<!\\)\|", line)) - 2
	    if cols is None:
	        cols = n
	    assert n == cols, (cols, line)
	PY
}

@test "install with patches: GOWRAP_PATCHES names the workspace's directory and file, in order, for the next steps; a linux/arm64 build through the shim carries their markers" {
	cat "$A/patches.out"
	assert_equal "$(cat "$A/patches.status")" 0
	ws="$A/ws"
	run cat "$A/prunner/env"
	assert_output "$(printf 'GOWRAP_LOG=%s\nGOWRAP_PATCHES=%s\n' "$A/prunner/temp/gowrap.log" "$ws/patches:$ws/more/os-body.patch")"
	run bash -c "llvm-nm '$A/patched.bin' | grep -o '[a-z]*\.gowrapPatch[0-9a-f]*' | sort -u"
	want="$(for f in patches/0001-boottime.patch:runtime more/os-body.patch:os patches/0004-os-move.patch:os patches/0005-upstream-took-it.patch:os; do
		echo "${f#*:}.gowrapPatch$(sha256sum "$ws/${f%%:*}" | cut -c1-12)"
	done | sort)"
	assert_output "$want"
	# the one call, in the job's log, with the set's states in GOWRAP_PATCHES's order
	run jq -c '[.subcommand, .target, [.patches[] | .state], .patches[-1].file]' "$A/prunner/temp/gowrap.log"
	assert_output "[\"build\",\"linux/arm64\",[\"exact\",\"exact\",\"exact\",\"already\",\"skipped\",\"exact\"],\"$ws/more/os-body.patch\"]"
}

# (a missing entry: tests/act.bats, through act)
@test "install refuses a patches entry that holds a ':', naming it and the fix, before building" {
	mkdir -p "$TMP/ws/a:b"
	export GITHUB_WORKSPACE="$TMP/ws" RUNNER_TEMP="$TMP/t"
	INPUT_PATCHES=" a:b " run bash "$GOWRAP_ROOT/scripts/action-install.sh"
	assert_failure 1
	assert_output "gowrap: cannot install gowrap: the patches entry a:b holds a ':', which separates GOWRAP_PATCHES's entries (fix: rename the file or directory)"
	assert [ ! -e "$TMP/t/gowrap-build" ]
}

@test "report after the patches job: a row per patch the call applied (the call's number, id, state, file), in GOWRAP_PATCHES's order; a hostile name keeps rows whole" {
	assert_equal "$(cat "$A/patches.status")" 0
	ws="$A/ws"
	gv="$("$(real_go)" env GOVERSION)"
	export GOWRAP_LOG="$A/prunner/temp/gowrap.log"
	next_step() { PATH="$RUNNER_TEMP/gowrap/bin:$PATH"; } # keep this log
	report
	assert_success
	run echo "$summary"
	assert_line --index 0 "## ✅ gowrap: verified"
	assert_line "| 1 | \`build\` | \`linux/arm64\` | \`$gv\` | added | — | — | 0 | ✅ yes | \`$A/patched.bin\` |"
	want="### patches (GOWRAP_PATCHES)

| # | id | state | file |
|---|---|---|---|"
	for f in patches/0001-boottime.patch:exact patches/0002-darwin-continuous.diff:exact patches/0004-os-move.patch:exact \
		patches/0005-upstream-took-it.patch:already patches/0006-for-go1.20.patch:skipped more/os-body.patch:exact; do
		want+="
| 1 | \`$(sha256sum "$ws/${f%%:*}" | cut -c1-12)\` | ${f#*:} | \`$ws/${f%%:*}\` |"
	done
	assert_output --partial "$want"
	rows_whole
	# a second call whose patch file name holds Markdown: its row stays whole
	cp "$GOWRAP_LOG" "$TMP/p.log"
	jq -c '.patches = [{"file": "/w/a|b`c*_.patch", "id": "0123456789ab", "state": "exact"}, 7]' "$GOWRAP_LOG" >>"$TMP/p.log"
	export GOWRAP_LOG="$TMP/p.log"
	report
	assert_success
	run echo "$summary"
	assert_line "| 2 | \`0123456789ab\` | exact | \`\`/w/a\\|b\`c*_.patch\`\` |"
	rows_whole
}

@test "report after an iOS c-archive built through the installed shim: exit 0; the call and the slice in the summary" {
	cat "$A/shim.out"
	assert_equal "$(cat "$A/shim.status")" 0
	gv="$("$(real_go)" env GOVERSION)"
	export INPUT_CHECK="
	  $A/shim.a
	"
	report
	assert_success
	run echo "$summary"
	assert_line --index 0 "## ✅ gowrap: verified"
	assert_line "- go calls through the shim: 1 (overlay added: 1, dependency fix added: 0); outputs verified: 1, failed: 0"
	assert_line "- files checked: 1, unreadable: 0; slices: 1, failed: 0"
	assert_line "| 1 | \`build\` | \`ios/arm64\` tags \`ios\` | \`$gv\` | added | — | — | 0 | ✅ yes | \`$A/shim.a\` |"
	assert_line "| \`$A/shim.a\` | \`arm64\` | \`ios\` | \`$gv\` | \`internal/cpu.gowrapMarkerDarwinV1\` in symtab | required | ✅ ok |"
	rows_whole
}

@test "report on an archive built without the shim: exit 110, the one error line, the slice marked FAIL" {
	assert_equal "$(cat "$A/plain.status")" 0
	export INPUT_CHECK="$A/plain.a"
	report
	assert_failure 110
	assert_line "gowrap: verification failed: 1 slice(s) short of their expectation (summary: $GITHUB_STEP_SUMMARY) (fix: build through the gowrap shim (the action's install step, after actions/setup-go) and see the failing rows in the summary)"
	assert_line "::error title=gowrap::verification failed: see the job summary"
	run echo "$summary"
	assert_line --index 0 "## ❌ gowrap: verification failed"
	# the FAIL row says why: the marker it lacks
	assert_line --regexp "^\| \`$A/plain.a\` \| \`arm64\` \| \`ios\` \| \`go[0-9.]+\` \| — \| required \| ❌ \*\*FAIL\*\*: marker missing: neither \`internal/cpu\.gowrapMarkerDarwin…\` \(darwin parity\) nor \`internal/cpu\.gowrapMarkerV…\` \(crypto\) is in the slice, so the overlay was not applied \(built without the shim, keyed on another GOROOT, or dropped by a later -overlay\) \|$"
	rows_whole
}

# android_job shim|plain: that build's library packed as $TMP/Lib.aar and
# $TMP/app.apk, after asserting go built it; $gv the Go version.
android_job() {
	cat "$A/android-$1.txt" "$A/android-$1/out"
	assert_equal "$(cat "$A/android-$1/rc")" 0
	android_pack aar "$A/android-$1/libgojni.so" "$TMP/Lib.aar"
	android_pack apk "$A/android-$1/libgojni.so" "$TMP/app.apk"
	gv="$("$(real_go)" env GOVERSION)"
	export INPUT_CHECK="$TMP/Lib.aar
	  $TMP/app.apk"
}

@test "report after an Android .aar and .apk built through the installed shim (android/arm64 c-shared): exit 0; the call and each library's row name the fixed packages" {
	android_job shim
	export GOWRAP_LOG="$A/android.log"
	next_step() { PATH="$RUNNER_TEMP/gowrap/bin:$PATH"; } # keep this log
	report
	assert_success
	run echo "$summary"
	assert_line --index 0 "## ✅ gowrap: verified"
	assert_line "- go calls through the shim: 1 (overlay added: 0, dependency fix added: 1); outputs verified: 1, failed: 0"
	assert_line "- files checked: 2, unreadable: 0; slices: 2, failed: 0"
	# the Go column filled, though only the dependency fix asked go anything
	assert_line "| 1 | \`build\` | \`android/arm64\` | \`$gv\` | — | added | \`$UTLS_CPU\`, \`$XSYS\` | 0 | ✅ yes | \`$A/android-shim/libgojni.so\` |"
	assert_line "| \`$TMP/Lib.aar!/jni/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`$gv\` | — | forbidden; dependency fix: \`$UTLS_CPU\`, \`$XSYS\` | ✅ ok: \`$UTLS_CPU\` fixed, \`$XSYS\` fixed |"
	assert_line "| \`$TMP/app.apk!/lib/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`$gv\` | — | forbidden; dependency fix: \`$UTLS_CPU\`, \`$XSYS\` | ✅ ok: \`$UTLS_CPU\` fixed, \`$XSYS\` fixed |"
	rows_whole
}

@test "report on the same .aar and .apk built without the shim: exit 110, each row naming github.com/metacubex/utls/internal/cpu and golang.org/x/sys/cpu NOT fixed and why" {
	android_job plain
	report
	assert_failure 110
	assert_line "gowrap: verification failed: 2 slice(s) short of their expectation (summary: $GITHUB_STEP_SUMMARY) (fix: build through the gowrap shim (the action's install step, after actions/setup-go) and see the failing rows in the summary)"
	assert_line "::error title=gowrap::verification failed: see the job summary"
	run echo "$summary"
	assert_line --index 0 "## ❌ gowrap: verification failed"
	why="a copy of Go's internal/cpu without gowrap's dependency fix, so its HWCap stays 0 on linux/android arm64 (build through the shim, GOWRAP_DEPS not 0)"
	# x/sys/cpu, asked by its module's version, says its own why
	xwhy="golang.org/x/sys v0.41.0 without gowrap's dependency fix (no gowrapMarkerV... marker): before v0.42.0 its own detection does not run on android arm64 (every optional feature reads false); build through the shim (gowrap's go first on PATH, GOWRAP\\_DEPS not 0), or require golang.org/x/sys v0.42.0 or later"
	assert_line "| \`$TMP/Lib.aar!/jni/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`$gv\` | — | forbidden; dependency fix: \`$UTLS_CPU\`, \`$XSYS\` | ❌ **FAIL**: \`$UTLS_CPU\` NOT fixed: $why; \`$XSYS\` NOT fixed: $xwhy |"
	assert_line "| \`$TMP/app.apk!/lib/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`$gv\` | — | forbidden; dependency fix: \`$UTLS_CPU\`, \`$XSYS\` | ❌ **FAIL**: \`$UTLS_CPU\` NOT fixed: $why; \`$XSYS\` NOT fixed: $xwhy |"
	rows_whole
}

@test "report on the shim's .aar cut short: one row saying it cannot be read and why, with a fix that is not the shim; exit 110" {
	android_job shim
	n="$(wc -c <"$TMP/Lib.aar")"
	head -c "$((n / 2))" "$TMP/Lib.aar" >"$TMP/Cut.aar"
	export INPUT_CHECK="$TMP/Cut.aar"
	report
	assert_failure 110
	assert_line --regexp "^gowrap: verification failed: 1 unreadable input\(s\) \(summary: .*\) \(fix: see the unreadable rows in the summary: each says why and what to do\)$"
	refute_output --partial "build through the gowrap shim"
	run echo "$summary"
	assert_line "- files checked: 1, unreadable: 1; slices: 0, failed: 0"
	assert_line --regexp "^\| \`$TMP/Cut.aar\` \| — \| — \| — \| — \| — \| ❌ \*\*unreadable\*\*: not a zip archive libzip can read: [A-Za-z ]+ \(fix: the file is damaged or is not what a build writes \(cut short, changed after the build, or hand-made\): build it again, or download the whole artifact again\) \|$"
	rows_whole
}

@test "report on a log whose build failed the shim's own check (verified false, exit 110): exit 110, the row says so" {
	cat "$A/bad.out"
	assert_equal "$(cat "$A/bad.status")" 110
	export GOWRAP_LOG="$A/bad.log"
	next_step() { PATH="$RUNNER_TEMP/gowrap/bin:$PATH"; } # keep this log
	report
	assert_failure 110
	assert_line --partial "gowrap: verification failed: 1 go call(s) whose output failed the shim's check"
	run echo "$summary"
	assert_line "- go calls through the shim: 1 (overlay added: 1, dependency fix added: 0); outputs verified: 0, failed: 1"
	# the shim's error line, its backticks escaped so they stay text
	assert_line --regexp "^\| 1 \| \`build\` \| \`ios/arm64\` tags \`ios\` \| .* \| 110 \| ❌ \*\*no\*\* \| \`$A/bad.a\`: gowrap: built output lacks the gowrap marker: .*\\\\\`go env GOROOT\\\\\`.* \|$"
	rows_whole
}

@test "report on a log with a line that is not JSON: exit 110, the line named" {
	cp "$RUNNER_TEMP/gowrap.log" "$TMP/torn.log"
	printf '{"subcommand":"bui\n' >>"$TMP/torn.log"
	export GOWRAP_LOG="$TMP/torn.log"
	next_step() { PATH="$RUNNER_TEMP/gowrap/bin:$PATH"; }
	report
	assert_failure 110
	assert_line --partial "1 log line(s) that are not JSON"
	run echo "$summary"
	assert_line "- log lines that are not JSON objects (evidence lost): 2"
}

@test "report reads saved symcheck --json outputs; a file that is not one is refused (2)" {
	"$RUNNER_TEMP/gowrap/bin/symcheck" --json "$A/shim.a" >"$TMP/s.json" || true
	export INPUT_SYMCHECK_JSON="$TMP/s.json"
	report
	assert_success
	run echo "$summary"
	assert_line --regexp "^\| \`$A/shim.a\` \| \`arm64\` \| \`ios\` \| .* \| ✅ ok \|$"
	echo "not json" >"$TMP/bad.json"
	export INPUT_SYMCHECK_JSON="$TMP/bad.json"
	report
	assert_failure 2
	assert_line "gowrap: cannot read a symcheck --json file: $TMP/bad.json: not symcheck --json output (no \"inputs\" list) (fix: pass the file \`symcheck --json PATH... > FILE\` wrote)"
}

@test "a file name holding Markdown and an unreadable path: rows stay whole, the path is reported unreadable (110)" {
	cp "$A/shim.a" "$TMP/a|b*c_\`d.a"
	export INPUT_CHECK="$TMP/a|b*c_\`d.a
$TMP/missing.xcframework"
	report
	assert_failure 110
	run echo "$summary"
	assert_line --partial "| \`\`$TMP/a\\|b*c_\`d.a\`\` | \`arm64\` |"
	assert_line "| \`$TMP/missing.xcframework\` | — | — | — | — | — | ❌ **unreadable**: cannot stat: No such file or directory (fix: name a file the build wrote (a \`check:\` path is relative to GITHUB_WORKSPACE, whatever the job's working-directory; a bundle's entries must exist)) |"
	rows_whole
}

@test "no GITHUB_STEP_SUMMARY: the summary goes to stdout; an empty log says no go call went through the shim (exit 0)" {
	: >"$TMP/empty.log"
	unset GITHUB_STEP_SUMMARY
	GOWRAP_LOG="$TMP/empty.log" run "$RUNNER_TEMP/gowrap/bin/gowrap" report
	assert_success
	assert_line --index 0 "## ⚠️ gowrap: nothing was verified"
	assert_line "- no go call went through the gowrap shim: the log \`$TMP/empty.log\` holds no calls. If the job ran go, put gowrap's install step after actions/setup-go: each puts its directory first on PATH, the last one wins."
	assert_line "- no files checked (name them: \`gowrap report PATH...\`, or the action's \`check:\`)"
}

@test "install on macOS asks Homebrew for exactly the missing formulae (stand-in brew)" {
	mkdir -p "$TMP/bin"
	cat >"$TMP/bin/brew" <<-EOF
	#!/bin/sh
	echo "\$*" >>"$TMP/brew.calls"
	[ "\$1 \$3" = "list cjson" ] && exit 1
	exit 0
	EOF
	chmod +x "$TMP/bin/brew"
	PATH="$TMP/bin:$PATH" run bash -c 'set -euo pipefail; source "$1"; macos_deps' _ "$GOWRAP_ROOT/scripts/action-install.sh"
	assert_success
	run cat "$TMP/brew.calls"
	assert_output "$(printf '%s\n' 'list --versions cjson' 'list --versions libgit2' 'list --versions libzip' 'list --versions pkg-config' 'install cjson')"
}

@test "install fails the step when what it installed does not run (a make that installs nothing): one line, exit 1, nothing added to PATH" {
	# a stand-in make: succeeds and installs nothing, as a make install to
	# the wrong place once did
	mkdir -p "$TMP/bin"
	printf '#!/bin/sh\nexit 0\n' >"$TMP/bin/make"
	chmod +x "$TMP/bin/make"
	export RUNNER_TEMP="$TMP/t" GITHUB_PATH="$TMP/path" GITHUB_ENV="$TMP/env"
	mkdir -p "$RUNNER_TEMP"
	: >"$GITHUB_PATH"
	: >"$GITHUB_ENV"
	PATH="$TMP/bin:$PATH" run bash "$GOWRAP_ROOT/scripts/action-install.sh"
	assert_failure 1
	assert_output --regexp "^gowrap: cannot install gowrap: the installed $TMP/t/gowrap/bin/gowrap does not run: .*No such file or directory \(fix: see make install's output above; choose a prefix on a file system that allows executing programs\)\$"
	assert_equal "$(cat "$GITHUB_PATH" "$GITHUB_ENV")" ""
}

@test "install refuses an unsupported runner and a missing runner variable, naming the fix, before building" {
	RUNNER_OS=Windows RUNNER_TEMP="$TMP/t" run bash "$GOWRAP_ROOT/scripts/action-install.sh"
	assert_failure 1
	assert_output "gowrap: cannot install gowrap: RUNNER_OS=Windows is not supported (fix: run the job on a Linux or macOS runner (gowrap builds for Apple targets from both))"
	assert [ ! -e "$TMP/t/gowrap-build" ]
	unset GITHUB_PATH
	run bash "$GOWRAP_ROOT/scripts/action-install.sh"
	assert_failure 1
	assert_output --partial "gowrap: cannot install gowrap: GITHUB_PATH is not set (fix: "
}

# audit_ws: a workspace whose module (tests/fixtures/seenprobe's, plus a
# package of its own whose arm64 assembly no rule speaks of) is in mod/.
audit_ws() {
	local m="$TMP/ws/mod"
	mkdir -p "$m/asmx"
	cp "$BATS_TEST_DIRNAME/fixtures/seenprobe/"{go.mod,go.sum,main.go} "$m/"
	chmod u+w "$m"/*
	sed -i 's#^import (#import (\n\t_ "gowrap.test/seenprobe/asmx"#' "$m/main.go"
	printf 'package asmx\n\nfunc probe() uint64\n' >"$m/asmx/x.go"
	printf '#include "textflag.h"\n\nTEXT \xc2\xb7probe(SB), NOSPLIT, $0-8\n\tMRS ID_AA64ISAR0_EL1, R0\n\tMOVD R0, ret+0(FP)\n\tRET\n' >"$m/asmx/x_arm64.s"
	export GITHUB_WORKSPACE="$TMP/ws" INPUT_AUDIT_DIR=mod INPUT_AUDIT_TARGETS="  linux/arm64
	linux/amd64
	" CGO_ENABLED=1
}

@test "audit mode: each target's rows as annotations in the repository (::error defective, ::warning unknown) and in the job summary, one SARIF file per target; exit 1" {
	audit_ws
	next_step
	INPUT_SARIF=sarif run --separate-stderr bash "$GOWRAP_ROOT/scripts/action-audit.sh"
	assert_failure 1
	local line
	line=$(grep -n 'github.com/templexxx/cpu v0.0.9' "$TMP/ws/mod/go.mod" | cut -d: -f1)
	assert_line --regexp "^::error file=mod/go.mod,line=$line,title=gowrap audit linux/arm64%3A defective%2C not fixed::github.com/templexxx/cpu "
	assert_line --regexp '^::warning file=mod/asmx/x.go,line=1,title=gowrap audit linux/arm64%3A unknown::gowrap.test/seenprobe/asmx '
	assert_equal "${#lines[@]}" 2
	summary="$(cat "$GITHUB_STEP_SUMMARY")"
	run echo "$summary"
	assert_line "### gowrap audit linux/arm64: ❌ defective, not fixed"
	assert_line "### gowrap audit linux/amd64: ✅ every CPU-feature package fixed, right or accepted"
	assert_line --regexp '^\| `github.com/templexxx/cpu` \| github.com/templexxx/cpu@v0.0.9 \| \*\*defective, not fixed\*\* \| rule cpu11-arm64: .* \| sha256:[0-9a-f]{64} \|  \|$'
	assert_line --regexp '^\| `github.com/templexxx/cpu` \| github.com/templexxx/cpu@v0.0.9 \| \*\*right on its own\*\* \| rule cpu11-x86: '
	python3 - "$TMP/ws/sarif" <<'PY'
import json, sys
a = json.load(open(sys.argv[1] + "/gowrap-audit-linux-arm64.sarif"))["runs"][0]
b = json.load(open(sys.argv[1] + "/gowrap-audit-linux-amd64.sarif"))["runs"][0]
assert len(a["results"]) == 2 and b["results"] == [], (a["results"], b["results"])
assert a["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "mod/go.mod"
PY
}

@test "audit mode with reviewed verdicts: accepted rows are ::notice and say so in the summary (exit 0); a refused file is its one line and 118; no gowrap on PATH is 2" {
	audit_ws
	next_step
	local m="$TMP/ws/mod" ids
	ids="$(cd "$m" && GOOS=linux GOARCH=arm64 gowrap audit --json)" || true
	python3 - "$ids" >"$m/gowrap-audit.toml" <<'PY'
import json, sys
for p in json.loads(sys.argv[1])["packages"]:
    if p["verdict"] in ("defective, not fixed", "unknown"):
        print('[[Reviewed]]\npackage = "%s"\ncontent = "%s"\nreason = "reviewed | ok"\n' % (p["import_path"], p["content"]))
PY
	run --separate-stderr bash "$GOWRAP_ROOT/scripts/action-audit.sh"
	assert_success
	assert_line --regexp '^::notice file=mod/go.mod,line=[0-9]+,title=gowrap audit linux/arm64%3A defective%2C not fixed \(accepted\)::.* Accepted by review: reviewed \| ok$'
	run grep -c 'accepted: reviewed \\| ok |$' "$GITHUB_STEP_SUMMARY"
	assert_output 2
	printf 'oops\n' >>"$m/gowrap-audit.toml"
	run --separate-stderr bash "$GOWRAP_ROOT/scripts/action-audit.sh"
	assert_failure 118
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $m/gowrap-audit.toml:11: not a [[Reviewed]] header, a key = value line or a comment (fix: write the file as README \"Reviewed verdicts\" shows: [[Reviewed]] tables of package, content, reason and until)"
	PATH="$(dirname "$(real_go)"):/usr/bin:/bin" run --separate-stderr bash "$GOWRAP_ROOT/scripts/action-audit.sh"
	assert_failure 2
	assert_equal "$stderr" "gowrap: cannot audit: gowrap is not on PATH, so no install step ran before this one in this job (fix: run the gowrap action with mode: install earlier in this job, after actions/setup-go)"
}

# act runs action.yml and the examples (tests/act.bats): what it cannot
# reach is checked here by reading them.
@test "action.yml runs the three tested scripts with every input they read; the Android example's steps act never reaches bind and report on Lib.aar" {
	cd "$GOWRAP_ROOT"
	for s in action-install.sh action-report.sh action-audit.sh; do
		run grep -c "\"\$GITHUB_ACTION_PATH/scripts/$s\"" action.yml
		assert_output 1
		for v in $(grep -o 'INPUT_[A-Z_]*' "scripts/$s" | sort -u); do
			run grep -c "^        $v: \${{ inputs\.[a-z-]* }}$" action.yml
			assert_output 1
		done
	done
	a=examples/github-actions/android-aar.yml
	run grep -c '^          mode: report$' "$a"
	assert_output 1
	run grep -c '^          check: Lib.aar$' "$a"
	assert_output 1
	run grep -c 'gomobile bind -target android .*-o Lib.aar' "$a"
	assert_output 1
}
