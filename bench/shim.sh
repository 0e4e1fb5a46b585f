#!/usr/bin/env bash
# bench/shim.sh — what the go shim costs, as median ratios measured in one run.
#
#   pass-through  `go version`: shim vs a floor (static C program that only
#                 execs the real go) and vs the real go itself
#   ios build     cached GOOS=ios GOARCH=arm64 `go build crypto/aes` through the
#                 shim vs the real go given the same -overlay by hand
#   host build    cached host `go build crypto/aes` through the shim vs direct
#
# Commands are timed round-robin (A B C A B C ...) by the small C harness of
# bench/lib.sh, so drifting machine load hits every command alike; each figure is the
# median of many runs. Usage: bench/shim.sh [rounds-fast] [rounds-build]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
FAST="${1:-400}"
SLOW="${2:-60}"
bench_need "$SHIM_DIR/go" "$BUILD/gowrap"

REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"

# The floor: nothing but exec, statically linked (no dynamic loader at all),
# on musl where musl-gcc is here (bench_static).
cat >"$W/floor.c" <<EOC
#include <unistd.h>
int main(int argc, char **argv) { (void)argc; execv("$REAL_GO", argv); return 127; }
EOC
bench_static "$W/floor" "$W/floor.c"

# A stand-in go that does nothing, to isolate what the shim itself adds on
# the injected path (memo hit).
bench_nullgo "$REAL_GO"

bench_harness

export GOWRAP_CACHE="$W/cache" GOTOOLCHAIN=local
unset GOWRAP_LOG GOFLAGS GOOS GOARCH GOWRAP_GO
SPATH="$SHIM_DIR:$NOSHIM_PATH"
cd "$W"
printf 'module bench\n\ngo 1.21\n' >go.mod
IOS=(GOOS=ios GOARCH=arm64 CGO_ENABLED=0)
# Warm every cache: Go's build cache for both targets, gowrap's overlay and memo.
OVERLAY="$(PATH="$SPATH" "$BUILD/gowrap" overlay --json | sed -E 's/.*"overlay":"([^"]*)".*/\1/')"
env "${IOS[@]}" PATH="$SPATH" go build crypto/aes
env "${IOS[@]}" "$REAL_GO" build -overlay="$OVERLAY" crypto/aes
"$REAL_GO" build crypto/aes
env "${IOS[@]}" GOWRAP_GO="$W/nullgo" "$SHIM_DIR/go" build crypto/aes

t=$'\t'
{
	echo "floor${t}PATH=$SPATH${t}--${t}$W/floor${t}version"
	echo "shim${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}version"
	echo "real${t}PATH=$SPATH${t}--${t}$REAL_GO${t}version"
	echo "null-direct${t}PATH=$SPATH${t}--${t}$W/nullgo${t}build${t}crypto/aes"
	echo "null-shim-ios${t}GOOS=ios${t}GOARCH=arm64${t}GOWRAP_GO=$W/nullgo${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
} >fast.spec
{
	echo "ios-shim${t}GOOS=ios${t}GOARCH=arm64${t}CGO_ENABLED=0${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
	echo "ios-hand${t}GOOS=ios${t}GOARCH=arm64${t}CGO_ENABLED=0${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}-overlay=$OVERLAY${t}crypto/aes"
	echo "host-shim${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
	echo "host-real${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}crypto/aes"
} >slow.spec

echo "# go $("$REAL_GO" env GOVERSION), $(nproc) CPUs; medians in ms (p25 p75); $FAST / $SLOW rounds"
"$W/harness" fast.spec "$FAST" | tee fast.out
"$W/harness" slow.spec "$SLOW" | tee slow.out
med() { awk -v n="$1" '$1==n{print $2}' fast.out slow.out; }
ratio() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN{printf "%.3f", a/b}'; }
echo
printf 'pass-through go version: shim/floor = %s (target <= 1.05)\n' "$(ratio shim floor)"
printf 'pass-through go version: shim/real  = %s (for scale: floor/real = %s)\n' "$(ratio shim real)" "$(ratio floor real)"
printf 'cached ios/arm64 build:  shim/hand-given -overlay = %s (target <= 1.05)\n' "$(ratio ios-shim ios-hand)"
printf 'cached host build:       shim/direct = %s (target <= 1.02)\n' "$(ratio host-shim host-real)"
printf 'shim cost on the injected path (memo hit, go replaced by a no-op): %s ms\n' \
	"$(awk -v a="$(med null-shim-ios)" -v b="$(med null-direct)" 'BEGIN{printf "%.3f", a-b}')"
