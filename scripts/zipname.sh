#!/usr/bin/env bash
# zipname.sh OUT CC [FLAGS...] -- LIBS... — writes OUT, a header defining
# VF_ZIP_LIB: the name under which a program linked with LIBS loads libzip
# (ELF: its DT_NEEDED entry, libzip.so.4 on Debian 12; Mach-O: its
# LC_LOAD_DYLIB path, Homebrew's /opt/homebrew/opt/libzip/lib/libzip.5.dylib).
# symcheck dlopens that name when it first meets a zip (verify/ziplib.h), so
# it asks for exactly the library a direct link would have bound. Found by
# linking a probe with the same compiler, flags and libraries as symcheck;
# read with readelf, otool or llvm-objdump, whichever reads it.
set -euo pipefail
out=$1
shift
cc=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	cc+=("$1")
	shift
done
[ $# -gt 0 ] && shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <zip.h>\nint main(void) { return zip_libzip_version() == 0; }\n' >"$tmp/p.c"
if ! "${cc[@]}" -o "$tmp/p" "$tmp/p.c" "$@" 2>"$tmp/err"; then
	echo "gowrap build: cannot link a program with libzip: $(tail -1 "$tmp/err") (fix: install libzip's headers and library — Debian and Ubuntu: libzip-dev, Homebrew: libzip — or build with LIBZIP=no, whose symcheck refuses .aar and .apk files)" >&2
	exit 1
fi
# Each reader fails on the other format (or is not installed): only its
# answer counts, never its status.
name=$( (readelf -d "$tmp/p" 2>/dev/null || true) | sed -n 's/.*(NEEDED).*\[\(libzip[^]]*\)\].*/\1/p' | head -1)
[ -n "$name" ] || name=$( (otool -L "$tmp/p" 2>/dev/null || true) | awk '$1 ~ /libzip/ { print $1; exit }')
[ -n "$name" ] || name=$( (llvm-objdump --macho --dylibs-used "$tmp/p" 2>/dev/null || true) | awk '$1 ~ /libzip/ { print $1; exit }')
if [ -z "$name" ]; then
	echo "gowrap build: cannot tell which libzip a program linked with '$*' loads (fix: install binutils (readelf), Xcode's otool or LLVM's llvm-objdump)" >&2
	exit 1
fi
case $name in *[\"\\]*)
	echo "gowrap build: libzip's name '$name' holds a quote or backslash (fix: install libzip where its path has neither)" >&2
	exit 1 ;;
esac
printf '#define VF_ZIP_LIB "%s"\n' "$name" >"$out.tmp"
mv "$out.tmp" "$out"
