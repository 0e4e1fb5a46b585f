#!/usr/bin/env bash
# Runs every bats suite (or the ones named) and ends with one summary line
# "N passed, N failed, N skipped" that CI reads. Exit 0 only if nothing failed
# and at least one test ran.
set -u
cd "$(dirname "$0")/.."
suites=("$@")
if [ ${#suites[@]} -eq 0 ]; then
	suites=(tests/*.bats)
fi
jobs=${BATS_JOBS:-1}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
args=(--tap)
if [ "$jobs" -gt 1 ] && command -v parallel >/dev/null; then
	args+=(--jobs "$jobs")
fi
bats "${args[@]}" "${suites[@]}" | tee "$out"
passed=$(grep -cE '^ok [0-9]+ ' "$out" | tr -d ' ' || true)
skipped=$(grep -cE '^ok [0-9]+ .*# skip' "$out" || true)
failed=$(grep -cE '^not ok [0-9]+ ' "$out" || true)
passed=$((passed - skipped))
echo
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
if [ "$failed" -ne 0 ] || [ "$passed" -eq 0 ]; then
	exit 1
fi
