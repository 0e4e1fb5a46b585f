#!/usr/bin/env bats
# tests/android.bats — Android outputs end to end. The probe
# (tests/fixtures/leanprobe: github.com/metacubex/utls v1.8.7, a copy of Go's
# internal/cpu; golang.org/x/sys v0.41.0; github.com/klauspost/cpuid/v2
# v2.3.0) is built with the real go as -buildmode=c-shared for android/arm64,
# through the shim and without it, by the stand-in NDK compiler
# (tests/helpers/android: clang + musl headers + stub headers, linked with lld
# against stub libraries; a real aarch64 ELF shared object that never runs),
# packed as gomobile packs an .aar and as an .apk (tests/helpers/android.bash,
# shared with tests/action.bats), and checked by symcheck;
# and the hand-made Android inputs of tests/malformed (*-elf-*, *-zip-*).
# The go builds run once per file, when a test first needs them.
load helpers/common
load helpers/android
bats_require_minimum_version 1.5.0

PROBE="$ANDROID_PROBE"
NDKCC="$ANDROID_NDKCC"
MAL="$BATS_TEST_DIRNAME/malformed"
UTLS_CPU=github.com/metacubex/utls/internal/cpu

setup_file() {
	# The go builds happen on first use (probe_so), into one directory per
	# build: this file's tests never run in parallel with each other, even
	# under `bats --jobs` (tests/run.sh runs whole suites side by side).
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
}

setup() {
	common_setup
	export GOWRAP_CACHE="$BATS_FILE_TMPDIR/cache" GOFLAGS= GOPROXY=off
	[ -x "$SYMCHECK" ] || { echo "symcheck not built: $SYMCHECK (fix: make)" >&2; return 1; }
}

sc() {
	run --separate-stderr "$SYMCHECK" "$@"
}

# probe_so shim|plain: the probe's android/arm64 c-shared library, built on
# first use (android_so) through the shim or with the real go; its go output
# is in DIR/out, go's status in DIR/rc.
probe_so() {
	local go p=()
	go="$(real_go)"
	[ "$1" = shim ] && { go=go; p=(PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$BATS_FILE_TMPDIR/shim/log"); }
	android_so "$BATS_FILE_TMPDIR/$1" "$go" "${p[@]}"
}

@test "Android: the stand-in NDK links the probe through the shim into a real aarch64 ELF shared object; the log shows the utls copy fixed and the Go version that built it" {
	local so
	so="$(probe_so shim)"
	run cat "$BATS_FILE_TMPDIR/shim/out" "$BATS_FILE_TMPDIR/shim/rc"
	assert_output "0"
	run llvm-readelf -h -d "$so"
	assert_success
	assert_line --regexp '^ +Type: +DYN \(Shared object file\)$'
	assert_line --regexp '^ +Machine: +AArch64$'
	assert_output --partial "Shared library: [liblog.so]"
	run go version -m "$so"
	assert_line --regexp $'^\tbuild\tGOOS=android$'
	# the Go that built it, though no overlay step asked go (the report's Go column)
	run python3 - "$BATS_FILE_TMPDIR/shim/log" "$("$(real_go)" env GOVERSION)" "$("$(real_go)" env GOROOT)" <<'PY'
import json, sys
l = [json.loads(x) for x in open(sys.argv[1])][-1]
assert l["target"] == "android/arm64" and l["output"].endswith("libgojni.so"), l
assert l["goversion"] == sys.argv[2] and l["goroot"] == sys.argv[3], l
assert l["deps"] == ["github.com/metacubex/utls/internal/cpu"], l
assert l["deps_toolexec"] is True and l["verified"] is True and l["exit"] == 0, l
PY
	assert_success
}

@test "Android .aar through the shim: symcheck exit 0, the arm64-v8a library's utls copy fixed, no internal/cpu marker" {
	android_pack aar "$(probe_so shim)" "$TMP/Probe.aar"
	sc "$TMP/Probe.aar"
	assert_success
	assert_output "$TMP/Probe.aar!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed: ok"
	assert_equal "$stderr" ""
}

@test "Android .aar without the shim: symcheck exit 1 naming github.com/metacubex/utls/internal/cpu" {
	android_pack aar "$(probe_so plain)" "$TMP/Probe.aar"
	run cat "$BATS_FILE_TMPDIR/plain/rc"
	assert_output 0
	sc "$TMP/Probe.aar"
	assert_failure 1
	assert_output --partial "$TMP/Probe.aar!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU NOT fixed: FAIL ($UTLS_CPU: a copy of Go's internal/cpu without gowrap's dependency fix"
	assert_equal "$stderr" ""
}

@test "Android .apk (lib/arm64-v8a, stored) and the bare .so: 0 through the shim, 1 without; --json says which copy" {
	local shim plain
	shim="$(probe_so shim)"
	plain="$(probe_so plain)"
	android_pack apk "$shim" "$TMP/good.apk"
	android_pack apk "$plain" "$TMP/bad.apk"
	sc "$TMP/good.apk" "$shim"
	assert_success
	assert_line "$TMP/good.apk!/lib/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed: ok"
	assert_line "$shim: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed: ok"
	sc "$TMP/bad.apk"
	assert_failure 1
	sc --json "$plain"
	assert_failure 1
	run python3 -c '
import json, sys
d = json.loads(sys.argv[1])
s = d["inputs"][0]["slices"][0]
assert d["ok"] is False and s["platform"] == "android" and s["arch"] == "arm64", s
assert s["expected"] == "forbidden" and s["marker"] is None and s["ok"] is False, s
assert s["deps_asked"] is True and s["deps"] == [{"package": "github.com/metacubex/utls/internal/cpu", "fixed": False}], s
' "$output"
	assert_success
}

@test "Android: stripped (llvm-strip --strip-all), the fix is still found in the pclntab" {
	llvm-strip --strip-all -o "$TMP/shim.so" "$(probe_so shim)"
	llvm-strip --strip-all -o "$TMP/plain.so" "$(probe_so plain)"
	run llvm-readelf -S "$TMP/shim.so"
	refute_output --partial ".symtab"
	sc "$TMP/shim.so"
	assert_success
	sc "$TMP/plain.so"
	assert_failure 1
	assert_output --partial "deps: $UTLS_CPU NOT fixed: FAIL"
}

@test "Android: symcheck requires exactly the copies gowrap audit says the android/arm64 fix repairs" {
	local plain
	plain="$(probe_so plain)"
	cd "$PROBE"
	GOOS=android GOARCH=arm64 CGO_ENABLED=1 CC="$NDKCC" run --separate-stderr "$GOWRAP" audit --json
	assert_success
	printf '%s' "$output" >"$TMP/audit.json"
	sc --json "$plain"
	assert_failure 1
	run python3 - "$TMP/audit.json" "$output" <<'PY'
import json, sys
audit = json.load(open(sys.argv[1]))
fixed = {p["import_path"] for p in audit["packages"] if p["verdict"] == "fixed by gowrap"}
s = json.loads(sys.argv[2])["inputs"][0]["slices"][0]
required = {d["package"] for d in s["deps"] if not d["fixed"]}
assert fixed and fixed == required, (fixed, required)
PY
	assert_success
}

@test "Android: internal/cpu's overlay marker is forbidden in an android library (std is right there)" {
	# The real library with one std function renamed to the marker (same
	# length, every copy of the name: symbol table and pclntab).
	python3 - "$(probe_so shim)" "$TMP/leak.so" <<'PY'
import sys
b = open(sys.argv[1], "rb").read()
old, new = b"internal/cpu.processOptions\0", b"internal/cpu.gowrapMarkerV1\0"
assert len(old) == len(new) and old in b
open(sys.argv[2], "wb").write(b.replace(old, new))
PY
	sc "$TMP/leak.so"
	assert_failure 1
	assert_output "$TMP/leak.so: arm64 android go1.26.8: internal/cpu.gowrapMarkerV1 in symtab (crypto): forbidden; deps: $UTLS_CPU fixed: FAIL (marker present where it must not be: the overlay's build constraint leaked beyond arm64 iOS-family targets)"
}

@test "Android: libzip is linked into symcheck only, never into the shim (nor gowrap: its report runs symcheck)" {
	run nm -D "$SYMCHECK"
	assert_line --regexp '^ +U zip_open_from_source$'
	run nm "$SHIM_DIR/go"
	refute_output --partial zip_open_from_source
	run ldd "$SHIM_DIR/go"
	refute_output --partial libzip
	run ldd "$GOWRAP"
	assert_success
	refute_output --partial libzip
}

@test "Android hand-made inputs: ok-* exit 0, fail-* exit 1, bad-* exit 2 with one line naming the file" {
	local f st n=0
	for f in "$MAL"/*-elf-*.bin "$MAL"/*-zip-*.bin; do
		n=$((n + 1))
		case "$(basename "$f")" in ok-*) st=0 ;; fail-*) st=1 ;; *) st=2 ;; esac
		run --separate-stderr timeout 10 "$SYMCHECK" "$f"
		[ "$status" -eq "$st" ] || { echo "$f: status $status: $output $stderr"; return 1; }
		if [ "$st" -eq 2 ]; then
			symcheck_refused "$f" || return 1
		fi
		assert [ "$(grep -cE 'Sanitizer|runtime error' <<<"$stderr")" -eq 0 ]
	done
	assert [ "$n" -ge 45 ]
}

@test "Android hand-made inputs by name: the reason says what is wrong" {
	sc "$MAL/bad-zip-traversal.bin"
	assert_equal "$stderr" "symcheck: $MAL/bad-zip-traversal.bin: zip entry name leaves the archive (absolute, .. or \\): jni/../../jni/arm64-v8a/libgojni.so"
	sc "$MAL/bad-zip-absolute.bin"
	assert_glob "$stderr" "*leaves the archive*: /jni/arm64-v8a/libgojni.so"
	sc "$MAL/bad-zip-backslash.bin"
	assert_glob "$stderr" '*leaves the archive*: jni\\x5carm64-v8a\\x5clibgojni.so'
	sc "$MAL/bad-zip-declared-huge.bin"
	assert_equal "$stderr" "symcheck: $MAL/bad-zip-declared-huge.bin: jni/arm64-v8a/libgojni.so: declares 4294967280 bytes, more than symcheck reads (536870912 per library, 8589934592 per archive)"
	sc "$MAL/bad-zip-member-larger.bin"
	assert_glob "$stderr" "*libgojni.so: holds more than the 792 bytes it declares"
	sc "$MAL/bad-zip-member-smaller.bin"
	assert_glob "$stderr" "*libgojni.so: holds 792 of the 892 bytes it declares"
	sc "$MAL/bad-zip-crc.bin"
	assert_glob "$stderr" "*libgojni.so: cannot be read: CRC error"
	sc "$MAL/bad-zip-dup-lib.bin"
	assert_glob "$stderr" "*: zip archive holds two entries of one name*"
	sc "$MAL/bad-zip-nested.bin"
	assert_glob "$stderr" "*libgojni.so: not an ELF file (Android loads only ELF libraries)"
	sc "$MAL/bad-zip-bomb.bin"
	assert_glob "$stderr" "*libgojni.so: not an ELF file (Android loads only ELF libraries)"
	sc "$MAL/bad-zip-abi-mismatch.bin"
	assert_glob "$stderr" "*libgojni.so: ELF machine 62 in the arm64-v8a directory, which holds machine 183"
	sc "$MAL/bad-zip-no-libs.bin"
	assert_glob "$stderr" "*: zip archive holds no native library*"
	sc "$MAL/bad-elf-no-sections.bin"
	assert_glob "$stderr" "*: ELF file has no section headers*cannot tell whether it holds Go code"
	sc "$MAL/fail-zip-second-lib-unfixed.bin"
	assert_failure 1
	assert_line --index 0 --partial "!/jni/x86_64/libgojni.so: x86_64 android go1.26.8: no marker: forbidden: ok"
	assert_line --index 1 --partial "!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU NOT fixed: FAIL"
	sc "$MAL/fail-elf-android-lookalike-marker.bin"
	assert_output --partial "deps: $UTLS_CPU NOT fixed: FAIL"
	sc "$MAL/ok-elf-android-lookalike-pkgs.bin"
	assert_output --partial ": arm64 android go1.26.8: no marker: forbidden; deps: none: ok"
	sc "$MAL/fail-elf-nogoos-unfixed.bin"
	assert_output --partial ": arm64 elf go?: no marker: forbidden; deps: $UTLS_CPU NOT fixed: FAIL"
	sc "$MAL/ok-zip-aar-four-abis.bin"
	assert_success
	assert_equal "$(printf '%s\n' "$output" | cut -d: -f2 | sort | tr '\n' ,)" " arm64 android go1.26.8, armv7 android go1.26.8, i386 android go1.26.8, x86_64 android go1.26.8,"
}
