# tests/helpers/act.bash — nektos/act, the GitHub Actions runner the suites
# run workflows with (tests/act.bats), loaded after helpers/common.
#
# act v0.2.89 in host mode (`-P <label>=-self-hosted`: every step runs on
# this machine, no Docker), offline: `uses: ./` and --local-repository
# directories are read where they lie, nothing is fetched
# (--action-offline-mode), no cache server is started (--no-cache-server),
# and as root the whole run is in a network namespace of its own
# (`unshare -n`), so a step that reaches for the network fails rather than
# passes. scripts/fetch-testdeps.sh builds act beside the module cache, with
# one change to act (tests/act/act-v0.2.89-host-output.patch: a failing
# step's last output lines reach the log).

ACT_VERSION=0.2.89

# act_path: where scripts/fetch-testdeps.sh put act, built with
# tests/act/act-v$ACT_VERSION-host-output.patch (a failing step's output kept
# whole); fails naming the fix when it is not there or was built from another
# patch (a missing prerequisite is never skipped).
act_path() {
	local a p
	a="$(dirname "$(GOFLAGS='' GOTOOLCHAIN=local go env GOMODCACHE)")/gowrap-testbin/act-v$ACT_VERSION-host-output/act"
	p="$GOWRAP_ROOT/tests/act/act-v$ACT_VERSION-host-output.patch"
	if [ "$("$a" --version 2>/dev/null)" != "act version $ACT_VERSION" ] ||
		[ "$(cat "$(dirname "$a")/patch.sha256" 2>/dev/null)" != "$(sha256sum "$p" | cut -d' ' -f1)" ]; then
		echo "act $ACT_VERSION with ${p#"$GOWRAP_ROOT/"} is not at $a (fix: run bash scripts/setup.sh, which builds it)" >&2
		return 1
	fi
	echo "$a"
}

# act_repo DIR: DIR becomes a repository holding this tree as it is (tracked
# and untracked files, not the ignored ones: no build outputs) at its root,
# so `uses: ./` is this checkout's action.yml, committed (act reads the
# event's ref and sha from git).
act_repo() {
	mkdir -p "$1"
	(cd "$GOWRAP_ROOT" && git ls-files -co --exclude-standard -z |
		while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
		tar --null -T - -c) | tar -x -C "$1"
	git -C "$1" init -q -b main
	git -C "$1" add -A
	git -C "$1" -c user.name=act -c user.email=act@example.invalid commit -q -m "the tree under test"
}

# act_run REPO WORKFLOW LOG [ACT-ARGS...]: act runs WORKFLOW (a path in
# REPO) for a push; its output in LOG, its exit status returned. Every
# runner label the workflows use is this host; actions/setup-go@v5 is the
# stand-in in tests/act/setup-go, OWNER/gowrap@main this checkout (as the
# examples name them). Its own HOME and cache (ACT_HOME), so no ~/.actrc
# or earlier run is read; the go caches stay the suite's.
act_run() {
	local repo="$1" wf="$2" log="$3" net=()
	shift 3
	if [ "$(id -u)" -eq 0 ] && unshare -n true 2>/dev/null; then net=(unshare -n); fi
	mkdir -p "$ACT_HOME/home" "$ACT_HOME/cache"
	printf '{"ref": "refs/heads/main", "repository": {"full_name": "gowrap/app"}}\n' >"$ACT_HOME/event.json"
	(cd "$repo" && env HOME="$ACT_HOME/home" XDG_CACHE_HOME="$ACT_HOME/cache" \
		"${net[@]}" "$ACT" push -W "$wf" -e "$ACT_HOME/event.json" \
		-P ubuntu-latest=-self-hosted -P ubuntu-24.04=-self-hosted -P macos-15=-self-hosted \
		--action-offline-mode --no-cache-server \
		--local-repository "actions/setup-go@v5=$repo/tests/act/setup-go" \
		--local-repository "OWNER/gowrap@main=$repo" "$@") >"$log" 2>&1
}
