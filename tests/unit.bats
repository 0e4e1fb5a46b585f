#!/usr/bin/env bats
# tests/unit.bats — the C unit drivers of tests/unit/ (built by `make`):
# gowrap's one SHA-256 and one SHA-1/blob id (common/hash.h) against
# sha256sum, sha1sum and git's own ids, and the go command-line model
# (shim/cmdline.h) against a corpus of real command lines.
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

# --- one table of known copies: verify/copies.c against deps/table.c -------

# copies_check_in SRC: build and run the driver of a scratch tree.
copies_check_in() {
	run make -C "$1" --no-print-directory -s OPT=-O0 build/unit/copies_check
	assert_success
	run "$1/build/unit/copies_check"
}

@test "known copies: every path symcheck requires a fix of ships bytes deps/table.c fixes, and every module a row names is a known copy; a copy added to one table only is named" {
	run "$UNIT/copies_check"
	assert_success
	assert_output --regexp '^[0-9]+ copies, [0-9]+ rows, 0 drifts$'
	SRC="$BATS_TEST_TMPDIR/src"
	mkdir -p "$SRC"
	git -C "$GOWRAP_ROOT" archive HEAD | tar -x -C "$SRC"
	local blob=0123456789abcdef0123456789abcdef01234567
	local row="{ \"$blob\", \"cpu_arm64_hwcap.go\", DP_KIND_CPUCOPY, DP_FAM_LINUX, DP_DEFECT, DP_FIX_HWCAP, \"Go 1.26.8 (github.com/example/fork v0.1.0)\" },"
	local copy="{ \"github.com/example/fork/cpu\", \"github.com/example/fork v0.1.0\", \"cpu_arm64_hwcap.go\", \"$blob\" },"
	# a row for a new copy's bytes, in deps/table.c only
	sed -i "s|^	{ NULL, NULL, 0, 0, 0, 0, NULL },|	$row\n&|" "$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "deps/table.c: row $blob (cpu_arm64_hwcap.go) names github.com/example/fork v0.1.0, which no known copy in verify/copies.c comes from with those bytes"
	# the same copy in both tables: agreed
	sed -i "s|^	{ NULL, NULL, NULL, NULL },|	$copy\n&|" "$SRC/verify/copies.c"
	copies_check_in "$SRC"
	assert_success
	assert_output --regexp '^[0-9]+ copies, [0-9]+ rows, 0 drifts$'
	# the copy in verify/copies.c only
	git -C "$GOWRAP_ROOT" show HEAD:deps/table.c >"$SRC/deps/table.c"
	copies_check_in "$SRC"
	assert_failure 1
	assert_line "verify/copies.c: github.com/example/fork/cpu ships cpu_arm64_hwcap.go blob $blob, which deps/table.c does not list as a linux/android defect of a copy of internal/cpu"
}
