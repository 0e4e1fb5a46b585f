#!/usr/bin/env bats
# gowrap enable / disable: every go on the machine reaches the shim through
# the go command's own toolchain switch (GOTOOLCHAIN=goX.Y.Z-gowrap in the go
# env file, a launcher on PATH), however it is started — an Xcode Run Script
# phase under a cleared environment, $GOROOT/bin/go by path, a Makefile
# Xcode runs — and disable puts everything back. Each build test runs the
# same build again after `gowrap disable` and requires it unfixed, so a test
# that passed without gowrap cannot pass. The iOS builds are e2e's warm
# examples/aeslib c-archive (the stand-in Apple toolchain); HOME and the go
# env file are the test's own (GOCACHE and GOMODCACHE in it are the run's).

load helpers/common
bats_require_minimum_version 1.5.0

setup_file() {
	local go
	go="$(real_go)"
	export EN_GOCACHE="$(GOTOOLCHAIN=local "$go" env GOCACHE)"
	export EN_GOMODCACHE="$(GOTOOLCHAIN=local "$go" env GOMODCACHE)"
}

setup() {
	common_setup
	unset GOTOOLCHAIN GOENV XDG_CONFIG_HOME GOWRAP_CACHE GOFLAGS
	export REALGO="$(real_go)"
	export HOME="$TMP/home"
	GOENVF="$HOME/.config/go/env"
	mkdir -p "$HOME/.config/go"
	printf 'GOCACHE=%s\nGOMODCACHE=%s\nGOPRIVATE=example.com/private\n' "$EN_GOCACHE" "$EN_GOMODCACHE" >"$GOENVF"
	cp "$GOENVF" "$TMP/goenv.before"
	# a Homebrew-style install path: a link to the real go outside its GOROOT
	ROOT="$TMP/root"
	mkdir -p "$ROOT/opt/homebrew/bin"
	ln -s "$REALGO" "$ROOT/opt/homebrew/bin/go"
	# Xcode's PATH for script phases: its own tools, /usr/local/bin (here
	# $ROOT/usr/local/bin), then the system's
	mkdir -p "$ROOT/usr/local/bin" "$ROOT/Xcode.app/Contents/Developer/usr/bin"
	XCODE_PATH="$ROOT/Xcode.app/Contents/Developer/usr/bin:$ROOT/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
}

enable() { PATH="$ROOT/opt/homebrew/bin:$PATH" run "$GOWRAP" enable --bin "$ROOT/usr/local/bin" "$@"; }

# An Xcode Run Script phase: env -i, Xcode's PATH and variables.
xcode_env() {
	env -i HOME="$HOME" PATH="$XCODE_PATH" PLATFORM_NAME=iphoneos ARCHS=arm64 SDK_NAME=iphoneos \
		ACTION=build CONFIGURATION=Release XCODE_VERSION_ACTUAL=1640 \
		TARGET_TEMP_DIR="$TMP/xc/$1" SRCROOT="$GOWRAP_ROOT/examples/aeslib" \
		FAKE_ROOT="$ROOT" APPLE_DIR="$APPLE" GW_APPLE_CC_RESDIR="${GW_APPLE_CC_RESDIR:-}" "${@:2}"
}

# Every file, link and directory under the test's HOME and install root,
# with its mode and the checksum of its bytes (go's own telemetry counters,
# which any go run updates, left out): equal before and after means enable
# changed no byte.
tree() {
	(cd "$TMP" && find home root -path home/.config/go/telemetry -prune -o -print | LC_ALL=C sort |
		while IFS= read -r f; do
			if [ -L "$f" ]; then
				echo "$f -> $(readlink "$f")"
			elif [ -f "$f" ]; then
				echo "$f $(ls -ld "$f" | cut -c1-10) $(cksum <"$f")"
			else
				echo "$f/ $(ls -ld "$f" | cut -c1-10)"
			fi
		done)
}

# The layout of the official installers (the Linux tarball, the macOS
# .pkg's /etc/paths.d/go): go's own bin on PATH, no GOBIN, no GOPATH, no
# ~/go/bin on PATH.
official_path() { echo "$(GOTOOLCHAIN=local "$REALGO" env GOROOT)/bin:/usr/bin:/bin"; }

# Xcode's own PATH for build phases, as enable's table names it
XCODE_REAL_PATH=/Applications/Xcode.app/Contents/Developer/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin

# A go env that went through the launcher leaves a line in GOWRAP_LOG.
through_shim() { if [ -f "$1" ]; then grep -c '"subcommand":"version"' "$1" || true; else echo 0; fi; }

@test "Xcode Run Script phase (env cleared, go found in an install path, run by path): verified; after disable unfixed" {
	enable
	assert_success
	assert_output --partial "GOTOOLCHAIN=go1."
	assert_output --partial "$ROOT/opt/homebrew/bin/go1."
	run xcode_env on sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
	echo "$output"
	assert_success
	run "$SYMCHECK" "$TMP/xc/on/libaes.a"
	echo "$output"
	assert_success
	assert_output --partial "required: ok"
	# a PATH that holds no launcher directory at all: go stops, loudly,
	# naming the launcher; nothing is built unfixed
	XCODE_PATH=/usr/bin:/bin:/usr/sbin:/sbin GOPROXY=off run xcode_env bare sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
	assert_failure
	assert_output --partial "go1."
	assert_output --partial "-gowrap"
	run test -e "$TMP/xc/bare/libaes.a"
	assert_failure
	run "$GOWRAP" disable
	assert_success
	run xcode_env off sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
	assert_success
	run "$SYMCHECK" "$TMP/xc/off/libaes.a"
	echo "after disable: $output"
	assert_failure 1
	assert_output --partial "no marker: required: FAIL"
}

@test "\$GOROOT/bin/go build by absolute path from the user's shell: verified; after disable unfixed" {
	enable
	assert_success
	cd "$GOWRAP_ROOT/examples/aeslib"
	for st in on off; do
		[ "$st" = off ] && { run "$GOWRAP" disable; assert_success; }
		PATH="$SHIM_DIR:$HOME/go/bin:$PATH" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
			run "$REALGO" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/$st.a" .
		assert_success
	done
	run "$SYMCHECK" "$TMP/on.a"
	assert_success
	run "$SYMCHECK" "$TMP/off.a"
	echo "after disable: $output"
	assert_failure 1
}

@test "WireGuardKitGo-style Makefile run as Xcode runs it (Xcode's PATH, /usr/local/bin and /opt/homebrew/bin appended): verified; after disable unfixed" {
	# no --bin: the launcher beside the Homebrew-style go is the one this
	# PATH finds (its /usr/local/bin stand-in holds none)
	PATH="$ROOT/opt/homebrew/bin:$PATH" run "$GOWRAP" enable
	assert_success
	run xcode_env mk make -s -f "$GOWRAP_ROOT/tests/enable/Makefile"
	echo "$output"
	assert_success
	run "$SYMCHECK" "$TMP/xc/mk/libwg-go.a"
	assert_success
	run "$GOWRAP" disable
	run xcode_env mk2 make -s -f "$GOWRAP_ROOT/tests/enable/Makefile"
	assert_success
	run "$SYMCHECK" "$TMP/xc/mk2/libwg-go.a"
	echo "after disable: $output"
	assert_failure 1
}

@test "go tool gomobile bind -target=ios in an Xcode phase (gomobile a go.mod tool, go by path): the xcframework verified; after disable unfixed" {
	# golang.org/x/mobile's own gomobile and gobind (tests/fixtures/bindapp)
	# with Xcode's tools stood in on Xcode's PATH (tests/helpers/apple:
	# xcrun, xcodebuild, clang with a stand-in Foundation for the generated
	# Objective-C): gomobile's own `go build`s, one per slice, run the go PATH
	# finds, the real one by its path
	require_modules golang.org/x/mobile@v0.0.0-20261011034528-197770444867
	cp -r "$GOWRAP_ROOT/tests/fixtures/bindapp" "$TMP/bindapp"
	# (on a Mac, Xcode's own xcrun and xcodebuild in /usr/bin, on Xcode's PATH)
	[ "$GW_APPLE_REAL" = 1 ] ||
		ln -s "$APPLE/xcrun/xcrun" "$APPLE/xcrun/xcodebuild" "$ROOT/Xcode.app/Contents/Developer/usr/bin/"
	enable
	assert_success
	# after disable only the device slice is built again: std unfixed for
	# the simulators would be a minute more of CI for no other proof
	for st in on off; do
		target=ios
		[ "$st" = off ] && { run "$GOWRAP" disable; assert_success; target=ios/arm64; }
		run xcode_env "gm-$st" env SRCROOT="$TMP/bindapp" GOPROXY=off GOSUMDB=off PHASE=gomobile \
			GM_TARGET="$target" sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
		echo "$output"
		assert_success
	done
	run "$SYMCHECK" "$TMP/xc/gm-on/Mobile.xcframework"
	echo "$output"
	assert_success
	# the device slice and the simulator's arm64 slice carry the marker
	assert_line --regexp "ios-arm64/Mobile.framework/Mobile: arm64 ios go1[.0-9]*: internal/cpu.gowrapMarker[A-Za-z0-9]* in symtab .*: required: ok$"
	assert_line --regexp "simulator/Mobile.framework/Mobile: arm64 ios-simulator go1[.0-9]*: internal/cpu.gowrapMarker[A-Za-z0-9]* in symtab .*: required: ok$"
	run "$SYMCHECK" "$TMP/xc/gm-off/Mobile.xcframework"
	echo "after disable: $output"
	assert_failure 1
	assert_line --regexp "ios-arm64/Mobile.framework/Mobile: arm64 ios go1[.0-9]*: no marker: required: FAIL"
}

@test "a verification failure inside an Xcode phase is in Xcode's diagnostic form (FILE:1:1: error: gowrap: ...)" {
	# a go that answers go env for another GOROOT (e2e's wrong-GOROOT case):
	# the overlay is ignored by the compile, the shim's check fails
	other="$TMP/otherroot"
	mkdir -p "$other/src/internal/cpu"
	cp "$(dirname "$(dirname "$(readlink -f "$REALGO")")")/src/internal/cpu/"*.go "$other/src/internal/cpu/"
	printf '#!/bin/sh\nif [ "$1" = env ]; then exec env GOROOT="%s" "%s" "$@"; fi\nexec "%s" "$@"\n' \
		"$other" "$REALGO" "$REALGO" >"$TMP/lyinggo"
	chmod +x "$TMP/lyinggo"
	cd "$GOWRAP_ROOT/examples/aeslib"
	XCODE_PATH="$SHIM_DIR:$XCODE_PATH" run xcode_env bad env GOWRAP_GO="$TMP/lyinggo" GOOS=ios GOARCH=arm64 \
		CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/bad.a" .
	echo "$output"
	assert_failure 110
	assert_line --regexp "^$TMP/bad.a:1:1: error: gowrap: built output lacks the gowrap marker: .*\(fix: .*\)$"
	# outside Xcode, the usual line
	GOWRAP_GO="$TMP/lyinggo" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" PATH="$SHIM_DIR:$PATH" \
		run go build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/bad.a" .
	assert_failure 110
	assert_line --regexp "^gowrap: built output lacks the gowrap marker"
}

@test "a toolchain line asking for go1.27.3, enabled, the real go by path: go1.27.3 runs, and an iOS build gets the documented refusal naming its fix" {
	require_go127() { GOTOOLCHAIN=go1.27.3 "$REALGO" version >/dev/null; }
	require_go127
	echo GOTOOLCHAIN=auto >>"$GOENVF"
	cp "$GOENVF" "$TMP/goenv.before"
	enable
	assert_success
	mkdir -p "$TMP/mod"
	cp "$GOWRAP_ROOT/examples/aeslib/"*.go "$TMP/mod/"
	printf 'module example.com/aes\n\ngo 1.22\n\ntoolchain go1.27.3\n' >"$TMP/mod/go.mod"
	cd "$TMP/mod"
	PATH="$HOME/go/bin:$PATH" GOPROXY=off run "$REALGO" version
	assert_success
	assert_output --partial "go1.27.3"
	# `go env GOTOOLCHAIN` alone is answered by the go run, never switched
	# (cmd/go's Select); any other go env shows the user's value
	PATH="$HOME/go/bin:$PATH" GOPROXY=off run "$REALGO" env GOTOOLCHAIN GOVERSION
	assert_output "auto
go1.27.3"
	PATH="$HOME/go/bin:$PATH" GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		run "$REALGO" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/t.a" .
	echo "$output"
	assert_failure 105
	assert_output --partial "gowrap toolchain install go1.27.3"
	# the user's GOTOOLCHAIN=auto comes back with the rest, byte for byte
	run "$GOWRAP" disable
	assert_success
	cmp "$TMP/goenv.before" "$GOENVF"
}

@test "the real go upgraded in place (its install-path link now a newer Go): enabled builds run the new go, fixed for its own GOROOT, never the old one" {
	GOTOOLCHAIN=go1.27.3 "$REALGO" version >/dev/null # the newer Go is in the module cache
	enable
	assert_success
	# the newer Go where an upgrade puts it (outside the module cache), and
	# the install path's link moved to it, as `brew upgrade go` does
	GOPROXY=off run "$GOWRAP" toolchain install go1.27.3
	assert_success
	ln -sfn "$HOME/sdk/go1.27.3/bin/go" "$ROOT/opt/homebrew/bin/go"
	run xcode_env up "$ROOT/opt/homebrew/bin/go" version
	assert_success
	assert_output --partial "go1.27.3"
	run xcode_env up "$ROOT/opt/homebrew/bin/go" env GOROOT
	assert_output "$HOME/sdk/go1.27.3"
	# internal/cpu as an iOS build compiles it, through the new go
	cd "$TMP"
	xcode_env up GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=0 \
		"$ROOT/opt/homebrew/bin/go" build -o "$TMP/cpu.a" internal/cpu
	run xcode_env up "$HOME/sdk/go1.27.3/bin/go" tool nm "$TMP/cpu.a"
	assert_output --partial "internal/cpu.gowrapMarker"
	run "$GOWRAP" disable
	assert_success
	xcode_env up GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=0 \
		"$ROOT/opt/homebrew/bin/go" build -o "$TMP/cpu-off.a" internal/cpu
	run env GOTOOLCHAIN=local "$HOME/sdk/go1.27.3/bin/go" tool nm "$TMP/cpu-off.a"
	assert_success
	refute_output --partial "gowrapMarker"
}

@test "GOTOOLCHAIN=local from the caller wins: not reached (unfixed) and doctor says so" {
	enable
	assert_success
	cd "$GOWRAP_ROOT/examples/aeslib"
	PATH="$HOME/go/bin:$PATH" GOTOOLCHAIN=local GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		run "$REALGO" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/l.a" .
	assert_success
	run "$SYMCHECK" "$TMP/l.a"
	assert_failure 1
	PATH="$HOME/go/bin:$PATH" GOTOOLCHAIN=local run "$GOWRAP" doctor --go "$REALGO"
	echo "$output"
	assert_failure 1
	assert_output --partial "reached:"
	assert_output --partial "no: GOTOOLCHAIN=local in the environment wins"
	PATH="$HOME/go/bin:$PATH" run "$GOWRAP" doctor --go "$REALGO"
	assert_output --regexp "reached: +$REALGO: yes"
	run "$GOWRAP" disable
	PATH="$HOME/go/bin:$PATH" run "$GOWRAP" doctor --go "$REALGO"
	assert_output --partial "gowrap is not enabled (fix: gowrap enable)"
}

@test "nothing else changes: a host build byte-identical, go version and go env as the real go prints them" {
	mkdir -p "$TMP/hello"
	printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hi") }\n' >"$TMP/hello/main.go"
	printf 'module example.com/hello\n\ngo 1.22\n' >"$TMP/hello/go.mod"
	cd "$TMP/hello"
	"$REALGO" build -o "$TMP/plain" .
	"$REALGO" version >"$TMP/v.plain"
	"$REALGO" env | grep -v ^GOGCCFLAGS= >"$TMP/env.plain"
	enable
	assert_success
	export PATH="$HOME/go/bin:$PATH"
	run "$REALGO" build -o "$TMP/enabled" .
	assert_success
	cmp "$TMP/plain" "$TMP/enabled"
	"$REALGO" version >"$TMP/v.enabled"
	"$REALGO" env | grep -v ^GOGCCFLAGS= >"$TMP/env.enabled"
	cmp "$TMP/v.plain" "$TMP/v.enabled"
	diff "$TMP/env.plain" "$TMP/env.enabled"
	# and the call went through the shim: its log has it
	GOWRAP_LOG="$TMP/log" run "$REALGO" build -o "$TMP/enabled" .
	assert_success
	run grep -c '"subcommand":"build"' "$TMP/log"
	assert_output 1
}

@test "enable twice changes nothing; disable restores the go env file byte for byte; disable without enable does nothing" {
	run "$GOWRAP" disable
	assert_success
	assert_output --partial "not enabled"
	cmp "$TMP/goenv.before" "$GOENVF"
	enable
	assert_success
	cp "$GOENVF" "$TMP/goenv.enabled"
	run grep -c GOPRIVATE "$GOENVF"
	assert_output 1
	enable
	assert_success
	cmp "$TMP/goenv.enabled" "$GOENVF"
	run "$GOWRAP" disable
	assert_success
	cmp "$TMP/goenv.before" "$GOENVF"
	run find "$HOME" "$ROOT" -name 'go1.*-gowrap'
	assert_output ""
	# the GOPATH/bin enable made for its launcher is gone; one the user
	# filled since stays, with what they put there
	run test -e "$HOME/go"
	assert_failure
	enable
	touch "$HOME/go/bin/mytool"
	run "$GOWRAP" disable
	assert_success
	run ls "$HOME/go/bin"
	assert_output mytool
	rm -rf "$HOME/go"
	# no go env file before: none after (nor its directory, but for what
	# any go run puts there itself: its telemetry counters)
	rm -rf "$HOME/.config/go"
	enable
	assert_success
	run "$GOWRAP" disable
	assert_success
	run test -e "$GOENVF"
	assert_failure
	[ ! -e "$HOME/.config/go" ] || [ "$(ls -A "$HOME/.config/go")" = telemetry ]
}

@test "GOENV=off and a go env file that cannot be written are refused with 117, nothing changed" {
	GOENV=off enable
	assert_failure 117
	assert_output --regexp "^gowrap: cannot enable gowrap: GOENV=off.*\(fix: .*\)$"
	run find "$HOME" "$ROOT" -name 'go1.*-gowrap'
	assert_output ""
	cmp "$TMP/goenv.before" "$GOENVF"
	touch "$TMP/notadir"
	GOENV="$TMP/notadir/env" enable
	assert_failure 117
	assert_output --partial "gowrap: cannot enable gowrap"
	assert_output --partial "fix:"
	run find "$HOME" "$ROOT" -name 'go1.*-gowrap'
	assert_output ""
	run test -e "$HOME/.config/gowrap/enabled"
	assert_failure
}

@test "enable and disable racing never leave a torn go env file" {
	PATH="$ROOT/opt/homebrew/bin:$PATH" "$GOWRAP" enable >/dev/null
	cp "$GOENVF" "$TMP/goenv.enabled"
	"$GOWRAP" disable >/dev/null
	for i in 1 2 3 4 5 6 7 8; do
		# three rounds each: an enable now holds the lock for its post-check
		# too, so three overlap as often as six did
		( for k in 1 2 3; do
			PATH="$ROOT/opt/homebrew/bin:$PATH" "$GOWRAP" enable >/dev/null
			"$GOWRAP" disable >/dev/null
		done ) &
	done
	for i in 1 2 3 4 5 6 7 8; do
		( for k in 1 2 3 4 5; do
			# one read each: a rename between two reads is not a torn file
			cat "$GOENVF" >"$TMP/snap.$i" 2>/dev/null || : >"$TMP/snap.$i"
			cmp -s "$TMP/goenv.before" "$TMP/snap.$i" || cmp -s "$TMP/goenv.enabled" "$TMP/snap.$i" ||
				echo "torn: $(cat "$TMP/snap.$i")"
		done ) >>"$TMP/torn" &
	done
	wait
	run cat "$TMP/torn"
	assert_output ""
	# every enable was undone by a disable: nothing of either is left
	cmp "$TMP/goenv.before" "$GOENVF"
	run find "$HOME" "$ROOT" -name 'go1.*-gowrap'
	assert_output ""
	run test -e "$HOME/.config/gowrap/enabled"
	assert_failure
}

@test "gowrap's files deleted while enabled: go fails loudly, never builds unfixed; disable still cleans up" {
	enable
	assert_success
	rm -f "$HOME/go/bin/"go1.*-gowrap "$ROOT/opt/homebrew/bin/"go1.*-gowrap "$ROOT/usr/local/bin/"go1.*-gowrap
	cd "$GOWRAP_ROOT/examples/aeslib"
	GOPROXY=off GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" \
		run "$REALGO" build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o "$TMP/x.a" .
	echo "$output"
	assert_failure
	assert_output --partial "-gowrap"
	run test -e "$TMP/x.a"
	assert_failure
	run "$GOWRAP" doctor --go "$REALGO"
	assert_output --partial "is not on this PATH"
	# the state gone too: disable still takes gowrap's line out
	rm -rf "$HOME/.config/gowrap"
	run "$GOWRAP" disable
	assert_success
	cmp "$TMP/goenv.before" "$GOENVF"
}

@test "official-installer layout (go's bin on PATH, no GOBIN, no ~/go/bin): refused with 117 and the PATH line, no byte changed; with that line, go build and go version still work" {
	unset GOPATH GOBIN
	export PATH="$(official_path)"
	before="$(tree)"
	SHELL=/bin/zsh run "$GOWRAP" enable
	echo "$output"
	assert_failure 117
	assert_line "gowrap: cannot enable gowrap: this shell's PATH holds none of the launcher directories ($HOME/go/bin), so every go run here would stop, trying to download $("$REALGO" env GOVERSION)-gowrap (fix: put a launcher directory on this shell's PATH: \`echo 'export PATH=\"$HOME/go/bin:\$PATH\"' >> ~/.zshrc\` and open a new shell; or name a directory this PATH holds: \`gowrap enable --bin DIR\`; then run gowrap enable again (nothing was changed))"
	assert_line --regexp "^  this shell +will fail loudly: no go1.*-gowrap on PATH $PATH"
	[ "$(tree)" = "$before" ]
	# the shell's go still works as before
	mkdir -p "$TMP/hello"
	printf 'package main\n\nfunc main() { println("hi") }\n' >"$TMP/hello/main.go"
	printf 'module example.com/hello\n\ngo 1.22\n' >"$TMP/hello/go.mod"
	cd "$TMP/hello"
	run go version
	assert_success
	# the fix it named, as the shell's rc file would apply it
	export PATH="$HOME/go/bin:$PATH"
	run "$GOWRAP" enable
	assert_success
	assert_line --regexp "^  this shell +reached: $HOME/go/bin/go1.*-gowrap$"
	GOWRAP_LOG="$TMP/log" run go version
	assert_success
	assert_output --regexp "^go version go1"
	GOWRAP_LOG="$TMP/log" run go build -o "$TMP/hi" .
	assert_success
	run "$TMP/hi"
	assert_output hi
	run grep -c '"subcommand":"build"' "$TMP/log"
	assert_output 1
	[ "$(through_shim "$TMP/log")" = 1 ]
}

@test "GOPATH set in the shell, env -i Xcode-style phases computing their own GOPATH: each as the table says (reached with ~/go/bin first; asking go first fails loudly until --bin), iOS builds verified" {
	export GOPATH="$TMP/gopath"
	unset GOBIN
	export PATH="$GOPATH/bin:$(official_path)"
	run "$GOWRAP" enable
	echo "$output"
	assert_success
	assert_line --regexp "^  this shell +reached: $GOPATH/bin/go1.*-gowrap$"
	assert_line --regexp "^  Xcode phase \(Xcode's PATH\) +will fail loudly: .*or a phase that puts $HOME/go/bin on PATH before its first go: next row\)$"
	assert_line --regexp "^  env -i HOME, GOPATH/bin on PATH +reached: $HOME/go/bin/go1.*-gowrap$"
	# a phase that puts GOPATH/bin, as go computes it there (no GOPATH
	# variable: ~/go), first on PATH, then runs go by path: reached
	run xcode_env gp env GOPATH_FROM=default sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
	echo "$output"
	assert_success
	run "$SYMCHECK" "$TMP/xc/gp/libaes.a"
	assert_success
	assert_output --partial "required: ok"
	# a phase that asks `go env GOPATH` first runs go on Xcode's PATH alone:
	# loud, nothing built
	run xcode_env gp-ask env GOPROXY=off sh "$GOWRAP_ROOT/tests/enable/xcode-phase.sh"
	echo "$output"
	assert_failure
	assert_output --regexp "go1.*-gowrap"
	run test -e "$TMP/xc/gp-ask/libaes.a"
	assert_failure
	# the row's fix: a launcher in a directory on Xcode's PATH; the phase's
	# first go, `go env GOPATH`, then goes through gowrap
	run "$GOWRAP" enable --bin "$ROOT/usr/local/bin"
	assert_success
	GOWRAP_LOG="$TMP/gp.log" run xcode_env gp-bin env GOPROXY=off GOWRAP_LOG="$TMP/gp.log" \
		"$ROOT/opt/homebrew/bin/go" env GOPATH
	assert_success
	assert_output "$HOME/go"
	run grep -c '"subcommand":"env"' "$TMP/gp.log"
	assert_output 1
	# disable takes every launcher and the directories it made
	run "$GOWRAP" disable
	assert_success
	run find "$HOME" "$ROOT" -name 'go1.*-gowrap'
	assert_output ""
	run test -e "$GOPATH"
	assert_failure
	cmp "$TMP/goenv.before" "$GOENVF"
}

@test "enable's table is what each context then does: reached, will fail loudly, not reached, each run and compared" {
	unset GOPATH GOBIN
	export PATH="$HOME/go/bin:$(official_path)"
	run "$GOWRAP" enable --bin "$ROOT/usr/local/bin"
	echo "$output"
	assert_success
	assert_line --regexp "^  this shell +reached: $HOME/go/bin/go1.*-gowrap$"
	assert_line --regexp "^  Xcode phase \(Xcode's PATH\) +will fail loudly: no go1.*-gowrap on PATH $XCODE_REAL_PATH, "
	assert_line --regexp "^  env -i HOME, GOPATH/bin on PATH +reached: $HOME/go/bin/go1.*-gowrap$"
	assert_line --regexp "^  PATH holding $ROOT/usr/local/bin +reached: $ROOT/usr/local/bin/go1.*-gowrap$"
	# doctor prints the same table
	table="$(printf '%s\n' "$output" | grep -A4 '^where a go finds')"
	run "$GOWRAP" doctor
	[ "$(printf '%s\n' "$output" | grep -A4 '^where a go finds')" = "$table" ]
	cd "$TMP"
	# reached: the go of this shell goes through the launcher
	GOWRAP_LOG="$TMP/shell" run go version
	assert_success
	[ "$(through_shim "$TMP/shell")" = 1 ]
	# will fail loudly: Xcode's own PATH holds no launcher; go stops, naming it
	run env -i HOME="$HOME" PATH="$XCODE_REAL_PATH" GOPROXY=off GOWRAP_LOG="$TMP/xcode" "$REALGO" version
	echo "$output"
	assert_failure
	assert_output --regexp "go1.*-gowrap"
	[ "$(through_shim "$TMP/xcode")" = 0 ]
	# reached: a bare context with $(go env GOPATH)/bin first
	run env -i HOME="$HOME" PATH="$HOME/go/bin:$XCODE_REAL_PATH" GOWRAP_LOG="$TMP/bare" "$REALGO" version
	assert_success
	[ "$(through_shim "$TMP/bare")" = 1 ]
	# reached: a build whose PATH holds the --bin directory
	run env -i HOME="$HOME" PATH="$ROOT/usr/local/bin" GOWRAP_LOG="$TMP/bin" "$REALGO" version
	assert_success
	[ "$(through_shim "$TMP/bin")" = 1 ]
	# not reached: GOTOOLCHAIN in the environment wins; the table says so
	GOTOOLCHAIN=local run "$GOWRAP" enable --dry-run
	assert_success
	assert_line --regexp "^  this shell +not reached: GOTOOLCHAIN=local in its environment wins"
	GOTOOLCHAIN=local GOWRAP_LOG="$TMP/local" run go version
	assert_success
	[ "$(through_shim "$TMP/local")" = 0 ]
	# not reached: another program of the launcher's name first on PATH
	# (go's LookPath takes the first); enable refuses to go on
	name="$(basename "$HOME"/go/bin/go1.*-gowrap)"
	mkdir -p "$TMP/other"
	printf '#!/bin/sh\necho other\n' >"$TMP/other/$name"
	chmod +x "$TMP/other/$name"
	PATH="$TMP/other:$PATH" run "$GOWRAP" enable
	assert_failure 117
	assert_line --regexp "^  this shell +not reached: $TMP/other/$name comes first on PATH and is not gowrap's launcher$"
	assert_line "gowrap: cannot enable gowrap: $TMP/other/$name comes first on PATH and is not gowrap's launcher: every go run here would run it instead (fix: move it away, or put a launcher directory before it on PATH; nothing was changed)"
	PATH="$TMP/other:$PATH" GOWRAP_LOG="$TMP/other.log" run go version
	assert_output other
	[ "$(through_shim "$TMP/other.log")" = 0 ]
}

@test "--dry-run prints the table and changes no byte, whether enable would go ahead or refuse" {
	unset GOPATH GOBIN
	before="$(tree)"
	PATH="$HOME/go/bin:$(official_path)" run "$GOWRAP" enable --dry-run --bin "$ROOT/usr/local/bin"
	echo "$output"
	assert_success
	assert_line --regexp "^  this shell +reached: $HOME/go/bin/go1.*-gowrap$"
	assert_line --regexp "^  PATH holding $ROOT/usr/local/bin +reached: "
	assert_line "gowrap enable --dry-run: nothing was changed"
	[ "$(tree)" = "$before" ]
	PATH="$(official_path)" run "$GOWRAP" enable --dry-run
	assert_failure 117
	assert_line --regexp "^  this shell +will fail loudly: "
	assert_output --partial "gowrap: cannot enable gowrap: this shell's PATH holds none of the launcher directories"
	[ "$(tree)" = "$before" ]
}

@test "go failing through the switch after enable's writes: refused with 117, every byte put back (first enable, and over an enable)" {
	unset GOPATH GOBIN
	export PATH="$HOME/go/bin:$(official_path)"
	# a go whose run through the launcher fails (the launcher runs
	# GOWRAP_GO when set): a broken toolchain behind the switch
	mkdir -p "$TMP/broken/bin"
	cp "$(GOTOOLCHAIN=local "$REALGO" env GOROOT)/VERSION" "$TMP/broken/"
	printf '#!/bin/sh\nif [ -n "$GOTOOLCHAIN_INTERNAL_SWITCH_VERSION" ]; then echo "go: broken toolchain" >&2; exit 1; fi\nexec "%s" "$@"\n' \
		"$REALGO" >"$TMP/broken/bin/go"
	chmod +x "$TMP/broken/bin/go"
	before="$(tree)"
	GOWRAP_GO="$TMP/broken/bin/go" run "$GOWRAP" enable
	echo "$output"
	assert_failure 117
	assert_line "gowrap: cannot enable gowrap: \`$TMP/broken/bin/go version\` through the launcher failed once enabled: go: broken toolchain (fix: nothing was changed (every byte put back); fix what go reports and run \`gowrap enable\` again)"
	[ "$(tree)" = "$before" ]
	run go version
	assert_success
	# over a working enable: its launchers, state and go env file stay
	run "$GOWRAP" enable
	assert_success
	before="$(tree)"
	GOWRAP_GO="$TMP/broken/bin/go" run "$GOWRAP" enable --bin "$ROOT/usr/local/bin"
	assert_failure 117
	diff <(echo "$before") <(tree)
	run go version
	assert_success
	run "$GOWRAP" disable
	assert_success
	cmp "$TMP/goenv.before" "$GOENVF"
}

@test "gowrap audit ./... where the pattern matches no package fails, naming the directory" {
	mkdir -p "$TMP/empty"
	printf 'module example.com/empty\n\ngo 1.22\n' >"$TMP/empty/go.mod"
	cd "$TMP/empty"
	GOTOOLCHAIN=local run "$GOWRAP" audit ./...
	assert_failure 109
	assert_line "gowrap: cannot list the build's packages: ./... matched no packages in $TMP/empty (fix: run gowrap audit in the module's directory, or name packages with Go files for this GOOS/GOARCH (a package of cgo files alone needs CGO_ENABLED=1))"
}
