#!/usr/bin/env bash
# setup.sh — installs what gowrap's build, tests and demo need, and nothing
# when it is all there already. Debian/Ubuntu: apt-get (as root, or via sudo).
# macOS: prints the brew line (the tests' Apple stand-in is for Linux; on a Mac
# Xcode's own clang is used).
set -euo pipefail

debs=(build-essential pkg-config git clang lld llvm musl-dev libcjson-dev libgit2-dev libssl-dev
	bats bats-assert bats-support python3 hyperfine strace)

if [ "$(uname -s)" = Darwin ]; then
	echo "gowrap setup: on macOS run: brew install cjson libgit2 openssl pkg-config bats-core llvm hyperfine" >&2
	exit 0
fi
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "gowrap setup: no apt-get here: install by hand: ${debs[*]}" >&2
	exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
updated=0
install() {
	local missing=() p
	for p in "$@"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ $updated -eq 0 ]; then
		"${sudo[@]}" apt-get update -qq
		updated=1
	fi
	echo "gowrap setup: installing ${missing[*]}" >&2
	"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}
install "${debs[@]}"
# libFuzzer's runtime ships separately from clang on Debian, named by clang's major version.
major=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
if [ -n "$major" ] && ! ls /usr/lib/llvm-"$major"/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
	install "libclang-rt-$major-dev"
fi
if ! command -v go >/dev/null 2>&1; then
	echo "gowrap setup: no go on PATH (fix: install Go 1.21 or newer from go.dev/dl)" >&2
	exit 1
fi
