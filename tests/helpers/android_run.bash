# tests/helpers/android_run.bash — GOOS=android programs RUN on this Linux
# machine, under qemu-user, for every GOARCH Android has (arm64; arm, GOARM=7;
# amd64; 386). Sourced by bats suites after helpers/common (works without it
# too: GOWRAP_ROOT falls back to this checkout). Linux only (qemu-user).
#
#   android_sysroot GOARCH           print the sysroot dir (built once)
#   android_build GOARCH OUT [ARGS]  `go build -o OUT ARGS` of the package in
#                                    the current dir for android/GOARCH
#   android_run GOARCH CPU BIN [ARGS] run BIN under qemu -cpu CPU -L sysroot;
#                                    stdout, stderr and status are the program's
#
# The mechanism. Go links android/arm64 internally with CGO_ENABLED=0 (the
# one android target that can); the other three require external (cgo)
# linking. android_build uses cgo on all four (ANDROID_CGO=0 turns it off for
# arm64) with the runnable stand-in NDK compiler
# tests/helpers/android/bin/runcc-android-GOARCH (android-runcc: clang +
# the cross glibc + a real liblog.so, PT_INTERP /system/bin/linker or
# linker64, as the NDK's; its header says how Go's g finds its TLS slot).
# The sysroot stands in for the device: glibc's loader of that arch copied to
# /system/bin/linker{,64} (qemu-user opens PT_INTERP under -L), glibc's
# libraries where that loader looks (lib/MULTIARCH), liblog.so
# (tests/helpers/android/liblog.c: messages to stderr), libc.so
# (tests/helpers/android/libc-standin.c: what runtime/cgo's inittls dlopens)
# and an empty etc/ld.so.cache (the host's is never read). Running glibc's
# loader directly (`qemu-aarch64 ld.so ./prog`) is not the same: the program
# then reads a wrong auxiliary vector (HWCAP 0); under -L qemu builds the
# vector for the program, from the CPU model (-cpu), which is what a test
# compares. 386 runs under qemu 10's qemu-i386 (scripts/setup.sh puts it in
# /usr/local/lib/gowrap-test/qemu10): qemu 7.2's reloads %gs from one
# process-wide GDT entry when a signal handler returns, so a thread then sees
# the newest thread's TLS (a Go program, with its preemption signals and
# threads, crashes; qemu 10.0.2 keeps each thread's).
#
# Cache: one sysroot per GOARCH in the fixture dir ($GOWRAP_FIXTURES, else
# $BATS_RUN_TMPDIR/fixtures, as tests/helpers/fixtures.bash), named by a hash
# of its C sources and the compiler script, written to a temp name and renamed, so suites of one run
# build it once and a reader never sees half of one. The go command is `go`
# from PATH (a caller may put a shim first).

ANDROID_RUN_ROOT="${GOWRAP_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
ANDROID_RUN_HELPERS="$ANDROID_RUN_ROOT/tests/helpers/android"
ANDROID_RUN_QEMU10=/usr/local/lib/gowrap-test/qemu10

# _android_arch GOARCH: sets _aa_lib (the glibc to copy), _aa_ma (the
# loader's multiarch dir), _aa_ld (the loader's name), _aa_linker (Android's
# loader path), _aa_qemu.
_android_arch() {
	case "$1" in
	arm64) _aa_lib=/usr/aarch64-linux-gnu/lib _aa_ma=aarch64-linux-gnu _aa_ld=ld-linux-aarch64.so.1 \
		_aa_linker=linker64 _aa_qemu=qemu-aarch64 ;;
	arm) _aa_lib=/usr/arm-linux-gnueabihf/lib _aa_ma=arm-linux-gnueabihf _aa_ld=ld-linux-armhf.so.3 \
		_aa_linker=linker _aa_qemu=qemu-arm ;;
	amd64) _aa_lib=/lib/x86_64-linux-gnu _aa_ma=x86_64-linux-gnu _aa_ld=ld-linux-x86-64.so.2 \
		_aa_linker=linker64 _aa_qemu=qemu-x86_64 ;;
	386) _aa_lib=/usr/i686-linux-gnu/lib _aa_ma=i386-linux-gnu _aa_ld=ld-linux.so.2 \
		_aa_linker=linker _aa_qemu="$ANDROID_RUN_QEMU10/qemu-i386" ;;
	*) echo "android_run: no Android GOARCH $1 (fix: use arm64, arm, amd64 or 386)" >&2; return 1 ;;
	esac
}

# android_cc GOARCH: the runnable stand-in NDK compiler for GOARCH.
android_cc() {
	echo "$ANDROID_RUN_HELPERS/bin/runcc-android-$1"
}

_android_fxdir() {
	echo "${GOWRAP_FIXTURES:-${BATS_RUN_TMPDIR:-${TMPDIR:-/tmp}}/fixtures}"
}

# _android_mksysroot GOARCH DIR: the sysroot's files into DIR.
_android_mksysroot() {
	local d="$2" cc f
	cc="$(android_cc "$1")"
	mkdir -p "$d/system/bin" "$d/lib/$_aa_ma" "$d/etc"
	cp "$_aa_lib/$_aa_ld" "$d/system/bin/$_aa_linker" || return 1
	for f in libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1 libresolv.so.2 \
		libnss_files.so.2 libnss_dns.so.2; do
		cp "$_aa_lib/$f" "$d/lib/$_aa_ma/" || return 1
	done
	: >"$d/etc/ld.so.cache"
	"$cc" -shared -fPIC -O2 -Wl,-soname,liblog.so -o "$d/lib/$_aa_ma/liblog.so" \
		"$ANDROID_RUN_HELPERS/liblog.c" || return 1
	"$cc" -shared -fPIC -O2 -Wl,-soname,libc.so -o "$d/lib/$_aa_ma/libc.so" \
		"$ANDROID_RUN_HELPERS/libc-standin.c"
}

android_sysroot() {
	_android_arch "$1" || return 1
	[ -e "$_aa_lib/$_aa_ld" ] || {
		echo "android_run: $_aa_lib/$_aa_ld missing (fix: bash scripts/setup.sh, which installs the cross glibc)" >&2
		return 1
	}
	local key d tmp
	key=$(cat "$ANDROID_RUN_HELPERS/liblog.c" "$ANDROID_RUN_HELPERS/libc-standin.c" \
		"$ANDROID_RUN_HELPERS/bin/android-runcc" | sha256sum | cut -c1-12)
	d="$(_android_fxdir)/android-sysroot-$1-$key"
	if [ ! -d "$d" ]; then
		mkdir -p "$(dirname "$d")"
		tmp=$(mktemp -d "$d.tmp.XXXXXX") || return 1
		if ! _android_mksysroot "$1" "$tmp" >"$tmp.log" 2>&1; then
			echo "android_run: cannot build the $1 sysroot: $(tail -1 "$tmp.log") (fix: bash scripts/setup.sh)" >&2
			rm -rf "$tmp" "$tmp.log"
			return 1
		fi
		rm -f "$tmp.log"
		# Another suite may have renamed its copy in first: theirs is the same.
		mv -T "$tmp" "$d" 2>/dev/null || rm -rf "$tmp"
	fi
	echo "$d"
}

android_build() {
	local a="$1" out="$2" cgo=1 arm=()
	shift 2
	_android_arch "$a" || return 1
	[ "$a" = arm64 ] && [ "${ANDROID_CGO:-1}" = 0 ] && cgo=0
	[ "$a" = arm ] && arm=(GOARM=7)
	env GOOS=android GOARCH="$a" ${arm[@]+"${arm[@]}"} CGO_ENABLED=$cgo CC="$(android_cc "$a")" \
		go build -o "$out" "$@"
}

android_run() {
	local a="$1" cpu="$2" bin="$3" root
	shift 3
	_android_arch "$a" || return 1
	if [ "$a" = 386 ] && [ ! -x "$_aa_qemu" ]; then
		echo "android_run: $_aa_qemu missing: qemu 7.2's qemu-i386 loses a thread's %gs after a signal (fix: bash scripts/setup.sh takes qemu-i386 from qemu-user 10)" >&2
		return 1
	fi
	command -v "$_aa_qemu" >/dev/null || {
		echo "android_run: no $_aa_qemu (fix: bash scripts/setup.sh installs qemu-user)" >&2
		return 1
	}
	root="$(android_sysroot "$a")" || return 1
	"$_aa_qemu" -cpu "$cpu" -L "$root" "$bin" "$@"
}
