# tests/helpers/patches.bash — GOROOT patches of the real shapes, made at
# test time from the GOROOT in use (so they follow the toolchain), for
# tests/patches.bats and bench/patches.sh.
#
# patch_tree W GOROOT FILE...: W/a/FILE and W/b/FILE copies of the GOROOT's
# files (FILE relative to GOROOT, "src/..."), to be edited in W/b and diffed:
#   (cd W && diff -u a/F b/F)                  -> diff -u with -p1 names
#   git -C W diff --no-index --no-prefix a b   -> git diff with -p1 names
patch_tree() {
	local w="$1" gr="$2" f
	shift 2
	rm -rf "$w"
	for f in "$@"; do
		mkdir -p "$w/a/$(dirname "$f")" "$w/b/$(dirname "$f")"
		if [ -e "$gr/$f" ]; then
			cp "$gr/$f" "$w/a/$f"
			cp "$gr/$f" "$w/b/$f"
		fi
	done
}

# Fixed times and zone, so the same GOROOT always gives the same bytes (a
# patch's id, its marker, and so the go build cache, follow its bytes).
fixtimes() { find "$1" -type f -exec touch -d '2001-01-01 00:00:00 UTC' {} +; }
git_diff() { git -C "$1" diff --no-index --no-renames --no-prefix a b || true; }
plain_diff() { fixtimes "$1"; (cd "$1" && TZ=UTC diff -ruN a b) || true; }
plain_diff1() { fixtimes "$1"; (cd "$1" && TZ=UTC diff -u "a/$2" "b/$2") || true; }

# boottime_patch GOROOT OUT: WireGuard's shape (goruntime-boottime-over-
# monotonic.diff): nanotime1 in runtime/sys_linux_arm64.s asks clock_gettime
# for CLOCK_BOOTTIME (7, defined next to CLOCK_MONOTONIC) instead of
# CLOCK_MONOTONIC (1). git diff form, its index line pinned to the GOROOT's
# blob.
boottime_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/runtime/sys_linux_arm64.s
	perl -0pi -e 's/(#define CLOCK_MONOTONIC 1\n)/$1#define CLOCK_BOOTTIME 7\n/; s/MOVW\t\$CLOCK_MONOTONIC, R0/MOVW\t\$CLOCK_BOOTTIME, R0/' \
		"$w/b/src/runtime/sys_linux_arm64.s"
	git_diff "$w" >"$out"
	rm -rf "$w"
	grep -q 'CLOCK_BOOTTIME, R0' "$out" && grep -q '+#define CLOCK_BOOTTIME 7' "$out"
}

# header_overlay GOROOT DIR: by hand, no gowrap: an overlay JSON (DIR/ov.json)
# giving runtime/tls_arm64.h a CLOCK_BOOTTIME and runtime/sys_linux_arm64.s an
# #include of it and a use; the assembler then fails on the GOROOT's header.
header_overlay() {
	local gr="$1" d="$2"
	mkdir -p "$d"
	perl -0pe 's/(#ifdef TLS_linux\n)/$1#define CLOCK_BOOTTIME 7\n/' "$gr/src/runtime/tls_arm64.h" >"$d/tls_arm64.h"
	perl -0pe 's/(#include "textflag.h"\n)/$1#include "tls_arm64.h"\n/; s/MOVW\t\$CLOCK_MONOTONIC, R0/MOVW\t\$CLOCK_BOOTTIME, R0/' \
		"$gr/src/runtime/sys_linux_arm64.s" >"$d/sys_linux_arm64.s"
	printf '{"Replace":{"%s":"%s","%s":"%s"}}\n' "$gr/src/runtime/tls_arm64.h" "$d/tls_arm64.h" \
		"$gr/src/runtime/sys_linux_arm64.s" "$d/sys_linux_arm64.s" >"$d/ov.json"
}

# cgo_patch GOROOT OUT: a C file of a cgo package (runtime/cgo's
# gcc_linux_amd64.c) gets a function, gowrap_cgo_patched, that the host's
# cgo programs then link. diff -u.
cgo_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/runtime/cgo/gcc_linux_amd64.c
	printf '\nvoid gowrap_cgo_patched(void) {}\n' >>"$w/b/src/runtime/cgo/gcc_linux_amd64.c"
	perl -0pi -e 's/(#include "libcgo_unix.h"\n)/$1\nvoid gowrap_cgo_patched(void);\n/' "$w/b/src/runtime/cgo/gcc_linux_amd64.c"
	plain_diff1 "$w" src/runtime/cgo/gcc_linux_amd64.c >"$out"
	rm -rf "$w"
	grep -q 'gowrap_cgo_patched(void) {}' "$out"
}

# darwin_patch GOROOT OUT: wireguard-apple's shape (goruntime-*.diff):
# nanotime on darwin arm64 calls mach_continuous_time, which counts the time
# the device slept, instead of mach_absolute_time; sys_darwin.go imports it.
# diff -ruN form (timestamps, a `diff -ruN` line per file).
darwin_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/runtime/sys_darwin_arm64.s src/runtime/sys_darwin.go
	perl -0pi -e 's/BL\tlibc_mach_absolute_time\(SB\)\n\tMOVD\tR0, 0\(R19\)/BL\tlibc_mach_continuous_time(SB)\n\tMOVD\tR0, 0(R19)/' \
		"$w/b/src/runtime/sys_darwin_arm64.s"
	perl -0pi -e 's{(//go:cgo_import_dynamic libc_mach_absolute_time mach_absolute_time "/usr/lib/libSystem.B.dylib"\n)}{$1//go:cgo_import_dynamic libc_mach_continuous_time mach_continuous_time "/usr/lib/libSystem.B.dylib"\n}' \
		"$w/b/src/runtime/sys_darwin.go"
	plain_diff "$w" >"$out"
	rm -rf "$w"
	grep -q 'mach_continuous_time(SB)' "$out" && grep -q 'libc_mach_continuous_time mach' "$out"
}

# os_body_patch GOROOT OUT: a function body in os/ (ClashMetaForAndroid's
# os/pidfd_linux.go shape): Executable keeps its result in a variable. diff -u.
os_body_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/os/executable.go
	perl -0pi -e 's/\treturn executable\(\)\n/\tp, err := executable()\n\treturn p, err\n/' "$w/b/src/os/executable.go"
	plain_diff1 "$w" src/os/executable.go >"$out"
	rm -rf "$w"
	grep -q 'p, err := executable()' "$out"
}

# move_patch GOROOT OUT: a deleted file and a new file (os/executable_procfs.go
# moved to os/executable_procfs_gowrap.go), as git format-patch writes it: a
# mail with a commit message, a diffstat and a signature.
move_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/os/executable_procfs.go src/os/executable_procfs_gowrap.go
	mv "$w/b/src/os/executable_procfs.go" "$w/b/src/os/executable_procfs_gowrap.go"
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: gowrap tests <tests@gowrap.invalid>\nSubject: [PATCH] os: move executable_procfs.go\n\n'
		printf 'A new file and a deleted file in one patch.\n---\n'
		printf ' src/os/{executable_procfs.go => executable_procfs_gowrap.go} | 0\n 1 file changed\n\n'
		git_diff "$w"
		printf -- '-- \n2.39.5\n\n'
	} >"$out"
	rm -rf "$w"
	grep -q 'deleted file mode' "$out" && grep -q 'new file mode' "$out"
}

# already_patch GOROOT OUT: a patch whose result this GOROOT already holds
# (made from an edited copy back to the GOROOT's bytes: upstream took it).
already_patch() {
	local gr="$1" out="$2" w
	w="$(mktemp -d)"
	patch_tree "$w" "$gr" src/os/getwd.go
	perl -0pi -e 's/\n\n/\n\n\/\/ Before upstream took the change.\n/' "$w/a/src/os/getwd.go"
	plain_diff1 "$w" src/os/getwd.go >"$out"
	rm -rf "$w"
	grep -q '^-// Before upstream' "$out"
}

# limited_patch OUT VERSION: a patch for another Go (it would not apply
# here), limited to VERSION by its Gowrap-Go line.
limited_patch() {
	printf 'Gowrap-Go: %s\n\n--- a/src/os/getwd.go\n+++ b/src/os/getwd.go\n@@ -1,3 +1,3 @@\n-// not this line\n+// another line\n // nor this\n // nor that\n' "$2" >"$1"
}

# make_patch_set GOROOT DIR: the set tests/patches.bats builds with.
make_patch_set() {
	mkdir -p "$2"
	boottime_patch "$1" "$2/0001-boottime.patch" &&
		darwin_patch "$1" "$2/0002-darwin-continuous.diff" &&
		os_body_patch "$1" "$2/0003-os-body.patch" &&
		move_patch "$1" "$2/0004-os-move.patch" &&
		already_patch "$1" "$2/0005-upstream-took-it.patch" &&
		limited_patch "$2/0006-for-go1.20.patch" go1.20
}

# once NAME CMD...: run CMD the first time a test asks for NAME (its output
# in $PT/NAME.log), and give every test its status.
once() {
	local name="$1"
	shift
	if [ ! -e "$PT/$name.status" ]; then
		local st=0
		"$@" >"$PT/$name.log" 2>&1 || st=$?
		echo "$st" >"$PT/$name.status"
	fi
	cat "$PT/$name.log"
	return "$(cat "$PT/$name.status")"
}
