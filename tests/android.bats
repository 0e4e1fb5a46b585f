#!/usr/bin/env bats
# tests/android.bats — Android outputs end to end. The probe
# (tests/fixtures/leanprobe: github.com/metacubex/utls v1.8.7, a copy of Go's
# internal/cpu; golang.org/x/sys v0.41.0; github.com/klauspost/cpuid/v2
# v2.3.0) is built with the real go as -buildmode=c-shared for android/arm64,
# through the shim and without it, by the stand-in NDK compiler
# (tests/helpers/android: clang + musl headers + stub headers, linked with lld
# against stub libraries; a real aarch64 ELF shared object that never runs),
# packed as gomobile packs an .aar and as an .apk (tests/helpers/android.bash,
# shared with tests/action.bats), and checked by symcheck. Both its utls copy
# and its x/sys/cpu (before v0.42.0: no detection on android arm64) need the
# dependency fix there. The x/sys probe (tests/fixtures/xsysandroid: x/sys
# v0.29.0; xsysandroid47: v0.47.0) is built as android/arm64 and linux/arm64
# executables, as a c-shared library, through the shim, with x/sys replaced
# and vendored. Then the hand-made Android inputs of tests/malformed
# (*-elf-*, *-zip-*). The go builds run once per file, when a test first
# needs them.
load helpers/common
load helpers/android
bats_require_minimum_version 1.5.0

PROBE="$ANDROID_PROBE"
NDKCC="$ANDROID_NDKCC"
MAL="$BATS_TEST_DIRNAME/malformed"
UTLS_CPU=github.com/metacubex/utls/internal/cpu
XSYS=golang.org/x/sys/cpu
XSYS_SRC="$BATS_TEST_DIRNAME/fixtures/xsysandroid"
# x/sys/cpu's cause in an android arm64 slice whose build info names v0.29.0
XSYS_WHY="golang.org/x/sys v0.29.0 without gowrap's dependency fix (no gowrapMarkerV... marker): before v0.42.0 its own detection does not run on android arm64 (every optional feature reads false); build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0), or require golang.org/x/sys v0.42.0 or later"

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

@test "Android: the stand-in NDK links the probe through the shim into a real aarch64 ELF shared object; the log shows the utls copy and x/sys/cpu fixed and the Go version that built it" {
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
assert sorted(l["deps"]) == ["github.com/metacubex/utls/internal/cpu", "golang.org/x/sys/cpu"], l
assert l["deps_toolexec"] is True and l["verified"] is True and l["exit"] == 0, l
PY
	assert_success
}

@test "Android .aar through the shim: symcheck exit 0, the arm64-v8a library's utls copy and x/sys/cpu fixed, no internal/cpu marker" {
	android_pack aar "$(probe_so shim)" "$TMP/Probe.aar"
	sc "$TMP/Probe.aar"
	assert_success
	assert_output "$TMP/Probe.aar!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed, $XSYS fixed: ok"
	assert_equal "$stderr" ""
}

@test "Android .aar without the shim: symcheck exit 1 naming github.com/metacubex/utls/internal/cpu and golang.org/x/sys/cpu (v0.41.0)" {
	android_pack aar "$(probe_so plain)" "$TMP/Probe.aar"
	run cat "$BATS_FILE_TMPDIR/plain/rc"
	assert_output 0
	sc "$TMP/Probe.aar"
	assert_failure 1
	assert_output --partial "$TMP/Probe.aar!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU NOT fixed, $XSYS NOT fixed: FAIL ($UTLS_CPU: a copy of Go's internal/cpu without gowrap's dependency fix"
	assert_output --partial "; $XSYS: golang.org/x/sys v0.41.0 without gowrap's dependency fix (no gowrapMarkerV... marker): before v0.42.0 its own detection does not run on android arm64"
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
	assert_line "$TMP/good.apk!/lib/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed, $XSYS fixed: ok"
	assert_line "$shim: arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed, $XSYS fixed: ok"
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
assert s["deps_asked"] is True and s["deps"][0] == {"package": "github.com/metacubex/utls/internal/cpu", "fixed": False}, s
x = s["deps"][1]
assert len(s["deps"]) == 2 and x["package"] == "golang.org/x/sys/cpu" and x["fixed"] is False, s
assert x["version"] == "v0.41.0" and x["right_from"] == "v0.42.0" and x["why"].startswith("golang.org/x/sys v0.41.0 without"), x
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
	assert_output --partial "deps: $UTLS_CPU NOT fixed, $XSYS NOT fixed: FAIL"
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
	assert_output "$TMP/leak.so: arm64 android go1.26.8: internal/cpu.gowrapMarkerV1 in symtab (crypto): forbidden; deps: $UTLS_CPU fixed, $XSYS fixed: FAIL (marker present where it must not be: the overlay's build constraint leaked beyond arm64 iOS-family targets)"
}

# xsys47: the x/sys probe at v0.47.0 (tests/fixtures/xsysandroid47's
# go.mod and go.sum beside xsysandroid's main.go), its directory printed.
xsys47() {
	local d="$BATS_FILE_TMPDIR/xsys47-src" fx="$BATS_TEST_DIRNAME/fixtures/xsysandroid47"
	[ -e "$d/main.go" ] || { mkdir -p "$d" && cp "$fx/go.mod" "$fx/go.sum" "$XSYS_SRC/main.go" "$d/"; }
	echo "$d"
}

# xsys_exe NAME SRC GOOS [go build flags...]: the module in SRC as an arm64
# executable without cgo, $BATS_FILE_TMPDIR/xsys/NAME, built by the real go
# on first use; a failed build fails the test with go's output.
xsys_exe() {
	local name="$1" src="$2" goos="$3" f="$BATS_FILE_TMPDIR/xsys/$1"
	shift 3
	if [ ! -e "$f" ]; then
		require_modules golang.org/x/sys@v0.29.0 golang.org/x/sys@v0.42.0 golang.org/x/sys@v0.47.0 >&2 || return 1
		mkdir -p "${f%/*}"
		(cd "$src" && GOOS="$goos" GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build "$@" -o "$f" .) >"$f.out" 2>&1 ||
			{ cat "$f.out" >&2; return 1; }
	fi
	echo "$f"
}

@test "Android x/sys/cpu v0.29.0 (an android/arm64 executable): symcheck exit 1 naming golang.org/x/sys/cpu, the version its build info names and the missing marker, text and --json; llvm-strip --strip-all too; gowrap report too" {
	local f x
	f="$(xsys_exe a29 "$XSYS_SRC" android)"
	llvm-strip --strip-all -o "$TMP/stripped" "$f"
	run llvm-readelf -S "$TMP/stripped"
	refute_output --partial ".symtab"
	# what the version and GOOS are read from, kept by the strip
	run go version -m "$TMP/stripped"
	assert_line --regexp $'^\tdep\tgolang.org/x/sys\tv0.29.0\th1:'
	assert_line $'\tbuild\tGOOS=android'
	for x in "$f" "$TMP/stripped"; do
		sc "$x"
		assert_failure 1
		assert_output "$x: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: $XSYS_WHY)"
	done
	sc --json "$TMP/stripped"
	assert_failure 1
	run python3 -c '
import json, sys
d = json.loads(sys.argv[1])
s = d["inputs"][0]["slices"][0]
assert d["ok"] is False and s["ok"] is False and s["platform"] == "android" and s["deps_asked"] is True, s
assert s["deps"] == [{"package": "golang.org/x/sys/cpu", "fixed": False, "version": "v0.29.0",
                      "right_from": "v0.42.0", "why": sys.argv[2]}], s["deps"]
' "$output" "$XSYS_WHY"
	assert_success
	run "$GOWRAP" report --out "$TMP/r.md" "$f"
	assert_failure 110
	run grep -F "| \`$f\` | \`arm64\` | \`android\` | \`go1.26.8\` | — | forbidden; dependency fix: \`$XSYS\` | ❌ **FAIL**: \`$XSYS\` NOT fixed: " "$TMP/r.md"
	assert_success
}

@test "Android x/sys/cpu v0.29.0 as a c-shared library (the stand-in NDK) in an .aar and an .apk: exit 1 naming golang.org/x/sys/cpu" {
	local so d="$BATS_FILE_TMPDIR/xsys-plain"
	require_modules golang.org/x/sys@v0.29.0
	so="$(android_so_of "$XSYS_SRC" "$d" "$(real_go)")"
	run cat "$d/out" "$d/rc"
	assert_output 0
	android_pack aar "$so" "$TMP/X.aar"
	android_pack apk "$so" "$TMP/x.apk"
	sc "$TMP/X.aar" "$TMP/x.apk"
	assert_failure 1
	assert_line "$TMP/X.aar!/jni/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: $XSYS_WHY)"
	assert_line "$TMP/x.apk!/lib/arm64-v8a/libgojni.so: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: $XSYS_WHY)"
	assert_equal "$stderr" ""
}

@test "Android x/sys/cpu v0.47.0, and v0.29.0 replaced by golang.org/x/sys v0.42.0 (the first release that detects on android arm64): exit 0, x/sys/cpu not asked" {
	local f r d="$TMP/src"
	f="$(xsys_exe a47 "$(xsys47)" android)"
	sc "$f"
	assert_success
	assert_output "$f: arm64 android go1.26.8: no marker: forbidden; deps: none: ok"
	cp -r "$XSYS_SRC" "$d"
	# v0.42.0's go.mod asks for go 1.25.0
	(cd "$d" && go mod edit -go=1.25.0 -replace golang.org/x/sys=golang.org/x/sys@v0.42.0)
	grep '^golang.org/x/sys v0.42.0' "$BATS_TEST_DIRNAME/fixtures/depsprobe42/go.sum" >>"$d/go.sum"
	r="$(xsys_exe replaced42 "$d" android)"
	run go version -m "$r"
	assert_line --regexp $'^\tdep\tgolang.org/x/sys\tv0.29.0$'
	assert_line --regexp $'^\t=>\tgolang.org/x/sys\tv0.42.0\th1:'
	sc "$r"
	assert_success
	assert_output "$r: arm64 android go1.26.8: no marker: forbidden; deps: none: ok"
}

@test "linux/arm64 x/sys/cpu v0.29.0: exit 0, x/sys/cpu not asked (on linux it reads the auxiliary vector itself)" {
	local f
	f="$(xsys_exe l29 "$XSYS_SRC" linux)"
	sc "$f"
	assert_success
	assert_output "$f: arm64 linux go1.26.8: no marker: forbidden; deps: none: ok"
	sc --json "$f"
	assert_success
	run python3 -c '
import json, sys
s = json.loads(sys.argv[1])["inputs"][0]["slices"][0]
assert s["platform"] == "linux" and s["ok"] is True and s["deps"] == [], s
' "$output"
	assert_success
}

@test "Android x/sys/cpu whose version cannot be read (replaced by a directory; v0.47.0 with its build info removed): exit 1 saying so and what to do" {
	local d="$TMP/src" f mc
	mc="$(go env GOMODCACHE)/golang.org/x/sys@v0.29.0"
	cp -r "$XSYS_SRC" "$d"
	mkdir "$TMP/sys"
	cp -r "$mc/go.mod" "$mc/cpu" "$TMP/sys/"
	chmod -R u+w "$TMP/sys"
	(cd "$d" && go mod edit -replace golang.org/x/sys=../sys)
	f="$(xsys_exe dir "$d" android)"
	sc "$f"
	assert_failure 1
	assert_output "$f: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: without gowrap's dependency fix (no gowrapMarkerV... marker), and the version of golang.org/x/sys cannot be read (replaced by the directory ../sys, whose code has no version), so nothing shows it is v0.42.0 or later, the first whose own detection runs on android arm64; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0), or build with golang.org/x/sys v0.42.0 or later as a module version)"
	llvm-objcopy --remove-section .go.buildinfo "$(xsys_exe a47 "$(xsys47)" android)" "$TMP/nobi"
	sc "$TMP/nobi"
	assert_failure 1
	assert_output --partial "$TMP/nobi: arm64 elf go?: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: without gowrap's dependency fix (no gowrapMarkerV... marker), and the version of golang.org/x/sys cannot be read (the file has no build info to read: "
}

@test "Android x/sys/cpu v0.29.0 carrying gowrapMarkerV1 (vendored, the marker added by hand as deps/ adds it): exit 0, fixed" {
	local d="$TMP/src" f
	cp -r "$XSYS_SRC" "$d"
	(cd "$d" && go mod vendor)
	# the fix's shape: a marker function the package's init calls, so the
	# linker keeps it
	cat >"$d/vendor/golang.org/x/sys/cpu/gowrap_marker.go" <<-'EOF'
	package cpu

	//go:noinline
	func gowrapMarkerV1() {}

	var _ = func() bool { gowrapMarkerV1(); return true }()
	EOF
	f="$(xsys_exe vendored-marker "$d" android -mod=vendor)"
	sc "$f"
	assert_success
	assert_output "$f: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS fixed: ok"
}

@test "Android x/sys/cpu v0.29.0 through the shim (c-shared, the stand-in NDK): the build passes, golang.org/x/sys/cpu.gowrapMarkerV1 is in the library, symcheck exit 0" {
	local so d="$BATS_FILE_TMPDIR/xsys-shim"
	require_modules golang.org/x/sys@v0.29.0
	so="$(android_so_of "$XSYS_SRC" "$d" go PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$d.log")"
	run cat "$d/out" "$d/rc"
	assert_output 0
	run llvm-nm "$so"
	assert_line --regexp '^[0-9a-f]+ [tT] golang\.org/x/sys/cpu\.gowrapMarkerV1$'
	sc "$so"
	assert_success
	assert_output "$so: arm64 android go1.26.8: no marker: forbidden; deps: $XSYS fixed: ok"
}

@test "Android x/sys/cpu hand-made: the version rule over what a build info can say (the boundary, pre-releases, pseudo-versions, replacements, twice, none), and android/arm and linux not asked" {
	local why="without gowrap's dependency fix (no gowrapMarkerV... marker), and the version of golang.org/x/sys cannot be read"
	sc "$MAL/ok-elf-android-xsys-v0.42.0.bin"
	assert_success
	assert_output --partial ": arm64 android go1.26.8: no marker: forbidden; deps: none: ok"
	sc "$MAL/fail-elf-android-xsys-v0.41.9.bin"
	assert_output --partial "deps: $XSYS NOT fixed: FAIL ($XSYS: golang.org/x/sys v0.41.9 without"
	sc "$MAL/fail-elf-android-xsys-v0.42.0-rc.1.bin"
	assert_output --partial "deps: $XSYS NOT fixed: FAIL ($XSYS: golang.org/x/sys v0.42.0-rc.1 without"
	sc "$MAL/ok-elf-android-xsys-pseudo-past.bin"
	assert_output --partial "deps: none: ok"
	sc "$MAL/ok-elf-android-xsys-v1.0.0.bin"
	assert_output --partial "deps: none: ok"
	sc "$MAL/ok-elf-android-xsys-replaced-v0.47.0.bin"
	assert_output --partial "deps: none: ok"
	sc "$MAL/ok-elf-android-xsys-v0.29.0-fixed.bin"
	assert_output --partial "deps: $XSYS fixed: ok"
	sc "$MAL/fail-elf-android-xsys-devel.bin"
	assert_output --partial "$why (\"(devel)\" is not a release version)"
	sc "$MAL/fail-elf-android-xsys-digits.bin"
	assert_output --partial "$why (\"v0.4200000000.0\" is not a release version)"
	sc "$MAL/fail-elf-android-xsys-long.bin"
	assert_output --partial "$why (its version is unprintable or longer than symcheck reads)"
	sc "$MAL/fail-elf-android-xsys-absent.bin"
	assert_output --partial "$why (the build info names no module golang.org/x/sys)"
	sc "$MAL/fail-elf-android-xsys-lookalike.bin"
	assert_output --partial "$why (the build info names no module golang.org/x/sys)"
	sc "$MAL/fail-elf-android-xsys-twice.bin"
	assert_output --partial "$why (the build info names golang.org/x/sys twice)"
	sc "$MAL/fail-elf-android-xsys-dir.bin"
	assert_output --partial "$why (replaced by the directory ../sys, whose code has no version)"
	sc "$MAL/fail-elf-android-xsys-fork.bin"
	assert_output --partial "$why (replaced by the module example.com/sys, whose versions are not golang.org/x/sys's)"
	sc "$MAL/fail-elf-nogoos-xsys.bin"
	assert_output --partial ": arm64 elf go?: no marker: forbidden; deps: $XSYS NOT fixed: FAIL ($XSYS: $why (the file has no build info to read"
	sc "$MAL/ok-elf-android-armv7-xsys-v0.29.0.bin"
	assert_output --partial ": armv7 android go1.26.8: no marker: forbidden; deps: none: ok"
	sc "$MAL/ok-elf-linux-xsys-v0.29.0.bin"
	assert_output --partial ": arm64 linux go1.26.8: no marker: forbidden; deps: none: ok"
}

@test "Android: libzip is loaded by symcheck only, and only when it meets a zip; never by the shim or gowrap (its report runs symcheck)" {
	# Not linked: libcrypto comes with it, and its relocations cost more than
	# a whole Mach-O check (verify/ziplib.h).
	run ldd "$SYMCHECK"
	assert_success
	refute_output --partial libzip
	refute_output --partial libcrypto
	run nm -D "$SYMCHECK"
	assert_line --regexp '^ +U dlopen(@.*)?$'
	refute_output --partial zip_open_from_source
	run nm "$SHIM_DIR/go"
	refute_output --partial zip_open_from_source
	run ldd "$SHIM_DIR/go"
	refute_output --partial libzip
	run ldd "$GOWRAP"
	assert_success
	refute_output --partial libzip
	# The name it loads is the one a link records.
	run grep -c 'libzip\.so\.[0-9]' "$SYMCHECK"
	assert_success
}

# symcheck where libzip cannot be loaded: the library's file replaced, in a
# mount namespace of its own, by an empty one (as a half-removed package
# leaves it). Needs root (CI runs as root).
libzip_file() {
	ldconfig -p | awk '$1 ~ /^libzip\.so\.[0-9]+$/ { print $NF; exit }'
}
no_libzip() {
	local lib
	lib="$(libzip_file)"
	[ -n "$lib" ] || { echo "no libzip in ldconfig's cache (fix: apt-get install libzip4)" >&2; return 1; }
	unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$lib" "$@"
}

@test "Android: with libzip unloadable, symcheck still checks every other file; each zip is unreadable (exit 2) naming the library and the fix" {
	android_pack aar "$(probe_so shim)" "$TMP/Probe.aar"
	run --separate-stderr no_libzip "$SYMCHECK" "$(probe_so shim)" "$TMP/Probe.aar"
	assert_failure 2
	assert_line "$(probe_so shim): arm64 android go1.26.8: no marker: forbidden; deps: $UTLS_CPU fixed, $XSYS fixed: ok"
	assert_equal "$stderr" "symcheck: $TMP/Probe.aar: libzip cannot be loaded: $(libzip_file): file too short (fix: install the libzip symcheck was built against — Debian and Ubuntu: libzip4 or libzip5, Homebrew: libzip — or build symcheck again where libzip is installed)"
	# ...and the same symcheck reads it once libzip is there.
	sc "$TMP/Probe.aar"
	assert_success
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
