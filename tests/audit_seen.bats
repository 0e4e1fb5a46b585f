#!/usr/bin/env bats
# gowrap audit beyond the Go files table.c's rules read (deps/README.md, "What
# audit reads"): tests/fixtures/seenprobe imports github.com/templexxx/cpu
# v0.0.9 (a copy of Go 1.11's internal/cpu), github.com/klauspost/compress
# v1.18.0 (CPUID in Go assembly), github.com/supranational/blst v0.3.17 and
# github.com/DataDog/zstd v1.5.7 (C compiled through cgo) and
# github.com/cilium/ebpf v0.22.0 (its own func Auxv); audit lists it with the
# real go, offline, for linux/arm64, android/arm64, ios/arm64 and
# linux/amd64. A module written here holds what no rule speaks of, and
# hostile #include lines.

load helpers/common
bats_require_minimum_version 1.5.0

PROBE="$BATS_TEST_DIRNAME/fixtures/seenprobe"

setup() {
	common_setup
	export GOFLAGS= GOPROXY=off CGO_ENABLED=1
	cd "$PROBE"
}

# The lines every target shares, by package.
T_ARM64='github.com/templexxx/cpu	github.com/templexxx/cpu@v0.0.9	copy of internal/cpu	defective, not fixed: rule cpu11-arm64: its `hwcap` (Go 1.11'"'"'s lowercase name) is never filled: the runtime fills std'"'"'s internal/cpu only and nothing here reads the auxiliary vector or sysctl, so every ARM64 feature reads false; gowrap'"'"'s fill knows `HWCap` only (cpu_arm64.go in github.com/templexxx/cpu@v0.0.9; rule read in github.com/templexxx/cpu v0.0.9 cpu_arm64.go, a copy of Go 1.11'"'"'s internal/cpu)'
BLST='github.com/supranational/blst/bindings/go	github.com/supranational/blst@v0.3.17	C through cgo	right on its own: rule blst-cpuid: x86-64 asks CPUID (an instruction); linux and android arm64 ask getauxval(AT_HWCAP), libc'"'"'s read of the vector the kernel gives every process; Apple arm64 asserts SHA-256, which every arm64 Apple CPU has; elsewhere it asks nothing and takes no SHA extension (src/cpuid.c in github.com/supranational/blst@v0.3.17; rule read in github.com/supranational/blst v0.3.17 src/cpuid.c)'
ZSTD='github.com/DataDog/zstd	github.com/DataDog/zstd@v1.5.7	C through cgo	right on its own: rule zstd-cpuid: x86 asks CPUID (an instruction: BMI1 and BMI2 need nothing from an OS); elsewhere it asks nothing and its x86 bits read 0, which is what those CPUs have (cpu.h in github.com/DataDog/zstd@v1.5.7; rule read in github.com/DataDog/zstd v1.5.7 cpu.h)'
cilium() { # FILE: cilium's Auxv, named in its own module; the rule's source said as such
	echo "github.com/cilium/ebpf/internal/unix	github.com/cilium/ebpf@v0.22.0	auxiliary vector	right on its own: rule xsys-unix-auxv (internal/unix/$1 in github.com/cilium/ebpf@v0.22.0; rule read in golang.org/x/sys v0.30.0-v0.50.0 unix/auxv.go)"
}

@test "linux/arm64: templexxx/cpu is defective, not fixed (its lowercase hwcap never filled), exit 1; blst (getauxval) and zstd right by their rules, read in the C cgo compiles; cilium's Auxv named in its own module" {
	GOOS=linux GOARCH=arm64 run "$GOWRAP" audit
	assert_failure 1
	assert_line "$T_ARM64"
	assert_line "$BLST"
	assert_line "$ZSTD"
	assert_line "$(cilium types_linux.go)"
	# compress's detection is amd64's only; nothing else is CPU-feature code
	refute_output --partial "klauspost/compress"
	assert_equal "$(echo "$output" | wc -l)" 6
}

@test "android/arm64: the same verdicts as linux (the copy's hwcap is nobody's to fill there either), exit 1" {
	GOOS=android GOARCH=arm64 run "$GOWRAP" audit
	assert_failure 1
	assert_line "$T_ARM64"
	assert_line "$BLST"
	assert_line "$ZSTD"
	assert_line "$(cilium types_linux.go)"
}

@test "ios/arm64: templexxx/cpu is defective (the same file: no sysctl, no fill), exit 1; blst right (SHA-256 asserted), cilium's non-linux stub named, std fixed by the overlay" {
	GOOS=ios GOARCH=arm64 run "$GOWRAP" audit
	assert_failure 1
	assert_line "$T_ARM64"
	assert_line "$BLST"
	assert_line "$ZSTD"
	assert_line "$(cilium types_other.go)"
	assert_line --regexp '^internal/cpu	std	internal/cpu	fixed by gowrap: GOROOT overlay for go'
	refute_output --partial "golang.org/x/sys/unix"
}

@test "linux/amd64: templexxx/cpu right by CPUID and XGETBV, compress right by the CPUID of its assembly (both files named), blst and zstd right; exit 0" {
	GOOS=linux GOARCH=amd64 run "$GOWRAP" audit
	assert_success
	assert_line 'github.com/templexxx/cpu	github.com/templexxx/cpu@v0.0.9	copy of internal/cpu	right on its own: rule cpu11-x86: CPUID is an instruction, nothing for an OS to fill, and AVX and AVX-512 count only when XGETBV says the OS saves their registers (cpu_x86.go, cpu_x86.s in github.com/templexxx/cpu@v0.0.9; rule read in github.com/templexxx/cpu v0.0.9 cpu_x86.go, cpu_x86.s, a copy of Go 1.11'"'"'s internal/cpu)'
	assert_line 'github.com/klauspost/compress/internal/cpuinfo	github.com/klauspost/compress@v1.18.0	CPUID in assembly	right on its own: rule compress-cpuinfo: CPUID leaf 7 is an instruction: BMI1 and BMI2 need nothing from an OS (internal/cpuinfo/cpuinfo_amd64.go, internal/cpuinfo/cpuinfo_amd64.s in github.com/klauspost/compress@v1.18.0; rule read in github.com/klauspost/compress v1.17.9, v1.18.0, v1.18.5-v1.18.7, v1.19.0-v1.19.2, v1.20.0-v1.20.5 internal/cpuinfo/cpuinfo_amd64.go, cpuinfo_amd64.s)'
	assert_line "$BLST"
	assert_line "$ZSTD"
	assert_line "$(cilium types_linux.go)"
	assert_line "internal/cpu	std	internal/cpu	right on its own"
}

@test "every verdict of a rule names the file it matched in the row's own module, never the module the rule was read in (--json, four targets)" {
	local t
	for t in linux/arm64 android/arm64 ios/arm64 linux/amd64; do
		GOOS=${t%/*} GOARCH=${t#*/} run --separate-stderr "$GOWRAP" audit --json
		[ "$status" -le 1 ] || fail "$t: exit $status: $stderr"
		python3 - "$t" "$output" <<'PY' || fail "$t"
import json, sys
t, r = sys.argv[1], json.loads(sys.argv[2])
assert r["target"] == t, r
rows = {p["import_path"]: p for p in r["packages"]}
named = 0
for p in r["packages"]:
    if p["module"] == "std":
        continue
    f = p["file"]
    assert f, p
    # "<file> in <module@version>": the row's own module
    assert f.endswith(" in " + p["module"]), p
    # the why names that file before it says where the rule was read
    w = p["why"]
    assert f in w and w.index(f) < w.index("rule read in"), p
    named += 1
assert named >= 4, r
c = rows["github.com/cilium/ebpf/internal/unix"]
want = "types_other.go" if t == "ios/arm64" else "types_linux.go"
assert c["file"] == "internal/unix/" + want + " in github.com/cilium/ebpf@v0.22.0", c
assert c["why"].split("; rule read in ")[0].find("golang.org/x/sys") < 0, c
PY
	done
}

@test "templexxx/cpu under qemu-aarch64 (cortex-a53): every ARM64 flag false where x/sys/cpu, reading the auxiliary vector itself, reads true" {
	command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64 (fix: bash scripts/setup.sh installs it)"
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build -o "$TMP/arm64run" ./arm64run
	run qemu-aarch64 -cpu cortex-a53 "$TMP/arm64run"
	assert_success
	assert_line "templexxx/cpu AES=false PMULL=false SHA1=false SHA2=false CRC32=false"
	assert_line "x/sys/cpu AES=true PMULL=true SHA1=true SHA2=true CRC32=true"
}

# A module of packages no rule speaks of, and #include lines that leave it,
# reach a FIFO, or go deeper than audit reads.
write_module() {
	local m="$TMP/m" i
	mkdir -p "$m"/{asmx,cx/inc,cy/inc,cz/inc,cw/inc,fork,fork2} "$TMP/outside"
	printf 'module example.com/seen\n\ngo 1.21\n' >"$m/go.mod"
	printf 'package main\n\nimport (\n' >"$m/main.go"
	for i in asmx cx cy cz cw fork fork2; do printf '\t_ "example.com/seen/%s"\n' $i >>"$m/main.go"; done
	printf ')\n\nfunc main() {}\n' >>"$m/main.go"
	printf 'package asmx\n\nfunc probe() uint64\n' >"$m/asmx/x.go"
	printf '#include "textflag.h"\n\nTEXT \xc2\xb7probe(SB), NOSPLIT, $0-8\n\tMOVL $7, AX\n\tXORL CX, CX\n\tCPUID\n\tMOVQ BX, ret+0(FP)\n\tRET\n' >"$m/asmx/x_amd64.s"
	printf '#include "textflag.h"\n\nTEXT \xc2\xb7probe(SB), NOSPLIT, $0-8\n\tMRS ID_AA64ISAR0_EL1, R0\n\tMOVD R0, ret+0(FP)\n\tRET\n' >"$m/asmx/x_arm64.s"
	# two levels of #include from cgo's preamble, beside the including file
	printf 'package cx\n\n// #include "inc/a.h"\nimport "C"\n' >"$m/cx/c.go"
	printf '#include "b.h"\n' >"$m/cx/inc/a.h"
	printf 'static int leaf7(void) { unsigned a, b, c, d; return __get_cpuid_count(7, 0, &a, &b, &c, &d); }\n' >"$m/cx/inc/b.h"
	# out of the module: a relative path and a symlink
	printf 'static int leaf1(void) { unsigned a, b, c, d; return __get_cpuid(1, &a, &b, &c, &d); }\n' >"$TMP/outside/evil.h"
	ln -s "$TMP/outside/evil.h" "$m/cy/inc/link.h"
	printf 'package cy\n\n// #include "../../outside/evil.h"\n// #include "inc/link.h"\nimport "C"\n' >"$m/cy/c.go"
	# deeper than 16 levels
	printf 'package cz\n\n// #include "inc/d0.h"\nimport "C"\n' >"$m/cz/c.go"
	for i in $(seq 0 19); do printf '#include "d%d.h"\n' $((i + 1)) >"$m/cz/inc/d$i.h"; done
	printf '/* the end */\n' >"$m/cz/inc/d20.h"
	# a FIFO where a header belongs: never waited on
	mkfifo "$m/cw/inc/fifo.h"
	printf 'package cw\n\n// #include "inc/fifo.h"\nimport "C"\n' >"$m/cw/c.go"
	# templexxx/cpu's copy edited: one that pulls std's HWCap in by linkname
	# (table.c's cpuid-linkname line: right on linux, where the runtime
	# fills std's; on iOS no rule holds), one without a line of its rule
	local src; src="$(go env GOMODCACHE)/github.com/templexxx/cpu@v0.0.9"
	cp "$src/cpu.go" "$m/fork/"
	sed 's#^var hwcap uint$#//go:linkname hwcap internal/cpu.HWCap\nvar hwcap uint#' "$src/cpu_arm64.go" >"$m/fork/cpu_arm64.go"
	cp "$src/cpu.go" "$m/fork2/"
	grep -v '^	ARM64.HasAES = isSet(hwcap, hwcap_AES)$' "$src/cpu_arm64.go" >"$m/fork2/cpu_arm64.go"
	chmod u+w "$m/fork/"* "$m/fork2/"*
}

@test "no rule: assembly, cgo's #include chain and edited copies are unknown, each naming its file in its module (exit 3); an #include out of the module, a FIFO and what lies beyond 16 levels are never read" {
	write_module
	cd "$TMP/m"
	GOOS=linux GOARCH=arm64 run timeout 120 "$GOWRAP" audit
	assert_failure 3
	assert_line 'example.com/seen/asmx	example.com/seen@	unknown	unknown: CPU-feature code gowrap has no rule for (`MRS ID_AA64` in asmx/x_arm64.s in example.com/seen)'
	assert_line 'example.com/seen/cx	example.com/seen@	unknown	unknown: CPU-feature code gowrap has no rule for (`__get_cpuid` in cx/inc/b.h in example.com/seen)'
	assert_line 'example.com/seen/cz	example.com/seen@	unknown	unknown: not every source it compiles was read (#include deeper than 16 levels): what was not read was not seen'
	assert_line 'example.com/seen/fork	example.com/seen@	cpuid	right on its own: rule cpuid-linkname (fork/cpu_arm64.go in example.com/seen; rule read in github.com/klauspost/cpuid/v2 v2.0.1-v2.4.2 os_unsafe_linux_arm64.go, os_linux_arm64.go)'
	assert_line 'example.com/seen/fork2	example.com/seen@	unknown	unknown: rule cpu11-arm64: `ARM64.HasAES = isSet(hwcap, hwcap_AES)` is there 0 times, the rule needs it 1 time (its trigger in fork2/cpu_arm64.go in example.com/seen)'
	refute_output --partial "example.com/seen/cy"
	refute_output --partial "example.com/seen/cw"
	refute_output --partial "outside"
	GOOS=linux GOARCH=amd64 run timeout 120 "$GOWRAP" audit
	assert_failure 3
	assert_line 'example.com/seen/asmx	example.com/seen@	unknown	unknown: CPU-feature code gowrap has no rule for (`CPUID` in asmx/x_amd64.s in example.com/seen)'
	assert_line --regexp '^example.com/seen/cx	.*`__get_cpuid` in cx/inc/b.h in example.com/seen\)$'
	refute_output --partial "example.com/seen/fork"
	refute_output --partial "example.com/seen/cy"
	GOOS=ios GOARCH=arm64 run timeout 120 "$GOWRAP" audit
	assert_failure 3
	assert_line 'example.com/seen/fork	example.com/seen@	unknown	unknown: rule cpu11-arm64: `//go:linkname hwcap internal/cpu.HWCap` is there 1 times, the rule allows none (its trigger in fork/cpu_arm64.go in example.com/seen)'
}
