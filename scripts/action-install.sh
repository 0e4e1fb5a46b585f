#!/usr/bin/env bash
# action-install.sh — the GitHub Action's install step (action.yml, `mode:
# install`): builds gowrap from this checkout, installs it under INPUT_PREFIX
# (default $RUNNER_TEMP/gowrap), puts the go shim and gowrap's bin first on
# PATH for the job's later steps ($GITHUB_PATH) and turns on the shim's log
# ($GITHUB_ENV: GOWRAP_LOG), which `gowrap report` (mode: report) reads.
# INPUT_PATCHES (the `patches` input: patch files and directories, one a
# line, relative to GITHUB_WORKSPACE) becomes GOWRAP_PATCHES for those steps.
# A relative INPUT_PREFIX is relative to GITHUB_WORKSPACE too: a composite
# step runs where the action lies, not in the workspace, and GITHUB_PATH
# takes absolute directories only.
#
# Reads what a runner sets: RUNNER_OS (Linux or macOS), RUNNER_TEMP,
# GITHUB_PATH, GITHUB_ENV. Build libraries: on Linux the build's own Debian
# packages through apt-get (scripts/setup.sh would add the test suites'
# tools, the tests' modules and a 250 MB toolchain, which a user's job does
# not need); on macOS README's Homebrew line (cjson libgit2 libzip pkg-config).
# Each is installed only when missing. The build tree is
# $RUNNER_TEMP/gowrap-build, so the action's checkout stays as it came.
# Sourced (bash), it only defines its functions (tests/action.bats).

# The Debian packages `make && make install` needs (README, Dependencies).
ACTION_DEBS=(build-essential pkg-config libcjson-dev libgit2-dev libzip-dev)
# README's macOS line.
ACTION_FORMULAE=(cjson libgit2 libzip pkg-config)

fail() { # WHY FIX
	echo "gowrap: cannot install gowrap: $1 (fix: $2)" >&2
	exit 1
}

need() { # VAR...: set and non-empty, as on a runner
	local v
	for v in "$@"; do
		[ -n "${!v:-}" ] || fail "$v is not set" "run this as the gowrap action's install step on a GitHub runner, or set $v as a runner would"
	done
}

linux_deps() {
	local missing=() p sudo=()
	for p in "${ACTION_DEBS[@]}"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	command -v apt-get >/dev/null 2>&1 ||
		fail "no apt-get to install ${missing[*]}" "install them by hand before this step"
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	echo "gowrap: installing ${missing[*]}" >&2
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

macos_deps() {
	local missing=() f
	command -v brew >/dev/null 2>&1 ||
		fail "Homebrew not found" "use a GitHub macOS runner image, or install Homebrew first"
	for f in "${ACTION_FORMULAE[@]}"; do
		brew list --versions "$f" >/dev/null 2>&1 || missing+=("$f")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "gowrap: installing ${missing[*]}" >&2
	brew install "${missing[@]}"
}

# A path becomes one line of GITHUB_PATH or GITHUB_ENV: a newline in it
# would start another entry.
one_line() {
	case "$1" in
	*$'\n'*) fail "the path $1 holds a newline" "choose another prefix" ;;
	esac
}

# The `patches` input as GOWRAP_PATCHES's ':'-separated list, in its order,
# into PATCHES; checked before anything is built, so a typo fails the step
# at once and not the first go build.
patches_list() {
	local line p
	PATCHES=""
	while IFS= read -r line || [ -n "$line" ]; do
		line="${line#"${line%%[![:space:]]*}"}"
		line="${line%"${line##*[![:space:]]}"}"
		[ -n "$line" ] || continue
		case "$line" in
		/*) p="$line" ;;
		*) need GITHUB_WORKSPACE && p="$GITHUB_WORKSPACE/$line" ;;
		esac
		case "$p" in
		*:*) fail "the patches entry $line holds a ':', which separates GOWRAP_PATCHES's entries" "rename the file or directory" ;;
		esac
		[ -f "$p" ] || [ -d "$p" ] ||
			fail "the patches entry $line is neither a file nor a directory ($p)" "name patch files and directories of the checkout, relative to GITHUB_WORKSPACE"
		PATCHES="${PATCHES:+$PATCHES:}$p"
	done <<<"${INPUT_PATCHES:-}"
}

# The `prefix` input as an absolute path, into PREFIX.
prefix_path() {
	PREFIX="${INPUT_PREFIX:-$RUNNER_TEMP/gowrap}"
	case "$PREFIX" in
	/*) ;;
	*) need GITHUB_WORKSPACE && PREFIX="$GITHUB_WORKSPACE/$PREFIX" ;;
	esac
}

# The installed gowrap answers `gowrap version`, into VERSION: a step that
# installed nothing runnable fails here, not in the job's first go call.
installed_version() {
	VERSION="$("$1/bin/gowrap" version 2>&1)" ||
		fail "the installed $1/bin/gowrap does not run: ${VERSION:-no output}" "see make install's output above; choose a prefix on a file system that allows executing programs"
	[ -x "$1/libexec/gowrap/go" ] ||
		fail "make install left no go shim at $1/libexec/gowrap/go" "see make install's output above"
}

main() {
	set -euo pipefail
	need RUNNER_OS RUNNER_TEMP GITHUB_PATH GITHUB_ENV
	local src prefix build log jobs PATCHES PREFIX VERSION
	src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
	prefix_path
	prefix="$PREFIX"
	build="$RUNNER_TEMP/gowrap-build"
	log="$RUNNER_TEMP/gowrap.log"
	one_line "$prefix"
	one_line "$log"
	patches_list
	case "$RUNNER_OS" in
	Linux) linux_deps ;;
	macOS) macos_deps ;;
	*) fail "RUNNER_OS=$RUNNER_OS is not supported" "run the job on a Linux or macOS runner (gowrap builds for Apple targets from both)" ;;
	esac
	jobs="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
	make -C "$src" -j"$jobs" BUILD="$build" programs >&2 ||
		fail "make failed in $src" "see the compiler output above; the build needs a C11 compiler, pkg-config, cJSON, libgit2 and libzip"
	make -C "$src" BUILD="$build" PREFIX="$prefix" install >&2 ||
		fail "make install to $prefix failed" "choose a writable prefix (input prefix)"
	installed_version "$prefix"
	# The runner puts each line first on PATH in turn, so the last line
	# written leads: the shim's directory, ahead of the real go.
	printf '%s\n' "$prefix/bin" "$prefix/libexec/gowrap" >>"$GITHUB_PATH"
	# An empty log from the start: report tells "no go call went through
	# the shim" from "the log was never turned on".
	: >>"$log"
	printf 'GOWRAP_LOG=%s\n' "$log" >>"$GITHUB_ENV"
	[ -z "$PATCHES" ] || printf 'GOWRAP_PATCHES=%s\n' "$PATCHES" >>"$GITHUB_ENV"
	echo "gowrap: installed $VERSION in $prefix; the go shim leads PATH from the next step, GOWRAP_LOG=$log${PATCHES:+, GOWRAP_PATCHES=$PATCHES}" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	main "$@"
fi
