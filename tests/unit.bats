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
