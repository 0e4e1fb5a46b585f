#!/usr/bin/env bats
# tests/act.bats — the GitHub Action run by a real Actions runner: nektos/act
# v0.2.89 (tests/helpers/act.bash) in host mode and offline, on workflows of
# tests/act/ that use the action as `uses: ./` from a repository holding this
# tree, and on the example workflows of examples/github-actions/ as they are
# (OWNER/gowrap@main is this tree), each up to its first step that needs
# what this machine lacks. act itself reads action.yml, runs its composite
# step, turns GITHUB_PATH and GITHUB_ENV into the next steps' PATH and
# environment, evaluates `if: ${{ !cancelled() }}`, `continue-on-error`,
# `defaults.run.working-directory` and `${{ runner.temp }}`, and prints each
# step's job summary and annotations; what is asserted is its log.
# actions/setup-go@v5 is a stand-in (tests/act/setup-go: the real go's
# directory first on PATH), actions/checkout is act's own copy of the
# repository. The builds are the Android job's: the probe
# (tests/fixtures/leanprobe, github.com/metacubex/utls v1.8.7's copy of
# internal/cpu) as an android/arm64 c-shared library with the stand-in NDK
# compiler. Every workflow runs once, in setup_file, one after another.

load helpers/common
load helpers/act
bats_require_minimum_version 1.5.0

UTLS_CPU=github.com/metacubex/utls/internal/cpu
XSYS=golang.org/x/sys/cpu

# The examples, each cut before its first step that cannot run here: a
# pattern of that step's text, and why (README, "GitHub Action").
EXAMPLES="ios-xcframework:gomobile bind:Xcode's iOS SDK (a Mac) and golang.org/x/mobile through the network
android-aar:actions/setup-java:a JDK download, then the Android SDK and NDK and GitHub's artifact service"

# cut_example NAME PATTERN OUT: the example's workflow with every step from
# the first one whose text holds PATTERN on left out.
cut_example() {
	python3 - "$GOWRAP_ROOT/examples/github-actions/$1.yml" "$2" "$3" <<-'PY'
	import sys
	src, pat, out = sys.argv[1:]
	lines = open(src).read().split("\n")
	steps = [i for i, l in enumerate(lines) if l.startswith("      - ")]
	for a, b in zip(steps, steps[1:] + [len(lines)]):
	    if any(pat in l for l in lines[a:b]):
	        # the step's own comment lines above it go with it
	        while a > 0 and lines[a - 1].strip().startswith("#"):
	            a -= 1
	        open(out, "w").write("\n".join(lines[:a]) + "\n")
	        break
	else:
	    sys.exit(f"{src}: no step holds {pat}")
	PY
}

setup_file() {
	export A="$BATS_FILE_TMPDIR"
	ACT="$(act_path)" || return 1
	export ACT ACT_HOME="$A/act"
	# act's own HOME must not move go's caches: the suite's, named outright
	GOMODCACHE="$(go env GOMODCACHE)" GOCACHE="$(go env GOCACHE)" GOPATH="$(go env GOPATH)"
	export GOMODCACHE GOCACHE GOPATH GOTOOLCHAIN=local GOPROXY=off GOFLAGS=
	unset GOWRAP_LOG GOWRAP_GO GOWRAP_VERIFY GOWRAP_CACHE GOWRAP_PATCHES
	ACT_STANDIN_GOBIN="$(dirname "$(real_go)")"
	export ACT_STANDIN_GOBIN
	require_modules github.com/metacubex/utls@v1.8.7 golang.org/x/sys@v0.41.0 \
		github.com/klauspost/cpuid/v2@v2.3.0 || return 1
	act_repo "$A/repo.tmp"
	mkdir -p "$A/repo.tmp/tests/act/examples"
	local e name pat
	while IFS= read -r e; do
		name="${e%%:*}" pat="${e#*:}" pat="${pat%%:*}"
		cut_example "$name" "$pat" "$A/repo.tmp/tests/act/examples/$name.yml"
	done <<<"$EXAMPLES"
	git -C "$A/repo.tmp" add -A
	git -C "$A/repo.tmp" -c user.name=act -c user.email=act@example.invalid commit -q -m examples
	mv "$A/repo.tmp" "$A/repo"
	local wf st
	for wf in no-install missing-patch pass wrong-order examples/ios-xcframework examples/android-aar; do
		st=0
		act_run "$A/repo" "tests/act/$wf.yml" "$A/$(basename "$wf").log" || st=$?
		echo "$st" >"$A/$(basename "$wf").status"
	done
}

# job NAME: $output is the workflow NAME's act log (git's warnings about
# the event's ref left out), $st act's exit status.
job() {
	run grep -v -e 'unable to get git re' "$A/$1.log"
	st="$(cat "$A/$1.status")"
	# shown when a test fails: the log without the build's compile lines
	grep -v -e '^\[[^]]*\]   | \(cc\|install\|make\|ar\) ' <<<"$output"
}

# ws: the pass job's workspace (act's copy of the repository, RUNNER_TEMP
# beside it), from its `which go` step's pwd= (the job's working directory,
# tests/fixtures/leanprobe).
ws() {
	sed -n 's|.* pwd=\(/.*\)/tests/fixtures/leanprobe$|\1|p' <<<"$output" | head -1
}

@test "act: install (relative prefix) → an android/arm64 build through the installed shim in a working directory → report with check: relative to the workspace: exit 0; the summary names the call, its Go version and the fixed packages" {
	job pass
	assert_equal "$st" 0
	assert_line "[pass/pass] 🏁  Job succeeded"
	w="$(ws)"
	assert [ -n "$w" ]
	# the relative prefix is the workspace's; the shim leads PATH from the
	# next step, GOWRAP_LOG came through GITHUB_ENV
	assert_line --regexp "^\[pass/pass\]   \| gowrap: installed gowrap [^ ]+ in $w/gw-rel; the go shim leads PATH from the next step, GOWRAP_LOG=${w%/hostexecutor}/tmp/gowrap.log\$"
	assert_line "[pass/pass]   | go=$w/gw-rel/libexec/gowrap/go gowrap=$w/gw-rel/bin/gowrap log=${w%/hostexecutor}/tmp/gowrap.log pwd=$w/tests/fixtures/leanprobe"
	assert_line --partial "[pass/pass]   ✅  Success - Main build "
	assert_line --partial "[pass/pass]   ✅  Success - Main report "
	gv="$("$(real_go)" env GOVERSION)"
	assert_line "[pass/pass]   ⚙  Summary - ## ✅ gowrap: verified"
	assert_line "- go calls through the shim: 1 (overlay added: 0, dependency fix added: 1); outputs verified: 1, failed: 0"
	assert_line "| 1 | \`build\` | \`android/arm64\` | \`$gv\` | — | added | \`$UTLS_CPU\`, \`$XSYS\` | 0 | ✅ yes | \`$w/tests/fixtures/leanprobe/libgojni.so\` |"
	assert_line "| \`tests/fixtures/leanprobe/libgojni.so\` | \`arm64\` | \`android\` | \`$gv\` | — | forbidden; dependency fix: \`$UTLS_CPU\`, \`$XSYS\` | ✅ ok: \`$UTLS_CPU\` fixed, \`$XSYS\` fixed |"
}

@test "act: a check: path relative to the job's working directory is not found there: one unreadable row whose fix says GITHUB_WORKSPACE (110, continue-on-error)" {
	job pass
	assert_line "[pass/pass] Failed but continue next step"
	assert_line --partial "[pass/pass]   ❌  Failure - Main report from the working directory "
	assert_line "| \`libgojni.so\` | — | — | — | — | — | ❌ **unreadable**: cannot stat: No such file or directory (fix: name a file the build wrote (a \`check:\` path is relative to GITHUB_WORKSPACE, whatever the job's working-directory; a bundle's entries must exist)) |"
}

@test "act: install before setup-go (the wrong order), absolute prefix: the real go builds, a failed build after it, report still runs (!cancelled()): exit 110, the ::error annotation, the copy NOT fixed" {
	job wrong-order
	assert_equal "$st" 1
	assert_line "[wrong-order/wrong] 🏁  Job failed"
	t="$(sed -n 's|.*gowrap: installed gowrap [^ ]* in \(/.*\)/gw-abs;.*|\1|p' <<<"$output" | head -1)"
	assert_glob "$t" "$ACT_HOME/cache/act/*/tmp"
	assert_line "[wrong-order/wrong]   | go=$ACT_STANDIN_GOBIN/go gowrap=$t/gw-abs/bin/gowrap log=$t/gowrap.log"
	assert_line --partial "[wrong-order/wrong]   ✅  Success - Main build "
	assert_line --partial "[wrong-order/wrong]   ❌  Failure - Main a build that fails "
	assert_line --partial "[wrong-order/wrong]   ❌  Failure - Main report "
	assert_line "[wrong-order/wrong] exit status 110"
	assert_line "[wrong-order/wrong]   ❗  ::error title=gowrap::verification failed: see the job summary"
	assert_line "[wrong-order/wrong]   ⚙  Summary - ## ❌ gowrap: verification failed"
	assert_line "- no go call went through the gowrap shim: the log \`$t/gowrap.log\` holds no calls. If the job ran go, put gowrap's install step after actions/setup-go: each puts its directory first on PATH, the last one wins."
	assert_line --regexp "^\| \`tests/fixtures/leanprobe/libgojni.so\` \| \`arm64\` \| \`android\` \| .* \| ❌ \*\*FAIL\*\*: \`$UTLS_CPU\` NOT fixed: .*; \`$XSYS\` NOT fixed: golang.org/x/sys v0.41.0 "
}

@test "act: report with no install step before it: exit 2, one line naming the fix" {
	job no-install
	assert_equal "$st" 1
	assert_line "[no-install/noinstall]   | gowrap: cannot write the gowrap report: gowrap is not on PATH, so no install step ran before this one in this job (fix: run the gowrap action with mode: install earlier in this job, after actions/setup-go)"
	assert_line "[no-install/noinstall] exit status 2"
	assert_line "[no-install/noinstall] 🏁  Job failed"
}

@test "act: a patches: entry not in the workspace fails install (1) naming it, before anything is built; the job stops there" {
	job missing-patch
	assert_equal "$st" 1
	assert_line --regexp "^\[missing-patch/missing\]   \| gowrap: cannot install gowrap: the patches entry fixes/missing.patch is neither a file nor a directory \(/.*/hostexecutor/fixes/missing.patch\) \(fix: name patch files and directories of the checkout, relative to GITHUB_WORKSPACE\)\$"
	assert_line "[missing-patch/missing] exit status 1"
	refute_output --partial "make -C"
	refute_output --partial "never ran"
}

# example NAME JOB STEP...: the cut example ran every step it kept, in
# order, each a success, and the job succeeded; the step it was cut before
# never ran.
example() {
	local name="$1" jobid="$2" s e
	shift 2
	job "$name"
	assert_equal "$st" 0
	assert_line "[$name/$jobid] 🏁  Job succeeded"
	for s in "$@"; do
		assert_line --partial "[$name/$jobid]   ✅  Success - Main $s "
	done
	refute_output --partial "❌  Failure"
	e="$(grep "^$name:" <<<"$EXAMPLES")" e="${e#*:}"
	run grep -c -F "${e%%:*}" "$A/repo/tests/act/examples/$name.yml"
	assert_output 0
}

@test "act: examples/github-actions/ios-xcframework.yml up to gomobile bind (Xcode and the network): checkout, setup-go, install, gowrap doctor (ok: the shim leads, after setup-go)" {
	example ios-xcframework xcframework "actions/checkout@v4" "actions/setup-go@v5" "OWNER/gowrap@main" "Explain the toolchain chain"
	job ios-xcframework
	assert_line "[ios-xcframework/xcframework]   |   shim first on PATH:    yes"
	assert_line --regexp '^\[ios-xcframework/xcframework\]   \|   go on PATH: +/.*/tmp/gowrap/libexec/gowrap/go$'
	assert_line "[ios-xcframework/xcframework]   |   verdict:               ok: iOS builds here get the overlay (or need none)"
}

@test "act: examples/github-actions/android-aar.yml up to setup-java (a JDK download, then the SDK and NDK): checkout, setup-go, install" {
	example android-aar aar "actions/checkout@v4" "actions/setup-go@v5" "OWNER/gowrap@main"
	job android-aar
	assert_line --regexp '^\[android-aar/aar\]   \| gowrap: installed gowrap .*; the go shim leads PATH from the next step, GOWRAP_LOG=.*/gowrap.log$'
}
