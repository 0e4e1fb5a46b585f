# tests/helpers/gopath.bash — a Psiphon-style probe built the ways real iOS
# pipelines build vendored code, once per bats run (beside
# tests/helpers/fixtures.bash's fixtures, in $FX_DIR: $GOWRAP_FIXTURES keeps
# them between runs).
#
#   gp_tree        the probe's tree (tests/fixtures/gopathprobe) in a GOPATH:
#                  $GP_SRC = $GP_GOPATH/src/example.com/gopathprobe, its two
#                  forks (cpuid/v2 v2.2.9 as example.com/cpuidfork/v2, x/sys
#                  v0.42.0's cpu as example.com/sysfork/cpu) copied from the
#                  module cache into forks/, and vendor/ written by
#                  `go mod vendor` (offline: scripts/fetch-testdeps.sh put the
#                  modules there); idempotent.
#   gp_build NAME gopath|vendor [ENV=VALUE...]
#                  $FX_DIR/gp-NAME.a: a c-archive for ios/arm64 through the
#                  go shim with the stand-in Apple toolchain, in GOPATH mode
#                  (GO111MODULE=off: every import of the probe resolves in
#                  vendor/, so its packages are named
#                  example.com/gopathprobe/vendor/<path>) or in module mode
#                  with -mod=vendor; ENV goes to the build (GOWRAP_DEPS=0:
#                  the dependency fix off); prints its path.

gp_init() {
	fx_init
	GP_GOPATH="$FX_DIR/gopath"
	GP_SRC="$GP_GOPATH/src/example.com/gopathprobe"
	GP_SHIM="${GOWRAP_BUILD:-$FX_ROOT/build}/shim"
	export GP_GOPATH GP_SRC GP_SHIM
}

# _gp_copy SRC DST: the package's Go and assembly files, no tests, writable.
_gp_copy() {
	local f
	mkdir -p "$2"
	for f in "$1"/*.go "$1"/*.s; do
		case "$f" in *_test.go | *'*'*) continue ;; esac
		cp "$f" "$2/"
	done
	chmod -R u+w "$2"
}

gp_tree() {
	gp_init
	[ -f "$GP_GOPATH/.done" ] && return 0
	local mc t="$GP_GOPATH.tmp.$BASHPID" fx="$FX_ROOT/tests/fixtures/gopathprobe"
	mc="$(GOTOOLCHAIN=local "$FX_GO" env GOMODCACHE)"
	local s="$t/src/example.com/gopathprobe"
	rm -rf "$t"
	mkdir -p "$s"
	cp -R "$fx/." "$s/"
	_gp_copy "$mc/github.com/klauspost/cpuid/v2@v2.2.9" "$s/forks/cpuid"
	printf 'module example.com/cpuidfork/v2\n\ngo 1.20\n' >"$s/forks/cpuid/go.mod"
	# windows/arm64's file imports x/sys/windows, which the fork does not carry
	_gp_copy "$mc/golang.org/x/sys@v0.42.0/cpu" "$s/forks/sys/cpu"
	rm -f "$s/forks/sys/cpu/cpu_windows_arm64.go"
	printf 'module example.com/sysfork\n\ngo 1.25.0\n' >"$s/forks/sys/go.mod"
	(cd "$s" && GOTOOLCHAIN=local GO111MODULE=on GOFLAGS=-mod=mod GOPROXY=off GOWORK=off \
		"$FX_GO" mod vendor) || { echo "gopath: go mod vendor of the probe failed" >&2; return 1; }
	touch "$t/.done"
	# another suite of the run may have made it meanwhile: theirs stays
	mv -T "$t" "$GP_GOPATH" 2>/dev/null || rm -rf "$t"
}

gp_build() {
	local name="$1" mode="$2" out
	shift 2
	gp_tree || return 1
	out="$FX_DIR/gp-$name.a"
	[ -f "$out" ] && { echo "$out"; return 0; }
	local env=(GOTOOLCHAIN=local GOFLAGS= GOPROXY=off GOWORK=off GOOS=ios GOARCH=arm64 CGO_ENABLED=1
		CC="$FX_APPLE/bin/cc-ios-arm64" GOWRAP_CACHE="$FX_DIR/gp-gowrap-cache" PATH="$GP_SHIM:$PATH")
	local tmp="$out.tmp.$$" args=(build -buildmode=c-archive "-ldflags=-extar=$FX_APPLE/bin/ar")
	if [ "$mode" = gopath ]; then
		env+=(GO111MODULE=off GOPATH="$GP_GOPATH")
	else
		env+=(GO111MODULE=on)
		args+=(-mod=vendor)
	fi
	(cd "$GP_SRC" && env "${env[@]}" "$@" go "${args[@]}" -o "$tmp" .) >"$out.log" 2>&1 || {
		echo "gopath: go build of gp-$name failed: $(tail -3 "$out.log")" >&2
		return 1
	}
	rm -f "${tmp%.*}.h"
	mv -f "$tmp" "$out"
	echo "$out"
}
