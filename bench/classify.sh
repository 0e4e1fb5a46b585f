#!/usr/bin/env bash
# bench/classify.sh — what identification costs one compile, per .go file:
# gowrap-toolexec in front of a stand-in `compile` (a copy of /bin/true under
# that name, so nothing is compiled and only gowrap-toolexec's own work
# shows), given the real argv shape of one compile of a large non-std package
# (golang.org/x/sys/unix for linux/arm64, every file it compiles), against
# the stand-in alone (the anchor, same run). With REV, the gowrap-toolexec of
# that revision (built in a scratch worktree) is timed in the same rounds:
# before and after. Prints medians and (toolexec - anchor) / files in us.
#
# Usage: bench/classify.sh [rounds] [REV]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
ROUNDS="${1:-300}"
REV="${2:-}"
bench_need "$SHIM_DIR/gowrap-toolexec"
bench_harness
export GOTOOLCHAIN=local GOFLAGS='' GOPROXY=off
REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"

cp /bin/true "$W/compile"
# A module whose x/sys/unix the tests' probes already fetched (fetch-testdeps).
mkdir -p "$W/m"
cp "$ROOT/tests/fixtures/depsprobe/go.mod" "$ROOT/tests/fixtures/depsprobe/go.sum" "$W/m/"
printf 'package main\n\nimport _ "golang.org/x/sys/unix"\n\nfunc main() {}\n' >"$W/m/main.go"
dir_files=$(cd "$W/m" && GOOS=linux GOARCH=arm64 "$REAL_GO" list -f '{{.Dir}}|{{join .GoFiles " "}}' golang.org/x/sys/unix)
dir="${dir_files%%|*}"
files=()
for f in ${dir_files#*|}; do files+=("$dir/$f"); done
n=${#files[@]}
bytes=$(cat "${files[@]}" | wc -c)
args=(-o "$W/_pkg_.a" -trimpath "$W=>" -p golang.org/x/sys/unix -lang=go1.21 -goversion go1.26.8 -pack "${files[@]}")

spec="$W/spec"
{
	printf 'anchor\t\t--\t%s' "$W/compile"; printf '\t%s' "${args[@]}"; printf '\n'
	printf 'toolexec\tGOWRAP_DEPS_FAMILY=linux\t--\t%s\t%s' "$SHIM_DIR/gowrap-toolexec" "$W/compile"
	printf '\t%s' "${args[@]}"; printf '\n'
} >"$spec"
if [ -n "$REV" ]; then
	git -C "$ROOT" worktree add -q --detach "$W/rev" "$REV"
	make -C "$W/rev" -s -j2 build/shim/gowrap-toolexec >/dev/null
	printf 'toolexec@%s\tGOWRAP_DEPS_FAMILY=linux\t--\t%s\t%s' "$REV" "$W/rev/build/shim/gowrap-toolexec" "$W/compile" >>"$spec"
	printf '\t%s' "${args[@]}" >>"$spec"; printf '\n' >>"$spec"
fi
echo "one compile of golang.org/x/sys/unix (linux/arm64): $n files, $bytes bytes; $ROUNDS rounds"
"$W/harness" "$spec" "$ROUNDS" | tee "$W/out"
anchor=$(awk '$1=="anchor"{print $2}' "$W/out")
awk -v a="$anchor" -v n="$n" '$1!="anchor"{printf "%s: +%.3f ms a compile, %.2f us a file\n", $1, $2-a, ($2-a)*1000/n}' "$W/out"
[ -z "$REV" ] || git -C "$ROOT" worktree remove --force "$W/rev"
