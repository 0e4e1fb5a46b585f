#!/usr/bin/env bash
# macos-standin.sh DIR — a STAND-IN macOS SDK and Homebrew prefix, for testing
# the MECHANICS of `make OS=Darwin ...` cross builds on Linux (no Apple SDK is
# available here). It checks that the Makefile picks Darwin's settings, builds
# tools/embed with HOSTCC and runs it, compiles every file with
# `clang -target <arch>-apple-macos12 -isysroot SDK` and links Mach-O
# executables with ld64.lld against .tbd stubs. It does NOT check Darwin's
# headers: the headers are musl's, with three small wrappers below standing in
# for what Darwin declares under _DARWIN_C_SOURCE (common/compat.h lists what
# the real headers do; a real SDK build is the only proof of those).
#
# Writes:
#   DIR/sdk/usr/include    musl's headers (symlinked) + the wrappers
#   DIR/sdk/usr/lib/libSystem.tbd   exports = musl libc.so's + _NSGetExecutablePath
#   DIR/lib/lib{cjson,git2,zip,crypto}.tbd  exports = the Linux libraries' own
#   DIR/include, DIR/include-arch   cJSON, libgit2 and libzip headers only
# Each .tbd lists the real library's exported symbols, so a program that calls
# something those libraries (or musl) do not have fails to link here.
set -euo pipefail
out=$1
musl_inc=/usr/include/x86_64-linux-musl
musl_lib=/usr/lib/x86_64-linux-musl/libc.so
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
libdir=/usr/lib/$multiarch
find_tool() {
	local t d
	for t in "$@"; do
		if command -v "$t" >/dev/null 2>&1; then command -v "$t"; return; fi
		for d in /usr/lib/llvm-*/bin; do
			[ -x "$d/$t" ] && { echo "$d/$t"; return; }
		done
	done
	echo "macos-standin: none of $* found (fix: bash scripts/setup.sh)" >&2
	exit 2
}
NM=$(find_tool llvm-nm)
if [ ! -d "$musl_inc" ] || [ ! -f "$musl_lib" ]; then
	echo "macos-standin: musl missing (fix: bash scripts/setup.sh)" >&2
	exit 2
fi

rm -rf "$out"
inc="$out/sdk/usr/include"
mkdir -p "$inc/sys" "$inc/mach-o" "$out/sdk/usr/lib" "$out/lib" "$out/include" "$out/include-arch"
for e in "$musl_inc"/*; do
	case "$(basename "$e")" in features.h | sys) continue ;; esac
	ln -s "$e" "$inc/$(basename "$e")"
done
for e in "$musl_inc"/sys/*; do
	[ "$(basename "$e")" = stat.h ] || ln -s "$e" "$inc/sys/$(basename "$e")"
done
# _DARWIN_C_SOURCE shows all of Darwin's extensions (memmem, ...): musl's
# nearest switch is _GNU_SOURCE (musl keeps memmem there). Strictness is
# checked elsewhere (the glibc build and `make portcheck`), not here.
cat >"$inc/features.h" <<EOF
/* stand-in (tests/helpers/macos-standin.sh): not Apple's header */
#if defined(_DARWIN_C_SOURCE) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif
#include "$musl_inc/features.h"
EOF
# Darwin's struct stat names its times st_mtimespec/st_ctimespec.
cat >"$inc/sys/stat.h" <<EOF
/* stand-in (tests/helpers/macos-standin.sh): not Apple's header */
#include "$musl_inc/sys/stat.h"
#ifndef st_mtimespec
#define st_atimespec st_atim
#define st_mtimespec st_mtim
#define st_ctimespec st_ctim
#endif
EOF
cat >"$inc/mach-o/dyld.h" <<'EOF'
/* stand-in (tests/helpers/macos-standin.sh): not Apple's header */
#include <stdint.h>
int _NSGetExecutablePath(char *buf, uint32_t *bufsize);
EOF

tbd() { # file install-name symbols-file
	{
		echo '--- !tapi-tbd'
		echo 'tbd-version: 4'
		echo 'targets: [ arm64-macos, x86_64-macos ]'
		echo "install-name: '$2'"
		echo 'exports:'
		echo '  - targets: [ arm64-macos, x86_64-macos ]'
		printf '    symbols: [ '
		sed "s/.*/'_&'/" "$3" | paste -sd, - | tr -d '\n'
		echo ' ]'
		echo '...'
	} >"$1"
}
exports() { "$NM" -D --defined-only -j "$1" | sed 's/@.*//' | grep -E '^[A-Za-z_][A-Za-z0-9_]*$' | sort -u; }
# Plus what Darwin's libSystem has that musl does not and this code reaches:
# _NSGetExecutablePath, and __bzero, which clang emits for zeroing on
# x86_64-apple targets.
{ exports "$musl_lib"; printf '%s\n' _NSGetExecutablePath __bzero; } >"$out/libSystem.syms"
tbd "$out/sdk/usr/lib/libSystem.tbd" /usr/lib/libSystem.B.dylib "$out/libSystem.syms"
# dyld_stub_binder is ld64's, without the C underscore.
sed -i 's/symbols: \[ /symbols: [ dyld_stub_binder, /' "$out/sdk/usr/lib/libSystem.tbd"
for l in cjson:cjson git2:libgit2 zip:libzip; do
	exports "$libdir/lib${l%%:*}.so" >"$out/lib${l%%:*}.syms"
	tbd "$out/lib/lib${l%%:*}.tbd" "/opt/homebrew/opt/${l#*:}/lib/lib${l%%:*}.dylib" "$out/lib${l%%:*}.syms"
done

ln -s /usr/include/cjson "$out/include/cjson"
ln -s /usr/include/cjson/cJSON.h "$out/include/cJSON.h"
ln -s /usr/include/git2.h "$out/include/git2.h"
ln -s /usr/include/git2 "$out/include/git2"
ln -s /usr/include/zip.h "$out/include/zip.h"
ln -s /usr/include/zipconf.h "$out/include/zipconf.h"
echo "$out"
