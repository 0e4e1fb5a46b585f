#!/usr/bin/env bash
# run-fuzz-patch.sh BINARY SECONDS — run the diff parser's libFuzzer target
# (patch/fuzz_patch.c) for a bounded time (`make fuzz-patch`, make check).
# Seeds: tests/patches/malformed/*.patch (each refusal of tests/patches.bats)
# and tests/patches/seeds/*.patch (patches that parse and apply: git diff and
# diff -u forms, new and deleted files, no final newline, Gowrap-Go limits).
# Prints the final exec count; exits non-zero if the fuzzer found a crash.
set -euo pipefail
bin="$1"
secs="${2:-60}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${FUZZ_WORK:-$(dirname "$bin")/fuzz-patch-work}"
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"
cp "$root"/tests/patches/malformed/*.patch "$root"/tests/patches/seeds/*.patch "$work/seeds/"
cat >"$work/dict" <<'DICT'
"diff --git a/src/"
" b/src/"
"--- a/src/"
"+++ b/src/"
"--- /dev/null"
"+++ /dev/null"
"@@ -"
" @@"
"\x0a\\ No newline at end of file\x0a"
"new file mode 100644"
"deleted file mode 100644"
"index "
"rename from "
"GIT binary patch"
"Gowrap-Go: go1.26"
"\x0a-- \x0a"
DICT
# libgit2 1.5's parser leaks a repeated rename header's path (found by this
# target: "rename from" twice in one section); the leak is libgit2's own
# allocation, so LeakSanitizer is told to ignore allocations made in it.
printf 'leak:libgit2.so\n' >"$work/lsan.supp"
export LSAN_OPTIONS="suppressions=$work/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
log="$work/fuzz.log"
set +e
"$bin" -max_total_time="$secs" -max_len=16384 -timeout=5 -rss_limit_mb=1024 \
	-print_final_stats=1 -dict="$work/dict" -artifact_prefix="$work/artifacts/" \
	"$work/corpus" "$work/seeds" >"$log" 2>&1
rc=$?
set -e
execs=$(grep -E 'stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
tail -n 12 "$log" | grep -E 'cov:|stat::|ERROR|SUMMARY' || true
echo "fuzz-patch: ${secs}s, ${execs:-?} executions, exit $rc (log: $log)"
exit $rc
