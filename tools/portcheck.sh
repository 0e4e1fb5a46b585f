#!/usr/bin/env bash
# portcheck.sh — `make portcheck`: the strict-POSIX portability check.
#
# Builds every object of all three programs with musl-gcc, -Werror and no
# feature macro but what common/compat.h defines (_POSIX_C_SOURCE 200809L,
# _XOPEN_SOURCE 700; _GNU_SOURCE only inside common/compat.c), so a call that
# only glibc declares (pipe2, memmem, copy_file_range, syncfs, ...) outside
# the compat layer stops the build here — the same class of call that does
# not exist, or is hidden, on macOS. The ordinary glibc build is just as
# strict (no feature macro on the command line); musl adds a second libc whose
# headers declare a different set (it has pipe2 unconditionally, glibc hides
# it; glibc's headers pull in declarations musl's do not), so a call must be
# in both to pass.
#
# musl-gcc searches only musl's headers, so the library headers (cJSON,
# libgit2 for the CLI; libzip for symcheck's verify/zipin.c) are offered
# through a directory of symlinks to exactly those headers — never
# /usr/include itself, which would let glibc's own headers back in. Those
# libraries are built against glibc, so the CLI's objects and zipin.o are
# compiled, not linked; the shim links only libc, and symcheck is linked with
# LIBZIP=no (verify/zipnone.c refuses every zip), so both are linked
# statically against musl and run once.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${PORT_BUILD:-build-port}
cc=${PORTCC:-musl-gcc}
command -v "$cc" >/dev/null || { echo "portcheck: $cc not found (fix: bash scripts/setup.sh, or apt-get install musl-tools)" >&2; exit 2; }

inc="$build/include"
rm -rf "$inc" "$inc-arch"
mkdir -p "$inc" "$inc-arch"
libdir() { # pkg-config module, fallback
	local d
	d=$(pkg-config --variable=includedir "$1" 2>/dev/null) || d=
	echo "${d:-$2}"
}
cj=$(libdir libcjson /usr/include)
g2=$(libdir libgit2 /usr/include)
zp=$(libdir libzip /usr/include)
ln -s "$cj/cjson" "$inc/cjson"
ln -s "$cj/cjson/cJSON.h" "$inc/cJSON.h"
ln -s "$g2/git2.h" "$inc/git2.h"
ln -s "$g2/git2" "$inc/git2"
ln -s "$zp/zip.h" "$inc/zip.h"
ln -s "$zp/zipconf.h" "$inc/zipconf.h"
for h in "$inc/cjson/cJSON.h" "$inc/git2.h" "$inc/zip.h" "$inc/zipconf.h"; do
	[ -e "$h" ] || { echo "portcheck: $h missing (fix: bash scripts/setup.sh)" >&2; exit 2; }
done

make_port() {
	make --no-print-directory BUILD="$build" CC="$cc" PKG_CONFIG=false SAN= \
		CPPFLAGS="-isystem $inc -isystem $inc-arch" "$@"
}
make_port LIBZIP=no objects "$build/shim/go" "$build/symcheck"

# The musl programs must run, not just link.
file_out=$("$build/symcheck" --version)
echo "portcheck: musl symcheck: $file_out"
real=$(command -v go || true)
if [ -n "$real" ]; then
	out=$(PATH="$PWD/$build/shim:$PATH" GOTOOLCHAIN=local go version)
	echo "portcheck: musl shim -> $out"
fi
echo "portcheck: ok ($(find "$build/obj" -name '*.o' | wc -l) objects compiled against musl, shim and symcheck linked)"
