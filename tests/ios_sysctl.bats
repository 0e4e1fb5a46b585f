#!/usr/bin/env bats
# tests/ios_sysctl.bats — x/sys/cpu's sysctl fix on iOS held to golang.org/x/sys
# v0.42.0's own objects (deps/README.md): no machine here runs iOS, so what
# can be proven is what the linker is handed. Two ios/arm64 c-archives of
# the same program (tests/fixtures/xsysandroid's main.go: it prints
# x/sys/cpu's ARM64 fields), built by the real go with the stand-in Apple
# toolchain: x/sys v0.29.0 through the shim (the fix) and x/sys v0.42.0
# (tests/fixtures/xsysios42) without it; and v0.29.0 without the shim, which
# asks nothing. Read from each go.o (llvm-nm, llvm-objdump -r and the bytes
# of the sections, never from source): the trampoline whose first
# instruction branches to libSystem's _sysctlbyname, the package's address
# word that holds it, the package's function that loads that word and calls
# syscall.syscall6, and every hw.optional name a function of the package
# loads.

load helpers/common
bats_require_minimum_version 1.5.0

FX="$BATS_TEST_DIRNAME/fixtures"

# build OUT DIR shim|plain: an ios/arm64 c-archive of DIR, its go.o as OUT.o
build() {
	local out="$1" dir="$2" how="$3" go=go pathv="$SHIM_DIR:$PATH"
	[ "$how" = shim ] || { go="$(real_go)"; pathv="$PATH"; }
	(cd "$dir" && PATH="$pathv" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		"$go" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$out.a" .) \
		>"$out.out" 2>&1 || { echo "build of $out failed: $(cat "$out.out")" >&2; return 0; }
	(cd "$(dirname "$out")" && llvm-ar p "$out.a" go.o >"$out.o")
}

setup_file() {
	export D="$BATS_FILE_TMPDIR"
	export GOWRAP_CACHE="$D/cache" GOTOOLCHAIN=local GOFLAGS= GOPROXY=off
	mkdir -p "$D/own"
	cp "$FX/xsysios42/go.mod" "$FX/xsysios42/go.sum" "$FX/xsysandroid/main.go" "$D/own/"
	build "$D/fix" "$FX/xsysandroid" shim
	build "$D/own" "$D/own" plain
	build "$D/plain" "$FX/xsysandroid" plain
}

setup() {
	common_setup
	export GOWRAP_CACHE="$D/cache" GOFLAGS= GOPROXY=off
}

# facts OBJ: what the object says of x/sys/cpu's sysctl calls, one fact a
# line: "word W = T" (a data symbol W of the package holds the address of
# T, whose first instruction is a branch), "trampoline T -> S" (that branch
# goes to S), "call F
# _syscall.syscall6 with W" (function F of the package loads W and calls
# syscall.syscall6), "name N" (a hw.optional string a function of the
# package loads, sorted).
facts() {
	python3 - "$1" <<'PY'
import bisect, re, struct, subprocess, sys
obj, PKG = sys.argv[1], "_golang.org/x/sys/cpu."
def run(*a):
    return subprocess.run(a, capture_output=True, text=True, check=True).stdout
data = open(obj, "rb").read()
secs = []  # (name, addr, size, file offset) of a 64-bit Mach-O object
off = 32
for _ in range(struct.unpack_from("<I", data, 16)[0]):
    cmd, size = struct.unpack_from("<II", data, off)
    if cmd == 0x19:  # LC_SEGMENT_64
        for k in range(struct.unpack_from("<I", data, off + 64)[0]):
            s = off + 72 + 80 * k
            addr, sz, foff = struct.unpack_from("<QQI", data, s + 32)
            secs.append((data[s:s + 16].rstrip(b"\0").decode(), addr, sz, foff))
    off += size
def cstr(addr):
    for _, a, sz, foff in secs:
        if a <= addr < a + sz and foff:
            b = data[foff + addr - a:foff + sz]
            return b[:b.index(b"\0")].decode("latin-1") if b"\0" in b else None
syms = [l.split() for l in run("llvm-nm", "-n", obj).splitlines()]
syms = [(int(p[0], 16), p[1], p[2]) for p in syms if len(p) == 3]
addr_of = {n: a for a, _, n in syms}
pkg_at = {}  # address -> the package's symbols there
for a, _, n in syms:
    if n.startswith(PKG):
        pkg_at.setdefault(a, []).append(n)
text = sorted((a, n) for a, t, n in syms if t in "tT")
starts = [a for a, _ in text]
def func_at(a):
    i = bisect.bisect_right(starts, a) - 1
    return text[i][1] if i >= 0 else ""
relocs, sec, addend = [], None, {}
for l in run("llvm-objdump", "-r", obj).splitlines():
    m = re.match(r"RELOCATION RECORDS FOR \[(\S+)\]", l)
    if m:
        sec = m.group(1)
        continue
    m = re.match(r"([0-9a-f]+)\s+(ARM64_RELOC_\w+)\s+(\S+)", l)
    if not m or not sec:
        continue
    o, kind, val = int(m.group(1), 16), m.group(2), m.group(3)
    if kind == "ARM64_RELOC_ADDEND":  # the addend of the next one at o
        addend[(sec, o)] = int(val, 16)
        continue
    # offsets count from the section's start; two sections may share a name
    ad = addend.pop((sec, o), 0)
    relocs += [(a + o, kind, val, ad) for n, a, sz, _ in secs if n == sec and o < sz]
branch = {}  # address -> where the branch there goes
for a, k, v, _ in relocs:
    if k == "ARM64_RELOC_BRANCH26":
        branch.setdefault(a, set()).add(v)
words = set()
for a, k, v, _ in relocs:
    if k != "ARM64_RELOC_UNSIGNED" or v not in addr_of:
        continue
    tramp = sorted(branch.get(addr_of[v], ()))  # v starts with a branch
    for n in pkg_at.get(a, []) if tramp else []:
        words.add(n)
        print("word", n, "=", v)
        for s in tramp:
            print("trampoline", v, "->", s)
loads, calls, names = {}, set(), set()
for a, k, v, ad in relocs:
    f = func_at(a)
    if not f.startswith(PKG):
        continue
    if k == "ARM64_RELOC_PAGE21":
        loads.setdefault(f, set()).add(v)
        s = cstr(addr_of[v] + ad) if v in addr_of else None
        if s and s.startswith("hw.optional."):
            names.add(s)
    if k == "ARM64_RELOC_BRANCH26" and v == "_syscall.syscall6":
        calls.add(f)
for f in sorted(calls):
    for w in sorted(loads.get(f, set()) & words):
        print("call", f, "_syscall.syscall6 with", w)
for n in sorted(names):
    print("name", n)
PY
}

@test "x/sys v0.42.0's own ios/arm64 object: its trampoline branches to _sysctlbyname, its address word holds it, syscall.syscall6 is called with that word" {
	[ -s "$D/own.o" ] || fail "no object: $(cat "$D/own.out")"
	run facts "$D/own.o"
	assert_success
	local w=_golang.org/x/sys/cpu.libc_sysctlbyname_trampoline_addr
	assert_line "word $w = _libc_sysctlbyname_trampoline"
	assert_line "trampoline _libc_sysctlbyname_trampoline -> _sysctlbyname"
	assert_line "call _golang.org/x/sys/cpu.sysctlbyname _syscall.syscall6 with $w"
	[ "$(grep -c '^trampoline' <<<"$output")" -eq 1 ] || fail "one trampoline expected: $output"
}

@test "x/sys v0.29.0 through the shim: the same trampoline, address word and syscall.syscall6 call, under gowrap's names" {
	[ -s "$D/fix.o" ] || fail "no object: $(cat "$D/fix.out")"
	run facts "$D/fix.o"
	assert_success
	local w=_golang.org/x/sys/cpu.gowrapSysctlbynameTrampolineAddr
	assert_line "word $w = _gowrap_sysctlbyname_trampoline"
	assert_line "trampoline _gowrap_sysctlbyname_trampoline -> _sysctlbyname"
	assert_line "call _golang.org/x/sys/cpu.gowrapSysctlEnabled _syscall.syscall6 with $w"
	[ "$(grep -c '^trampoline' <<<"$output")" -eq 1 ] || fail "one trampoline expected: $output"
	# and the same shape as v0.42.0's: one word, one trampoline, one call
	diff <(facts "$D/own.o" | grep -v '^name' | cut -d' ' -f1 | sort) <(grep -v '^name' <<<"$output" | cut -d' ' -f1 | sort)
}

@test "the hw.optional names asked, read from both objects, are the same set (v0.42.0's)" {
	run facts "$D/own.o"
	local own="$output"
	[ "$(grep -c '^name hw.optional.' <<<"$own")" -ge 20 ] || fail "v0.42.0 asks too few names: $own"
	# the ones v0.42.0 asserts (`true || ...`: FEAT_AES, ...) are never asked
	refute_line "name hw.optional.arm.FEAT_AES"
	run facts "$D/fix.o"
	diff <(grep '^name' <<<"$own") <(grep '^name' <<<"$output") || fail "the names differ (< v0.42.0, > the fix)"
}

@test "x/sys v0.29.0 without the shim: no trampoline, no call, no name (what the fix adds)" {
	[ -s "$D/plain.o" ] || fail "no object: $(cat "$D/plain.out")"
	run facts "$D/plain.o"
	assert_success
	assert_output ""
}
