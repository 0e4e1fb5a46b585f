#!/usr/bin/env bash
# setup.sh — installs what gowrap's build, tests and demo need, and nothing
# when it is all there already. Debian/Ubuntu: apt-get (as root, or via sudo).
# macOS: prints the brew line (the tests' Apple stand-in is for Linux; on a Mac
# Xcode's own clang is used).
set -euo pipefail

debs=(build-essential pkg-config git clang lld llvm musl-dev libcjson-dev libgit2-dev libssl-dev
	bats bats-assert bats-support python3 hyperfine strace libclang-rt-14-dev)

if [ "$(uname -s)" = Darwin ]; then
	echo "gowrap setup: on macOS run: brew install cjson libgit2 openssl pkg-config bats-core llvm hyperfine" >&2
	exit 0
fi
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "gowrap setup: no apt-get here: install by hand: ${debs[*]}" >&2
	exit 0
fi
missing=()
for p in "${debs[@]}"; do
	# libclang-rt-14-dev only matters for clang 14 (the fuzzer runtime).
	if [ "$p" = libclang-rt-14-dev ] && ! apt-cache show "$p" >/dev/null 2>&1 && [ -n "${missing[*]:-}" ]; then
		continue
	fi
	dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "gowrap setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
if ! command -v go >/dev/null 2>&1; then
	echo "gowrap setup: no go on PATH (fix: install Go 1.21 or newer from go.dev/dl)" >&2
	exit 1
fi
