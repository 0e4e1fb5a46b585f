#!/usr/bin/env bash
# bench/patches.sh — what GOWRAP_PATCHES costs, as medians and ratios against
# anchors measured in the same run. The patch set is tests/patches.bash's
# make_patch_set, made from the GOROOT in use; the program is the linux/arm64
# hello of tests/patches.bats (fmt, os, time: the set changes runtime and os).
#
#   (a) cached build  `go build` of the hello, warm GOCACHE: the shim with
#                     GOWRAP_PATCHES vs the real go given, by hand, the overlay
#                     the shim's GOWRAP_LOG names (target <= 1.05)
#   (b) memo hit      what a patch set on a memo hit adds to one call, in ms:
#                     the shim in front of a stand-in go that does nothing
#                     (`go build os`, linux/arm64), with GOWRAP_PATCHES minus
#                     without it (target <= 1 ms); and, for scale, the shim
#                     with the set minus the stand-in alone, and the real go's
#                     cached `go build os` through the shim minus by hand
#   (c) copy-then-patch the way without gowrap, beside (a): cp -a GOROOT to a
#                     scratch directory, `patch -p1` the patches of the set
#                     that apply there, `GOROOT=copy go build` the hello — its
#                     time vs (a)'s, and each of its three steps
#
# Times are PASS or over target, never a failure. Commands are timed
# round-robin by bench/lib.sh's harness. Rounds: RUNS (the hello builds and
# the copy, default 5), MID_RUNS (`go build os`, default 30), FAST_RUNS (the
# stand-in calls, default 200: a difference below a millisecond needs many of
# them). Usage: [RUNS=n] [MID_RUNS=n] [FAST_RUNS=n] bench/patches.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
RUNS="${RUNS:-5}"
MID_RUNS="${MID_RUNS:-30}"
FAST_RUNS="${FAST_RUNS:-200}"
bench_need "$SHIM_DIR/go" "$BUILD/gowrap"
REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"
export GOTOOLCHAIN=local GOWRAP_CACHE="$W/cache"
unset GOWRAP_LOG GOWRAP_GO GOWRAP_PATCHES GOFLAGS GOOS GOARCH CGO_ENABLED GOROOT
GR="$("$REAL_GO" env GOROOT)"
SPATH="$SHIM_DIR:$NOSHIM_PATH"
# shellcheck source=../tests/helpers/patches.bash
source "$ROOT/tests/helpers/patches.bash"
make_patch_set "$GR" "$W/set"
bench_harness
bench_nullgo "$REAL_GO"

mkdir -p "$W/hello"
printf 'module example.com/hello\n\ngo 1.21\n' >"$W/hello/go.mod"
cat >"$W/hello/main.go" <<'EOG'
package main

import (
	"fmt"
	"os"
	"time"
)

func main() {
	p, _ := os.Executable()
	fmt.Println(time.Since(time.Now()) < time.Second, p != "")
}
EOG
cd "$W/hello"
ARM=(GOOS=linux GOARCH=arm64 CGO_ENABLED=0)

# The overlay the shim gives go, from its log; every cache warmed once.
env "${ARM[@]}" PATH="$SPATH" GOWRAP_LOG="$W/log" GOWRAP_PATCHES="$W/set" go build -o "$W/a-shim" .
OVERLAY="$(jq -r 'select(.subcommand == "build") | .overlay' "$W/log" | tail -1)"
[ -f "$OVERLAY" ] || { echo "bench: the shim logged no overlay (log: $(cat "$W/log"))" >&2; exit 1; }
env "${ARM[@]}" "$REAL_GO" build -overlay="$OVERLAY" -o "$W/a-hand" .
cmp "$W/a-shim" "$W/a-hand" || { echo "bench: the shim and the hand-given overlay built different bytes" >&2; exit 1; }

# (c): which of the set's patches GNU patch applies to a pristine copy
# (0005 is already in, 0006 is for another Go: both fail there).
COPY="$W/goroot-copy"
cp -a "$GR" "$COPY"
APPLY=()
for p in "$W"/set/*; do
	# --batch -N: no question asked, a patch already in is not reversed
	if patch --batch -N -s -p1 --dry-run -d "$COPY" <"$p" >/dev/null 2>&1; then
		APPLY+=("$p")
		patch --batch -s -p1 -d "$COPY" <"$p"
	fi
done
rm -rf "$COPY"
cat >"$W/copy-patch.sh" <<EOS
#!/usr/bin/env bash
# One copy-then-patch build; each step's ms appended to $W/steps (the
# removal of the last round's copy, first, is not timed).
set -euo pipefail
ms() { date +%s%N; }
rm -rf "$COPY"
t0=\$(ms)
cp -a "$GR" "$COPY"
t1=\$(ms)
for p in ${APPLY[*]}; do patch --batch -s -p1 -d "$COPY" <"\$p"; done
t2=\$(ms)
env GOROOT="$COPY" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$REAL_GO" build -o "$W/c-out" .
t3=\$(ms)
echo "\$(((t1 - t0) / 1000)) \$(((t2 - t1) / 1000)) \$(((t3 - t2) / 1000))" >>"$W/steps"
EOS
bash "$W/copy-patch.sh" # the copy's own first build fills GOCACHE
: >"$W/steps"

t=$'\t'
armenv="GOOS=linux${t}GOARCH=arm64${t}CGO_ENABLED=0"
{
	echo "a-shim${t}$armenv${t}PATH=$SPATH${t}GOWRAP_PATCHES=$W/set${t}--${t}$SHIM_DIR/go${t}build${t}-o${t}$W/a-shim${t}."
	echo "a-hand${t}$armenv${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}-overlay=$OVERLAY${t}-o${t}$W/a-hand${t}."
	echo "c-copy${t}PATH=$NOSHIM_PATH${t}--${t}/bin/bash${t}$W/copy-patch.sh"
} >slow.spec
{
	echo "os-shim${t}$armenv${t}PATH=$SPATH${t}GOWRAP_PATCHES=$W/set${t}--${t}$SHIM_DIR/go${t}build${t}os"
	echo "os-hand${t}$armenv${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}-overlay=$OVERLAY${t}os"
} >mid.spec
{
	echo "null-hand${t}$armenv${t}PATH=$SPATH${t}--${t}$W/nullgo${t}build${t}-overlay=$OVERLAY${t}os"
	echo "null-shim${t}$armenv${t}PATH=$SPATH${t}GOWRAP_GO=$W/nullgo${t}--${t}$SHIM_DIR/go${t}build${t}os"
	echo "null-shim-set${t}$armenv${t}PATH=$SPATH${t}GOWRAP_GO=$W/nullgo${t}GOWRAP_PATCHES=$W/set${t}--${t}$SHIM_DIR/go${t}build${t}os"
} >fast.spec

echo "# go $("$REAL_GO" env GOVERSION), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); medians in ms (p25 p75)"
echo "# set: $(cd "$W/set" && echo *); GNU patch applies: $(for p in "${APPLY[@]}"; do basename "$p"; done | paste -sd' ' -)"
echo "# rounds (after 3 warm-up rounds each): $RUNS of the hello builds and the copy, $MID_RUNS of \`go build os\`, $FAST_RUNS of the stand-in calls"
"$W/harness" slow.spec "$RUNS" | tee slow.out
tail -n "$RUNS" "$W/steps" >steps.last
"$W/harness" mid.spec "$MID_RUNS" | tee mid.out
"$W/harness" fast.spec "$FAST_RUNS" | tee fast.out
med() { awk -v n="$1" '$1==n{print $2}' slow.out mid.out fast.out; }
ratio() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN{printf "%.3f", a/b}'; }
diffms() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN{printf "%.3f", a-b}'; }
verdict() { awk -v x="$1" -v t="$2" 'BEGIN{print (x <= t) ? "PASS" : "over target"}'; }
# step K: the median of column K of the copy's step times (4: their sum).
step() { awk -v k="$1" '{print (k == 4 ? $1 + $2 + $3 : $k) / 1000}' steps.last | sort -n | awk '{a[NR]=$1} END{printf "%.1f", a[int((NR+1)/2)]}'; }

echo
a="$(ratio a-shim a-hand)"
printf '(a) cached linux/arm64 build, GOWRAP_PATCHES: shim/hand-given overlay = %s (target <= 1.05): %s\n' "$a" "$(verdict "$a" 1.05)"
b="$(diffms null-shim-set null-shim)"
printf '(b) a patch set on a memo hit adds %s ms to a call (stand-in go; target <= 1 ms): %s\n' "$b" "$(verdict "$b" 1)"
printf '    for scale: shim with the set - the stand-in by hand = %s ms; real go, cached `go build os`: shim - hand = %s ms (%s vs %s)\n' \
	"$(diffms null-shim-set null-hand)" "$(diffms os-shim os-hand)" "$(med os-shim)" "$(med os-hand)"
c="$(step 4)"
printf '(c) copy-then-patch: cp -a %s ms + patch -p1 %s ms + GOROOT=copy go build %s ms = %s ms, vs (a) %s ms: %s x\n' \
	"$(step 1)" "$(step 2)" "$(step 3)" "$c" "$(med a-shim)" "$(awk -v c="$c" -v a="$(med a-shim)" 'BEGIN{printf "%.1f", c/a}')"
