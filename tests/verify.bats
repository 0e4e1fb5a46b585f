#!/usr/bin/env bats
# tests/verify.bats — symcheck (verify/) on real Go 1.26 Mach-O built
# at test time (tests/helpers/fixtures.bash) and on the small hand-made inputs
# of tests/malformed/. Verdicts are cross-checked against llvm-nm wherever a
# symbol table exists. Run under the sanitizers with
#   make asan && GOWRAP_BUILD=$PWD/build-asan bash tests/run.sh tests/verify.bats
load helpers/common
bats_require_minimum_version 1.5.0
source "$BATS_TEST_DIRNAME/helpers/fixtures.bash"

MAL="$BATS_TEST_DIRNAME/malformed"

setup_file() {
	fx_build_all
}

setup() {
	common_setup
	fx_init
	[ -x "$SYMCHECK" ] || { echo "symcheck not built: $SYMCHECK (run make)" >&2; return 1; }
}

# sc ARGS...: run symcheck with stdout and stderr kept apart.
sc() {
	run --separate-stderr "$SYMCHECK" "$@"
}

# jf FILTER: jq over the last run's stdout.
jf() {
	printf '%s' "$output" | jq -r "$@"
}

# slice_of FILE ARCH FIELD: FIELD of the ARCH slice in symcheck --json FILE.
slice_of() {
	"$SYMCHECK" --json "$1" | jq -r --arg a "$2" "[.inputs[].slices[] | select(.arch == \$a)][0].$3"
}

# What llvm-nm and the raw bytes say about ARCH in FILE: symtab (llvm-nm
# lists the marker), pclntab (no symbol, but the name's bytes are in the
# slice), or null.
nm_verdict() {
	local f="$1" arch="$2" thin="$BATS_TEST_TMPDIR/thin.$2"
	if llvm-nm --arch="$arch" "$f" 2>/dev/null | grep -q ' _internal/cpu\.gowrapMarker'; then
		echo symtab
		return
	fi
	if fx_lipo "$f" -thin "$arch" -output "$thin" 2>/dev/null; then f="$thin"; fi
	if grep -aq 'internal/cpu\.gowrapMarker' "$f"; then echo pclntab; else echo null; fi
}

# crosscheck FILE: every slice's found_in agrees with nm_verdict.
crosscheck() {
	local f="$1" arch got want
	for arch in $("$SYMCHECK" --json "$f" | jq -r '.inputs[].slices[].arch'); do
		got="$(slice_of "$f" "$arch" found_in)"
		want="$(nm_verdict "$f" "$arch")"
		[ "$got" = "$want" ] || {
			echo "$f $arch: symcheck says $got, llvm-nm/bytes say $want"
			return 1
		}
	done
}

@test "usage: --help exits 0, no inputs or a bad option exit 2 with one line" {
	sc --help
	assert_success
	assert_output --partial "usage: symcheck"
	sc
	assert_failure 2
	assert [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	sc --bogus "$(fx_path ios-arm64-marker)"
	assert_failure 2
	sc --expect maybe "$(fx_path ios-arm64-marker)"
	assert_failure 2
	assert_equal "$stderr" "symcheck: --expect takes auto, required or forbidden (fix: symcheck --help)"
}

@test "iOS arm64 exe with the overlay: marker in symtab, required, ok, exit 0" {
	local f
	f="$(fx_path ios-arm64-marker)"
	sc --json "$f"
	assert_success
	assert [ "$(jf .ok)" = true ]
	assert [ "$(jf '.inputs[0].slices | length')" = 1 ]
	assert [ "$(jf '.inputs[0].slices[0].arch')" = arm64 ]
	assert [ "$(jf '.inputs[0].slices[0].platform')" = ios ]
	assert [ "$(jf '.inputs[0].slices[0].goversion')" = "$(go env GOVERSION)" ]
	assert [ "$(jf '.inputs[0].slices[0].marker')" = internal/cpu.gowrapMarkerV1 ]
	assert [ "$(jf '.inputs[0].slices[0].found_in')" = symtab ]
	assert [ "$(jf '.inputs[0].slices[0].expected')" = required ]
	llvm-nm "$f" | grep -q ' t _internal/cpu.gowrapMarkerV1$'
	crosscheck "$f"
}

@test "iOS arm64 exe without the overlay: no marker, exit 1, llvm-nm agrees" {
	local f
	f="$(fx_path ios-arm64-stock)"
	sc "$f"
	assert_failure 1
	assert_output --partial "arm64 ios $(go env GOVERSION): no marker: required: FAIL"
	assert_output --partial "the overlay was not applied"
	assert [ "$(llvm-nm "$f" | grep -c gowrapMarker)" -eq 0 ]
	crosscheck "$f"
}

@test "-ldflags='-s -w' build: verdict agrees with llvm-nm (ld64.lld keeps locals)" {
	local f
	f="$(fx_path ios-arm64-marker-sw)"
	sc --json "$f"
	assert_success
	crosscheck "$f"
}

@test "llvm-strip'd exe: no symbol left, marker found through the pclntab" {
	local f
	f="$(fx_path ios-arm64-marker-strip)"
	assert [ "$(llvm-nm "$f" 2>/dev/null | grep -c gowrapMarker)" -eq 0 ]
	assert [ "$(grep -ac 'internal/cpu.gowrapMarkerV1' "$f")" -ge 1 ]
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].found_in')" = pclntab ]
	assert [ "$(jf '.inputs[0].slices[0].marker')" = internal/cpu.gowrapMarkerV1 ]
	crosscheck "$f"
	# and a stripped stock build is still caught
	sc "$(fx_path ios-arm64-stock-strip)"
	assert_failure 1
}

@test "iOS simulator x86_64 exe: platform ios-simulator, marker forbidden, exit 0" {
	local f
	f="$(fx_path iossim-amd64)"
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].arch')" = x86_64 ]
	assert [ "$(jf '.inputs[0].slices[0].platform')" = ios-simulator ]
	assert [ "$(jf '.inputs[0].slices[0].expected')" = forbidden ]
	assert [ "$(jf '.inputs[0].slices[0].marker')" = null ]
	crosscheck "$f"
}

@test "fat exe: every slice reported; a stock arm64 slice fails alone" {
	local f
	f="$(fx_path fat-exe)"
	sc --json "$f"
	assert_success
	assert [ "$(jf '[.inputs[0].slices[].arch] | sort | join(",")')" = arm64,x86_64 ]
	assert [ "$(slice_of "$f" arm64 found_in)" = pclntab ]
	crosscheck "$f"
	f="$(fx_path fat-exe-stock)"
	sc --json "$f"
	assert_failure 1
	assert [ "$(jf '[.inputs[0].slices[] | select(.ok == false) | .arch] | join(",")')" = arm64 ]
	crosscheck "$f"
}

@test "lipo's hidden extra arm64 entry is found (llvm-lipo does not list it)" {
	local f="$BATS_TEST_TMPDIR/hidden"
	python3 - "$(fx_path fat-exe)" "$f" <<'EOF'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
n = struct.unpack_from(">I", b, 4)[0]
ents = [struct.unpack_from(">iiIII", b, 8 + 20 * i) for i in range(n)]
# Put the arm64 entry last and leave it out of nfat_arch.
ents.sort(key=lambda e: e[0] == 0x0100000c)
for i, e in enumerate(ents):
    struct.pack_into(">iiIII", b, 8 + 20 * i, *e)
struct.pack_into(">I", b, 4, n - 1)
open(sys.argv[2], "wb").write(b)
EOF
	run fx_lipo -archs "$f"
	assert [ "$(echo $output)" = x86_64 ]
	sc "$f"
	assert_success
	assert_output --partial "arm64 (hidden) ios"
	assert [ "$(slice_of "$f" arm64 found_in)" = pclntab ]
}

@test "c-archives: go.o's local marker symbol is found in every flavour" {
	local n f
	for n in a-ios-arm64 a-iossim-arm64 a-catalyst-arm64; do
		f="$(fx_path "$n")"
		sc --json "$f"
		assert_success
		assert [ "$(jf '.inputs[0].slices[0].found_in')" = symtab ]
		assert [ "$(jf '.inputs[0].slices[0].expected')" = required ]
		# the symbol is local (t), so __.SYMDEF cannot list it
		llvm-nm "$f" | grep -q ' t _internal/cpu.gowrapMarkerV1$'
		crosscheck "$f"
	done
	assert [ "$(slice_of "$(fx_path a-ios-arm64)" arm64 platform)" = ios ]
	assert [ "$(slice_of "$(fx_path a-iossim-arm64)" arm64 platform)" = ios-simulator ]
	assert [ "$(slice_of "$(fx_path a-catalyst-arm64)" arm64 platform)" = maccatalyst ]
	f="$(fx_path a-iossim-amd64)"
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].expected')" = forbidden ]
	sc "$(fx_path a-ios-arm64-stock)"
	assert_failure 1
}

@test "fat simulator archive (what gomobile puts in a framework): both slices" {
	local f
	f="$(fx_path a-iossim-fat)"
	sc --json "$f"
	assert_success
	[ "$(jf '[.inputs[0].slices[] | .arch + ":" + .platform + ":" + .expected] | sort | join(" ")')" = \
		"arm64:ios-simulator:required x86_64:ios-simulator:forbidden" ]
	crosscheck "$f"
}

@test "every archive member is read: marker in the last member still counts" {
	local d="$BATS_TEST_TMPDIR/ar" f="$BATS_TEST_TMPDIR/late.a"
	mkdir -p "$d"
	(cd "$d" && llvm-ar x "$(fx_path a-ios-arm64)")
	# go.o last, behind the cgo objects
	(cd "$d" && llvm-ar --format=darwin rcs "$f" $(ls | grep -v '^go.o$' | sort) go.o)
	assert [ "$(llvm-ar t "$f" | tail -1)" = go.o ]
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].found_in')" = symtab ]
	assert [ "$(jf '.inputs[0].slices[0].platform')" = ios ]
}

@test "platform: go.o's wins, else members agree, else the xcframework dir name, else unknown" {
	local src="$(fx_path a-iossim-arm64)" d="$BATS_TEST_TMPDIR/p"
	mkdir -p "$d"
	# Rename LC_BUILD_VERSION (0x32) to an unknown command in chosen
	# members: that object then names no platform (like Go <= 1.19's go.o).
	cat >"$d/unplat.py" <<'EOF'
import struct, sys
src, dst, which = sys.argv[1], sys.argv[2], sys.argv[3]
b = bytearray(open(src, "rb").read())
off = 8
while off + 60 <= len(b):
    size = int(b[off + 48:off + 58].decode().strip())
    name_len = int(b[off + 3:off + 16].decode().strip()) if b[off:off + 3] == b"#1/" else 0
    name = bytes(b[off + 60:off + 60 + name_len]).rstrip(b"\0").decode()
    data = off + 60 + name_len
    if b[data:data + 4] == b"\xcf\xfa\xed\xfe" and (which == "all" or (which == "go") == (name == "go.o")):
        ncmds, = struct.unpack_from("<I", b, data + 16)
        lc = data + 32
        for _ in range(ncmds):
            cmd, cmdsize = struct.unpack_from("<II", b, lc)
            if cmd == 0x32 and which == "others-macos":
                struct.pack_into("<I", b, lc + 8, 1)  # PLATFORM_MACOS
            elif cmd == 0x32:
                struct.pack_into("<I", b, lc, 0x7ff0)
            lc += cmdsize
    off = off + 60 + size
    off += off & 1
open(dst, "wb").write(b)
EOF
	python3 "$d/unplat.py" "$src" "$d/others.a" others
	assert [ "$(slice_of "$d/others.a" arm64 platform)" = ios-simulator ]
	# members disagree: the Go object's platform wins
	python3 "$d/unplat.py" "$src" "$d/mixed.a" others-macos
	assert [ "$(slice_of "$d/mixed.a" arm64 platform)" = ios-simulator ]
	python3 "$d/unplat.py" "$src" "$d/go.a" go
	assert [ "$(slice_of "$d/go.a" arm64 platform)" = ios-simulator ]
	python3 "$d/unplat.py" "$src" "$d/all.a" all
	assert [ "$(slice_of "$d/all.a" arm64 platform)" = unknown ]
	# unknown arm64 fails closed: the marker is required
	assert [ "$(slice_of "$d/all.a" arm64 expected)" = required ]
	mkdir -p "$d/Y.xcframework/ios-arm64_x86_64-simulator/Y.framework" "$d/Y.xcframework/tvos-arm64/Y.framework"
	cp "$d/all.a" "$d/Y.xcframework/ios-arm64_x86_64-simulator/Y.framework/Y"
	cp "$d/all.a" "$d/Y.xcframework/tvos-arm64/Y.framework/Y"
	sc --json "$d/Y.xcframework"
	assert_success
	assert [ "$(jf '[.inputs[].slices[].platform] | join(",")')" = ios-simulator,tvos ]
}

@test "macOS arm64 exe: marker forbidden and absent, exit 0; a leaked marker fails" {
	local f
	f="$(fx_path macos-arm64)"
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].platform')" = macos ]
	assert [ "$(jf '.inputs[0].slices[0].expected')" = forbidden ]
	crosscheck "$f"
	f="$(fx_path macos-arm64-leak)"
	sc "$f"
	assert_failure 1
	assert_output --partial "forbidden: FAIL"
	assert_output --partial "leaked"
	crosscheck "$f"
}

@test "xcframework: every slice of every framework, the deep bundle counted once" {
	local x
	x="$(fx_path X.xcframework)"
	sc --json "$x"
	assert_success
	assert [ "$(jf '.inputs | length')" = 3 ]
	assert [ "$(jf '[.inputs[].slices[]] | length')" = 4 ]
	[ "$(jf '[.inputs[].path | sub(".*/X.xcframework/"; "")] | join(" ")')" = \
		"ios-arm64/X.framework/X ios-arm64-maccatalyst/X.framework/X ios-arm64_x86_64-simulator/X.framework/X" ]
	[ "$(jf '[.inputs[].slices[] | .platform] | sort | join(",")')" = \
		ios,ios-simulator,ios-simulator,maccatalyst ]
	# Text: one line per slice.
	sc "$x"
	assert_success
	assert [ "$(printf '%s\n' "$output" | wc -l)" -eq 4 ]
	# A framework directory by itself (deep bundle with Versions/Current).
	sc --json "$x/ios-arm64-maccatalyst/X.framework"
	assert_success
	assert [ "$(jf '.inputs | length')" = 1 ]
	assert [ "$(jf '.inputs[0].slices[0].platform')" = maccatalyst ]
}

@test "xcframework with a stock device slice: exit 1, only that slice fails" {
	local x
	x="$(fx_path X-stock.xcframework)"
	sc --json "$x"
	assert_failure 1
	assert [ "$(jf .ok)" = false ]
	assert [ "$(jf '[.inputs[].slices[] | select(.ok == false) | .platform + "/" + .arch] | join(",")')" = ios/arm64 ]
}

@test "xcframework with a dangling or looping symlink where a slice should be: exit 2, named" {
	local x="$BATS_TEST_TMPDIR/L.xcframework"
	cp -R "$(fx_path X.xcframework)" "$x"
	# a framework that a failed copy left as a dangling link
	rm -rf "$x/ios-arm64_x86_64-simulator/X.framework"
	ln -s /no/such/X.framework "$x/ios-arm64_x86_64-simulator/X.framework"
	sc --json "$x"
	assert_failure 2
	assert [ "$(jf .ok)" = false ]
	[ "$(jf '[.inputs[] | select(.error != null) | .path | sub(".*/L.xcframework/"; "")] | join(",")')" = \
		ios-arm64_x86_64-simulator/X.framework ]
	# the other slices are still reported
	assert [ "$(jf '[.inputs[].slices[]] | length')" = 2 ]
	assert [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	assert_glob "$stderr" "symcheck: $x/ios-arm64_x86_64-simulator/X.framework: cannot stat: *"
	# a symlink loop as a whole slice directory
	rm -f "$x/ios-arm64_x86_64-simulator/X.framework"
	ln -s loop "$x/tvos-arm64"
	sc "$x"
	assert_failure 2
	assert_glob "$stderr" "symcheck: $x/tvos-arm64: cannot stat: *"
}

@test "upstream detection (golang/go@8058a577 shape): nothing expected, ok" {
	local f
	f="$(fx_path ios-arm64-upstream)"
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].expected')" = none ]
	assert [ "$(jf '.inputs[0].slices[0].marker')" = null ]
	# stock iOS has no trace of it, so the rule does not excuse stock builds
	assert [ "$(llvm-nm "$(fx_path ios-arm64-stock)" | grep -c 'internal/cpu.sysctlbyname')" -eq 0 ]
	llvm-nm "$f" | grep -q 'internal/cpu.sysctlbynameInt32'
	sc --expect required "$f"
	assert_failure 1
	sc "$MAL/ok-upstream-detection.bin"
	assert_success
}

@test "--expect and --marker override the policy" {
	local m
	m="$(fx_path ios-arm64-marker)"
	sc --expect forbidden "$m"
	assert_failure 1
	sc --expect required "$(fx_path iossim-amd64)"
	assert_failure 1
	sc --expect=forbidden "$(fx_path ios-arm64-stock)"
	assert_success
	sc --marker internal/cpu.gowrapMarkerV1 "$m"
	assert_success
	sc --marker internal/cpu.noSuchMarker "$m"
	assert_failure 1
	sc --json --marker=internal/cpu.processOpt "$(fx_path ios-arm64-stock)"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].marker')" = internal/cpu.processOptions ]
}

@test "JSON follows the issue's schema exactly for every fixture at once" {
	local args=() n
	for n in $(fx_names); do args+=("$(fx_path "$n")"); done
	args+=("$MAL/bad-cmdsize-0.bin" "$MAL/ok-not-go.bin")
	sc --json "${args[@]}"
	assert_failure 2
	printf '%s' "$output" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert set(d) == {"ok", "inputs"} and isinstance(d["ok"], bool) and d["ok"] is False
S = {"arch", "platform", "goversion", "marker", "found_in", "variant", "expected", "ok"}
archs = {"arm64", "arm64e", "x86_64", "x86_64h", "arm64_32", "armv7", "armv7s", "armv7k", "i386"}
plats = {"ios", "ios-simulator", "tvos", "tvos-simulator", "macos", "maccatalyst", "visionos",
         "visionos-simulator", "watchos", "watchos-simulator", "unknown"}
nslices = 0
for i in d["inputs"]:
    assert set(i) == {"path", "error", "slices"}, i
    assert isinstance(i["path"], str)
    assert i["error"] is None or (isinstance(i["error"], str) and "\n" not in i["error"])
    if i["error"]:
        assert i["slices"] == []
    for s in i["slices"]:
        nslices += 1
        assert set(s) == S, s
        assert s["arch"] in archs and s["platform"] in plats, s
        assert s["goversion"] is None or s["goversion"].startswith("go1."), s
        assert (s["marker"] is None) == (s["found_in"] is None), s
        assert s["found_in"] in (None, "symtab", "pclntab"), s
        assert s["variant"] in (None, "darwin", "crypto", "upstream", "other"), s
        assert (s["variant"] in (None, "upstream")) == (s["marker"] is None), s
        assert s["expected"] in ("required", "forbidden", "none"), s
        assert isinstance(s["ok"], bool)
        if s["expected"] == "required": assert s["ok"] == (s["marker"] is not None)
        if s["expected"] == "forbidden": assert s["ok"] == (s["marker"] is None)
assert sum(1 for i in d["inputs"] if i["error"]) == 1
assert nslices >= 25, nslices
'
}

@test "--json is valid UTF-8 JSON even for a path that is not UTF-8" {
	local p
	p="$BATS_TEST_TMPDIR/$(printf 'a\xffb\xed\xa0\x80-\xc3\xa9\xf0\x9f\x98\x80')"
	cp "$(fx_path ios-arm64-marker)" "$p"
	sc --json "$p"
	assert_success
	# a strict reader (UTF-8 decode first), as a CI gate in Python would read it
	run python3 -c 'import json,sys; print(json.loads(sys.stdin.buffer.read().decode("utf-8"))["inputs"][0]["path"].rsplit("/",1)[1])' <<<"$output"
	assert_success
	assert_output "$(printf 'a\xef\xbf\xbdb\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd-\xc3\xa9\xf0\x9f\x98\x80')"
}

@test "one unreadable input does not hide the others; exit 2 wins" {
	sc --json "$(fx_path ios-arm64-marker)" /no/such/file "$MAL/bad-fat-overlap.bin" "$(fx_path ios-arm64-stock)"
	assert_failure 2
	assert [ "$(jf '.inputs | length')" = 4 ]
	assert [ "$(jf '[.inputs[] | .error != null] | map(tostring) | join(",")')" = false,true,true,false ]
	assert [ "$(jf '.inputs[3].slices[0].ok')" = false ]
	assert [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 2 ]
	# a plain directory is an input error too
	sc "$BATS_TEST_TMPDIR"
	assert_failure 2
	assert_equal "$stderr" "symcheck: $BATS_TEST_TMPDIR: a directory that is neither .framework nor .xcframework"
}

@test "a FIFO, a socket or a device given as PATH: one line, exit 2, never a wait for a writer (also --markers, --json, and inside a bundle)" {
	mkfifo "$TMP/pipe"
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$TMP/sock"
	for f in "$TMP/pipe" "$TMP/sock" /dev/null /dev/zero; do
		run --separate-stderr timeout 10 "$SYMCHECK" "$f"
		assert_equal "$status" 2
		assert_equal "$stderr" "symcheck: $f: not a regular file"
		run --separate-stderr timeout 10 "$SYMCHECK" --markers "$f"
		assert_equal "$status" 2
		assert_equal "$stderr" "symcheck: $f: not a regular file"
	done
	run --separate-stderr timeout 10 "$SYMCHECK" --json "$TMP/pipe" "$(fx_path ios-arm64-marker)"
	assert_equal "$status" 2
	assert_equal "$(jf '[.inputs[] | .error] | map(tostring) | join(",")')" "not a regular file,null"
	# a framework whose binary is a FIFO has no binary; the walk never opens it
	mkdir -p "$TMP/Lib.framework"
	mkfifo "$TMP/Lib.framework/Lib"
	run --separate-stderr timeout 10 "$SYMCHECK" "$TMP/Lib.framework"
	assert_equal "$status" 2
	assert_equal "$stderr" "symcheck: $TMP/Lib.framework: framework has no binary Lib"
}

@test "malformed inputs: each exits 2 with one line naming it, fast, no sanitizer report" {
	local f n=0
	for f in "$MAL"/bad-*.bin; do
		n=$((n + 1))
		run --separate-stderr timeout 10 "$SYMCHECK" "$f"
		[ "$status" -eq 2 ] || { echo "$f: status $status: $stderr"; return 1; }
		symcheck_refused "$f" || return 1
		assert [ "$(grep -cE 'Sanitizer|runtime error' <<<"$stderr")" -eq 0 ]
	done
	assert [ "$n" -ge 40 ]
}

@test "malformed inputs by name: the reason says what is wrong" {
	sc "$MAL/bad-cmdsize-0.bin"
	assert_glob "$stderr" "*cmdsize 0*"
	sc "$MAL/bad-huge-ncmds.bin"
	assert_glob "$stderr" "*4294967295 load commands cannot fit*"
	sc "$MAL/bad-fat-overlap.bin"
	assert_glob "$stderr" "*: fat slices 0 and 1 overlap"
	sc "$MAL/bad-fat-self.bin"
	assert_glob "$stderr" "*inside the fat header*"
	sc "$MAL/bad-fat-nested.bin"
	assert_glob "$stderr" "*nesting not allowed*"
	sc "$MAL/bad-section-past-end.bin"
	assert_glob "$stderr" "*__gopclntab*"
	sc "$MAL/bad-pcln-offset-past-end.bin"
	assert_glob "$stderr" "*pclntab table offsets*"
	sc "$MAL/bad-ar-size-alpha.bin"
	assert_glob "$stderr" "*size field*"
	sc "$MAL/bad-ar-longname-huge.bin"
	assert_glob "$stderr" "*#1/*"
	sc "$MAL/bad-fat-java-count.bin"
	assert_glob "$stderr" "*Java*"
}

@test "hand-made readable inputs: pclntab layouts 1.16, 1.18, 1.20+, ptrsize 4, hidden arm64" {
	local f st
	for f in "$MAL"/ok-*.bin "$MAL"/fail-*.bin; do
		st=0
		[[ "$(basename "$f")" == fail-* ]] && st=1
		run timeout 10 "$SYMCHECK" "$f"
		[ "$status" -eq "$st" ] || { echo "$f: $status $output"; return 1; }
	done
	assert [ "$(slice_of "$MAL/ok-pcln116-marker.bin" arm64 found_in)" = pclntab ]
	assert [ "$(slice_of "$MAL/ok-pcln116-marker.bin" arm64 goversion)" = go1.17.13 ]
	assert [ "$(slice_of "$MAL/ok-pcln118-marker.bin" arm64 found_in)" = pclntab ]
	assert [ "$(slice_of "$MAL/ok-pcln118-marker.bin" arm64 goversion)" = go1.19.13 ]
	assert [ "$(slice_of "$MAL/ok-pcln120-marker.bin" arm64 found_in)" = pclntab ]
	assert [ "$(slice_of "$MAL/ok-pcln116-ptr4-armv7.bin" armv7 goversion)" = go1.16.15 ]
	assert [ "$(slice_of "$MAL/ok-versionmin-sim-x86.bin" x86_64 platform)" = ios-simulator ]
	assert [ "$(slice_of "$MAL/ok-not-go.bin" arm64 expected)" = none ]
	assert [ "$(slice_of "$MAL/ok-fat-hidden-arm64.bin" arm64 found_in)" = pclntab ]
	assert [ "$(slice_of "$MAL/fail-fat-hidden-arm64-nomarker.bin" arm64 ok)" = false ]
}

@test "the committed malformed files are what make.py writes" {
	local d="$BATS_TEST_TMPDIR/mal"
	mkdir -p "$d"
	cp "$MAL/make.py" "$d/"
	python3 "$d/make.py"
	diff -r -x make.py -x __pycache__ "$d" "$MAL"
}

@test "library call vf_check_output: status and one line naming the failing slice" {
	local bin="$BATS_TEST_TMPDIR/vfcheck" san=()
	# The library as a user links it: verify.h and the module archives
	# (built with sanitizers under `make asan`: link with them too).
	if nm "$BUILD_DIR/lib/libcommon.a" 2>/dev/null | grep -q __asan_; then
		san=(-fsanitize=address,undefined)
	fi
	cc "${san[@]}" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
		-I"$GOWRAP_ROOT/verify" -I"$GOWRAP_ROOT/common" -o "$bin" \
		"$GOWRAP_ROOT/verify/testdata/vfcheck.c" \
		"$BUILD_DIR/lib/libverify.a" "$BUILD_DIR/lib/libcommon.a"
	run "$bin" "$(fx_path X.xcframework)"
	assert_success
	assert_output "0 "
	run "$bin" "$(fx_path X-stock.xcframework)"
	assert_failure 1
	assert_output --regexp '^1 .*/ios-arm64/X.framework/X: arm64 ios slice: marker missing: the overlay was not applied'
	run "$bin" "$(fx_path macos-arm64-leak)"
	assert_failure 1
	assert_output --partial "arm64 macos slice: marker present where it must not be"
	run "$bin" "$MAL/bad-ar-fmag.bin"
	assert_failure 2
	assert_output --partial "lacks its end marker"
	run "$bin" "$(fx_path ios-arm64-marker)" internal/cpu.noSuch
	assert_failure 1
	assert [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]
}

# darwin_fixture: an iOS arm64 executable built with `gowrap overlay`'s
# default overlay (darwin parity: Go's own darwin detection for ios), kept
# with the other fixtures.
darwin_fixture() {
	local p="$FX_DIR/ios-arm64-darwin" ov
	[ -e "$p" ] && { echo "$p"; return 0; }
	ov=$(GOWRAP_CACHE="$FX_DIR/gowrap-cache" "$GOWRAP" overlay --goroot "$FX_GOROOT" --features darwin) || return 1
	_fx_go "$p" ios arm64 ios-arm64 "$ov" || return 1
	echo "$p"
}

@test "darwin parity (gowrap overlay's default): (darwin parity) in text, variant darwin in --json, required and ok; its sysctl code is not taken for upstream's" {
	local f
	f="$(darwin_fixture)"
	sc "$f"
	assert_success
	assert_output --regexp ": arm64 ios go1\.[0-9.]+: internal/cpu\.gowrapMarkerDarwinV1 in symtab \(darwin parity\): required: ok$"
	# the slice has the sysctl functions upstream's fix would bring
	llvm-nm "$f" | grep -q ' _internal/cpu.sysctlbynameInt32$'
	sc --json "$f"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].variant')" = darwin ]
	assert [ "$(jf '.inputs[0].slices[0].expected')" = required ]
	# stripped: found in the pclntab, still darwin parity
	_fx_strip "$BATS_TEST_TMPDIR/stripped" "$f"
	sc --json "$BATS_TEST_TMPDIR/stripped"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].found_in')" = pclntab ]
	assert [ "$(jf '.inputs[0].slices[0].variant')" = darwin ]
	# the crypto marker's fixture says crypto
	sc --json "$(fx_path ios-arm64-marker)"
	assert [ "$(jf '.inputs[0].slices[0].variant')" = crypto ]
	sc "$(fx_path ios-arm64-marker)"
	assert_output --partial "internal/cpu.gowrapMarkerV1 in symtab (crypto): required: ok"
}

@test "--variant darwin accepts darwin parity and upstream's own detection, --variant crypto only the crypto marker; other slices as before" {
	local d c u
	d="$(darwin_fixture)"
	c="$(fx_path ios-arm64-marker)"
	u="$(fx_path ios-arm64-upstream)"
	sc --variant darwin "$d"
	assert_success
	sc --variant crypto "$d"
	assert_failure 1
	assert_output --partial "(darwin parity): required: FAIL (not the crypto feature set: --variant crypto asks for the four-bit overlay"
	sc --variant darwin "$c"
	assert_failure 1
	assert_output --partial "(crypto): required: FAIL (not darwin parity: --variant darwin asks for Go's darwin detection"
	sc --variant=crypto "$c"
	assert_success
	sc --json --variant darwin "$u"
	assert_success
	assert [ "$(jf '.inputs[0].slices[0].variant')" = upstream ]
	sc --variant crypto "$u"
	assert_failure 1
	sc --variant darwin "$(fx_path ios-arm64-stock)"
	assert_failure 1
	assert_output --partial "no marker: required: FAIL (marker missing"
	# slices that need no marker are not asked for a variant
	sc --variant crypto "$(fx_path macos-arm64)"
	assert_success
	sc --variant any "$c" "$d"
	assert_success
	sc --json --variant darwin "$c" "$d"
	assert_failure 1
	assert [ "$(jf '[.inputs[].slices[0].ok] | map(tostring) | join(" ")')" = "false true" ]
	sc --variant all "$c"
	assert_failure 2
	assert_equal "$stderr" "symcheck: --variant takes darwin, crypto or any (fix: symcheck --help)"
}

@test "the two markers tell each other apart, and the darwin-parity marker asked for by name (as the shim asks) is never excused by sysctl code" {
	local d c u
	d="$(darwin_fixture)"
	c="$(fx_path ios-arm64-marker)"
	u="$(fx_path ios-arm64-upstream)"
	sc --json --marker internal/cpu.gowrapMarkerV1 "$d"
	assert [ "$(jf '.inputs[0].slices[0].marker')" = null ]
	sc --json --marker internal/cpu.gowrapMarkerDarwinV1 "$c"
	assert_failure 1
	assert [ "$(jf '.inputs[0].slices[0].marker')" = null ]
	# upstream-shaped sysctl code without the marker: upstream's fix for the
	# default prefix, a missing marker for the darwin-parity name
	sc "$u"
	assert_success
	sc --marker internal/cpu.gowrapMarkerDarwinV1 "$u"
	assert_failure 1
	assert_output --partial "no marker: required: FAIL"
	sc --marker internal/cpu.gowrapMarkerV1 "$u"
	assert_success
}
