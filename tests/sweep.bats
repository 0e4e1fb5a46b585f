#!/usr/bin/env bats
# tests/sweep.bats — the version sweep (deps/sweep.py) as a checked-in table:
# every version the module proxy served of golang.org/x/sys/cpu and
# github.com/klauspost/cpuid/v2, for ios/arm64 and the linux arches of the
# dependency fix, with the classifier's verdict and the bytes of each
# compiled file that holds a rule's word (tests/unit/sweep/). The driver
# (tests/unit/sweep_table.c, built by `make`) classifies every row again from
# those bytes: a change to deps/table.c or deps/classify.c that changes any
# served version's verdict fails here until the sweep is run again
# (python3 deps/sweep.py) and the new table is read in its diff. No go, no
# module cache, no network.
bats_require_minimum_version 1.5.0
load helpers/common

DRIVER="$BUILD_DIR/unit/sweep_table"
TABLE="$BATS_TEST_DIRNAME/unit/sweep/sweep.tsv"
FILES="$BATS_TEST_DIRNAME/unit/sweep/files"

# rows: the table's rows ('#' lines aside).
rows() {
	grep -vc '^#' "$TABLE"
}

# verdict MODULE VERSION TARGET: the table's verdict of that row.
verdict() {
	awk -F'\t' -v m="$1" -v v="$2" -v t="$3" '$1 == m && $2 == v && $3 == t { print $4 }' "$TABLE"
}

@test "sweep: every served version of x/sys/cpu and cpuid/v2, on ios/arm64 and each linux arch, gets the verdict the checked-in table says" {
	run "$DRIVER" "$TABLE"
	echo "$output"
	assert_success
	assert_output "$(rows) rows, 0 mismatches"
}

@test "sweep: the table says what was found (x/sys fix before v0.42.0 on ios and on android/arm64, right from it; every cpuid fix on ios; no unknown; every version listed)" {
	assert_equal "$(verdict golang.org/x/sys v0.41.0 ios/arm64)" fix:xsys-ios
	assert_equal "$(verdict golang.org/x/sys v0.42.0 ios/arm64)" right:xsys-sysctl
	# android apart from linux: arm64's archInit before v0.42.0 leaves it out
	assert_equal "$(verdict golang.org/x/sys v0.29.0 linux/arm64)" right:xsys-auxv
	assert_equal "$(verdict golang.org/x/sys v0.29.0 android/arm64)" fix:xsys-android
	assert_equal "$(verdict golang.org/x/sys v0.41.0 android/arm64)" fix:xsys-android-windows
	assert_equal "$(verdict golang.org/x/sys v0.42.0 android/arm64)" right:xsys-auxv-android
	run awk -F'\t' '!/^#/ && $1 == "golang.org/x/sys" && $3 == "android/arm" && $4 != "right:xsys-auxv-android"' "$TABLE"
	assert_output ""
	run awk -F'\t' '!/^#/ && $1 == "golang.org/x/sys" && $3 ~ /^android\// { print $3 }' "$TABLE"
	assert_equal "$(printf '%s\n' "$output" | sort -u | tr '\n' ' ')" "android/386 android/amd64 android/arm android/arm64 "
	run awk -F'\t' '!/^#/ && $1 == "golang.org/x/sys" && $3 == "ios/arm64" { print $4 }' "$TABLE"
	refute_line --regexp '^(unknown|none|-)$'
	run awk -F'\t' '!/^#/ && $1 == "github.com/klauspost/cpuid/v2" && $3 == "ios/arm64" && $4 != "fix:cpuid-ios"' "$TABLE"
	assert_output ""
	run awk -F'\t' '!/^#/ && ($4 == "unknown" || $4 == "-")' "$TABLE"
	assert_output ""
	# every row names a module, a version, a target, a verdict and its files
	run awk -F'\t' '!/^#/ && NF != 5' "$TABLE"
	assert_output ""
}

@test "sweep: --print answers the table's own verdicts (the mode deps/sweep.py fills the table with)" {
	"$DRIVER" --print "$TABLE" | cut -f1-5 >"$BATS_TEST_TMPDIR/printed"
	grep -v '^#' "$TABLE" >"$BATS_TEST_TMPDIR/table"
	run diff "$BATS_TEST_TMPDIR/table" "$BATS_TEST_TMPDIR/printed"
	assert_success
}

@test "sweep: the driver fails a table whose verdict disagrees with the rules, naming the row" {
	sed '/^golang\.org\/x\/sys	v0\.41\.0	ios\/arm64	/s/	fix:xsys-ios	/	right:xsys-sysctl	/' \
		"$TABLE" >"$BATS_TEST_TMPDIR/wrong.tsv"
	cmp -s "$TABLE" "$BATS_TEST_TMPDIR/wrong.tsv" && fail "the sed changed nothing in $TABLE"
	run "$DRIVER" "$BATS_TEST_TMPDIR/wrong.tsv" "$FILES"
	echo "$output"
	assert_failure 1
	assert_line --partial "golang.org/x/sys v0.41.0 ios/arm64: fix:xsys-ios, want right:xsys-sysctl"
	assert_line "$(rows) rows, 1 mismatches"
}

@test "sweep: a row whose recorded bytes are missing is a bad table (2), not a pass" {
	mkdir "$BATS_TEST_TMPDIR/files"
	run "$DRIVER" "$TABLE" "$BATS_TEST_TMPDIR/files"
	assert_failure 2
	assert_output --partial "no bytes for"
}

@test "sweep: every x/sys version fixed on ios linked the sysctl fix through the shim (deps/sweep_sysctl.py's table), asking for the fields the renderer gives its struct" {
	local sys="$BATS_TEST_DIRNAME/unit/sweep/xsys_sysctl.tsv" v blob n fields linked sfiles checked=0
	[ -f "$sys" ] || fail "no $sys (python3 deps/sweep_sysctl.py)"
	while IFS=$'\t' read -r v blob; do
		IFS=$'\t' read -r sfiles fields linked < <(awk -F'\t' -v v="$v" '$1 == v { print $2 "\t" $3 "\t" $4 }' "$sys")
		[ "$linked" = yes ] || fail "x/sys $v: fixed on ios in sweep.tsv, but linked: '${linked:-no row}'"
		[[ ",$sfiles," == *",cpu_arm64.s,"* ]] || fail "x/sys $v: no cpu_arm64.s on ios/arm64 ($sfiles)"
		# the renderer, on the version's own struct (the sweep's kept bytes)
		n="$("$SHIM_DIR/gowrap-toolexec" --render xsys-ios "$FILES/$blob" | grep -c '^	ARM64\.Has[A-Za-z0-9]* = gowrapSysctlEnabled')"
		[ "$n" = "$fields" ] || fail "x/sys $v: the table says $fields fields, the renderer $n"
		checked=$((checked + 1))
	done < <(awk -F'\t' '!/^#/ && $1 == "golang.org/x/sys" && $3 == "ios/arm64" && $4 == "fix:xsys-ios" {
		n = split($5, f, ","); for (i = 1; i <= n; i++) if (f[i] ~ /^cpu\.go:/) { sub(/^cpu\.go:/, "", f[i]); print $2 "\t" f[i] } }' "$TABLE")
	[ "$checked" -eq 41 ] || fail "checked $checked versions, want 41"
}
