#!/usr/bin/env bash
# bench/enable.sh — what `gowrap enable` costs a go run by its own path, as
# median ratios measured in one run against that go run the same way with
# gowrap not enabled (its own HOME and go env file, the same GOCACHE):
#
#   go version     the real go by path, enabled (one more go start: the
#                  switch to the launcher, then the shim) vs not enabled
#   host build     cached host `go build crypto/aes`, enabled vs not
#   cmd build      cached host `go build -o X ./hello` (a small command:
#                  fmt.Println; the link is cached too), enabled vs not
#   app build      cached host `go build -o X cmd/go` (a 310-ms cached build
#                  of a large program), enabled vs not
#   ios build      cached GOOS=ios GOARCH=arm64 `go build crypto/aes`, enabled
#                  (the shim adds the overlay) vs the real go given the same
#                  -overlay by hand, not enabled
#   switch floor   `go version` with the go env file naming a launcher that
#                  is a static C program doing nothing (exit 0; bench_static) vs `go version` not
#                  enabled: what the go command's own switch costs before
#                  gowrap runs at all, the floor of any design that enters
#                  through GOTOOLCHAIN
#
# Timed round-robin by bench/lib.sh's harness. Usage: bench/enable.sh [rounds]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
ROUNDS="${1:-60}"
bench_need "$SHIM_DIR/go" "$BUILD/gowrap"
REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"
bench_harness

unset GOWRAP_LOG GOFLAGS GOOS GOARCH GOWRAP_GO GOTOOLCHAIN GOENV XDG_CONFIG_HOME
GC="$("$REAL_GO" env GOCACHE)"
MC="$("$REAL_GO" env GOMODCACHE)"
for h in off on; do
	mkdir -p "$W/$h/.config/go"
	printf 'GOCACHE=%s\nGOMODCACHE=%s\n' "$GC" "$MC" >"$W/$h/.config/go/env"
done
HOME="$W/on" PATH="$NOSHIM_PATH" "$BUILD/gowrap" enable --bin "$W/bin" >/dev/null
# the floor: a launcher that does nothing, under the same name
mkdir -p "$W/null/.config/go" "$W/nullbin"
printf 'int main(void) { return 0; }\n' >"$W/null.c"
NAME="$(cd "$W/bin" && ls go1.*-gowrap | head -1)"
bench_static "$W/nullbin/$NAME" "$W/null.c"
printf 'GOCACHE=%s\nGOMODCACHE=%s\nGOTOOLCHAIN=%s\n' "$GC" "$MC" "$NAME" >"$W/null/.config/go/env"
EPATH="$W/bin:$NOSHIM_PATH"
export GOWRAP_CACHE="$W/cache"
cd "$W"
printf 'module bench\n\ngo 1.21\n' >go.mod
mkdir -p hello
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n' >hello/main.go
OVERLAY="$(HOME="$W/off" "$BUILD/gowrap" overlay --json | sed -E 's/.*"overlay":"([^"]*)".*/\1/')"
# warm every cache: Go's build cache for both targets, gowrap's overlay and memo
HOME="$W/on" PATH="$EPATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 "$REAL_GO" build crypto/aes
HOME="$W/off" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 "$REAL_GO" build -overlay="$OVERLAY" crypto/aes
HOME="$W/off" "$REAL_GO" build crypto/aes
HOME="$W/on" PATH="$EPATH" "$REAL_GO" build crypto/aes
HOME="$W/off" "$REAL_GO" build -o "$W/hello-off" ./hello
HOME="$W/on" PATH="$EPATH" "$REAL_GO" build -o "$W/hello-on" ./hello
HOME="$W/off" "$REAL_GO" build -o "$W/app-off" cmd/go
HOME="$W/on" PATH="$EPATH" "$REAL_GO" build -o "$W/app-on" cmd/go

t=$'\t'
ON="HOME=$W/on${t}PATH=$EPATH"
OFF="HOME=$W/off${t}PATH=$NOSHIM_PATH"
IOS="GOOS=ios${t}GOARCH=arm64${t}CGO_ENABLED=0"
{
	echo "version-off${t}$OFF${t}--${t}$REAL_GO${t}version"
	echo "version-on${t}$ON${t}--${t}$REAL_GO${t}version"
	echo "host-off${t}$OFF${t}--${t}$REAL_GO${t}build${t}crypto/aes"
	echo "host-on${t}$ON${t}--${t}$REAL_GO${t}build${t}crypto/aes"
	echo "cmd-off${t}$OFF${t}--${t}$REAL_GO${t}build${t}-o${t}$W/hello-off${t}./hello"
	echo "cmd-on${t}$ON${t}--${t}$REAL_GO${t}build${t}-o${t}$W/hello-on${t}./hello"
	echo "app-off${t}$OFF${t}--${t}$REAL_GO${t}build${t}-o${t}$W/app-off${t}cmd/go"
	echo "app-on${t}$ON${t}--${t}$REAL_GO${t}build${t}-o${t}$W/app-on${t}cmd/go"
	echo "floor-on${t}HOME=$W/null${t}PATH=$W/nullbin:$NOSHIM_PATH${t}--${t}$REAL_GO${t}version"
	echo "ios-hand${t}$OFF${t}$IOS${t}--${t}$REAL_GO${t}build${t}-overlay=$OVERLAY${t}crypto/aes"
	echo "ios-on${t}$ON${t}$IOS${t}--${t}$REAL_GO${t}build${t}crypto/aes"
} >enable.spec

echo "# go $("$REAL_GO" env GOVERSION), $(nproc) CPUs; medians in ms (p25 p75); $ROUNDS rounds"
"$W/harness" enable.spec "$ROUNDS" | tee enable.out
med() { awk -v n="$1" '$1==n{print $2}' enable.out; }
ratio() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN{printf "%.3f", a/b}'; }
echo
printf 'go version by path:        enabled/not = %s (+%s ms)\n' "$(ratio version-on version-off)" \
	"$(awk -v a="$(med version-on)" -v b="$(med version-off)" 'BEGIN{printf "%.2f", a-b}')"
printf 'cached host build by path: enabled/not = %s (target <= 1.05)\n' "$(ratio host-on host-off)"
printf 'switch floor (null launcher): %s of go version (+%s ms)\n' "$(ratio floor-on version-off)" \
	"$(awk -v a="$(med floor-on)" -v b="$(med version-off)" 'BEGIN{printf "%.2f", a-b}')"
printf 'cached cmd build (hello):   enabled/not = %s (target <= 1.05)\n' "$(ratio cmd-on cmd-off)"
printf 'cached app build (cmd/go):  enabled/not = %s (target <= 1.05)\n' "$(ratio app-on app-off)"
printf 'cached ios/arm64 build:    enabled/hand-given -overlay = %s\n' "$(ratio ios-on ios-hand)"
