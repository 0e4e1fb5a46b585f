#!/usr/bin/env bats
# tests/shim.bats — the `go` shim and its post-build check, driven against the real Go toolchain; no mocks of go itself.

load helpers/common
load helpers/shim
bats_require_minimum_version 1.5.0

setup() {
	shim_setup
}

# --- invisible when it adds nothing --------------------------------------

@test "go version is byte-identical through the shim" {
	d="$(dgo version 2>&1; echo "rc=$?")"
	s="$(sgo version 2>&1; echo "rc=$?")"
	assert [ "$d" = "$s" ]
	assert [ "$(log_field injected)" = false ]
}

@test "go env and go env -json are byte-identical through the shim" {
	# GOGCCFLAGS names a fresh temp directory on every run (even two direct
	# runs differ), so it is compared without that one random path.
	norm() { sed -E 's#go-build[0-9]+#go-buildN#g'; }
	assert [ "$(dgo env 2>&1 | norm)" = "$(sgo env 2>&1 | norm)" ]
	assert [ "$(dgo env -json 2>&1 | norm)" = "$(sgo env -json 2>&1 | norm)" ]
	# everything else byte for byte
	[ "$(dgo env GOROOT GOPATH GOFLAGS GOOS GOARCH GOTOOLCHAIN GOVERSION 2>&1)" = \
	  "$(sgo env GOROOT GOPATH GOFLAGS GOOS GOARCH GOTOOLCHAIN GOVERSION 2>&1)" ]
	# also with an iOS target in the environment: env is never touched
	assert [ "$(GOOS=ios GOARCH=arm64 dgo env 2>&1 | norm)" = "$(GOOS=ios GOARCH=arm64 sgo env 2>&1 | norm)" ]
}

@test "pass-through execs the real go: the shim's pid becomes go's" {
	# With exec there is no extra process: the pid the shell started runs go.
	# `go run` of a sleeper keeps that pid alive (go waits for the program),
	# so /proc/PID/exe is read while it surely exists.
	make_sleeper_module "$TMP/s"
	cd "$TMP/s"
	dgo build -o /dev/null .
	export READY="$TMP/ready"
	PATH="$(shim_path)" go run . &
	pid=$!
	for _ in $(seq 200); do [ -e "$READY" ] && break; sleep 0.05; done
	exe="$(readlink "/proc/$pid/exe")"
	kill -TERM "$pid" 2>/dev/null
	wait "$pid" || true
	assert [ -e "$READY" ]
	assert_equal "$exe" "$(readlink -f "$REAL_GO")"
	assert_equal "$(log_field injected)" false
}

@test "failing build: same status and stderr with and without the shim" {
	mkdir -p "$TMP/bad"
	printf 'module bad\n\ngo 1.21\n' >"$TMP/bad/go.mod"
	printf 'package main\n\nfunc main() { undefined() }\n' >"$TMP/bad/main.go"
	cd "$TMP/bad"
	run dgo build -o /dev/null .
	ds=$status; dout=$output
	run sgo build -o /dev/null .
	assert [ "$status" -eq "$ds" ]
	assert [ "$output" = "$dout" ]
	assert [ "$ds" -eq 1 ]
	# and the same for an injected (ios/arm64) build
	run env GOOS=ios GOARCH=arm64 CGO_ENABLED=0 "$REAL_GO" vet .
	ds=$status; dout=$output
	run env GOOS=ios GOARCH=arm64 CGO_ENABLED=0 PATH="$(shim_path)" go vet .
	assert [ "$status" -eq "$ds" ]
	assert [ "$output" = "$dout" ]
	assert [ "$(log_field injected)" = true ]
	assert [ "$(log_field exit)" = "$ds" ]
}

@test "go run of a program exiting 3 and a failing go test: same status" {
	make_args_module "$TMP/a"
	cd "$TMP/a"
	run env EXIT=3 "$REAL_GO" run . x
	ds=$status; dout=$output
	run env EXIT=3 PATH="$(shim_path)" go run . x
	assert [ "$status" -eq "$ds" ]
	assert [ "$output" = "$dout" ]
	assert [ "$ds" -eq 1 ]
	cat >"$TMP/a/main_test.go" <<-'EOM'
	package main

	import "testing"

	func TestFail(t *testing.T) { t.Fatal("boom") }
	EOM
	run dgo test -count=1 .
	ds=$status
	run sgo test -count=1 .
	assert [ "$status" -eq "$ds" ]
	assert [ "$ds" -eq 1 ]
	assert_glob "$output" "*boom*"
}

@test "arguments with spaces, quotes and non-ASCII reach the program exactly" {
	make_args_module "$TMP/a"
	cd "$TMP/a"
	args=("a b" "'single'" '"double"' 'back\slash' 'ümlaut 日本' '$HOME' '' '-tags=ios' '-overlay=x')
	run dgo run . "${args[@]}"
	assert_success
	want="$output"
	run sgo run . "${args[@]}"
	assert_success
	assert [ "$output" = "$want" ]
	assert [ "$output" = '["a b","'"'"'single'"'"'","\"double\"","back\\slash","ümlaut 日本","$HOME","","-tags=ios","-overlay=x"]' ]
}

@test "arguments with spaces, quotes and non-ASCII survive an injected call" {
	tmpl='{{"a b \" ü 日本 '"'"'q'"'"'"}} {{.ImportPath}}'
	run env GOOS=ios GOARCH=arm64 "$REAL_GO" list -f "$tmpl" internal/cpu
	want="$output"
	run env GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list -f "$tmpl" internal/cpu
	assert_success
	assert [ "$output" = "$want" ]
	assert [ "$(log_field injected)" = true ]
}

@test "SIGINT to the process group: same status through the shim (go run, pass-through)" {
	make_sleeper_module "$TMP/s"
	cd "$TMP/s"
	dgo build -o /dev/null .
	export READY="$TMP/ready" SIG=INT TO=group
	d="$(signal_status "$REAL_GO" run .)"
	s="$(PATH="$(shim_path)" signal_status go run .)"
	echo "direct=$d shim=$s"
	assert [ "$d" = "$s" ]
	assert [ "$d" != never-ready ]
}

@test "SIGTERM to the go process: same status through the shim (go run, pass-through)" {
	make_sleeper_module "$TMP/s"
	cd "$TMP/s"
	export READY="$TMP/ready" SIG=TERM TO=pid
	d="$(signal_status "$REAL_GO" run .)"
	s="$(PATH="$(shim_path)" signal_status go run .)"
	echo "direct=$d shim=$s"
	assert [ "$d" = "$s" ]
	assert [ "$d" = 143 ]
}

@test "SIGINT and SIGTERM during an injected build: same status as without the shim" {
	# -toolexec runs a tool that announces itself and sleeps, so the build is
	# in flight when the signal arrives; the overlay is injected (ios/arm64).
	cat >"$TMP/slowtool" <<-'EOM'
	#!/usr/bin/env bash
	echo "$PPID" >"$READY.tmp" && mv "$READY.tmp" "$READY"
	exec sleep 60
	EOM
	chmod +x "$TMP/slowtool"
	mkdir -p "$TMP/s"
	printf 'module example.com/s\n\ngo 1.21\n' >"$TMP/s/go.mod"
	printf 'package s\n\nfunc F() int { return 1 }\n' >"$TMP/s/s.go"
	cd "$TMP/s"
	# CHECK_GONE: the go process itself must be gone once the shim has exited
	# (signals are forwarded, not just obeyed by the shim).
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 CHECK_GONE=1
	for spec in INT:group TERM:pid; do
		export SIG="${spec%%:*}" TO="${spec##*:}"
		d="$(signal_status "$REAL_GO" build -toolexec="$TMP/slowtool" -o /dev/null .)"
		s="$(PATH="$(shim_path)" signal_status go build -toolexec="$TMP/slowtool" -o /dev/null .)"
		echo "$spec direct=$d shim=$s"
		assert [ "$d" = "$s" ]
		assert_glob "$d" "*:gone"
	done
	grep -q '"injected":true' "$GOWRAP_LOG"
}

# --- the overlay reaches iOS-family targets and only them ----------------

@test "ios/arm64: the marker is compiled into internal/cpu" {
	f="$(GOOS=ios GOARCH=arm64 cpu_export sgo)"
	has_marker "$f"
	assert [ "$(log_field injected)" = true ]
	assert [ "$(log_field target)" = '"ios/arm64"' ]
	assert [ "$(log_field goroot)" = "\"$REAL_GOROOT\"" ]
	ov="$(log_field overlay | jq -r .)"
	assert [ -f "$ov" ]
	assert_glob "$ov" "$GOWRAP_CACHE/*"
	# without GOWRAP_LOG (nothing to do after go: the shim execs it)
	f="$(GOWRAP_LOG= GOOS=ios GOARCH=arm64 cpu_export sgo)"
	has_marker "$f"
	# without the shim: no marker (the test would be vacuous otherwise)
	f="$(GOOS=ios GOARCH=arm64 cpu_export dgo)"
	refute has_marker "$f"
}

@test "gomobile style GOFLAGS=-tags=ios,... with GOOS=ios gets the marker" {
	f="$(GOOS=ios GOARCH=arm64 GOFLAGS=-tags=ios,tvos cpu_export sgo)"
	has_marker "$f"
	assert [ "$(log_field tags)" = '"ios,tvos"' ]
}

@test "Mac Catalyst style: GOOS=darwin with the ios tag gets the marker (GOFLAGS and argv)" {
	f="$(GOOS=darwin GOARCH=arm64 GOFLAGS=-tags=ios,macos,maccatalyst cpu_export sgo)"
	has_marker "$f"
	f="$(GOOS=darwin GOARCH=arm64 sgo list -tags 'macos,ios' -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	# old space-separated form (Go <= 1.12 style, still accepted)
	f="$(GOOS=darwin GOARCH=arm64 sgo list "-tags=macos ios" -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	# quotes group: "'macos ios'" is one tag named "macos ios", as cmd/go reads it
	f="$(GOOS=darwin GOARCH=arm64 sgo list "-tags='macos ios'" -export -f '{{.Export}}' internal/cpu)"
	refute has_marker "$f"
	# the last -tags on the command line wins, as for any go flag
	f="$(GOOS=darwin GOARCH=arm64 sgo list -tags ios -tags macos -export -f '{{.Export}}' internal/cpu)"
	refute has_marker "$f"
	f="$(GOOS=darwin GOARCH=arm64 sgo list -tags macos -tags=ios -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	# argv -tags overrides GOFLAGS' tags (last wins): no ios left
	f="$(GOOS=darwin GOARCH=arm64 GOFLAGS=-tags=ios sgo list -tags macos -export -f '{{.Export}}' internal/cpu)"
	refute has_marker "$f"
	assert [ "$(log_field injected)" = false ]
}

@test "linux/arm64, darwin/arm64, ios/amd64, netbsd/arm64: nothing injected, no marker" {
	for t in linux/arm64 darwin/arm64 ios/amd64 netbsd/arm64 darwin/amd64; do
		f="$(GOOS="${t%/*}" GOARCH="${t#*/}" cpu_export sgo)"
		refute has_marker "$f"
		assert [ "$(log_field injected)" = false ]
		assert [ "$(log_field target)" = "\"$t\"" ]
	done
	# tags that merely contain "ios" are not the ios tag
	f="$(GOOS=darwin GOARCH=arm64 GOFLAGS=-tags=iosx,xios cpu_export sgo)"
	refute has_marker "$f"
	assert [ "$(log_field injected)" = false ]
}

@test "the ios tag outside darwin (linux, android, freebsd, openbsd, windows, netbsd): passed through, builds as without the shim" {
	for os in linux android freebsd openbsd windows netbsd; do
		run env GOOS=$os GOARCH=arm64 CGO_ENABLED=0 PATH="$(shim_path)" go build -tags ios internal/cpu
		echo "$os: $output"
		assert_success
		assert [ "$(log_field injected)" = false ]
		assert [ "$(log_field target)" = "\"$os/arm64\"" ]
	done
}

@test "target read from the go env -w file when the environment is silent" {
	export GOENV="$TMP/goenv"
	printf 'GOOS=ios\nGOARCH=arm64\n' >"$GOENV"
	f="$(cpu_export sgo)"
	has_marker "$f"
	assert [ "$(log_field target)" = '"ios/arm64"' ]
	# environment beats the file
	f="$(GOOS=linux cpu_export sgo)"
	refute has_marker "$f"
	# GOFLAGS from the file too (Catalyst)
	printf 'GOOS=darwin\nGOARCH=arm64\nGOFLAGS=-tags=ios\n' >"$GOENV"
	f="$(cpu_export sgo)"
	has_marker "$f"
	# GOENV=off: the file is not read
	f="$(GOENV=off GOOS= GOARCH=arm64 cpu_export sgo)"
	refute has_marker "$f"
}

@test "subcommands without a compile for the target are passed through" {
	make_args_module "$TMP/a"
	cd "$TMP/a"
	export GOOS=ios GOARCH=arm64
	for c in "mod tidy" "clean" "fmt ./..." "env GOOS" "version" "doc fmt.Println" "generate ./..."; do
		# (some fail for ios without cgo, exactly as without the shim)
		# shellcheck disable=SC2086
		: >"$GOWRAP_LOG"
		# shellcheck disable=SC2086
		sgo $c >/dev/null 2>&1 || true
		# (go doc may itself run `go list` through the shim: look at our line)
		# shellcheck disable=SC2086
		sub="$(set -- $c; echo "$1")"
		jq -e -s --arg s "$sub" 'map(select(.subcommand == $s)) | length == 1 and all(.[]; .injected == false)' "$GOWRAP_LOG"
	done
}

# --- where the flag goes ---------------------------------------------------

@test "injection position: after the subcommand, after -C dir, never after packages or -args" {
	make_recording_go "$TMP/rgo"
	# (GOWRAP_DEPS=0: only -overlay here; deps_ci.bats places -toolexec)
	export GOWRAP_GO="$TMP/rgo" ARGV_FILE="$TMP/argv" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 GOWRAP_DEPS=0
	make_args_module "$TMP/m"
	cd "$TMP/m"
	sgo list -e -f x . -tags ios >/dev/null
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[0]}" = list ]
	assert_glob "${got[1]}" "-overlay=/*"
	assert [ "${got[*]:2}" = "-e -f x . -tags ios" ]

	sgo list -C "$TMP/m" -e . >/dev/null
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[*]:0:3}" = "list -C $TMP/m" ]
	assert_glob "${got[3]}" "-overlay=/*"

	(cd / && sgo -C "$TMP/m" list -e . >/dev/null)
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[*]:0:3}" = "-C $TMP/m list" ]
	assert_glob "${got[3]}" "-overlay=/*"

	(cd / && sgo list -C="$TMP/m" -e . >/dev/null)
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[1]}" = "-C=$TMP/m" ]
	assert_glob "${got[2]}" "-overlay=/*"

	# program arguments after `go run pkg` and test args after -args are not ours
	run sgo vet . -args -overlay=/nonexistent
	mapfile -t got <"$ARGV_FILE"
	assert_glob "${got[1]}" "-overlay=/*"
	assert [ "${got[-1]}" = -overlay=/nonexistent ]
	# exactly one -overlay added
	assert [ "$(grep -c '^-overlay=' "$ARGV_FILE")" -eq 2 ]
	# go test: flags may follow packages, but nothing after -args is go's
	run sgo test -c -o /dev/null . -count=1 -args -overlay=/nonexistent -tags ios
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[0]}" = test ]
	assert_glob "${got[1]}" "-overlay=/*"
	assert [ "${got[*]:2}" = "-c -o /dev/null . -count=1 -args -overlay=/nonexistent -tags ios" ]
	# ... while a go test flag after the package is still go's
	printf '{"Replace":{}}\n' >"$TMP/empty.json"
	run sgo test -c -o /dev/null . -overlay="$TMP/empty.json"
	mapfile -t got <"$ARGV_FILE"
	assert [ "$(grep -c '^-overlay=' "$ARGV_FILE")" -eq 1 ]
	assert_glob "${got[-1]}" "-overlay=$GOWRAP_CACHE/merged/*"
}

@test "go test: a non-flag after a post-package flag ends go's flags; what follows is the test binary's" {
	make_recording_go "$TMP/rgo"
	export GOWRAP_GO="$TMP/rgo" ARGV_FILE="$TMP/argv" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	mkdir -p "$TMP/t"
	printf 'module example.com/t\n\ngo 1.21\n' >"$TMP/t/go.mod"
	printf 'package t\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n' >"$TMP/t/x_test.go"
	cd "$TMP/t"
	echo junk >notmacho
	# go writes t.test and hands "foo -o notmacho" to the test binary:
	# there is no -o for the shim to check
	run sgo test -c . -v foo -o notmacho
	echo "$output"
	assert_success
	assert [ -f t.test ]
	assert [ "$(log_field verified)" = null ]
	# nor a caller overlay to merge; the argument reaches go untouched
	run sgo test -c . -v foo -overlay=/nonexistent.json
	echo "$output"
	assert_success
	mapfile -t got <"$ARGV_FILE"
	assert [ "${got[-1]}" = -overlay=/nonexistent.json ]
	assert [ "$(grep -c '^-overlay=' "$ARGV_FILE")" -eq 2 ]
	# nor a -tags: the build's own tags decide (here: none, GOOS=ios)
	run sgo test -c -tags ios,x . -v foo -tags bar
	assert_success
	assert [ "$(log_field tags)" = '"ios,x"' ]
	# flags after the packages are still go's while no such word comes
	run sgo test -c . -count=1 -o t2.test
	assert_success
	assert [ "$(log_field verified)" = true ]
}

@test "-C dir: the effective directory decides, and the marker is compiled" {
	make_args_module "$TMP/m"
	cd /
	f="$(GOOS=ios GOARCH=arm64 sgo -C "$TMP/m" list -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	assert [ "$(log_field dir)" = "\"$TMP/m\"" ]
	f="$(GOOS=ios GOARCH=arm64 sgo list -C "$TMP/m" -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	# a -C that does not exist is go's error to report, unchanged
	run env GOOS=ios GOARCH=arm64 "$REAL_GO" list -C "$TMP/nope" .
	ds=$status; dout=$output
	run env GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list -C "$TMP/nope" .
	assert [ "$status" -eq "$ds" ]
	assert [ "$output" = "$dout" ]
}

# --- the caller's own overlay ----------------------------------------------

@test "caller's -overlay (argv, relative, after -C) is merged with ours: both effects visible" {
	make_msg_module "$TMP/m"
	printf '{"Replace":{"p/p.go":"p_replacement.go"}}\n' >"$TMP/m/my.json"
	cd /
	out="$(GOOS=ios GOARCH=arm64 sgo list -C "$TMP/m" -overlay=my.json -deps -export \
		-f '{{.ImportPath}} {{.Export}}' ./p)"
	pexp="$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	cexp="$(echo "$out" | awk '$1=="internal/cpu"{print $2}')"
	grep -aq caller-overlay-text "$pexp"
	refute grep -aq original-message-text "$pexp"
	has_marker "$cexp"
	merged="$(log_field overlay | jq -r .)"
	assert_glob "$merged" "$GOWRAP_CACHE/merged/*.json"
	# relative entries stay relative: go resolves them in its own directory
	jq -e '.Replace["p/p.go"] == "p_replacement.go"' "$merged"
	# JSON escapes in the caller's file are decoded (\u0070 is "p")
	printf '{"Replace":{"\\u0070/p.go":"p_replacement.go"}}\n' >"$TMP/m/esc.json"
	out="$(GOOS=ios GOARCH=arm64 sgo list -C "$TMP/m" -overlay=esc.json -export -f '{{.Export}}' ./p)"
	grep -aq caller-overlay-text "$out"
	# the caller's file is untouched
	assert [ "$(cat "$TMP/m/my.json")" = '{"Replace":{"p/p.go":"p_replacement.go"}}' ]
}

@test "caller's -overlay from GOFLAGS is merged too (two-argument -overlay form in argv also)" {
	make_msg_module "$TMP/m"
	printf '{"Replace":{"%s":"%s"}}\n' "$TMP/m/p/p.go" "$TMP/m/p_replacement.go" >"$TMP/my.json"
	cd "$TMP/m"
	out="$(GOOS=ios GOARCH=arm64 GOFLAGS="-overlay=$TMP/my.json -tags=ios" sgo list -deps -export \
		-f '{{.ImportPath}} {{.Export}}' ./p)"
	grep -aq caller-overlay-text "$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	has_marker "$(echo "$out" | awk '$1=="internal/cpu"{print $2}')"
	out="$(GOOS=ios GOARCH=arm64 sgo list -overlay "$TMP/my.json" -deps -export \
		-f '{{.ImportPath}} {{.Export}}' ./p)"
	grep -aq caller-overlay-text "$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	has_marker "$(echo "$out" | awk '$1=="internal/cpu"{print $2}')"
	# identical inputs name the identical merged file
	a="$(log_field overlay)"
	GOOS=ios GOARCH=arm64 sgo list -overlay "$TMP/my.json" -e ./p >/dev/null
	assert [ "$(log_field overlay)" = "$a" ]
}

# --- GOROOT, memo ------------------------------------------------------------

@test "memo: second call hits; go.mod change and GOTOOLCHAIN change miss" {
	make_args_module "$TMP/m"
	cd "$TMP/m"
	export GOOS=ios GOARCH=arm64
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"miss"' ]
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"hit"' ]
	echo "// touched" >>go.mod
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"miss"' ]
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"hit"' ]
	GOTOOLCHAIN=local+auto sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"miss"' ]
	# a new go.mod between the directory and the old module root is seen
	mkdir -p sub/inner
	sgo -C sub/inner list -e . >/dev/null 2>&1 || true
	sgo -C sub/inner list -e . >/dev/null 2>&1 || true
	assert [ "$(log_field memo)" = '"hit"' ]
	printf 'module example.com/sub\n\ngo 1.21\n' >sub/go.mod
	sgo -C sub/inner list -e . >/dev/null 2>&1 || true
	assert [ "$(log_field memo)" = '"miss"' ]
	# deleting the generated overlay is a miss, and it is regenerated
	ov="$(log_field overlay | jq -r .)"
	rm -f "$ov"
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"miss"' ]
	assert [ -f "$ov" ]
	# so is deleting a replacement file it names (the list comes from the
	# CLI's reply, which reads the overlay JSON with cJSON)
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"hit"' ]
	rep="$(dirname "$ov")/cpu_arm64_other.go" # written by both feature sets
	assert [ -f "$rep" ]
	rm -f "$rep"
	sgo list -e . >/dev/null
	assert [ "$(log_field memo)" = '"miss"' ]
	assert [ -f "$rep" ]
}

@test "GOROOT comes from the real go in the caller's environment (GOROOT override is followed)" {
	ln -s "$REAL_GOROOT" "$TMP/goroot-link"
	f="$(GOROOT="$TMP/goroot-link" GOOS=ios GOARCH=arm64 cpu_export sgo)"
	assert [ "$(log_field goroot)" = "\"$TMP/goroot-link\"" ]
	# the overlay is keyed on the path go uses, so it still takes effect
	has_marker "$f"
	jq -e --arg k "$TMP/goroot-link/src/internal/cpu/cpu_arm64_other.go" '.Replace | has($k)' \
		"$(log_field overlay | jq -r .)"
}

# --- post-build verification ------------------------------------------------

@test "verification: a real iOS link through the shim verifies; an ignored overlay fails with 110" {
	make_args_module "$TMP/app"
	cd "$TMP/app"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	run sgo build -o app .
	echo "$output"
	assert_success
	assert [ "$(log_field verified)" = true ]
	assert [ "$(log_field output)" = "\"$TMP/app/app\"" ]
	# a go that silently drops -overlay (what a wrong GOROOT key amounts to)
	make_dropgo "$TMP/dropgo"
	run env GOWRAP_GO="$TMP/dropgo" PATH="$(shim_path)" go build -o app2 .
	echo "$output"
	assert_failure 110
	assert_glob "$output" "*gowrap: built output lacks the gowrap marker: $TMP/app/app2*"
	assert_glob "$output" "*arm64*"
	assert_glob "$output" "*\(fix: *"
	assert [ "$(log_field verified)" = false ]
	# GOWRAP_VERIFY=0 turns the check off
	run env GOWRAP_VERIFY=0 GOWRAP_GO="$TMP/dropgo" PATH="$(shim_path)" go build -o app2 .
	assert_success
	assert [ "$(log_field verified)" = null ]
}

@test "verification: go test -c -o verifies; -o to a directory checks what go wrote there; /dev/null is not checked" {
	mkdir -p "$TMP/t"
	printf 'module example.com/t\n\ngo 1.21\n' >"$TMP/t/go.mod"
	printf 'package t\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n' >"$TMP/t/x_test.go"
	cd "$TMP/t"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	run sgo test -c -o x.test .
	assert_success
	assert [ "$(log_field verified)" = true ]
	assert [ "$(log_field output)" = "\"$TMP/t/x.test\"" ]
	mkdir -p out
	run sgo test -c -o out/ .
	assert_success
	assert [ -f out/t.test ]
	assert [ "$(log_field verified)" = true ]
	assert [ "$(log_field output)" = "\"$TMP/t/out/t.test\"" ]
	run sgo build -o /dev/null std
	assert [ "$(log_field verified)" = null ]
}

@test "verification: darwin/arm64 with the ios tag (a macOS-platform link) verifies, not 110" {
	make_args_module "$TMP/app"
	cd "$TMP/app"
	# no cgo: go links internally and names the macOS platform; the shim
	# injected because of the ios tag, so the marker is what it must find
	export GOOS=darwin GOARCH=arm64 CGO_ENABLED=0
	run sgo build -tags ios -o app .
	echo "$output"
	assert_success
	assert [ "$(log_field injected)" = true ]
	assert [ "$(log_field verified)" = true ]
	"$SYMCHECK" --expect required app
	# an overlay dropped on the way still fails the build
	make_dropgo "$TMP/dropgo"
	run env GOWRAP_GO="$TMP/dropgo" PATH="$(shim_path)" go build -tags ios -o app2 .
	echo "$output"
	assert_failure 110
	assert_glob "$output" "*gowrap: built output lacks the gowrap marker: $TMP/app/app2: arm64 macos slice: marker missing*"
	# without the tag nothing is injected and nothing is checked
	run sgo build -o app3 .
	assert_success
	assert [ "$(log_field injected)" = false ]
}

@test "verification: an -o file go did not write (go test -c, no test files) is not judged" {
	mkdir -p "$TMP/t/p"
	printf 'module example.com/t\n\ngo 1.21\n' >"$TMP/t/go.mod"
	printf 'package t\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n' >"$TMP/t/x_test.go"
	printf 'package p\n\nfunc F() int { return 1 }\n' >"$TMP/t/p/p.go"
	cd "$TMP/t"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	# a stale stock test binary from an earlier build without the shim
	run dgo test -c -o x.test .
	assert_success
	cp -p x.test stale.copy
	# p has no tests: go writes nothing, so there is nothing of this build to check
	run sgo test -c -o x.test ./p
	echo "$output"
	assert_success
	assert_glob "$output" "*no test files*"
	assert [ "$(log_field verified)" = null ]
	cmp x.test stale.copy
	# a build that does write it is checked as before
	run sgo test -c -o x.test .
	assert_success
	assert [ "$(log_field verified)" = true ]
}

@test "verification: c-archive (gomobile's per-arch .a) verifies" {
	make_args_module "$TMP/lib"
	cat >"$TMP/lib/main.go" <<-'EOM'
	package main

	import "C"

	//export Add
	func Add(a, b C.int) C.int { return a + b }

	func main() {}
	EOM
	cd "$TMP/lib"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	run sgo build -buildmode=c-archive -ldflags=-extar="$APPLE/bin/ar" -o "$TMP/lib/x.a" .
	echo "$output"
	assert_success
	assert [ "$(log_field verified)" = true ]
}

@test "verification: a Go package archive (-o of a non-main package, -buildmode=archive) is not failed" {
	make_msg_module "$TMP/pkg"
	cd "$TMP/pkg"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=0
	run sgo build -o p.a ./p
	echo "$output"
	assert_success
	assert [ -f p.a ]
	assert [ "$(log_field injected)" = true ]
	assert [ "$(log_field verified)" = null ]
	run sgo build -buildmode=archive -o p2.a ./p
	echo "$output"
	assert_success
	assert [ "$(log_field verified)" = null ]
	# the same as without the shim
	run dgo build -buildmode=archive -o p3.a ./p
	assert_success
}

# --- faults: one line, distinct exit code ------------------------------------

@test "fault 100: GOWRAP_GO not executable; no go on PATH at all" {
	run env GOWRAP_GO="$TMP/nope" PATH="$(shim_path)" go version
	assert_failure 100
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: GOWRAP_GO is not usable: $TMP/nope is not an executable file \(fix: *"
	run env PATH="$TMP/empty" "$SHIM_DIR/go" version
	assert_failure 100
	assert_glob "$output" "gowrap: cannot find the real go: no executable named go on PATH \(fix: *"
	assert [ "$(log_field exit)" = 100 ]
}

@test "fault 101: only gowrap shims on PATH (two copies cannot loop)" {
	mkdir -p "$TMP/shim2"
	cp "$SHIM_DIR/go" "$TMP/shim2/go"
	# (timeout: a loop between the two copies must fail the test, not hang it)
	run timeout 20 env PATH="$SHIM_DIR:$TMP/shim2" "$SHIM_DIR/go" version
	assert_failure 101
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot find the real go: only gowrap shims are named go on PATH \(fix: *"
	# the copy first, the original second, then the real go: found, no loop
	run timeout 20 env PATH="$TMP/shim2:$SHIM_DIR:$(dirname "$REAL_GO")" go version
	assert_success
	assert [ "$output" = "$("$REAL_GO" version)" ]
	# GOWRAP_GO naming a shim
	run timeout 20 env GOWRAP_GO="$TMP/shim2/go" PATH="$(shim_path)" go version
	assert_failure 101
}

@test "fault 102/103: caller's overlay missing, not JSON, not an overlay" {
	export GOOS=ios GOARCH=arm64
	cd "$TMP"
	run sgo list -overlay=missing.json internal/cpu
	assert_failure 102
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot read your -overlay file: missing.json: No such file or directory \(fix: *"
	echo 'not json' >bad.json
	run sgo list -overlay=bad.json internal/cpu
	assert_failure 103
	assert_glob "$output" "gowrap: your -overlay file is not overlay JSON: bad.json: not a JSON object \(fix: *"
	echo '{"Replace":["x"]}' >arr.json
	run sgo list -overlay=arr.json internal/cpu
	assert_failure 103
	assert_output --partial '"Replace" is not an object'
	echo '{"Replace":{"a":1}}' >num.json
	run env GOFLAGS=-overlay=num.json PATH="$(shim_path)" go list internal/cpu
	assert_failure 103
	# nothing half-written: no merged file
	assert_equal "$(ls -A "$GOWRAP_CACHE/merged" 2>/dev/null)" ""
}

@test "fault 104: caller and gowrap replace the same file" {
	export GOOS=ios GOARCH=arm64
	key="$REAL_GOROOT/src/internal/cpu/cpu_arm64_other.go"
	printf '{"Replace":{"%s":"%s"}}\n' "$key" "$TMP/mine.go" >"$TMP/c.json"
	run sgo list -overlay="$TMP/c.json" internal/cpu
	assert_failure 104
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: overlay conflict: $key is replaced both by your overlay $TMP/c.json and by gowrap's $GOWRAP_CACHE/overlay/*.json \(fix: *"
	assert [ "$(log_field exit)" = 104 ]
	# the same replacement twice is no conflict: gomobile given gowrap's own
	# overlay (`gomobile bind -overlay=$(gowrap overlay)`) under the shim
	ours="$(GOWRAP_LOG= "$GOWRAP" overlay)"
	f="$(sgo list -overlay="$ours" -export -f '{{.Export}}' internal/cpu)"
	has_marker "$f"
	assert [ "$(log_field exit)" = 0 ]
}

@test "fault 115: an unknown GOWRAP_FEATURES stops an iOS build with the CLI's own line; other targets pass through" {
	make_args_module "$TMP/m"
	cd "$TMP/m"
	GOWRAP_FEATURES=nope GOOS=ios GOARCH=arm64 run --separate-stderr env PATH="$(shim_path)" go list -e .
	assert_failure 115
	assert_equal "$stderr" "gowrap: unknown GOWRAP_FEATURES: GOWRAP_FEATURES=nope names no feature set (fix: set GOWRAP_FEATURES=darwin (the default: macOS parity) or GOWRAP_FEATURES=crypto (the four ARMv8.0 crypto bits only), or unset it)"
	GOWRAP_FEATURES=nope GOOS=linux GOARCH=amd64 run env PATH="$(shim_path)" go list -e .
	assert_success
}

@test "fault 105: GOROOT under GOMODCACHE (GOTOOLCHAIN download) refused with the fix" {
	run env GOTOOLCHAIN=go1.27.3 "$REAL_GO" version
	[ "$status" -eq 0 ] || fail "go1.27.3 toolchain not in the module cache (fix: run bash scripts/setup.sh)"
	run env GOTOOLCHAIN=go1.27.3 GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 105
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot overlay this toolchain: *golang.org/toolchain@v0.0.1-go1.27.3*lies beneath GOMODCACHE*refuses overlays*gowrap toolchain install go1.27.3*\(fix: *"
	# builds that need no overlay still pass through
	run env GOTOOLCHAIN=go1.27.3 GOOS=linux GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_success
	run env GOTOOLCHAIN=go1.27.3 PATH="$(shim_path)" go version
	assert_glob "$output" "go version go1.27.3 *"
}

@test "fault 105 from gowrap overlay's reply: a toolchain-module GOROOT outside GOMODCACHE is 105, not 108" {
	# The shim's own check (GOROOT beneath GOMODCACHE) passes; the CLI spots
	# the golang.org/toolchain@v path and refuses with 105 in its line reply.
	tc="$TMP/tc/golang.org/toolchain@v0.0.1-go1.26.8.linux-amd64"
	mkdir -p "$TMP/tc/golang.org"
	cp -as "$REAL_GOROOT" "$tc" 2>/dev/null
	run env GOROOT="$tc" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 105
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: GOROOT lies beneath GOMODCACHE: $tc is a module-cache toolchain*\(fix: *"
	assert [ "$(log_field exit)" = 105 ]
}

@test "fault 106: cache directory unwritable" {
	run env GOWRAP_CACHE=/etc/passwd/x GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 106
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot create directory: /etc/passwd/x: Not a directory \(fix: *"
	# pass-through calls do not need the cache
	run env GOWRAP_CACHE=/etc/passwd/x PATH="$(shim_path)" go version
	assert_success
}

@test "fault 106: a relative GOWRAP_CACHE is refused (shim, gowrap overlay, doctor), nothing written" {
	mkdir -p "$TMP/w"
	cd "$TMP/w"
	run env GOWRAP_CACHE=rel/cache GOOS=ios GOARCH=arm64 CGO_ENABLED=0 PATH="$(shim_path)" go list internal/cpu
	assert_failure 106
	assert_equal "${#lines[@]}" 1
	assert [ "$output" = "gowrap: cannot use the cache directory: GOWRAP_CACHE=rel/cache is not an absolute path (fix: set GOWRAP_CACHE to an absolute path)" ]
	assert [ ! -e rel ]
	assert [ "$(log_field exit)" = 106 ]
	run env GOWRAP_CACHE=rel/cache "$GOWRAP" overlay
	assert_failure 106
	assert [ "$output" = "gowrap: cannot use the cache directory: GOWRAP_CACHE=rel/cache is not an absolute path (fix: set GOWRAP_CACHE to an absolute path)" ]
	assert [ ! -e rel ]
	run env GOWRAP_CACHE=rel/cache PATH="$(shim_path)" "$GOWRAP" doctor --json
	assert_failure 1
	assert [ "$(printf '%s' "$output" | jq -r .problems)" = "gowrap: cannot use the cache directory: GOWRAP_CACHE=rel/cache is not an absolute path (fix: set GOWRAP_CACHE to an absolute path)" ]
	# pass-through calls do not need the cache
	run env GOWRAP_CACHE=rel/cache PATH="$(shim_path)" go version
	assert_success
}

@test "fault 107: unbalanced quotes in GOFLAGS, only when it matters" {
	run env GOFLAGS="-tags='ios" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 107
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot parse GOFLAGS: unterminated quote in the -tags value of GOFLAGS=-tags='ios \(fix: *"
	run env GOFLAGS="'-tags=ios" GOOS=darwin GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 107
	assert_glob "$output" "gowrap: cannot parse GOFLAGS: unterminated quote in GOFLAGS='-tags=ios \(fix: *"
	# not an arm64 build / not a build: go's own message, unchanged
	run env GOFLAGS="'-x" GOARCH=amd64 "$REAL_GO" list internal/cpu
	ds=$status; dout=$output
	run env GOFLAGS="'-x" GOARCH=amd64 PATH="$(shim_path)" go list internal/cpu
	assert [ "$status" -eq "$ds" ]
	assert [ "$output" = "$dout" ]
}

@test "fault 108: an internal/cpu variant gowrap does not know is refused, nothing built" {
	# A GOROOT of symlinks to the real one, with one edited file.
	cp -as "$REAL_GOROOT" "$TMP/gr" 2>/dev/null
	rm "$TMP/gr/src/internal/cpu/cpu_arm64_other.go"
	{ cat "$REAL_GOROOT/src/internal/cpu/cpu_arm64_other.go"; echo "// edited"; } \
		>"$TMP/gr/src/internal/cpu/cpu_arm64_other.go"
	run env GOROOT="$TMP/gr" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 108
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap:*"
	assert_glob "$output" "*cpu_arm64_other.go*"
	assert [ "$(log_field exit)" = 108 ]
}

@test "the overlay reply (proto/proto_overlay.h): a torn or foreign reply is 111, a refusal keeps its code and line" {
	# A stand-in for `gowrap overlay --shim-format`, answering with $REPLY
	# on stdout, $LINE on stderr and exit $CODE.
	cat >"$TMP/cli" <<-'EOM'
	#!/usr/bin/env bash
	printf '%b' "$REPLY"
	[ -z "$LINE" ] || printf '%s\n' "$LINE" >&2
	exit "$CODE"
	EOM
	chmod +x "$TMP/cli"
	ask() { run env GOWRAP_BIN="$TMP/cli" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu; }
	# torn: no "end" line
	REPLY='gowrap-overlay\t1\nstatus\tapplied\noverlay\t/x.json\nmarker\tm\n' LINE= CODE=0 ask
	assert_failure 111
	assert_glob "$output" "gowrap: gowrap overlay answered nonsense: the reply is not gowrap's shim format \(fix: *"
	# foreign: not the header
	REPLY='{"status":"applied"}\n' LINE= CODE=0 ask
	assert_failure 111
	# a refusal: the CLI's code and its own line, printed once and unchanged
	l='gowrap: unknown internal/cpu variant: f has blob id 0 (fix: report it)'
	REPLY="gowrap-overlay\\t1\\nstatus\\trefused\\ncode\\t108\\nerror\\t$l\\nend\\n" LINE="$l" CODE=108 ask
	assert_failure 108
	assert_output "$l"
	# a status that is not one of gowrap's (a CLI of another version
	# rejecting the hidden option) is gowrap's fault, 111, with the CLI's line
	REPLY= LINE='gowrap: gowrap overlay: unexpected argument --shim-format (fix: usage: ...)' CODE=2 ask
	assert_failure 111
	assert_output 'gowrap: gowrap overlay: unexpected argument --shim-format (fix: usage: ...)'
}

@test "fault 109: go env fails" {
	cat >"$TMP/envfail" <<-EOM
	#!/usr/bin/env bash
	if [ "\$1" = env ]; then echo "go: simulated env failure" >&2; exit 1; fi
	exec "$REAL_GO" "\$@"
	EOM
	chmod +x "$TMP/envfail"
	run env GOWRAP_GO="$TMP/envfail" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 109
	assert_glob "$output" "gowrap: go env failed: go: simulated env failure \(status 1\) \(fix: *"
	# a reply of the wrong shape (here: a line short) is an error, never a guess
	cat >"$TMP/envshort" <<-EOM
	#!/usr/bin/env bash
	if [ "\$1" = env ]; then "$REAL_GO" "\$@" | head -n 3; exit 0; fi
	exec "$REAL_GO" "\$@"
	EOM
	chmod +x "$TMP/envshort"
	run env GOWRAP_GO="$TMP/envshort" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 109
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: go env answered nonsense: expected 4 lines, one value each \(fix: *"
}

# --- the evidence log ---------------------------------------------------------

@test "log: a line stays valid UTF-8 JSON when the directory and tags are not UTF-8" {
	local d
	d="$TMP/$(printf 'w\xffq')"
	make_args_module "$d"
	cd "$d"
	GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64" PATH="$(shim_path)" \
		go list -tags "$(printf 'ios,\xfe')" -f '{{.Name}}' .
	assert [ "$(log_field exit)" = 0 ]
	run python3 -c 'import json,sys; l=json.loads(sys.stdin.buffer.read().decode("utf-8")); print(l["injected"], l["tags"] == "ios,\ufffd", l["dir"].endswith("/w\ufffdq"))' < <(tail -n 1 "$GOWRAP_LOG")
	assert_success
	assert_output "True True True"
}

@test "log: one whole JSON line per call under 8 parallel calls" {
	make_args_module "$TMP/m"
	cd "$TMP/m"
	pids=()
	for i in 1 2 3 4 5 6 7 8; do
		if [ $((i % 2)) -eq 0 ]; then
			GOOS=ios GOARCH=arm64 GOFLAGS=-tags=ios sgo list -e -f "{{.Dir}} $i" . >/dev/null &
		else
			sgo version >/dev/null &
		fi
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	assert [ "$(wc -l <"$GOWRAP_LOG")" -eq 8 ]
	jq -c . "$GOWRAP_LOG" >/dev/null   # every line parses
	assert [ "$(jq -s 'map(select(.injected == true)) | length' "$GOWRAP_LOG")" -eq 4 ]
	assert [ "$(jq -s 'map(select(.injected == false and .reason != null)) | length' "$GOWRAP_LOG")" -eq 4 ]
	jq -e -s 'all(.[]; has("subcommand") and has("target") and has("goroot") and has("overlay") and has("pid") and has("time"))' "$GOWRAP_LOG"
	jq -e -s 'map(select(.injected)) | all(.[]; .exit == 0 and .goroot != null and .tags == "ios")' "$GOWRAP_LOG"
}

@test "log: lines stay whole under 64 parallel calls (pass-through and injected)" {
	make_args_module "$TMP/m"
	cd "$TMP/m"
	GOOS=ios GOARCH=arm64 sgo list -e . >/dev/null   # warm the memo
	: >"$GOWRAP_LOG"
	pids=()
	for i in $(seq 1 64); do
		if [ $((i % 4)) -eq 0 ]; then
			GOOS=ios GOARCH=arm64 sgo list -e . >/dev/null &
		else
			sgo version >/dev/null &
		fi
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	assert [ "$(wc -l <"$GOWRAP_LOG")" -eq 64 ]
	while IFS= read -r line; do
		[[ "$line" == '{"time":'*'}' ]] || { echo "torn: $line"; false; }
	done <"$GOWRAP_LOG"
	jq -c . "$GOWRAP_LOG" >/dev/null
}

@test "log: each line is exactly one write(2) on an O_APPEND descriptor" {
	command -v strace >/dev/null || fail "strace not installed (fix: run bash scripts/setup.sh)"
	for c in "version" "list -e internal/cpu"; do
		: >"$GOWRAP_LOG"
		# shellcheck disable=SC2086
		# (LeakSanitizer cannot run under ptrace; irrelevant to this check;
		# musl opens with open(2), glibc with openat(2))
		ASAN_OPTIONS=detect_leaks=0 GOOS=ios GOARCH=arm64 PATH="$(shim_path)" strace -qq -e trace=open,openat,write,close -o "$TMP/st" "$SHIM_DIR/go" $c >/dev/null
		fd="$(grep -F "\"$GOWRAP_LOG\"" "$TMP/st" | grep O_APPEND | sed -E 's/.*= ([0-9]+)$/\1/')"
		assert [ -n "$fd" ]
		# the writes between opening the log and closing it
		awk -v f="$GOWRAP_LOG" -v fd="$fd" 'index($0, "\"" f "\"") { on = 1; next }
			on && $0 ~ "^close\\(" fd "\\)" { exit } on && $0 ~ "^write\\(" fd ", " { print }' "$TMP/st" >"$TMP/w"
		cat "$TMP/w"
		assert [ "$(wc -l <"$TMP/w")" -eq 1 ]
		grep -qE "= $(wc -c <"$GOWRAP_LOG")\$" "$TMP/w"
	done
}

@test "log: 32 parallel injected calls with a cold cache all succeed and agree" {
	make_args_module "$TMP/m"
	cd "$TMP/m"
	pids=()
	for i in $(seq 1 32); do
		GOOS=ios GOARCH=arm64 sgo list -e . >/dev/null &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	assert [ "$(wc -l <"$GOWRAP_LOG")" -eq 32 ]
	assert [ "$(jq -r .overlay "$GOWRAP_LOG" | sort -u | wc -l)" -eq 1 ]
	assert [ "$(jq -r .exit "$GOWRAP_LOG" | sort -u)" = 0 ]
}
