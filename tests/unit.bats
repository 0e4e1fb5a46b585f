#!/usr/bin/env bats
# tests/unit.bats — the C unit drivers of tests/unit/ (built by `make`):
# gowrap's one SHA-256 and one SHA-1/blob id (common/hash.h) against
# sha256sum, sha1sum and git's own ids, the go command-line model
# (shim/cmdline.h) against a corpus of real command lines, the relay of a
# child's line (common/report.h), the record layer (common/record.h), and the
# policy and memo logic of deps/ and shim/ over tables of recorded inputs,
# without a go build: which targets get what (target.table), which packages
# of a real `go list -deps` reply the gate fixes (graph.table), what keys
# each memo (memo_key.table).
bats_require_minimum_version 1.5.0
load helpers/common

UNIT="$BUILD_DIR/unit"

# hash_agrees FILE CHUNK: the driver's three ids equal the reference tools'.
hash_agrees() {
	run "$UNIT/hashcheck" "$2" <"$1"
	assert_success
	assert_line "sha256 $(sha256sum <"$1" | cut -d' ' -f1)"
	assert_line "sha1 $(sha1sum <"$1" | cut -d' ' -f1)"
	assert_line "blob $(git hash-object --no-filters "$1")"
}

@test "hash: FIPS 180-4 examples (abc, the 448-bit message, a million a's)" {
	printf abc >"$BATS_TEST_TMPDIR/a"
	run "$UNIT/hashcheck" 1 <"$BATS_TEST_TMPDIR/a"
	assert_line "sha256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	assert_line "sha1 a9993e364706816aba3e25717850c26c9cd0d89d"
	printf 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq' >"$BATS_TEST_TMPDIR/b"
	run "$UNIT/hashcheck" 7 <"$BATS_TEST_TMPDIR/b"
	assert_line "sha256 248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
	head -c 1000000 /dev/zero | tr '\0' a >"$BATS_TEST_TMPDIR/c"
	run "$UNIT/hashcheck" 4096 <"$BATS_TEST_TMPDIR/c"
	assert_line "sha256 cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
	assert_line "sha1 34aa973cd4c4daa4f61eeb2bdbad27316534016f"
}

@test "hash: every length around the block and padding boundaries, read in odd chunks, agrees with sha256sum, sha1sum and git" {
	head -c 300 /dev/urandom >"$BATS_TEST_TMPDIR/r"
	for n in 0 1 55 56 57 63 64 65 119 120 121 127 128 129 200 300; do
		head -c $n "$BATS_TEST_TMPDIR/r" >"$BATS_TEST_TMPDIR/x"
		for chunk in 1 3 64 1000; do
			hash_agrees "$BATS_TEST_TMPDIR/x" $chunk
		done
	done
	head -c 3000000 /dev/urandom >"$BATS_TEST_TMPDIR/big"
	hash_agrees "$BATS_TEST_TMPDIR/big" 65537
}

@test "the go command-line model answers every question for a corpus of real command lines (gomobile, sing-box, -toolexec/-modfile after -o/-C/-tags, -C first, --, -args, GOFLAGS)" {
	run "$UNIT/cmdline_corpus" "$BATS_TEST_DIRNAME/unit/cmdline.corpus"
	echo "$output"
	assert_success
	assert_output --regexp '^[0-9]+ cases, 0 failed$'
	# the driver itself fails a wrong expectation
	sed 's/^expect: toolexec=X toolexec_argv=1 output=OUT pkgs=\.$/expect: toolexec=Q/' \
		"$BATS_TEST_DIRNAME/unit/cmdline.corpus" >"$BATS_TEST_TMPDIR/c"
	run "$UNIT/cmdline_corpus" "$BATS_TEST_TMPDIR/c"
	assert_failure 1
	assert_line --partial "toolexec=X, want Q"
}

# --- policy and memo tables (recorded inputs; no go runs) ------------------

# table_fails DRIVER ARGS... TABLE SED WANT: the driver fails (1) the table
# with one expectation made wrong by SED, and says so (WANT).
table_fails() {
	local n=$(($# - 2)) sedexpr="${@: -2:1}" want="${@: -1}"
	local args=("${@:1:n}")
	local table="${args[-1]}"
	unset 'args[-1]'
	sed "$sedexpr" "$table" >"$BATS_TEST_TMPDIR/wrong.table"
	cmp -s "$table" "$BATS_TEST_TMPDIR/wrong.table" && fail "the sed changed nothing in $table"
	run "${args[@]}" "$BATS_TEST_TMPDIR/wrong.table"
	echo "$output"
	assert_failure 1
	assert_line --partial "$want"
	assert_line --regexp '^[0-9]+ cases, 1 failed$'
}

@test "targets: dp_family for every GOOS/GOARCH/iOS-family combination, and which command lines get the overlay or the dependency fix (GOOS=ios, darwin -tags ios, not ios/amd64, not the ios tag outside darwin)" {
	run "$UNIT/target_table" "$BATS_TEST_DIRNAME/unit/target.table"
	echo "$output"
	assert_success
	assert_output --regexp '^[0-9]+ cases, 0 failed$'
	table_fails "$UNIT/target_table" "$BATS_TEST_DIRNAME/unit/target.table" \
		's/^family: android arm64 0 android$/family: android arm64 0 linux/' \
		"dp_family(android, arm64, 0)=android, want linux"
	table_fails "$UNIT/target_table" "$BATS_TEST_DIRNAME/unit/target.table" \
		'/^argv: go build -tags ios \.$/{n;s/^expect: tag=1 ios=1 family=ios pass=-$/expect: tag=1 ios=0 family=ios pass=-/}' \
		"go build -tags ios .: ios=1, want 0"
}

@test "rules: every line holds a word the classifier searches files for, every trigger one of the triggers' words" {
	run "$UNIT/graph_table" --words
	assert_success
	assert_output "every rule line holds a word"
}

@test "gate: recorded go list -deps replies (ios, Mac Catalyst, linux, x/sys v0.42.0, go test) parsed; the table's packages fixed, std never, a test variant once, unknown variants reported" {
	assert_equal "$("$UNIT/graph_table" --template)" "$(cat "$BATS_TEST_DIRNAME/unit/graph/template")"
	run "$UNIT/graph_table" "$BATS_TEST_DIRNAME/unit/graph.table"
	echo "$output"
	assert_success
	assert_output --regexp '^[0-9]+ cases, 0 failed$'
	ln -s "$BATS_TEST_DIRNAME/unit/graph" "$BATS_TEST_TMPDIR/graph" # the wrong table's recorded replies
	table_fails "$UNIT/graph_table" "$BATS_TEST_DIRNAME/unit/graph.table" \
		'/syscall_darwin_arm64_gc.go$/s/verdict:golang.org\/x\/sys\/cpu=right/verdict:golang.org\/x\/sys\/cpu=fix:xsys-ios/' \
		"verdict:golang.org/x/sys/cpu=right, want fix:xsys-ios"
}

@test "memo keys (deps and shim): each keyed input changes the key, an unkeyed one does not, the same inputs give the same key" {
	mkdir -m 0700 "$BATS_TEST_TMPDIR/s"
	run "$UNIT/memo_key" "$BATS_TEST_TMPDIR/s" "$BATS_TEST_DIRNAME/unit/memo_key.table"
	echo "$output"
	assert_success
	assert_output --regexp '^[0-9]+ cases, 0 failed$'
	mkdir -m 0700 "$BATS_TEST_TMPDIR/s2"
	table_fails "$UNIT/memo_key" "$BATS_TEST_TMPDIR/s2" "$BATS_TEST_DIRNAME/unit/memo_key.table" \
		's/^case: deps,shim same env FOO=bar$/case: deps,shim differs env FOO=bar/' \
		"deps key same, want differs"
}

# --- common/report.h: a child's line relayed ---------------------------------

@test "relay: a child's line is read back as what, why and fix; one whose ': ' runs into its ' (fix: ' is not of that shape, the whole line the why, nothing read past it" {
	run "$UNIT/relay_check" "gowrap: GOROOT is beneath GOMODCACHE: /m/g (fix: install Go elsewhere)"
	assert_success
	assert_line "what=GOROOT is beneath GOMODCACHE"
	assert_line "why=/m/g"
	assert_line "fix=install Go elsewhere"
	assert_line "line=gowrap: GOROOT is beneath GOMODCACHE: /m/g (fix: install Go elsewhere)"
	# found by proto/fuzz_proto.c: the why's length went below zero and
	# 1023 bytes were copied from past the line's end
	run "$UNIT/relay_check" "gowrap: a: (fix: b)"
	assert_success
	assert_line "code=108"
	assert_line "what=the child failed"
	assert_line "why=gowrap: a: (fix: b)"
	assert_line "fix=run the child by hand"
	assert_line "line=gowrap: the child failed: gowrap: a: (fix: b) (fix: run the child by hand)"
	# an empty why is still the shape: two spaces before the fix
	run "$UNIT/relay_check" "gowrap: a:  (fix: b)"
	assert_line "what=a"
	assert_line "why="
	assert_line "fix=b"
}

# --- common/record.h: the one way gowrap keeps a file between calls ---------

rec() { "$UNIT/record_check" "$C" "$@"; }

@test "records: framed, atomic, read back; torn, foreign-kind and missing ones read as no record" {
	C="$BATS_TEST_TMPDIR/c" && mkdir -m 0700 "$C"
	run rec write a/b/r "kind 1" "hello"
	assert_output "0 "
	assert [ "$(stat -c %a "$C/a")" = 700 ] && assert [ "$(stat -c %a "$C/a/b/r")" = 600 ]
	run rec read a/b/r "kind 1"
	assert_output "0 hello"
	run rec read a/b/r "kind 2"
	assert_output "1"
	head -c 20 "$C/a/b/r" >"$C/a/b/torn"
	run rec read a/b/torn "kind 1"
	assert_output "1"
	run rec read a/b/none "kind 1"
	assert_output "1"
	run rec read x/y/none "kind 1"
	assert_output "1"
	# no temp file is left behind
	assert [ "$(ls "$C/a/b")" = "$(printf 'r\ntorn')" ]
}

@test "records: a symlink, FIFO, device or foreign file where a record or its directory belongs is refused (106), never followed or waited on" {
	C="$BATS_TEST_TMPDIR/c" && mkdir -m 0700 "$C" "$C/d"
	rec write d/good "k" "ours" >/dev/null
	ln -s "$C/d/good" "$C/d/link"
	run rec read d/link "k"
	assert_output --regexp "^-1 106 .*/d/link is a symlink"
	mkfifo -m 0600 "$C/d/fifo"
	run timeout 10 "$UNIT/record_check" "$C" read d/fifo "k"
	assert_output --regexp "^-1 106 .*/d/fifo is not a regular file"
	mknod -m 0600 "$C/d/dev" c 1 3
	run rec raw d/dev
	assert_output --regexp "^-1 106 .*/d/dev is not a regular file"
	mkdir -m 0700 "$BATS_TEST_TMPDIR/else"
	ln -s "$BATS_TEST_TMPDIR/else" "$C/sub"
	run rec write sub/r "k" "x"
	assert_output --regexp "^-1 .*/sub is a symlink"
	run rec read sub/r "k"
	assert_output --regexp "^-1 106 .*/sub is a symlink"
	assert [ -z "$(ls -A "$BATS_TEST_TMPDIR/else")" ]
	chmod 0775 "$C/d"
	run rec read d/good "k"
	assert_output --regexp "^-1 106 .*/d is writable by its group"
}

@test "records: a private record is made exclusively in a fresh 0700 directory; appends never follow a link, never create, never leave a private directory" {
	C="$BATS_TEST_TMPDIR/c" && mkdir -m 0700 "$C"
	f="$(rec private deps/run)"
	assert [ -f "$f" ] && assert [ "$(stat -c %a "$(dirname "$f")")" = 700 ]
	run rec append "$f" "fixed	p	x"
	assert_output 0
	assert [ "$(cat "$f")" = "$(printf 'fixed\tp\tx')" ]
	# a symlink planted where the record is: the victim file is untouched
	printf 'secret\n' >"$BATS_TEST_TMPDIR/victim" && chmod 600 "$BATS_TEST_TMPDIR/victim"
	rm "$f" && ln -s "$BATS_TEST_TMPDIR/victim" "$f"
	run rec append "$f" "fixed	evil	x"
	assert_output -- -1
	assert [ "$(cat "$BATS_TEST_TMPDIR/victim")" = secret ]
	# a file outside a private directory, a missing one, a hard link
	run rec append "$BATS_TEST_TMPDIR/victim" "x"
	assert_output -- -1
	rm "$f"
	run rec append "$f" "x"
	assert_output -- -1
	assert [ ! -e "$f" ]
	f2="$(rec private deps/run)"
	ln "$f2" "$(dirname "$f2")/hard"
	run rec append "$f2" "x"
	assert_output -- -1
	# two records never share a directory
	assert [ "$(dirname "$f")" != "$(dirname "$f2")" ]
}

# --- gocmd/envkey.h: the one rule for which variables key a memo -------------

@test "memo keys: one environment rule for both memos, a superset of what each keyed before (only misses can be added)" {
	# What the shim's memo keyed before (12 named variables) and what the
	# dependency gate's keyed (GO*/CGO_* but gowrap's own and the build
	# cache's, and CC, CXX, PATH, HOME, XDG_CONFIG_HOME): all still keyed.
	old="GOROOT GOTOOLCHAIN GOENV GOFLAGS GOMODCACHE GOPATH HOME XDG_CONFIG_HOME PATH GOWORK GO111MODULE
		GOWRAP_FEATURES GOOS GOARCH GOARM64 GOEXPERIMENT GODEBUG GOPROXY GONOSUMDB GOPRIVATE GOINSECURE GOAMD64
		CGO_ENABLED CGO_CFLAGS CGO_LDFLAGS CC CXX"
	# gowrap's own that change an answer are keyed too.
	new="GOWRAP_ALLOW_MODIFIED GOWRAP_GO GOWRAP_BIN GOWRAP_DEPS GOWRAP_TOOLEXEC"
	# Where results go, how fast, per call, after go: never keyed.
	never="GOCACHE GOCACHEPROG GOTMPDIR GOMAXPROCS GOWRAP_CACHE GOWRAP_LOG GOWRAP_VERIFY GOWRAP_SHIM_LOOP
		GOWRAP_DEPS_STATE GOWRAP_DEPS_FAMILY GOWRAP_TOOLEXEC_NEXT GOWRAP_INNER_TOOL GOWRAP_INNER_FILE GOWRAP_INNER_PKG
		SHELL TERM PWD TMPDIR LANG CCACHE PATHX"
	for v in $old $new; do
		run "$UNIT/envkey_check" "$v" "$v=x"
		assert_output "keyed $v
keyed $v=x"
	done
	for v in $never; do
		run "$UNIT/envkey_check" "$v=x"
		assert_output "not $v=x"
	done
	# The key: sorted whatever the parent's order, values escaped one to one,
	# set-but-empty distinct from unset.
	run env -i GOFLAGS=$'-tags=a\nb' PATH=/p GOOS=ios 'GOARCH=a\b' CGO_ENABLED= TERM=x GOCACHE=/c \
		"$UNIT/envkey_check"
	assert_output "env	CGO_ENABLED=
env	GOARCH=a\\\\b
env	GOFLAGS=-tags=a\\nb
env	GOOS=ios
env	PATH=/p"
	a="$(env -i GOOS=ios GOARCH=arm64 "$UNIT/envkey_check")"
	assert_equal "$(env -i GOARCH=arm64 GOOS=ios "$UNIT/envkey_check")" "$a"
	# Both memos key on exactly these lines: the shim's overlay answer and
	# the dependency gate's, for a variable either used to miss (GOARM64 was
	# not among the shim's 12; GOWRAP_FEATURES was outside the gate's rule).
	e=(env -i PATH=/p GOARM64=v8.1 GOWRAP_FEATURES=crypto GOWRAP_LOG=/l GOCACHE=/c)
	want="$("${e[@]}" "$UNIT/envkey_check")"
	assert_equal "$want" "env	GOARM64=v8.1
env	GOWRAP_FEATURES=crypto
env	PATH=/p"
	run "${e[@]}" "$UNIT/envkey_check" --memos "$BATS_TEST_TMPDIR"
	assert_success
	assert_output "$(sed 's/^/shim /' <<<"$want")
$(sed 's/^/deps /' <<<"$want")"
}

# --- one table of known copies: verify/copies.c against deps/table.c -------

# copies_check_in SRC: build and run the driver of a scratch tree.
copies_check_in() {
	run make -C "$1" --no-print-directory -s OPT=-O0 build/unit/copies_check
	assert_success
	run "$1/build/unit/copies_check"
}

@test "known copies: every path symcheck requires a fix of comes from a module a linux/android copy rule of deps/table.c names, and every module a rule names is a known copy; android arm64 held to the android rules; a copy added to one table only is named" {
	run "$UNIT/copies_check"
	assert_success
	assert_output --regexp '^[0-9]+ copies, [0-9]+ rows, 0 drifts$'
	SRC="$BATS_TEST_TMPDIR/src"
	mkdir -p "$SRC"
	git -C "$GOWRAP_ROOT" archive HEAD | tar -x -C "$SRC"
	local blob=0123456789abcdef0123456789abcdef01234567
	local copy="{ \"github.com/example/fork/cpu\", \"github.com/example/fork v0.1.0\", \"cpu_arm64_hwcap.go\", \"$blob\", VF_COPY_LINUX, NULL, NULL, NULL },"
	# a new copy's module named by the arm64 rule, in deps/table.c only
	sed -i 's|(github.com/metacubex/utls v1.8.7, github.com/metacubex/cpu v0.1.1)",$|(github.com/metacubex/utls v1.8.7, github.com/metacubex/cpu v0.1.1, github.com/example/fork v0.1.0)",|' "$SRC/deps/table.c"
	grep -q "github.com/example/fork v0.1.0" "$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line --partial "deps/table.c: rule hwcap-arm64 names github.com/example/fork v0.1.0, which no known copy in verify/copies.c comes from"
	# the same copy in both tables: agreed
	sed -i "s|^	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL },|	$copy\n&|" "$SRC/verify/copies.c"
	grep -q "github.com/example/fork/cpu" "$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_success
	assert_output --regexp '^[0-9]+ copies, [0-9]+ rows, 0 drifts$'
	# the copy in verify/copies.c only
	git -C "$GOWRAP_ROOT" show HEAD:deps/table.c >"$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "verify/copies.c: github.com/example/fork/cpu comes from github.com/example/fork v0.1.0, which no linux/android rule of a copy of internal/cpu in deps/table.c names"
	# asked on iOS only, it is not held to the linux/android rules but to the iOS ones
	sed -i "s|\"$blob\", VF_COPY_LINUX, NULL, NULL, NULL }|NULL, VF_COPY_IOS, NULL, NULL, NULL }|" "$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_failure 1
	refute_output --partial "which no linux/android rule"
	assert_line "verify/copies.c: github.com/example/fork/cpu comes from github.com/example/fork v0.1.0, which no iOS defect rule of deps/table.c names"
	# x/sys/cpu (iOS, and android arm64 by its module's version) and cpuid
	# (iOS) are no copies of internal/cpu: a linux/android rule names neither
	git -C "$GOWRAP_ROOT" show HEAD:verify/copies.c >"$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_success
	grep -q '"golang.org/x/sys/cpu", "golang.org/x/sys v0.1.0-v0.41.0", "cpu_other_arm64.go", NULL,$' "$SRC/verify/copies.c"
	grep -q '^	  VF_COPY_IOS | VF_COPY_ANDROID_ARM64, "golang.org/x/sys/cpu.darwinSysctlEnabled", "v0.42.0", NULL },$' "$SRC/verify/copies.c"
	# android arm64: x/sys/cpu no longer asked there, while deps/table.c fixes it there
	sed -i 's/^	  VF_COPY_IOS | VF_COPY_ANDROID_ARM64, /	  VF_COPY_IOS, /' "$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "deps/table.c: android rule xsys-android was read in a module symcheck never asks on android arm64 (verify/copies.c)"
	# ... and asked there with no android rule of deps/table.c behind it
	git -C "$GOWRAP_ROOT" show HEAD:verify/copies.c >"$SRC/verify/copies.c"
	sed -i 's/DP_FAM_ANDROID, role, fix, versions,/DP_FAM_LINUX, role, fix, versions,/' "$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line --partial "verify/copies.c: golang.org/x/sys/cpu is asked on android arm64, but no android defect rule of deps/table.c was read in golang.org/x/sys"
	# gVisor's cpuid (linux arm64): its copy dropped, the rule names a module
	# no copy comes from; the rule's modules dropped, the copy is named
	git -C "$GOWRAP_ROOT" show HEAD:deps/table.c >"$SRC/deps/table.c"
	sed -i '/^	{ "gvisor.dev\/gvisor\/pkg\/cpuid", /,+1d' "$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "deps/table.c: rule gvisor-cpuid names gvisor.dev/gvisor v0.0.0-20260224225140-573d5e7127a8, which no known copy in verify/copies.c comes from"
	git -C "$GOWRAP_ROOT" show HEAD:verify/copies.c >"$SRC/verify/copies.c"
	sed -i 's/(gvisor.dev\/gvisor v0.0.0-20260224225140-573d5e7127a8, "$/("/' "$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "verify/copies.c: gvisor.dev/gvisor/pkg/cpuid is asked on linux arm64, but no linux defect rule of deps/table.c names gvisor.dev/gvisor v0.0.0-20260224225140-573d5e7127a8 (or it says no why)"
}

# --- deps/seen.h: what audit makes of sources no rule of table.c decides ------

@test "audit's evidence rules over the real files they were read in (templexxx/cpu on arm64, ppc64x, amd64; compress's assembly; cpuid/v2 on amd64; blst's and zstd's C; the census's readers, hashers and blake3's x86 file on arm64): each rule decides, an edited line or count is unknown, a dispatch added to a reader or an arm64 name in an other-arch file is unknown, a defect planted in a right copy outranks it, each word of CPU-feature code names its file in its module" {
	run "$UNIT/seen_table" "$BATS_TEST_DIRNAME/unit/seen.table"
	echo "$output"
	assert_success
	assert_output --regexp '^[0-9]+ cases, 0 failed$'
	ln -s "$BATS_TEST_DIRNAME/unit/seen" "$BATS_TEST_TMPDIR/seen" # the wrong table's recorded files
	table_fails "$UNIT/seen_table" "$BATS_TEST_DIRNAME/unit/seen.table" \
		's/expect: what=rule rule=cpu11-arm64 verdict=defective "files=/expect: what=rule rule=cpu11-arm64 verdict=right "files=/' \
		"verdict=defective, want right"
}
