#!/usr/bin/env bash
# fetch-testdeps.sh — puts every Go module and toolchain the tests use into
# the module cache the go command uses here (GOMODCACHE as set, else its
# default), through the module proxy (GOPROXY as set, else go's default).
# The suites then run offline (GOPROXY=off, or a file:// proxy made from this
# cache), so a fresh machine and a developer's machine test the same thing.
# Also builds act for tests/act.bats (below). Idempotent: what is there
# already is not fetched again. Exit 1 naming the
# module that could not be fetched.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
	echo "gowrap setup: cannot fetch $1: $2 (fix: make the Go module proxy reachable, e.g. GOPROXY=https://proxy.golang.org, then run bash scripts/setup.sh again)" >&2
	exit 1
}

# CGO_ENABLED=1 as on a machine with a C compiler: scripts/setup.sh runs this
# beside apt-get, which may be installing gcc at that moment (the package set
# go list reads must not depend on when it got there).
export GOTOOLCHAIN=local GOFLAGS=-mod=readonly GOWORK=off CGO_ENABLED=1
tmp=$(mktemp -d)
# A failure here must not leave the background fetches running.
trap 'kill $(jobs -p) 2>/dev/null || true; chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# The probe modules (tests/deps.bats, bench/deps.sh): everything their builds
# and `go list -deps` need, for every target the tests build (the module set
# does not depend on the target, the package set does; `go mod download`
# fetches the modules of every package and test of the main module).
probe() { # DIR-with-go.mod/go.sum [main.go from]
	local name="$1" src="${2:-$1}" d
	d="$tmp/$(basename "$1")"
	mkdir -p "$d"
	cp "$name/go.mod" "$name/go.sum" "$d/"
	cp "$src"/*.go "$d/"
	(cd "$d" && go mod download 2>"$d.err" && go list -deps ./... >/dev/null 2>>"$d.err") ||
		fail "the modules of $name" "$(tail -1 "$d.err")"
}

# The network-bound fetches (the four apps' module graphs, most of this
# script's bytes; the SARIF multitool from npm) run beside the rest, which
# spends its time compiling act: one after the other they added 108-188 s.
# Each says what failed on stderr and exits 1; the end waits for both.
modcache="$(go env GOMODCACHE)"
[ -n "$modcache" ] || fail "the module cache's path" "go env GOMODCACHE answered nothing"
fetch_apps() {
	# tests/audit_apps.bats: four apps' graphs audited in their own module
	# directories, as their release builds list them, for ios/arm64,
	# android/arm64, android/arm, linux/arm64 and linux/amd64 (`go list -deps`
	# downloads the modules of each target's packages only), and the census
	# probe. On an empty GOMODCACHE: 108 s, 552 MB of zips (1.9 GB unpacked).
	# sing-box's libbox tags: tests/audit_apps.bats says where they come from.
	probe tests/fixtures/censusprobe
	sb_tags="with_gvisor,with_quic,with_wireguard,with_utls,with_naive_outbound,with_clash_api,badlinkname,tfogo_checklinkname0,with_tailscale,ts_omit_logtail,ts_omit_ssh,ts_omit_drive,ts_omit_taildrop,ts_omit_webclient,ts_omit_doctor,ts_omit_capture,ts_omit_kube,ts_omit_aws,ts_omit_synology,ts_omit_bird"
	for app in "github.com/sagernet/sing-box@v1.13.5 ./experimental/libbox $sb_tags" \
		"github.com/xtls/xray-core@v1.260327.0 ./main" "tailscale.com@v1.102.5 ./cmd/tailscaled" \
		"github.com/metacubex/mihomo@v1.19.2 ." "github.com/syncthing/syncthing@v1.30.0 ./cmd/syncthing"; do
		read -r mod pkg tags <<<"$app"
		(cd "$tmp" && go mod download "$mod" >/dev/null 2>"$tmp/app.err") || fail "$mod" "$(tail -1 "$tmp/app.err")"
		for t in ios/arm64 android/arm64 android/arm linux/arm64 linux/amd64; do
			t_tags=${tags:-}
			[ -n "$t_tags" ] && [ "$t" = ios/arm64 ] && t_tags="$t_tags,with_dhcp,grpcnotrace,with_low_memory"
			# -e: tailscaled's graph holds packages a target's constraints
			# empty (feature/ssh on ios); any other error is a module not fetched
			(cd "$modcache/$mod" && GOOS=${t%/*} GOARCH=${t#*/} go list -deps -e -tags "$t_tags" \
				-f '{{with .Error}}{{printf "%q" .Err}}{{end}}' "$pkg" >"$tmp/app.out" 2>"$tmp/app.err") ||
				fail "the modules of $mod for $t" "$(tail -1 "$tmp/app.err")"
			if grep -v 'build constraints exclude all Go files' "$tmp/app.out" | grep -q .; then
				fail "the modules of $mod for $t" "$(grep -v 'build constraints exclude' "$tmp/app.out" | head -1)"
			fi
		done
	done
}
fetch_multitool() {
	# Microsoft's SARIF multitool (tests/audit_sarif.bats validates `gowrap
	# audit --format sarif` with its `validate` verb, GitHub's ingestion rules
	# included): the npm package of this OS at a pinned version, installed once
	# into a directory beside the module cache, as act is; the package ships a
	# self-contained .NET program, so nothing else is needed. Its postinstall
	# only marks that program executable, done here (npm may hold scripts back).
	# Linux only: the suites that validate run on Linux CI (on macOS
	# tests/audit_sarif.bats stops naming what is missing), and one directory
	# must never hold another OS's package (it was removed and replaced).
	if [ "$(uname -s)" = Linux ]; then
		mt_ver=5.7.0
		mt_pkg=@microsoft/sarif-multitool-linux
		mt_dir="$(dirname "$modcache")/gowrap-testbin/sarif-multitool-$mt_ver"
		mt_bin="$mt_dir/node_modules/$mt_pkg/Sarif.Multitool"
		if ! "$mt_bin" --version 2>&1 | grep -q "^SARIF Multitool $mt_ver+"; then
			command -v npm >/dev/null 2>&1 || fail "$mt_pkg@$mt_ver" "no npm on PATH (fix: apt-get install npm)"
			rm -rf "$mt_dir"
			mkdir -p "$mt_dir"
			npm install --prefix "$mt_dir" --no-save --no-audit --no-fund --loglevel=error "$mt_pkg@$mt_ver" \
				>/dev/null 2>"$tmp/mt.err" || fail "$mt_pkg@$mt_ver from the npm registry" "$(tail -1 "$tmp/mt.err")"
			chmod u+x "$mt_bin"
			"$mt_bin" --version >/dev/null 2>"$tmp/mt.err" || fail "$mt_pkg@$mt_ver" "it does not run: $(tail -1 "$tmp/mt.err")"
		fi
	fi
}
fetch_apps &
apps_pid=$!
fetch_multitool &
mt_pid=$!
probe tests/fixtures/depsprobe
probe tests/fixtures/leanprobe
probe tests/fixtures/depsprobe42 tests/fixtures/depsprobe
probe tests/fixtures/mcprobe
probe tests/fixtures/hwcapprobe
probe tests/fixtures/depsprobeold
probe tests/fixtures/kryptoprobe
# tests/audit_seen.bats: audit reads assembly and cgo's C (templexxx/cpu,
# compress, blst, DataDog/zstd, cilium/ebpf; go list only, nothing built but
# its arm64run, pure Go).
probe tests/fixtures/seenprobe
# tests/android.bats: x/sys/cpu before and after its android arm64 detection
probe tests/fixtures/xsysandroid
probe tests/fixtures/xsysandroid47 tests/fixtures/xsysandroid
# tests/ios_sysctl.bats: the same program with x/sys v0.42.0
probe tests/fixtures/xsysios42 tests/fixtures/xsysandroid
# tests/verify_arch.bats: the same module, vendored (`go mod vendor` reads
# the module zips this puts in the cache) and built for 13 GOARCHes.
probe tests/fixtures/archprobe
# tests/goos.bats: each rule's verdict proven per GOOS, with the x/sys
# versions the rules were read in (goosprobe/xsys's go.sum holds them all);
# their shared package sits beside them (../std, as in the tree).
mkdir -p "$tmp/std" && cp tests/fixtures/goosprobe/std/* "$tmp/std/"
probe tests/fixtures/goosprobe/xsys
probe tests/fixtures/goosprobe/cpuid
for m in golang.org/x/sys@v0.12.0 golang.org/x/sys@v0.41.0 golang.org/x/sys@v0.47.0 \
	github.com/klauspost/cpuid/v2@v2.4.2; do
	(cd "$tmp" && go mod download "$m" >/dev/null 2>"$tmp/pin.err") || fail "$m" "$(tail -1 "$tmp/pin.err")"
done
# tests/verify_gopath.bats: tests/fixtures/gopathprobe's vendor tree and
# forks are copied from these (tests/helpers/gopath.bash; `go mod vendor`
# reads their zips), so the suite's GOPATH and -mod=vendor builds run offline.
for m in github.com/klauspost/cpuid/v2@v2.2.9 golang.org/x/sys@v0.29.0 golang.org/x/sys@v0.42.0; do
	(cd "$tmp" && go mod download "$m" >/dev/null 2>"$tmp/pin.err") || fail "$m" "$(tail -1 "$tmp/pin.err")"
done
# tests/android_run.bats: GOOS=android programs run under qemu-user.
probe tests/fixtures/androidprobe

# tests/toolchain.bats compares its module hash with go's for this module.
(cd "$tmp" && go mod download -json golang.org/x/sys@v0.30.0 >/dev/null 2>"$tmp/xsys.err") ||
	fail golang.org/x/sys@v0.30.0 "$(tail -1 "$tmp/xsys.err")"

# garble (tests/compose.bats: a caller's -toolexec composed with gowrap's):
# downloaded, not built (`-n`); it needs Go 1.27.
(cd "$tmp" && GOTOOLCHAIN=go1.27.3 GOFLAGS='' go install -n mvdan.cc/garble@v0.18.0 >/dev/null 2>"$tmp/garble.err") ||
	fail mvdan.cc/garble@v0.18.0 "$(tail -1 "$tmp/garble.err")"

# tests/cacheprog.bats builds go-cacher and go-cacher-server (GOCACHEPROG,
# README "CI fleets") at this version; `go install -n` loads (and so fetches)
# every module their packages need, and compiles nothing.
gtc=github.com/bradfitz/go-tool-cache
gtcv=v0.0.0-20260722201841-0bb331e19f64
(cd "$tmp" && GOBIN="$tmp/bin" go install -n "$gtc/cmd/go-cacher@$gtcv" "$gtc/cmd/go-cacher-server@$gtcv" \
	>/dev/null 2>"$tmp/gtc.err") || fail "$gtc@$gtcv" "$(tail -1 "$tmp/gtc.err")"

# Go 1.27.3: the GOTOOLCHAIN trap itself (a toolchain in GOMODCACHE).
GOTOOLCHAIN=go1.27.3 go version >/dev/null 2>"$tmp/tc.err" ||
	fail "the go1.27.3 toolchain" "$(tail -1 "$tmp/tc.err")"
# ... and its module's metadata and checksum-database entries, which
# `gowrap toolchain install` verifies offline (tests/compose.bats installs it).
tcmod="golang.org/toolchain@v0.0.1-go1.27.3.$(go env GOHOSTOS)-$(go env GOHOSTARCH)"
(cd "$tmp" && GOFLAGS='' go mod download -json "$tcmod" >/dev/null 2>"$tmp/tcmod.err") ||
	fail "$tcmod" "$(tail -1 "$tmp/tcmod.err")"

# act (tests/act.bats runs the Action's workflows and the examples through
# it, in host mode): built once from the module proxy at the pinned version
# into a directory beside the module cache (tests/helpers/act.bash finds it
# there), so a fresh GOMODCACHE (.ci/run) builds it afresh and a developer's
# machine keeps it. It needs Go 1.25: an older go switches toolchains.
# Built from a copy of the module with tests/act/act-v0.2.89-host-output.patch
# applied exactly (act drops a failing step's last output lines in host mode;
# the patch says why and what was measured); the module cache is never
# written. The patch's SHA-256 beside the binary: an edited patch rebuilds.
# A test tool, so built for build time: no cgo (host mode needs none, and gcc
# may still be being installed beside this), no inlining, no symbol table or
# DWARF: 63 s and 118 CPU s here instead of 75 s and 142. tests/cacheprog.bats
# builds go-cacher with the same flags, so it finds act's std compiled.
act_mod=github.com/nektos/act@v0.2.89
act_patch="$PWD/tests/act/act-v0.2.89-host-output.patch"
act_dir="$(dirname "$modcache")/gowrap-testbin/act-v0.2.89-host-output"
act_sum="$(sha256sum "$act_patch" | cut -d' ' -f1)"
if [ "$("$act_dir/act" --version 2>/dev/null)" != "act version 0.2.89" ] ||
	[ "$(cat "$act_dir/patch.sha256" 2>/dev/null)" != "$act_sum" ]; then
	rm -rf "$act_dir"
	mkdir -p "$act_dir"
	(cd "$tmp" && GOFLAGS='' go mod download "$act_mod" >/dev/null 2>"$tmp/act.err") ||
		fail "$act_mod" "$(tail -1 "$tmp/act.err")"
	cp -R "$modcache/$act_mod" "$tmp/act-src"
	chmod -R u+w "$tmp/act-src"
	# GIT_CEILING_DIRECTORIES: a TMPDIR inside a repository must not make git
	# apply the patch relative to that repository's root.
	if ! GIT_CEILING_DIRECTORIES="$tmp" git -C "$tmp/act-src" apply "$act_patch" 2>"$tmp/act.err"; then
		echo "gowrap setup: cannot patch $act_mod: $(tail -1 "$tmp/act.err") (fix: the patch must apply exactly to $act_mod; regenerate tests/act/act-v0.2.89-host-output.patch against it)" >&2
		exit 1
	fi
	(cd "$tmp/act-src" && GOTOOLCHAIN=auto GOFLAGS='' CGO_ENABLED=0 go build -buildvcs=false \
		-gcflags=all=-l -ldflags='-s -w' -o "$act_dir/act" . >/dev/null 2>"$tmp/act.err") ||
		fail "$act_mod" "$(tail -1 "$tmp/act.err")"
	echo "$act_sum" >"$act_dir/patch.sha256"
fi

# tests/gvisor.bats: gVisor's pkg/cpuid and pkg/atomicbitops at the version
# tailscale v1.102.5 pins (built for linux/arm64 and amd64, audited).
probe tests/fixtures/gvisorprobe
# ... and on sing-box's fork (the same Go files, imports renamed as the suite
# renames them; the fork's modules from gvisorprobe/sagernet/go.mod).
mkdir -p "$tmp/gvisorsagernet"
cp tests/fixtures/gvisorprobe/sagernet/go.mod tests/fixtures/gvisorprobe/sagernet/go.sum \
	tests/fixtures/gvisorprobe/*.go "$tmp/gvisorsagernet/"
sed -i 's|gvisor\.dev/gvisor/|github.com/sagernet/gvisor/|' "$tmp/gvisorsagernet"/*.go
(cd "$tmp/gvisorsagernet" && go mod download 2>"$tmp/sg.err" && go list -deps ./... >/dev/null 2>>"$tmp/sg.err") ||
	fail "the modules of tests/fixtures/gvisorprobe/sagernet" "$(tail -1 "$tmp/sg.err")"

# tests/enable.bats: gomobile and gobind (golang.org/x/mobile) as go.mod tools
# of tests/fixtures/bindapp. `gomobile bind` lists the whole module graph and
# runs `go mod tidy` in the module it generates, which reads the test
# dependencies of x/tools as well: every module of the graph (`all`), 78 MB
# in the module cache.
cp -r tests/fixtures/bindapp "$tmp/bindapp"
(cd "$tmp/bindapp" && go mod download all 2>"$tmp/bind.err" && GOOS=ios GOARCH=arm64 go list -m -tags=ios all >/dev/null 2>>"$tmp/bind.err") ||
	fail "the modules of tests/fixtures/bindapp" "$(tail -1 "$tmp/bind.err")"

st=0
wait "$apps_pid" || st=1
wait "$mt_pid" || st=1
exit "$st"
