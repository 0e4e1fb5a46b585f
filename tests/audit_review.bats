#!/usr/bin/env bats
# gowrap audit's reviewed verdicts (README "Reviewed verdicts"): a module
# written here from tests/fixtures/seenprobe (github.com/templexxx/cpu
# v0.0.9: defective, not fixed on linux/arm64) and a package of its own
# whose arm64 assembly reads ID_AA64ISAR0_EL1 (unknown: no rule speaks of
# it), audited with the real go, offline. gowrap-audit.toml in the module's
# root accepts a row only for the content id it names; a changed file asks
# again; a refused file (malformed, a package twice, past its date) is one
# line and exit 118 before anything is listed. And a module that cannot be
# downloaded (-e): the rest audited, the missing package named, exit 3.

load helpers/common
load helpers/seenmod
bats_require_minimum_version 1.5.0

T_ROW='github.com/templexxx/cpu	github.com/templexxx/cpu@v0.0.9	copy of internal/cpu	defective, not fixed: rule cpu11-arm64: '
ASMX_ROW='gowrap.test/seenprobe/asmx	gowrap.test/seenprobe@	unknown	unknown: CPU-feature code gowrap has no rule for (`MRS ID_AA64` in asmx/x_arm64.s in gowrap.test/seenprobe)'

setup() {
	common_setup
	seen_module
}

# id PKG: the content id audit gives PKG's row here (--json).
id() {
	"$GOWRAP" audit --json 2>/dev/null | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["import_path"] == sys.argv[1]:
        print(p["content"])' "$1"
}

review() { # PKG ID REASON [UNTIL]: one entry appended to gowrap-audit.toml
	printf '[[Reviewed]]\npackage = "%s"\ncontent = "%s"\nreason = "%s"\n' "$1" "$2" "$3" >>"$M/gowrap-audit.toml"
	[ -z "${4:-}" ] || printf 'until = %s\n' "$4" >>"$M/gowrap-audit.toml"
	echo >>"$M/gowrap-audit.toml"
}

@test "--ids: every row ends with its content id, the SHA-256 of its compiled sources' git blob ids and names, sorted; another target's file set is another id" {
	run --separate-stderr "$GOWRAP" audit --ids
	assert_failure 1
	# recomputed here: "<blob id> <name>\n" per file, by name
	local want
	want="sha256:$( (for f in asmx/x.go asmx/x_arm64.s; do echo "$(git hash-object "$f") $f"; done) | sha256sum | cut -d' ' -f1)"
	assert_line "$ASMX_ROW	$want"
	assert_line --regexp "^${T_ROW//(/\\(}.*	sha256:[0-9a-f]{64}\$"
	# every row has one
	assert_equal "$(echo "$output" | grep -cvE '	sha256:[0-9a-f]{64}$')" 0
	# amd64 compiles x.go alone: another id (and the package passes there: no row)
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit --json
	refute_output --partial "$want"
	# without --ids and without a file, rows are as before
	run --separate-stderr "$GOWRAP" audit
	assert_line "$ASMX_ROW"
}

@test "reviewed for this content: both rows accepted with the reviewer's reason, the defective verdict still shown; exit 0, JSON ok" {
	local t a
	t=$(id github.com/templexxx/cpu) a=$(id gowrap.test/seenprobe/asmx)
	review github.com/templexxx/cpu "$t" "kcp-go takes its AVX paths on amd64 only; arm64 reads nothing from it"
	review gowrap.test/seenprobe/asmx "$a" "reads ID_AA64ISAR0_EL1, which Linux traps and emulates since 4.11"
	run --separate-stderr "$GOWRAP" audit
	assert_success
	assert_line --regexp "^${T_ROW//(/\\(}.*	$t	accepted: kcp-go takes its AVX paths on amd64 only; arm64 reads nothing from it\$"
	assert_line "$ASMX_ROW	$a	accepted: reads ID_AA64ISAR0_EL1, which Linux traps and emulates since 4.11"
	# passing rows carry their id and nothing more
	assert_line --regexp '^internal/cpu	std	internal/cpu	right on its own: the runtime fills its HWCap	sha256:[0-9a-f]{64}$'
	assert_equal "$stderr" ""
	run --separate-stderr "$GOWRAP" audit --json
	assert_success
	python3 - "$output" "$M/gowrap-audit.toml" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
assert r["ok"] is True and r["defective"] is True and r["reviewed"] == sys.argv[2], r
rows = {p["import_path"]: p for p in r["packages"]}
t = rows["github.com/templexxx/cpu"]
assert t["verdict"] == "defective, not fixed" and t["review"] == "accepted", t
assert t["reason"].startswith("kcp-go"), t
assert rows["internal/cpu"]["review"] is None
PY
}

@test "one row accepted: the other still counts (the unknown row: exit 3; the defective one: exit 1)" {
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "reviewed"
	run --separate-stderr "$GOWRAP" audit
	assert_failure 3
	assert_line --regexp '	accepted: reviewed$'
	rm "$M/gowrap-audit.toml"
	review gowrap.test/seenprobe/asmx "$(id gowrap.test/seenprobe/asmx)" "reviewed"
	run --separate-stderr "$GOWRAP" audit
	assert_failure 1
}

@test "a changed content is not accepted: the row names the review that was for other content and asks again (exit 3); its new id accepted in the content array" {
	local old new
	old=$(id gowrap.test/seenprobe/asmx)
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "reviewed"
	review gowrap.test/seenprobe/asmx "$old" "reviewed the old one"
	printf '\tMRS ID_AA64PFR0_EL1, R1\n' >>"$M/asmx/x_arm64.s"
	new=$(id gowrap.test/seenprobe/asmx)
	[ "$new" != "$old" ]
	run --separate-stderr "$GOWRAP" audit
	assert_failure 3
	assert_line "$ASMX_ROW	$new	not accepted: the review at $M/gowrap-audit.toml:6 was for other content: review this content and add its id"
	sed -i "s|content = \"$old\"|content = [\"$old\", \"$new\"]|" "$M/gowrap-audit.toml"
	run --separate-stderr "$GOWRAP" audit
	assert_success
}

# refused FILE-TEXT LINE WHY FIX: the file is refused with exactly that line, 118, nothing listed
refused() {
	printf '%b' "$1" >"$M/gowrap-audit.toml"
	run --separate-stderr "$GOWRAP" audit
	assert_failure 118
	assert_equal "$output" ""
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $M/gowrap-audit.toml:$2: $3 (fix: $4)"
}

@test "a malformed file is refused whole: one line naming file and line, exit 118, no row printed" {
	local syntax='write the file as README "Reviewed verdicts" shows: [[Reviewed]] tables of package, content, reason and until'
	local ok='[[Reviewed]]\npackage = "github.com/templexxx/cpu"\ncontent = "sha256:0000000000000000000000000000000000000000000000000000000000000000"\n'
	refused "${ok}reason = \"x\"\nuntill = 2099-01-01\n" 5 "an unknown key" "the keys of an entry are package, content, reason and until"
	refused "${ok}reason = \"x\n" 4 "a string is not closed on its line" "$syntax"
	refused "[[IgnoredVulns]]\nid = \"GO-2022-0001\"\n" 1 "a table gowrap does not read" "the one table is [[Reviewed]]"
	refused "package = \"x\"\n" 1 "a key before the first [[Reviewed]]" "put each key under a [[Reviewed]] header"
	refused "[[Reviewed]]\npackage = \"x\"\ncontent = \"sha256:abc\"\n" 3 "content is not a content id gowrap prints" \
		"copy the content id gowrap audit prints for the row (sha256: and 64 hex digits)"
	refused "# reviewed\n\n${ok}" 3 "an entry without a reason" 'say why the verdict is fine: reason = "..."'
	refused "${ok}reason = \"x\"\nreason = \"y\"\n" 5 "a key given twice in one entry" "write each key once in an entry"
	refused "${ok}reason = \"x\" extra\n" 4 "text after the value" "$syntax"
	refused "${ok}reason = \"\"\"x\"\"\"\n" 4 "multi-line strings are not read: write the value on one line" "$syntax"
	refused "${ok}reason = \"x\"\nuntil = 2027-02-30\n" 5 "until is not a date YYYY-MM-DD" "write until as a date, e.g. until = 2027-06-30"
	refused "${ok}reason = \"a\\\\qb\"\n" 4 "an escape TOML does not have in a string" "$syntax"
	# a NUL byte anywhere
	refused "${ok}reason = \"x\"\n\0\n" 5 "a NUL byte" "save the file as UTF-8 text"
}

@test "a package named twice is refused (118), naming both lines" {
	local t
	t=$(id github.com/templexxx/cpu)
	review github.com/templexxx/cpu "$t" "one"
	review github.com/templexxx/cpu "$t" "two"
	run --separate-stderr "$GOWRAP" audit
	assert_failure 118
	assert_equal "$output" ""
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $M/gowrap-audit.toml:6: the package is named twice (first at line 1) (fix: keep one entry per package; list several content ids in its content array)"
}

@test "an entry past its date is refused (118) with the date and today's; one until the future is accepted and says until when; TOML's escapes and literal strings read" {
	local t today
	t=$(id github.com/templexxx/cpu) today=$(date -u +%F)
	review github.com/templexxx/cpu "$t" "fine until the next release" 2020-01-31
	run --separate-stderr "$GOWRAP" audit
	assert_failure 118
	assert_equal "$output" ""
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $M/gowrap-audit.toml:1: the review of github.com/templexxx/cpu is past its date (until 2020-01-31; today is $today) (fix: review the package again and set a new until, or remove the entry)"
	# until today is still accepted; a quoted date too
	sed -i "s/^until = .*/until = \"$today\"/" "$M/gowrap-audit.toml"
	review gowrap.test/seenprobe/asmx "$(id gowrap.test/seenprobe/asmx)" 'traps \u0026 emulates\t(\"EL0\")' 2999-12-31
	run --separate-stderr "$GOWRAP" audit
	assert_success
	assert_line --regexp "	accepted: fine until the next release \\(until $today\\)\$"
	assert_line --regexp '	accepted: traps & emulates	\("EL0"\) \(until 2999-12-31\)$'
	printf "[[Reviewed]]\npackage = 'a'\ncontent = ['%s',]\nreason = 'C:\\\\x'\n" "$t" >"$M/gowrap-audit.toml"
	run --separate-stderr "$GOWRAP" audit --json
	assert_failure 1
	[[ "$stderr" == *"no CPU-feature package of this build is a"* ]]
}

@test "an entry that matches no package of the build is named as stale (a note), the exit unchanged" {
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "reviewed"
	review example.com/gone "sha256:1111111111111111111111111111111111111111111111111111111111111111" "gone since"
	run --separate-stderr "$GOWRAP" audit
	assert_failure 3
	assert_equal "$stderr" "gowrap: note: $M/gowrap-audit.toml:6: no CPU-feature package of this build is example.com/gone: the entry matches nothing (stale: remove it, or it is for another target)"
	# a passing package's entry: shown as not needed, not stale
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit
	assert_success
	assert_line --regexp '^github.com/templexxx/cpu	.*right on its own: .*	sha256:[0-9a-f]{64}	reviewed \(not needed: this verdict passes\): reviewed$'
}

@test "the file is found in the main module's root from a subdirectory; --reviewed names another; a --reviewed file that is not there, not a regular file or over 1 MiB is refused (118)" {
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "reviewed"
	review gowrap.test/seenprobe/asmx "$(id gowrap.test/seenprobe/asmx)" "reviewed"
	cd "$M/asmx"
	run --separate-stderr "$GOWRAP" audit ..
	assert_success
	mv "$M/gowrap-audit.toml" "$TMP/elsewhere.toml"
	run --separate-stderr "$GOWRAP" audit ..
	assert_failure 1
	run --separate-stderr "$GOWRAP" audit --reviewed "$TMP/elsewhere.toml" ..
	assert_success
	run --separate-stderr "$GOWRAP" audit --reviewed="$TMP/nothing.toml" ..
	assert_failure 118
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $TMP/nothing.toml: No such file or directory (fix: give --reviewed an existing file, or write gowrap-audit.toml in the module's root)"
	# a directory, a FIFO and a file over 1 MiB: refused, never read or waited on
	mkdir "$TMP/dir.toml"
	mkfifo "$TMP/fifo.toml"
	run --separate-stderr timeout 20 "$GOWRAP" audit --reviewed "$TMP/dir.toml" ..
	assert_failure 118
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $TMP/dir.toml: not a regular file (fix: give --reviewed an existing file, or write gowrap-audit.toml in the module's root)"
	run --separate-stderr timeout 20 "$GOWRAP" audit --reviewed "$TMP/fifo.toml" ..
	assert_failure 118
	head -c 1048577 /dev/zero | tr '\0' '#' >"$TMP/big.toml"
	run --separate-stderr "$GOWRAP" audit --reviewed "$TMP/big.toml" ..
	assert_failure 118
	assert_equal "$stderr" "gowrap: cannot use the reviewed verdicts: $TMP/big.toml: larger than 1 MiB (fix: make the file readable and at most 1 MiB)"
	run --separate-stderr "$GOWRAP" audit --format yaml
	assert_failure 2
}

@test "a module that cannot be downloaded (-e, offline): the rest audited, its package named, exit 3; without -e go's line and 109" {
	printf '\nrequire example.com/gone v1.0.0\n' >>"$M/go.mod"
	sed -i 's#^import (#import (\n\t_ "example.com/gone/pkg"#' "$M/main.go"
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit -e
	assert_failure 3
	assert_line --regexp '^github.com/templexxx/cpu	github.com/templexxx/cpu@v0.0.9	copy of internal/cpu	right on its own: rule cpu11-x86'
	assert_line --regexp '^github.com/klauspost/compress/internal/cpuinfo	.*right on its own'
	assert_line 'example.com/gone/pkg	-	-	not audited: go could not resolve it (go list -e)'
	# a review cannot accept what was not read
	review example.com/gone/pkg "sha256:1111111111111111111111111111111111111111111111111111111111111111" "never seen"
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit -e
	assert_failure 3
	# on arm64 the defective row still leads
	run --separate-stderr "$GOWRAP" audit -e
	assert_failure 1
	assert_line 'example.com/gone/pkg	-	-	not audited: go could not resolve it (go list -e)'
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit
	assert_failure 109
	assert_equal "$output" ""
	[[ "$stderr" == "gowrap: cannot list the build's packages: go list -deps failed: "*"example.com/gone/pkg"* ]]
}

@test "a named package go cannot load for the target (ios/arm64, android/arm with cgo off): not audited, go's words and the fix, exit 3, never an empty ok; without -e 109 naming CGO_ENABLED=1" {
	# go list -e answers such a main package alone, with no dependency: a
	# graph that lost everything must not read as "nothing to report"
	local t
	for t in ios/arm64 android/arm; do
		GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 run --separate-stderr "$GOWRAP" audit -e
		assert_failure 3
		assert_output "gowrap.test/seenprobe	-	-	not audited: go could not load it for $t: $t requires external (cgo) linking, but cgo is not enabled (fix: set CGO_ENABLED=1, as this target's build does)"
		GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 run --separate-stderr "$GOWRAP" audit -e --json
		assert_failure 3
		python3 -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["ok"] is False and d["unresolved"] == ["gowrap.test/seenprobe"], d; assert d["unresolved_why"] == ["not audited: go could not load it for %s: %s requires external (cgo) linking, but cgo is not enabled (fix: set CGO_ENABLED=1, as this target'"'"'s build does)" % (sys.argv[2], sys.argv[2])], d' "$output" "$t"
		GOOS=${t%/*} GOARCH=${t#*/} CGO_ENABLED=0 run --separate-stderr "$GOWRAP" audit
		assert_failure 109
		assert_equal "$stderr" "gowrap: cannot list the build's packages: go list -deps failed: $t requires external (cgo) linking, but cgo is not enabled (fix: set CGO_ENABLED=1, as this target's build does)"
	done
	# with cgo, as the build has it: the graph is there (templexxx/cpu's
	# defect on arm64 iOS), the main package no longer named
	GOOS=ios GOARCH=arm64 run --separate-stderr "$GOWRAP" audit -e
	assert_failure 1
	assert_line --regexp '^github.com/templexxx/cpu	.*defective, not fixed: rule cpu11-arm64'
	refute_line --partial 'not audited'
}
