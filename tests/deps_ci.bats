#!/usr/bin/env bats
# tests/deps_ci.bats — the dependency fix where CI runs it: the first build
# on an empty module cache, vendored modules, workspaces, a caller's flags in
# any order, a memo that must follow every change, and a cache that must be
# the caller's alone. The probe modules come from the module cache
# scripts/setup.sh filled; an "empty module cache" is a new GOMODCACHE served
# by a file:// proxy made from it (offline, as a proxy would serve them).

load helpers/common
bats_require_minimum_version 1.5.0

# tests/fixtures/leanprobe: depsprobe's three copies without utls's TLS
# stack (a fresh module cache compiles every module package cold)
PROBE="$BATS_TEST_DIRNAME/fixtures/leanprobe"
MCPROBE="$BATS_TEST_DIRNAME/fixtures/mcprobe"
UTLS_CPU=github.com/metacubex/utls/internal/cpu

setup_file() {
	MC0="$(GOFLAGS= GOTOOLCHAIN=local go env GOMODCACHE)"
	export MC0 PROXY="file://$MC0/cache/download"
	require_modules github.com/metacubex/utls@v1.8.7 github.com/metacubex/cpu@v0.1.1 \
		golang.org/x/sys@v0.41.0 github.com/klauspost/cpuid/v2@v2.3.0
}

setup() {
	common_setup
	export GOFLAGS= GOPROXY=off GOSUMDB=off
	unset GOOS GOARCH CGO_ENABLED GOWORK
	LOG="$TMP/log"
}

teardown() {
	# module caches are read-only by design
	[ -d "$TMP/mc" ] && chmod -R u+w "$TMP/mc" || true
	common_teardown
}

# An empty module cache, served by the proxy (the first build on a new runner).
fresh_modcache() {
	export GOMODCACHE="$TMP/mc" GOPROXY="$PROXY" GOFLAGS=-mod=mod
}

# go through the shim for linux/arm64 (or ios/arm64 with the stand-in cgo).
sgo_linux() { PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$LOG" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go "$@"; }
sgo_ios() {
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$LOG" GOOS=ios GOARCH=arm64 CGO_ENABLED=1 \
		CC="$APPLE/bin/cc-ios-arm64" go "$@"
}

probe_fixed() {
	run qemu-aarch64 -cpu cortex-a53 "$1"
	assert_success
	assert_line "utls/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true"
}

probe_unfixed() {
	run qemu-aarch64 -cpu cortex-a53 "$1"
	assert_success
	assert_line "utls/cpu ARM64 HasAES=false HasPMULL=false HasSHA2=false"
}

# log_check 'PYTHON EXPR over l (the last log line)'
log_check() {
	run python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readlines()[-1]); assert '"$1"', l' "$LOG"
	assert_success
}

markers() { llvm-nm "$1" 2>/dev/null | awk '{print $NF}' | sed 's/^_//' | grep '\.gowrapMarker' | sort -u; }

@test "fresh runner: the first linux/arm64 build from an empty module cache is fixed (GOFLAGS=-mod=mod)" {
	fresh_modcache
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	assert [ ! -e "$GOMODCACHE/github.com/metacubex" ]
	run sgo_linux build -o x .
	assert_success
	probe_fixed x
	log_check 'l["deps"] == ["'$UTLS_CPU'"] and l["deps_fixed"] == ["'$UTLS_CPU'"] and l["deps_toolexec"] and l["verified"] is True'
}

@test "fresh runner: the first ios/arm64 c-archive from an empty module cache carries all four markers" {
	fresh_modcache
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	run sgo_ios build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o ios.a .
	assert_success
	run markers ios.a
	assert_output "$(printf '%s\n' github.com/klauspost/cpuid/v2.gowrapMarkerV1 \
		$UTLS_CPU.gowrapMarkerV1 golang.org/x/sys/cpu.gowrapMarkerV1 internal/cpu.gowrapMarkerDarwinV1)"
	log_check 'sorted(l["deps"]) == ["github.com/klauspost/cpuid/v2", "'$UTLS_CPU'", "golang.org/x/sys/cpu"] and l["verified"] is True'
}

@test "github.com/metacubex/cpu v0.1.1 from an empty module cache: fixed under qemu cortex-a53 through the shim, not without; its iOS archive carries its marker" {
	fresh_modcache
	cp -r "$MCPROBE" "$TMP/m" && cd "$TMP/m"
	run sgo_linux build -o fixed .
	assert_success
	run qemu-aarch64 -cpu cortex-a53 ./fixed
	assert_output "metacubex/cpu ARM64 HasAES=true HasPMULL=true HasSHA2=true HasCRC32=true"
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build -o plain .
	run qemu-aarch64 -cpu cortex-a53 ./plain
	assert_output "metacubex/cpu ARM64 HasAES=false HasPMULL=false HasSHA2=false HasCRC32=false"
	run sgo_ios build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o ios.a .
	assert_success
	run markers ios.a
	assert_line github.com/metacubex/cpu.gowrapMarkerV1
}

@test "vendored modules are fixed: vendor mode by default and with -mod=vendor" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	GOFLAGS=-mod=mod "$(real_go)" mod vendor
	assert [ -f "vendor/$UTLS_CPU/cpu_arm64_hwcap.go" ]
	run sgo_linux build -o x .
	assert_success
	probe_fixed x
	run sgo_linux build -mod=vendor -o y .
	assert_success
	probe_fixed y
	log_check 'l["deps_fixed"] == [] or l["deps_fixed"] == ["'$UTLS_CPU'"]'
}

@test "a go.work workspace: built from the workspace root, and with GOWORK naming it, the copy is fixed" {
	mkdir -p "$TMP/ws" && cp -r "$PROBE" "$TMP/ws/probe" && cd "$TMP/ws"
	GOTOOLCHAIN=local "$(real_go)" work init ./probe
	run sgo_linux build -o x ./probe
	assert_success
	probe_fixed x
	mkdir -p "$TMP/elsewhere" && cd "$TMP/elsewhere"
	GOWORK="$TMP/ws/go.work" run sgo_linux build -o y gowrap.test/leanprobe
	assert_success
	probe_fixed y
}

@test "a caller's -toolexec in any position, in argv or GOFLAGS, on a build with a copy: seen, and composed (fixed, theirs ran)" {
	cp -r "$PROBE" "$TMP/p" && mkdir -p "$TMP/p/dir" && cd "$TMP/p"
	printf '#!/bin/sh\necho "$(basename "$1")" >>"%s"\nexec "$@"\n' "$TMP/ran" >"$TMP/theirs"
	chmod +x "$TMP/theirs"
	export GOPATH="$TMP/gopath" GOMODCACHE="$MC0"
	for line in "build -o OUT -toolexec=$TMP/theirs ." "build -tags netgo -toolexec $TMP/theirs -o OUT ." \
		"build -C ../p -toolexec=$TMP/theirs -o OUT ." "build -o dir/ -toolexec=$TMP/theirs ." \
		"test -c -o OUT -toolexec=$TMP/theirs ." "install -tags x -toolexec=$TMP/theirs ." \
		"build --toolexec $TMP/theirs --o=OUT ."; do
		rm -f "$TMP/ran"
		# shellcheck disable=SC2086
		run --separate-stderr sgo_linux $line
		[ "$status" -eq 0 ] || { echo "go $line: exit $status: $stderr"; false; }
		log_check 'l["deps_composed_with"] == "'"$TMP/theirs"'" and l["deps"] == ["'$UTLS_CPU'"]'
		# (every build asks the compiler's -V=full through it; links may be cached)
		grep -qx compile "$TMP/ran" || { echo "go $line: their -toolexec did not run"; false; }
	done
	probe_fixed OUT
	probe_fixed dir/leanprobe
	rm -f OUT
	GOFLAGS=-toolexec="$TMP/theirs" run --separate-stderr sgo_linux build -o OUT .
	assert_success
	log_check 'l["deps_composed_with"] == "'"$TMP/theirs"'"'
	probe_fixed OUT
	# a build without a copy keeps its own -toolexec, untouched
	mkdir -p "$TMP/n" && cd "$TMP/n"
	printf 'module gowrap.test/n\n\ngo 1.21\n' >go.mod
	printf 'package main\n\nfunc main() {}\n' >main.go
	run sgo_linux build -o x -toolexec=/usr/bin/env .
	assert_success
	log_check 'l["injected"] is False and "deps_toolexec" not in l'
}

@test "-modfile after -o, -C or -tags is honoured by the gate" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	mv go.mod alt.mod && mv go.sum alt.sum && printf 'module broken\n' >go.mod
	run sgo_linux build -o x -modfile=alt.mod .
	assert_success
	probe_fixed x
	cd "$TMP"
	run sgo_linux build -C p -modfile alt.mod -o y .
	assert_success
	probe_fixed p/y
	cd "$TMP/p"
	run sgo_linux build -tags netgo -modfile=alt.mod -o z .
	assert_success
	probe_fixed z
}

@test "files no build compiles are not the build's: GOWRAP_CACHE inside the module, an unused copy beside the code (no unknown variant)" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	export GOWRAP_CACHE="$TMP/p/c"
	# an edited copy in a directory the build never imports
	mkdir -p third_party/oldcpu
	{ sed 's/^package cpu$/package oldcpu/' "$MC0/github.com/metacubex/utls@v1.8.7/internal/cpu/cpu_arm64_other.go"; printf '\n// edited\n'; } \
		>third_party/oldcpu/cpu_arm64_other.go
	for i in 1 2; do
		run sgo_ios build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o ios.a .
		assert_success
		# the gate did look (three copies found), and saw nothing else
		log_check 'len(l["deps"]) == 3 and l["deps_unknown"] == [] and l["verified"] is True'
	done
	assert [ -d "$TMP/p/c/overlay" ]
}

@test "precise: a graph that holds the copy but a build that does not compile it gets nothing added, byte-identical" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("no copy here") }\n' >main.go
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 "$(real_go)" build -o plain .
	run sgo_linux build -o shim .
	assert_success
	cmp plain shim
	log_check 'l["injected"] is False and l["deps"] == [] and "deps_toolexec" not in l'
}

# --- the memo never answers for a graph that changed -----------------------

@test "go install and go build -o DIR/: each command go writes is checked for the dependency fix; one without it is 110, naming the file and the package" {
	cd "$PROBE"
	# the run's build cache: the gate's list, not deps_fixed (empty when
	# another suite's build already cached the fixed package), says what
	# this build fixes; what go wrote is what the check reads
	export GOMODCACHE="$MC0" GOPATH="$TMP/gopath"
	local bin="$TMP/gopath/bin/linux_arm64/leanprobe"
	run --separate-stderr sgo_linux install .
	assert_success
	probe_fixed "$bin"
	log_check 'l["output"] == "'"$bin"'" and l["deps"] == ["'$UTLS_CPU'"] and l["deps_toolexec"] and l["verified"] is True'
	run --separate-stderr sgo_linux build -o "$TMP/out/" .
	assert_success
	probe_fixed "$TMP/out/leanprobe"
	log_check 'l["output"] == "'"$TMP/out/leanprobe"'" and l["verified"] is True'
	# A wrapper with gowrap-toolexec's identity that leaves the copy unfixed
	# (as a poisoned build cache would): what go installed lacks the marker.
	cat >"$TMP/nofix" <<EOF
#!/bin/sh
case "\$2" in -V=full) exec "$SHIM_DIR/gowrap-toolexec" "\$@";; esac
exec "\$@"
EOF
	chmod +x "$TMP/nofix"
	rm -rf "$TMP/gopath/bin" "$TMP/out"
	export GOWRAP_TOOLEXEC="$TMP/nofix" GOCACHE="$(nofix_gocache)"
	run --separate-stderr sgo_linux install .
	assert_failure 110
	assert_glob "$stderr" "gowrap: built output lacks a dependency fix: $bin: $UTLS_CPU has code in it but no $UTLS_CPU.gowrapMarkerV1*"
	log_check 'l["output"] == "'"$bin"'" and l["verified"] is False'
	run --separate-stderr sgo_linux build -o "$TMP/out/" .
	assert_failure 110
	assert_glob "$stderr" "gowrap: built output lacks a dependency fix: $TMP/out/leanprobe: $UTLS_CPU has code*"
	GOWRAP_VERIFY=0 run sgo_linux install .
	assert_success
}

@test "memo: an import added to main.go (go.mod unchanged) is fixed on the next build" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	cp main.go main.go.full
	printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("utls/cpu ARM64 HasAES=false HasPMULL=false HasSHA2=false") }\n' >main.go
	run sgo_linux build -o x .
	assert_success
	log_check 'l["injected"] is False and l["deps"] == []'
	cp main.go.full main.go
	run sgo_linux build -o y .
	assert_success
	probe_fixed y
	log_check 'l["deps_memo"] is False and l["deps"] == ["'$UTLS_CPU'"]'
	run sgo_linux build -o z .
	log_check 'l["deps_memo"] is True and l["deps"] == ["'$UTLS_CPU'"]'
}

# stub_utls DIR: a module at DIR with utls's API and no CPU-feature copy.
stub_utls() {
	mkdir -p "$1/cpu"
	printf 'module github.com/metacubex/utls\n\ngo 1.21\n' >"$1/go.mod"
	printf 'package tls\n\nfunc HasAESGCMHardwareSupport() bool { return false }\n' >"$1/tls.go"
	printf 'package cpu\n\nvar ARM64 struct{ HasAES, HasPMULL, HasSHA2 bool }\n' >"$1/cpu/cpu.go"
}

@test "memo: a -modfile filled after a build, and GOFLAGS=-modfile set by go env -w after a build, are followed" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	stub_utls stub
	cp go.mod alt.mod && cp go.sum alt.sum
	printf 'replace github.com/metacubex/utls => ./stub\n' >>alt.mod
	run sgo_linux build -o OUT -modfile=alt.mod .
	assert_success
	log_check 'l["injected"] is False'
	cp go.mod alt.mod # now the real utls
	run sgo_linux build -o OUT -modfile=alt.mod .
	assert_success
	probe_fixed OUT
	# go env -w GOFLAGS=-modfile=...: the go env file is part of the key
	export GOENV="$TMP/goenv"
	cp go.mod real.mod && cp go.sum real.sum
	printf 'replace github.com/metacubex/utls => ./stub\n' >>go.mod
	run sgo_linux build -o a .
	assert_success
	log_check 'l["injected"] is False'
	"$(real_go)" env -w GOFLAGS=-modfile=real.mod
	run sgo_linux build -o b .
	assert_success
	probe_fixed b
}

@test "memo: a build tag set by go env -w GOFLAGS after a build is followed (the go env file is part of the key)" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	mv main.go tagged.go
	sed -i '1i //go:build withutls\n' tagged.go
	sed -i 's/^func main() {/func init() {/' tagged.go
	printf '//go:build !withutls\n\npackage main\n\nfunc init() {}\n' >untagged.go
	printf 'package main\n\nfunc main() {}\n' >main.go
	export GOENV="$TMP/goenv"
	run sgo_linux build -o a .
	assert_success
	log_check 'l["injected"] is False'
	"$(real_go)" env -w GOFLAGS=-tags=withutls
	run sgo_linux build -o b .
	assert_success
	probe_fixed b
	log_check 'l["deps"] == ["'$UTLS_CPU'"] and l["deps_memo"] is False'
}

@test "memo: a replace fork edited (a needed line twice), then reverted to upstream bytes, is reported and then fixed again" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	cp -r "$MC0/github.com/metacubex/utls@v1.8.7" utls && chmod -R u+w utls
	printf 'replace github.com/metacubex/utls => ./utls\n' >>go.mod
	f=utls/internal/cpu/cpu_arm64_hwcap.go
	cp "$f" "$TMP/orig"
	run sgo_linux build -o a .
	assert_success
	probe_fixed a
	sed -i 's/^\(\tARM64.HasAES = isSet(HWCap, hwcap_AES)\)$/\1\n\1/' "$f"
	[ "$(grep -c 'ARM64.HasAES = isSet' "$f")" = 2 ]
	run sgo_linux build -o b .
	assert_success
	probe_unfixed b
	log_check 'l["deps_unknown"] and l["deps_unknown"][0].startswith("'$UTLS_CPU': ")'
	cp "$TMP/orig" "$f"
	run sgo_linux build -o c .
	assert_success
	probe_fixed c
	log_check 'l["deps_unknown"] == [] and l["deps"] == ["'$UTLS_CPU'"]'
}

# --- the cache is the caller's alone, on every path --------------------------

other_user() {
	id gwother >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin gwother >/dev/null 2>&1
	id gwother >/dev/null 2>&1 || {
		echo "cannot create the second user gwother (fix: run the tests as root)" >&2
		return 1
	}
}

@test "another user's cache, or their deps/ beneath ours: 106 on linux and ios builds, naming it; nothing built" {
	other_user
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	chmod 0755 "$TMP"
	mkdir -m 0700 "$TMP/theirs" && chown gwother "$TMP/theirs"
	GOWRAP_CACHE="$TMP/theirs" run --separate-stderr sgo_linux build -o x .
	assert_failure 106
	assert_glob "$stderr" "gowrap: untrusted cache entry: $TMP/theirs is owned by uid $(id -u gwother)*\(fix: *"
	mkdir -m 0700 "$TMP/mine" && mkdir -m 0755 "$TMP/mine/deps" && chown gwother "$TMP/mine/deps"
	for sg in sgo_linux sgo_ios; do
		GOWRAP_CACHE="$TMP/mine" run --separate-stderr $sg build -buildmode=c-archive -ldflags="-extar=$APPLE/bin/ar" -o x.a .
		assert_failure 106
		assert_glob "$stderr" "gowrap: untrusted cache entry: $TMP/mine/deps is owned by uid $(id -u gwother)*"
	done
	assert [ ! -e x ] && assert [ ! -e x.a ]
	# a cache others may write is refused before anything is read from it
	mkdir -m 0777 "$TMP/open"
	GOWRAP_CACHE="$TMP/open" run --separate-stderr sgo_linux build -o x .
	assert_failure 106
	assert_glob "$stderr" "*$TMP/open is writable by others*"
}

@test "a symlink where a record or its directory belongs is refused, never followed; nothing is written outside the cache" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	mkdir -m 0700 "$TMP/c" "$TMP/elsewhere"
	ln -s "$TMP/elsewhere" "$TMP/c/deps"
	GOWRAP_CACHE="$TMP/c" run --separate-stderr sgo_linux build -o x .
	assert_failure 106
	assert_glob "$stderr" "*$TMP/c/deps is a symlink*"
	rm "$TMP/c/deps" && mkdir -m 0700 "$TMP/c/deps"
	ln -s "$TMP/elsewhere" "$TMP/c/deps/run"
	GOWRAP_CACHE="$TMP/c" run --separate-stderr sgo_linux build -o x .
	assert_failure 106
	assert_glob "$stderr" "*$TMP/c/deps/run is a symlink*"
	assert [ -z "$(ls -A "$TMP/elsewhere")" ]
	# a memo record replaced by a symlink to a file of ours
	rm "$TMP/c/deps/run"
	GOWRAP_CACHE="$TMP/c" run sgo_linux build -o x .
	assert_success
	rec="$(ls "$TMP/c/deps/memo/"*)"
	cp "$rec" "$TMP/elsewhere/rec" && rm "$rec" && ln -s "$TMP/elsewhere/rec" "$rec"
	GOWRAP_CACHE="$TMP/c" run --separate-stderr sgo_linux build -o x .
	assert_failure 106
	assert_glob "$stderr" "*$rec is a symlink*"
	# every call's state record is gone afterwards
	assert [ -z "$(ls -A "$TMP/c/deps/run")" ]
}

@test "a FIFO where a memo record belongs is refused at once, never waited on" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	run sgo_linux build -o x .
	assert_success
	rec="$(ls "$GOWRAP_CACHE/deps/memo/"*)"
	rm "$rec" && mkfifo -m 0600 "$rec"
	run --separate-stderr timeout 60 env PATH="$SHIM_DIR:$PATH" GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -o x .
	assert_failure 106
	assert_glob "$stderr" "*$rec is not a regular file*"
}

@test "package names read from a record are escaped before they reach the terminal" {
	cp -r "$PROBE" "$TMP/p" && cd "$TMP/p"
	# a tool in the build writing a hostile line into the call's record
	cat >"$TMP/hostile" <<'SH'
#!/bin/sh
printf 'dropped\t\033[31mevil\007\tx\n' >>"$GOWRAP_DEPS_STATE"
exec "$@"
SH
	chmod +x "$TMP/hostile"
	run --separate-stderr sgo_linux build -toolexec="$TMP/hostile" -o x .
	assert_failure 110
	assert_glob "$stderr" '*dropped gowrap'"'"'s file from the compile of \\x1b\[31mevil\\x07, so*'
	refute_glob "$stderr" $'*\e*'
}
