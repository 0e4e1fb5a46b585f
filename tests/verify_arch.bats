#!/usr/bin/env bats
# tests/verify_arch.bats — symcheck on every ELF class and byte order Go
# emits. The probe (tests/fixtures/archprobe: github.com/metacubex/cpu
# v0.1.1, a copy of Go's internal/cpu, and println) is built once per file
# with the real go for linux on 13 GOARCHes, CGO_ENABLED=0: unfixed; fixed
# without gowrap (go mod vendor, then a gowrapMarkerV1 function added to the
# vendored copy, as the dependency fix adds one); stripped by the linker
# (-ldflags=-s -w) or by llvm-strip. The copy's fix is asked on the arches
# whose internal/cpu reads HWCap (verify/policy.c), never on the others.
# Real binaries cut and corrupted stand for hostile ones of each byte order.
load helpers/common
bats_require_minimum_version 1.5.0

MCCPU=github.com/metacubex/cpu
# GOARCH, then what symcheck calls it.
ASKED="arm64:arm64 arm:armv7 ppc64:ppc64 ppc64le:ppc64le s390x:s390x loong64:loong64 mips64:mips64 mips64le:mips64le"
NOT_ASKED="386:i386 amd64:x86_64 riscv64:riscv64 mips:mips mipsle:mipsle"
# Every asked arch stripped one way: by the linker (a relink each) or by
# llvm-strip (no go build: the suite's time is mostly go's).
LINKER_STRIPPED="s390x ppc64le arm mips64le"
LLVM_STRIPPED="arm64 ppc64 loong64 mips64"

# build_all DIR: every build this file checks, two go commands at a time
# (the machine has two cores; the runtime's compile is mostly serial).
build_all() {
	local d="$1" a
	cp -r "$BATS_TEST_DIRNAME/fixtures/archprobe" "$d/src"
	cp -r "$d/src" "$d/fixed-src"
	(cd "$d/fixed-src" && go mod vendor) >"$d/vendor.log" 2>&1 || { cat "$d/vendor.log"; return 1; }
	# The fix's shape (deps/): a marker function the package's init calls,
	# so the linker keeps it.
	cat >"$d/fixed-src/vendor/$MCCPU/gowrap_marker.go" <<-'EOF'
	package cpu

	//go:noinline
	func gowrapMarkerV1() {}

	var _ = func() bool { gowrapMarkerV1(); return true }()
	EOF
	{
		for a in $ASKED $NOT_ASKED; do echo "src unfixed-${a%%:*} ${a%%:*}"; done
		for a in $ASKED; do echo "fixed-src fixed-${a%%:*} ${a%%:*} -mod=vendor"; done
		for a in $LINKER_STRIPPED; do echo "src stripped-$a $a '-ldflags=-s -w'"; done
		echo "fixed-src fixed-stripped-s390x s390x -mod=vendor '-ldflags=-s -w'"
	} | xargs -P 2 -L 1 bash -c 'cd "$0/$1" && GOARCH="$3" go build "${@:4}" -o "$0/$2" . >"$0/$2.log" 2>&1 || { echo "$2:"; cat "$0/$2.log"; exit 255; }' "$d"
	# the rest stripped after the link, as a packager's strip step does
	for a in $LLVM_STRIPPED; do
		llvm-strip -o "$d/stripped-$a" "$d/unfixed-$a" || return 1
	done
	llvm-strip -o "$d/fixed-stripped-mips64" "$d/fixed-mips64"
}

setup_file() {
	require_modules github.com/metacubex/cpu@v0.1.1
	export GOFLAGS= GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local GOOS=linux CGO_ENABLED=0
	unset GOARCH GOWORK
	export ARCHDIR="$BATS_FILE_TMPDIR/arch"
	mkdir -p "$ARCHDIR"
	local t0=$SECONDS
	build_all "$ARCHDIR" || return 1
	echo "# verify_arch: $(ls "$ARCHDIR" | grep -vc '\.log$\|src$') binaries in $((SECONDS - t0)) s" >&3
	GOVERSION="$(go env GOVERSION)"
	export GOVERSION
}

setup() {
	common_setup
	[ -x "$SYMCHECK" ] || { echo "symcheck not built: $SYMCHECK (run make)" >&2; return 1; }
}

sc() {
	run --separate-stderr "$SYMCHECK" "$@"
}

jf() {
	printf '%s' "$output" | jq -r "$@"
}

# fails_naming_copy FILE NAME: exit 1, the copy named NOT fixed on NAME's
# line and in the cause; --json says the same.
fails_naming_copy() {
	local f="$1" n="$2"
	sc "$f"
	[ "$status" -eq 1 ] || { echo "$f: status $status: $output $stderr"; return 1; }
	assert_equal "$output" "$f: $n linux $GOVERSION: no marker: forbidden; deps: $MCCPU NOT fixed: FAIL ($MCCPU: a copy of Go's internal/cpu without gowrap's dependency fix (no gowrapMarkerV... marker), so its HWCap stays 0 on linux/android $n; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0))"
	sc --json "$f"
	assert_failure 1
	assert_equal "$(jf '[.ok, (.inputs[0].slices[0] | .arch, .platform, .ok, .deps_asked, (.deps | tojson))] | map(tostring) | join(" ")')" \
		"false $n linux false true [{\"package\":\"$MCCPU\",\"fixed\":false}]"
}

@test "every arch whose copy of internal/cpu reads HWCap (arm64, arm, ppc64, ppc64le, s390x, loong64, mips64, mips64le): the unfixed build fails naming $MCCPU, text and --json" {
	local a
	for a in $ASKED; do
		fails_naming_copy "$ARCHDIR/unfixed-${a%%:*}" "${a#*:}" || return 1
	done
	# the byte orders and classes this covers, as readelf reads them
	run llvm-readelf -h "$ARCHDIR/unfixed-s390x" "$ARCHDIR/unfixed-ppc64" "$ARCHDIR/unfixed-mips64" "$ARCHDIR/unfixed-arm"
	assert_equal "$(grep -c 'big endian' <<<"$output")" 3
	assert_equal "$(grep -c 'Class: *ELF32' <<<"$output")" 1
}

@test "stripped (-ldflags=-s -w: s390x ppc64le arm mips64le; llvm-strip: arm64 ppc64 loong64 mips64): still fails through the pclntab on every asked arch" {
	local a f
	for a in $ASKED; do
		f="$ARCHDIR/stripped-${a%%:*}"
		run llvm-readelf -S "$f"
		refute_output --partial ".symtab"
		fails_naming_copy "$f" "${a#*:}" || return 1
	done
}

@test "fixed without gowrap (the vendored copy carries gowrapMarkerV1): passes on every asked arch, stripped too" {
	local a f n
	for a in $ASKED; do
		f="$ARCHDIR/fixed-${a%%:*}" n="${a#*:}"
		sc "$f"
		[ "$status" -eq 0 ] || { echo "$f: status $status: $output $stderr"; return 1; }
		assert_equal "$output" "$f: $n linux $GOVERSION: no marker: forbidden; deps: $MCCPU fixed: ok"
		sc --json "$f"
		assert_success
		assert_equal "$(jf '.inputs[0].slices[0] | [.arch, .ok, .deps_asked, .deps[0].fixed] | map(tostring) | join(" ")')" "$n true true true"
	done
	for f in "$ARCHDIR/fixed-stripped-s390x" "$ARCHDIR/fixed-stripped-mips64"; do
		run llvm-readelf -S "$f"
		refute_output --partial ".symtab"
		sc "$f"
		assert_success
		assert_output --partial "deps: $MCCPU fixed: ok"
	done
}

@test "arches whose copy reads no HWCap (386, amd64, riscv64, mips, mipsle): the unfixed build passes, no fix asked" {
	local a f
	for a in $NOT_ASKED; do
		f="$ARCHDIR/unfixed-${a%%:*}"
		sc "$f"
		[ "$status" -eq 0 ] || { echo "$f: status $status: $output $stderr"; return 1; }
		assert_equal "$output" "$f: ${a#*:} linux $GOVERSION: no marker: forbidden: ok"
		sc --json "$f"
		assert_equal "$(jf '.inputs[0].slices[0] | [.arch, .ok, .deps_asked, (.deps | length)] | map(tostring) | join(" ")')" "${a#*:} true false 1"
	done
	run llvm-readelf -h "$ARCHDIR/unfixed-mips"
	assert_output --regexp 'Class: +ELF32'
	assert_output --partial 'big endian'
}

@test "all of them in one call, and gowrap report: one line (row) per file, the asked unfixed ones FAIL" {
	local a files=()
	for a in $ASKED $NOT_ASKED; do files+=("$ARCHDIR/unfixed-${a%%:*}"); done
	sc "${files[@]}"
	assert_failure 1
	assert_equal "${#lines[@]}" 13
	assert_equal "$(grep -c ': FAIL (' <<<"$output")" 8
	run "$GOWRAP" report --out "$TMP/r.md" "${files[@]}" "$ARCHDIR/fixed-s390x"
	assert_failure 110
	run grep '^| `' "$TMP/r.md"
	assert_equal "${#lines[@]}" 14
	assert_line "| \`$ARCHDIR/unfixed-s390x\` | \`s390x\` | \`linux\` | \`$GOVERSION\` | — | forbidden; dependency fix: \`$MCCPU\` | ❌ **FAIL**: \`$MCCPU\` NOT fixed: a copy of Go's internal/cpu without gowrap's dependency fix, so its HWCap stays 0 on linux/android s390x (build through the shim, GOWRAP_DEPS not 0) |"
	assert_line "| \`$ARCHDIR/unfixed-mips\` | \`mips\` | \`linux\` | \`$GOVERSION\` | — | forbidden | ✅ ok |"
	assert_line "| \`$ARCHDIR/fixed-s390x\` | \`s390x\` | \`linux\` | \`$GOVERSION\` | — | forbidden; dependency fix: \`$MCCPU\` | ✅ ok: \`$MCCPU\` fixed |"
}

# corrupt FILE OFFSET BYTES TAG: a copy of FILE (named by TAG) with BYTES
# (printf escapes) at OFFSET.
corrupt() {
	local out="$TMP/$(basename "$1")-$4"
	cp "$1" "$out"
	printf "$3" | dd of="$out" bs=1 seek="$2" conv=notrunc status=none
	echo "$out"
}

# section_off FILE NAME: the file offset of section NAME (llvm-readelf;
# "[ 1]" splits in two fields, "[10]" does not).
section_off() {
	local hex
	hex=$(llvm-readelf -S --wide "$1" | awk -v n="$2" '$2 == n { print $5; exit } $3 == n { print $6; exit }')
	[ -n "$hex" ] && echo $((16#$hex))
}

@test "real binaries of each byte order and class (64-bit BE s390x, 32-bit BE mips, 32-bit LE arm) cut or corrupted: exit 2, one line naming the file" {
	local a f size bad=() off
	for a in s390x mips arm; do
		f="$ARCHDIR/unfixed-$a"
		size=$(stat -c %s "$f")
		head -c $((size / 2)) "$f" >"$TMP/half-$a"
		head -c 40 "$f" >"$TMP/ehdr-$a"
		bad+=("$TMP/half-$a" "$TMP/ehdr-$a")
		off=$(section_off "$f" .gopclntab)
		[ -n "$off" ] && [ "$off" -gt 0 ] || { echo "$f: no .gopclntab offset"; return 1; }
		bad+=("$(corrupt "$f" "$off" '\xde\xad\xbe\xef' magic)")
		bad+=("$(corrupt "$f" $((off + 8)) '\x7f\xff\xff\xff' nfunc)") # its high word on BE
		bad+=("$(corrupt "$f" 5 '\x03' data3)")
	done
	# e_shoff past the end: 64-bit BE at 0x28, 32-bit at 0x20
	bad+=("$(corrupt "$ARCHDIR/unfixed-s390x" 40 '\x7f\xff\xff\xff' shoff)")
	bad+=("$(corrupt "$ARCHDIR/unfixed-mips" 32 '\x7f\xff\xff\xff' shoff)")
	# the byte order flipped: every header field then reads wrong
	bad+=("$(corrupt "$ARCHDIR/unfixed-s390x" 5 '\x01' flipped)")
	bad+=("$(corrupt "$ARCHDIR/unfixed-arm" 5 '\x02' flipped)")
	for f in "${bad[@]}"; do
		run --separate-stderr timeout 10 "$SYMCHECK" "$f"
		[ "$status" -eq 2 ] || { echo "$f: status $status: $output $stderr"; return 1; }
		symcheck_refused "$f" || return 1
		assert [ "$(grep -cE 'Sanitizer|runtime error' <<<"$stderr")" -eq 0 ]
	done
	sc "$TMP/unfixed-s390x-shoff"
	assert_glob "$stderr" "*ELF section header table is malformed or outside the file"
	sc "$TMP/unfixed-mips-magic"
	assert_glob "$stderr" "*pclntab magic 0x*is not a Go 1.16-1.27 layout"
	sc "$TMP/unfixed-s390x-nfunc"
	assert_glob "$stderr" "*pclntab claims * functions, more than its function table holds"
	sc "$TMP/unfixed-arm-data3"
	assert_glob "$stderr" "*ELF byte order 3 is neither little- nor big-endian"
}
