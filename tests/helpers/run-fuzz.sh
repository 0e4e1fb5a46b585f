#!/usr/bin/env bash
# run-fuzz.sh BINARY SECONDS — run one libFuzzer target of build/fuzz/ for a
# bounded time (`make fuzz`, CI), each in its own work directory beside it
# (BINARY's name less _fuzz, then -work; FUZZ_WORK names another parent).
#
# symcheck_fuzz: seeds tests/malformed/*.bin (synthetic Mach-O, fat,
# ar, pclntab 1.16/1.18/1.20 layouts, and their broken variants) plus, when
# present, the real fixtures of tests/helpers/fixtures.bash
# ($GOWRAP_FIXTURES or $FUZZ_FIXTURES), cut to their first 64 KiB (headers,
# load commands, start of the data) so each execution stays fast; and real
# ELF objects (sections, symbols, a marker-named function) compiled here by
# clang for the ELF readers: arm64 (64-bit LE), s390x and ppc64 (64-bit BE),
# mips64 (64-bit BE, its own relocation layout), mips (32-bit BE), armv7
# (32-bit LE). The malformed corpus holds hand-made ELF files of both classes
# and byte orders (big-endian pclntab included) and .aar/.apk zips too.
# classify_fuzz: the real Go files of tests/unit/graph/files and
# tests/unit/sweep/files (their rules' lines in a small dictionary).
# cmdline_fuzz, record_fuzz, proto_fuzz: seeds and a dictionary from
# tests/helpers/fuzz-seeds.py (cmdline's from tests/unit/cmdline.corpus).
# Prints the final exec count; exits non-zero if the fuzzer found a crash.
set -euo pipefail
bin="$1"
secs="${2:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
name="$(basename "$bin")"
name="${name%_fuzz}"
work="${FUZZ_WORK:-$(dirname "$bin")}/$name-work"
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"

symcheck_seeds() {
	cp "$root"/tests/malformed/*.bin "$work/seeds/" 2>/dev/null || true
	fx="${FUZZ_FIXTURES:-${GOWRAP_FIXTURES:-}}"
	if [ -n "$fx" ] && [ -d "$fx" ]; then
		for f in "$fx"/*; do
			[ -f "$f" ] || continue
			case "$f" in *.h|*.json|*.go|*.mod) continue ;; esac
			head -c 65536 "$f" >"$work/seeds/fx-$(basename "$f")"
		done
	fi
	if command -v clang >/dev/null; then
		printf '%s\n' 'void m(void) __asm__("internal/cpu.gowrapMarkerV1");' 'void m(void) {}' \
			'int main(void) { m(); return 0; }' >"$work/elf-seed.c"
		clang --target=aarch64-linux-gnu -c -o "$work/seeds/elf-arm64.o" "$work/elf-seed.c" 2>/dev/null || true
		printf '%s\n' 'void m(void) __asm__("github.com/metacubex/cpu.gowrapMarkerV1");' 'void m(void) {}' \
			'int main(void) { m(); return 0; }' >"$work/elf-seed-copy.c"
		for t in s390x-linux-gnu powerpc64-linux-gnu mips64-linux-gnuabi64 mips-linux-gnu armv7-linux-gnueabi; do
			clang --target="$t" -c -o "$work/seeds/elf-$t.o" "$work/elf-seed-copy.c" 2>/dev/null || true
		done
	fi
	cat >"$work/dict" <<'DICT'
"\x7fELF\x02\x01"
"\x7fELF\x02\x02"
"\x7fELF\x01\x02"
"\x7fELF\x01\x01"
"\xff\xff\xff\xf1"
"\xff\xff\xff\xf0"
"\xff\xff\xff\xfa"
"\x0abuild\x09GOOS=linux\x0a"
"github.com/metacubex/cpu."
".symtab"
".strtab"
".gopclntab"
"\xca\xfe\xba\xbe"
"\xca\xfe\xba\xbf"
"\xcf\xfa\xed\xfe"
"\xce\xfa\xed\xfe"
"!<arch>\x0a"
"#1/"
"`\x0a"
"__.SYMDEF SORTED"
"__gopclntab"
"__go_buildinfo"
"__DATA_CONST"
"\xf1\xff\xff\xff"
"\xf0\xff\xff\xff"
"\xfa\xff\xff\xff"
"\xff Go buildinf:"
"internal/cpu.gowrapMarker"
"PK\x03\x04"
"PK\x01\x02"
"PK\x05\x06"
"jni/arm64-v8a/libgojni.so"
"lib/arm64-v8a/"
".go.buildinfo"
"\x0abuild\x09GOOS=android\x0a"
"github.com/metacubex/utls/internal/cpu."
"\x19\x00\x00\x00"
"\x32\x00\x00\x00"
"\x02\x00\x00\x00"
"\x0c\x00\x00\x01"
DICT
}

case "$name" in
symcheck)
	symcheck_seeds
	max_len=65536
	;;
classify)
	# the real files the rules were read in, and pairs of them (a package)
	cp "$root"/tests/unit/graph/files/* "$root"/tests/unit/sweep/files/* "$work/seeds/" 2>/dev/null || true
	printf '%s\n' '"var HWCap uint"' '"func osInit() {"' '"func doinit() {}"' '"setMinimalFeatures()"' \
		'"var ARM64 struct {"' '"isSet(HWCap, hwcap_AES)"' '"runtime.GOOS != \"ios\""' '"\x00"' >"$work/dict"
	max_len=65536
	;;
cmdline | record | proto)
	python3 "$root/tests/helpers/fuzz-seeds.py" "$name" "$work/seeds" "$work/dict"
	# proto: room for stderr lines longer than the relay's fields
	max_len=$([ "$name" = proto ] && echo 16384 || echo 4096)
	;;
*)
	echo "run-fuzz.sh: no seeds for $name" >&2
	exit 2
	;;
esac
log="$work/fuzz.log"
set +e
"$bin" -max_total_time="$secs" -max_len="$max_len" -timeout=5 -rss_limit_mb=1024 \
	-print_final_stats=1 -dict="$work/dict" -artifact_prefix="$work/artifacts/" \
	"$work/corpus" "$work/seeds" >"$log" 2>&1
rc=$?
set -e
execs=$(grep -E 'stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
tail -n 12 "$log" | grep -E 'cov:|stat::|ERROR|SUMMARY' || true
echo "fuzz $name: ${secs}s, ${execs:-?} executions, exit $rc (log: $log)"
exit $rc
