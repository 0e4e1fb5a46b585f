#!/usr/bin/env bats
# The GitHub Action (action.yml, README "GitHub Action"): its two steps'
# scripts run here with the variables a runner sets (RUNNER_OS, RUNNER_TEMP,
# GITHUB_PATH, GITHUB_ENV, GITHUB_STEP_SUMMARY pointing at temp files), and
# the next step's environment made from those files as the runner makes it.
# Between install and report, a real ios/arm64 c-archive is built with the
# real go through the installed shim (the stand-in Apple toolchain on Linux);
# the summary's text and the exit codes are what is asserted.

load helpers/common
bats_require_minimum_version 1.5.0

AESLIB="$BATS_TEST_DIRNAME/../examples/aeslib"

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

setup_file() {
	export A="$BATS_FILE_TMPDIR"
	export GOTOOLCHAIN=local GOPROXY=off GOFLAGS= GOWRAP_CACHE="$A/gwcache"
	unset GOWRAP_LOG GOWRAP_GO GOWRAP_VERIFY
	runner "$A/runner"
	local st=0 real
	real="$(real_go)"
	# real_go asks PATH, which the installed shim leads after next_step.
	export GOWRAP_REAL_GO="$real"
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
}

setup() {
	common_setup
	export GOWRAP_CACHE="$A/gwcache" GOPROXY=off GOFLAGS=
	export RUNNER_OS=Linux RUNNER_TEMP="$A/runner/temp" GITHUB_PATH="$A/runner/path" GITHUB_ENV="$A/runner/env"
	export GITHUB_STEP_SUMMARY="$TMP/summary"
	unset INPUT_CHECK INPUT_SYMCHECK_JSON INPUT_PREFIX
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

@test "install: gowrap built in RUNNER_TEMP and installed; the shim leads PATH in the next step; GOWRAP_LOG is on" {
	prefix="$RUNNER_TEMP/gowrap"
	run cat "$GITHUB_PATH"
	assert_output "$(printf '%s\n' "$prefix/bin" "$prefix/libexec/gowrap")"
	run cat "$GITHUB_ENV"
	assert_output "GOWRAP_LOG=$RUNNER_TEMP/gowrap.log"
	assert [ -x "$RUNNER_TEMP/gowrap-build/gowrap" ]
	assert [ -x "$prefix/libexec/gowrap/gowrap-toolexec" ]
	next_step
	run command -v go
	assert_output "$prefix/libexec/gowrap/go"
	run command -v gowrap
	assert_output "$prefix/bin/gowrap"
	run command -v symcheck
	assert_output "$prefix/bin/symcheck"
	GOWRAP_LOG="$TMP/version.log" run go version # the job's log stays the build's
	assert_success
	assert_output "$("$(real_go)" version)"
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
	assert_line --regexp "^\| \`$A/plain.a\` \| \`arm64\` \| \`ios\` \| \`go[0-9.]+\` \| — \| required \| ❌ \*\*FAIL\*\* \|$"
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
	assert_line "| \`$TMP/missing.xcframework\` | — | — | — | — | — | ❌ **unreadable**: cannot stat: No such file or directory |"
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

@test "action.yml runs the two tested scripts with every input they read; the example uses the action" {
	cd "$GOWRAP_ROOT"
	for s in action-install.sh action-report.sh; do
		run grep -c "\"\$GITHUB_ACTION_PATH/scripts/$s\"" action.yml
		assert_output 1
		for v in $(grep -o 'INPUT_[A-Z_]*' "scripts/$s" | sort -u); do
			run grep -c "^        $v: \${{ inputs\.[a-z-]* }}$" action.yml
			assert_output 1
		done
	done
	run grep -cE '^      - uses: [A-Za-z0-9_.-]+/gowrap@' examples/github-actions/ios-xcframework.yml
	assert_output 2
	run grep -c '^          mode: report$' examples/github-actions/ios-xcframework.yml
	assert_output 1
}
