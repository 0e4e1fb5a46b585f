#!/usr/bin/env bats
# tests/android_run.bats — the Android runner (tests/helpers/android_run.bash)
# works: the probe (tests/fixtures/androidprobe: golang.org/x/sys v0.29.0's
# cpu fields, std's internal/cpu by linkname, the auxiliary vector the
# runtime read, and with cgo libc's getauxval on a C thread that calls back
# into Go) built by the go on PATH for GOOS=android with the runnable
# stand-in NDK compiler (tests/helpers/android/bin/android-runcc) for arm
# (GOARM=7), arm64, amd64 and 386, and run under qemu-user with glibc's loader
# as /system/bin/linker{,64}: each prints what the CPU model gives. The go
# builds run once per file, when a test first needs them.
load helpers/common
load helpers/android_run
bats_require_minimum_version 1.5.0

PROBE="$BATS_TEST_DIRNAME/fixtures/androidprobe"

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
}

setup() {
	common_setup
	export GOFLAGS= GOPROXY=off
	require_modules golang.org/x/sys@v0.29.0
}

# probe_bin NAME GOARCH [VAR=VALUE...]: the probe built on first use (go's
# output in NAME.out, its status in NAME.rc, kept for the test to assert).
probe_bin() {
	local b="$BATS_FILE_TMPDIR/$1" a="$2"
	shift 2
	if [ ! -e "$b.rc" ]; then
		(cd "$PROBE" && { [ $# -eq 0 ] || export "$@"; } && android_build "$a" "$b" . >"$b.out" 2>&1
			echo $? >"$b.rc")
	fi
	run cat "$b.out" "$b.rc"
	assert_output "0" || return 1
	echo "$b"
}

# run_probe GOARCH CPU BIN: the probe's lines, into $xsys $std $auxv $cgo
# (each without its "name: GOARCH " prefix); nothing on stderr.
run_probe() {
	run --separate-stderr android_run "$@"
	assert_success
	assert_equal "$stderr" ""
	xsys="$(sed -n "s/^xsys: $1 //p" <<<"$output")"
	std="$(sed -n "s/^std: $1 //p" <<<"$output")"
	auxv="$(sed -n "s/^auxv: $1 //p" <<<"$output")"
	cgo="$(sed -n "s/^cgo: $1 //p" <<<"$output")"
	assert_equal "$(wc -l <<<"$output")" 4
}

# elf_is BIN INTERP: an executable asking for Android's loader, NEEDED liblog.so
elf_is() {
	run llvm-readelf -l -d "$1"
	assert_success
	assert_output --partial "[Requesting program interpreter: $2]"
	assert_output --partial "Shared library: [liblog.so]"
}

# the HWCAP the auxv line shows equals the cgo line's getauxval
same_hwcap() {
	local h="${auxv#HWCAP=}"
	h="${h%% *}"
	assert_glob "$cgo" "getauxval=$h callback=true"
}

@test "android_run: android/arm (GOARM=7, cgo) runs under qemu-arm; cortex-a15 gives x/sys v0.29.0 and std VFPv4 and IDIVA, cortex-a9 neither; a C thread calls back into Go" {
	local b
	b="$(probe_bin arm arm)"
	elf_is "$b" /system/bin/linker
	run_probe arm cortex-a15 "$b"
	assert_equal "$xsys" "Initialized=true VFPv4=true IDIVA=true NEON=true"
	assert_equal "$std" "VFPv4=true IDIVA=true V7Atomics=true"
	assert_glob "$auxv" "HWCAP=0x* VFPv4=true IDIVA=true NEON=true"
	same_hwcap
	run_probe arm cortex-a9 "$b"
	assert_equal "$xsys" "Initialized=true VFPv4=false IDIVA=false NEON=true"
	assert_equal "$std" "VFPv4=false IDIVA=false V7Atomics=false"
	same_hwcap
}

@test "android_run: android/arm64 (cgo) runs under qemu-aarch64; -cpu max offers ATOMICS, cortex-a53 does not (std and x/sys v0.29.0 report it on android under neither)" {
	local b
	b="$(probe_bin arm64 arm64)"
	elf_is "$b" /system/bin/linker64
	run_probe arm64 max "$b"
	assert_glob "$auxv" "HWCAP=0x* ATOMICS=true AES=true"
	same_hwcap
	# std masks ATOMICS on android (golang/go#28431); x/sys v0.29.0's
	# archInit has no android case: minimal features, not Initialized
	assert_equal "$std" "ATOMICS=false AES=true SHA2=true CRC32=true"
	assert_equal "$xsys" "Initialized=false ATOMICS=false AES=false SHA2=false CRC32=false"
	run_probe arm64 cortex-a53 "$b"
	assert_glob "$auxv" "HWCAP=0x* ATOMICS=false AES=true"
	same_hwcap
	assert_equal "$std" "ATOMICS=false AES=true SHA2=true CRC32=true"
}

@test "android_run: android/arm64 without cgo (Go's internal link) runs in the same sysroot" {
	local b
	b="$(probe_bin arm64-nocgo arm64 ANDROID_CGO=0)"
	run llvm-readelf -l "$b"
	assert_output --partial "[Requesting program interpreter: /system/bin/linker64]"
	run_probe arm64 max "$b"
	assert_glob "$auxv" "HWCAP=0x* ATOMICS=true AES=true"
	assert_equal "$cgo" "off=true"
}

@test "android_run: android/amd64 (cgo) runs under qemu-x86_64; -cpu max gives x/sys and std AVX, qemu64 not" {
	local b
	b="$(probe_bin amd64 amd64)"
	elf_is "$b" /system/bin/linker64
	run_probe amd64 max "$b"
	assert_equal "$xsys" "Initialized=true AVX=true AVX2=true SSE42=true AES=true"
	assert_equal "$std" "AES=true ADX=true AVX=true"
	assert_glob "$cgo" "getauxval=0x* callback=true"
	run_probe amd64 qemu64 "$b"
	assert_equal "$xsys" "Initialized=true AVX=false AVX2=false SSE42=false AES=false"
	assert_equal "$std" "AES=false ADX=false AVX=false"
	assert_glob "$cgo" "getauxval=0x* callback=true"
}

@test "android_run: android/386 (cgo) runs under qemu 10's qemu-i386; -cpu max gives x/sys and std AVX, qemu32 not" {
	local b
	b="$(probe_bin 386 386)"
	elf_is "$b" /system/bin/linker
	run_probe 386 max "$b"
	assert_equal "$xsys" "Initialized=true AVX=true AVX2=true SSE42=true AES=true"
	assert_equal "$std" "AES=true ADX=true AVX=true"
	assert_glob "$cgo" "getauxval=0x* callback=true"
	run_probe 386 qemu32 "$b"
	assert_equal "$xsys" "Initialized=true AVX=false AVX2=false SSE42=false AES=false"
	assert_equal "$std" "AES=false ADX=false AVX=false"
}

@test "android_sysroot: built once, by rename; glibc's loader as Android's, the libraries where it looks, liblog.so and the libc.so runtime/cgo dlopens" {
	local d a
	for a in arm64 arm amd64 386; do
		d="$(android_sysroot "$a")"
		run android_sysroot "$a"
		assert_output "$d"
		run ls "$(dirname "$d")"
		refute_output --partial ".tmp."
	done
	d="$(android_sysroot arm)"
	run cmp "$d/system/bin/linker" /usr/arm-linux-gnueabihf/lib/ld-linux-armhf.so.3
	assert_success
	run llvm-readelf -s --dyn-syms "$d/lib/arm-linux-gnueabihf/libc.so"
	assert_output --partial android_get_device_api_level
	d="$(android_sysroot amd64)"
	run llvm-readelf --dyn-syms "$d/lib/x86_64-linux-gnu/libc.so"
	refute_output --partial android_get_device_api_level
	run llvm-readelf --dyn-syms "$d/lib/x86_64-linux-gnu/liblog.so"
	assert_output --partial __android_log_vprint
	run android_run mips64 max /bin/true
	assert_failure
	assert_output "android_run: no Android GOARCH mips64 (fix: use arm64, arm, amd64 or 386)"
}
