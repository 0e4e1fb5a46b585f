#!/usr/bin/env bats
# Portability: the strict-POSIX musl build, the macOS cross build through the
# Makefile (against a STAND-IN SDK: it checks the build mechanics, not
# Darwin's headers), --version, a Homebrew-style symlinked go, and the
# macOS-only scripts' syntax.

load helpers/common
bats_require_minimum_version 1.5.0

# musl and the stand-in SDK are Linux things; on a Mac the native build is the real check.
linux_only() { [ "$(uname -s)" = Linux ] || skip "Linux-only check (on macOS the native build is the real one)"; }

setup() {
	common_setup
}

mk() { make --no-print-directory -C "$GOWRAP_ROOT" "$@"; }

@test "make portcheck: every object compiles against musl with strict POSIX; the musl shim and symcheck run" {
	linux_only
	PORT_BUILD="$TMP/port" run mk portcheck
	assert_success
	assert_output --partial "portcheck: musl symcheck: symcheck "
	assert_output --partial "portcheck: musl shim -> $("$(real_go)" version)"
	assert [ "$(find "$TMP/port/obj" -name '*.o' | wc -l)" -ge 40 ]
	run file "$TMP/port/shim/go"
	assert_output --partial "statically linked"
}

@test "make links the shim and gowrap-toolexec statically against musl where musl-gcc is (glibc's start-up costs 0.6 ms an exec); SHIM_LIBC=libc keeps CC's libc" {
	linux_only
	command -v musl-gcc >/dev/null || fail "musl-gcc not found (fix: bash scripts/setup.sh)"
	# glibc's static start-up reads GLIBC_TUNABLES; musl has none: shown on
	# a static glibc program first, so the check can tell the two apart
	printf 'int main(void) { return 0; }\n' >"$TMP/n.c"
	cc -static -o "$TMP/n" "$TMP/n.c"
	run grep -c GLIBC_TUNABLES "$TMP/n"
	assert_output 1
	for p in "$SHIM_DIR/go" "$SHIM_DIR/gowrap-toolexec"; do
		run file "$p"
		assert_output --partial "statically linked"
		run grep -c GLIBC_TUNABLES "$p"
		assert_output 0
	done
	# the objects the shim links are compiled against musl's headers, in a tree of their own
	run mk -n BUILD="$TMP/b" "$TMP/b/shim/go"
	assert_success
	assert_output --regexp "BUILD=$TMP/b/musl CC=[^ ]*musl-gcc "
	run mk -n BUILD="$TMP/b" SHIM_LIBC=libc "$TMP/b/shim/go"
	assert_success
	assert_line --regexp "^cc +-static -o $TMP/b/shim/go "
	refute_output --partial musl
	# musl asked for where it cannot be: refused, naming the fix
	run mk -n BUILD="$TMP/b" CC=clang SHIM_LIBC=musl "$TMP/b/shim/go"
	assert_failure
	assert_output --partial "SHIM_LIBC=musl needs musl-gcc on Linux, the default CC and no SAN (fix: apt-get install musl-tools, or SHIM_LIBC=libc)"
}

@test "compat.h gives modules strict POSIX only: a GNU extension is an error under musl and glibc" {
	linux_only
	printf '#include "compat.h"\n#include <string.h>\nint f(const char *a) { return memmem(a, 3, "b", 1) != 0; }\n' >"$TMP/x.c"
	for cc in musl-gcc cc; do
		run "$cc" -std=c11 -Wall -Werror -I"$GOWRAP_ROOT/common" -c -o "$TMP/x.o" "$TMP/x.c"
		assert_failure
		assert_output --partial "memmem"
	done
	# ...while the compat layer's own functions are there for every module.
	printf '#include "compat.h"\nint f(const char *a) { return gw_memmem(a, 3, "b", 1) != 0; }\n' >"$TMP/y.c"
	run musl-gcc -std=c11 -Wall -Werror -I"$GOWRAP_ROOT/common" -c -o "$TMP/y.o" "$TMP/y.c"
	assert_success
}

# One cross build per architecture, as the README documents it.
cross_build() { # arch
	local st="$BATS_FILE_TMPDIR/standin"
	[ -d "$st/sdk" ] || bash "$GOWRAP_ROOT/tests/helpers/macos-standin.sh" "$st" >/dev/null
	mk -j2 OS=Darwin BUILD="$TMP/mac-$1" CC="clang -target $1-apple-macos12 -isysroot $st/sdk" \
		LDFLAGS="-fuse-ld=lld -L$st/lib" CFLAGS="-I$st/include -I$st/include-arch" all
}

@test "make OS=Darwin cross build: arm64 and x86_64 Mach-O executables; tools/embed built with HOSTCC and run" {
	linux_only
	for arch in arm64 x86_64; do
		run cross_build "$arch"
		assert_success
		refute_output --partial -- "-static"
		b="$TMP/mac-$arch"
		for p in gowrap symcheck shim/go; do
			run file "$b/$p"
			assert_output --partial "Mach-O 64-bit"
			assert_output --partial "executable"
			assert_output --partial "$arch"
			run llvm-objdump --macho --private-headers "$b/$p"
			assert_output --partial "platform macos"
			assert_output --partial "minos 12.0"
			assert_output --partial "/usr/lib/libSystem.B.dylib"
		done
		run llvm-objdump --macho --dylibs-used "$b/gowrap"
		assert_output --partial "libcjson"
		assert_output --partial "libgit2"
		refute_output --partial "libcrypto"
		# The build-time tool is a program for this machine, and it ran.
		run file "$b/tools/embed"
		assert_output --partial "ELF"
		grep -q 'gw_embedded\[\]' "$b/gen/templates.c"
	done
}

@test "make OS=Darwin: a call the target's libraries do not export fails the link" {
	linux_only
	# The stand-in's .tbd files list exactly what musl and the real libraries
	# export, so the cross link is a real check of the symbols used.
	st="$BATS_FILE_TMPDIR/standin"
	[ -d "$st/sdk" ] || bash "$GOWRAP_ROOT/tests/helpers/macos-standin.sh" "$st" >/dev/null
	printf 'int gnu_only(void); int main(void) { return gnu_only(); }\n' >"$TMP/m.c"
	run clang -target arm64-apple-macos12 -isysroot "$st/sdk" -fuse-ld=lld -o "$TMP/m" "$TMP/m.c"
	assert_failure
	assert_output --partial "_gnu_only"
}

@test "--version: gowrap and symcheck print the Makefile's version; git describe, else the fallback" {
	run "$GOWRAP" --version
	assert_success
	v="${output#gowrap }"
	assert [ -n "$v" ]
	assert [ "$v" != "$output" ]
	run "$SYMCHECK" --version
	assert_success
	assert_output "symcheck $v"
	run mk BUILD="$TMP/v1" GOWRAP_VERSION=9.8.7-bats "$TMP/v1/symcheck"
	assert_success
	run "$TMP/v1/symcheck" --version
	assert_output "symcheck 9.8.7-bats"
	# Outside a git clone (a release tarball), the fallback.
	GIT_DIR="$TMP/nogit" run mk BUILD="$TMP/v2" "$TMP/v2/symcheck"
	assert_success
	run "$TMP/v2/symcheck" --version
	assert_output --regexp '^symcheck [0-9]+\.[0-9]+\.[0-9]+$'
}

# Homebrew's layout: <prefix>/bin/go -> ../Cellar/go/V/bin/go -> ../libexec/bin/go,
# GOROOT = the libexec directory, found by go itself through the symlinks.
homebrew_go() { # dir
	local v
	v=$("$(real_go)" env GOVERSION)
	mkdir -p "$1/bin" "$1/Cellar/go/$v/bin"
	ln -s "$(real_goroot)" "$1/Cellar/go/$v/libexec"
	ln -s ../libexec/bin/go "$1/Cellar/go/$v/bin/go"
	ln -s "../Cellar/go/$v/bin/go" "$1/bin/go"
}
real_goroot() { "$(real_go)" env GOROOT; }

@test "a Homebrew-style symlinked go: the shim finds it, GOROOT is right, the overlay applies, doctor is ok" {
	hb="$TMP/homebrew"
	homebrew_go "$hb"
	p="$SHIM_DIR:$hb/bin:/usr/bin:/bin"
	# (timeouts: a shim that took itself for the real go would exec forever)
	PATH="$p" run timeout 60 go env GOROOT
	assert_success
	assert_output "$(PATH="$hb/bin:/usr/bin:/bin" go env GOROOT)"
	PATH="$p" run timeout 60 "$GOWRAP" doctor --json
	assert_success
	python3 - "$output" "$hb/bin/go" <<'PY'
import json, os, sys
d = json.loads(sys.argv[1])
assert d["ok"] is True and d["shim_first_on_path"] is True, d
assert os.path.realpath(d["real_go"]) == os.path.realpath(sys.argv[2]), d
assert os.path.realpath(d["goroot"]) == os.path.realpath(os.path.join(os.path.dirname(os.path.realpath(sys.argv[2])), "..")), d
assert d["status"] == "applied", d
PY
	# And a go that reaches the shim itself through a symlink is never taken
	# for the real go (no exec loop): the call goes through to Homebrew's go.
	mkdir -p "$TMP/links"
	ln -s "$SHIM_DIR/go" "$TMP/links/go"
	PATH="$TMP/links:$p" run timeout 60 go version
	assert_success
	assert_output "$("$(real_go)" version)"
}

@test "macOS-only scripts parse (bash -n) and are shellcheck-clean" {
	for s in examples/mac-benchmark/aesgcm-sim.sh scripts/setup.sh tests/helpers/macos-standin.sh \
		tests/helpers/xcode/bin/xcode-tool tools/portcheck.sh bench/run.sh; do
		run bash -n "$GOWRAP_ROOT/$s"
		assert_success
	done
	command -v shellcheck >/dev/null || fail "shellcheck not installed (fix: run bash scripts/setup.sh)"
	run shellcheck -x "$GOWRAP_ROOT/examples/mac-benchmark/aesgcm-sim.sh" "$GOWRAP_ROOT/scripts/setup.sh" \
		"$GOWRAP_ROOT/tests/helpers/xcode/bin/xcode-tool" "$GOWRAP_ROOT/tools/portcheck.sh" "$GOWRAP_ROOT/bench/run.sh"
	assert_success
}

# scripts/setup.sh's macOS branch, run here with stand-ins for the three
# macOS commands it asks (uname, brew, xcrun): Homebrew and Xcode do not run
# on Linux. BREW_HAVE lists the installed formulae. Go, when there, is the
# real one, offline (a file:// proxy made from the module cache: GOPROXY=off
# refuses `go install -n m@v`): the branch ends in scripts/fetch-testdeps.sh,
# which finds everything the suites' setup fetched and built, so says nothing.
mac_setup() { # have-formulae xcode(0|1) go(0|1)
	local bin="$TMP/macbin"
	rm -rf "$bin"
	mkdir -p "$bin"
	printf '#!/bin/sh\necho Darwin\n' >"$bin/uname"
	printf '#!/bin/sh\n[ "$1 $2" = "list --versions" ] || exit 2\nfor f in $BREW_HAVE; do [ "$f" = "$3" ] && { echo "$3 1.0"; exit 0; }; done\nexit 1\n' >"$bin/brew"
	printf '#!/bin/sh\nexit %s\n' "$((1 - $2))" >"$bin/xcrun"
	chmod +x "$bin"/*
	[ "$3" = 1 ] && ln -s "$(command -v go)" "$bin/go"
	BREW_HAVE="$1" PATH="$bin:/usr/bin:/bin" GOPROXY="file://$(go env GOMODCACHE)/cache/download" \
		run --separate-stderr bash "$GOWRAP_ROOT/scripts/setup.sh"
}

@test "setup.sh on macOS: prints exactly the brew line for what is missing, exits 1; silent and 0 when complete" {
	all="cjson libgit2 libzip pkg-config bats-core bats-support bats-assert llvm coreutils hyperfine"
	mac_setup "cjson libzip pkg-config bats-core bats-support bats-assert llvm coreutils hyperfine" 1 0
	assert_failure 1
	assert_output "brew install libgit2 go"
	mac_setup "$all" 1 1
	assert_success
	assert_output ""
	assert [ -z "$stderr" ]
	mac_setup "${all/bats-assert/}" 0 1
	assert_failure 1
	assert_output "brew install bats-core/bats-core/bats-assert"
	assert_glob "$stderr" "*Xcode with the iOS SDK not found \(fix: install Xcode*"
}
