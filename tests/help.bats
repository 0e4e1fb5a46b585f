#!/usr/bin/env bats
# tests/help.bats — what a user reads about a command is the command table's
# (cli/cmds.h, verify/symcheck_usage.h, common/exitcodes.h): `gowrap CMD
# --help`, `-h` and `gowrap help CMD` for every row the table has, symcheck's
# --help, the one refusal of an unknown option, and the manual pages made
# from the same rows (build/man/, tools/mangen.c): each renders with man -l,
# and the lint (mandoc -T lint, groff -ww) finds nothing in any.
bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	common_setup
	MAN_DIR="$BUILD_DIR/man"
}

# The visible rows of the command table, read from cli/cmds.h itself (a row
# whose synopsis is NULL is the shim's hidden command).
table_commands() {
	python3 - "$GOWRAP_ROOT/cli/cmds.h" <<'PY'
import re, sys
t = re.sub(r"\\\n", " ", open(sys.argv[1]).read())
for name, syn in re.findall(r'\bX\("([a-z-]+)", cmd_\w+, \w+, \w+,\s*(NULL|")', t):
    if syn != "NULL":
        print(name)
PY
}

# A rendered page's section, whitespace squeezed to single spaces.
man_section() { # PAGE SECTION
	MANWIDTH=200 man -l "$1" 2>/dev/null | sed -n "/^$2\$/,/^[A-Z]/p" | sed '1d;$d' | tr -s ' \n' '  ' |
		sed 's/^ //; s/ $//'
}

@test "every row of the command table: --help, -h and gowrap help CMD print the same usage on stdout, exit 0" {
	run table_commands
	assert_success
	local cmds=($output) c
	[ "${#cmds[@]}" -ge 11 ]
	# `gowrap help` lists exactly the table's visible rows
	run --separate-stderr "$GOWRAP" help
	assert_success
	assert_equal "$(printf '%s\n' "$output" | sed -n 's/^  \([a-z-]*\)  .*/\1/p' | sort)" \
		"$(printf '%s\n' "${cmds[@]}" | sort)"
	for c in "${cmds[@]}"; do
		run --separate-stderr "$GOWRAP" "$c" --help
		assert_success
		assert_equal "$stderr" ""
		assert_line --index 0 --regexp "^usage: gowrap $c( |\$)"
		assert_line "  -h, --help              print this help and exit 0"
		assert_line --regexp '^exit status: 0( |$)'
		local want="$output"
		run --separate-stderr "$GOWRAP" "$c" -h
		assert_success
		assert_equal "$output" "$want"
		run --separate-stderr "$GOWRAP" help "$c"
		assert_success
		assert_equal "$output" "$want"
		# after other arguments too: help wins over the command running
		run --separate-stderr "$GOWRAP" "$c" x --help
		assert_success
		assert_equal "$output" "$want"
	done
}

@test "the six commands that refused --help answer it: doctor, enable, disable, shellenv, export-patch, refresh-patch; and nothing runs" {
	local home="$TMP/home" c
	mkdir -p "$home"
	for c in doctor enable disable shellenv export-patch refresh-patch; do
		HOME="$home" run --separate-stderr "$GOWRAP" "$c" --help
		assert_success
		assert_line --index 0 --partial "usage: gowrap $c"
	done
	# enable --help changed nothing: no go env file was written
	assert_equal "$(find "$home" -type f | wc -l)" 0
}

@test "an option no row names: exit 2, one line naming it and pointing at the command's --help" {
	run table_commands
	local c
	for c in $output; do
		[ "$c" = audit ] && continue # its unknown flags go on to go list (below)
		run --separate-stderr "$GOWRAP" "$c" --no-such-option
		assert_failure 2
		assert_equal "$output" ""
		assert_equal "$stderr" "gowrap: gowrap $c: unknown option --no-such-option (fix: run \`gowrap $c --help\`)"
	done
	# = forms: a switch given a value is no option of the row either
	run --separate-stderr "$GOWRAP" doctor --json=1
	assert_failure 2
	assert_equal "$stderr" "gowrap: gowrap doctor: unknown option --json=1 (fix: run \`gowrap doctor --help\`)"
	# audit passes what it does not know to go list, which names it
	cd "$TMP" && printf 'module m\n\ngo 1.21\n' >go.mod && printf 'package m\n' >m.go
	run "$GOWRAP" audit --no-such-option
	assert_output --partial "flag provided but not defined: -no-such-option"
}

@test "an option's value is its value even when it looks like -h, and nothing after -- is read as an option" {
	run --separate-stderr "$GOWRAP" report --log -h --out "$TMP/r.md"
	assert_success
	refute_output --partial "usage:"
	# the log named -h was read (and is missing: no failure in itself)
	run grep -F 'the log `-h` does not exist' "$TMP/r.md"
	assert_success
	rm "$TMP/r.md"
	run --separate-stderr "$GOWRAP" report --log "$TMP/none.log" --out "$TMP/r.md" -- --help
	refute_output --partial "usage:"
	assert [ -s "$TMP/r.md" ]
}

@test "symcheck: --help and -h print its usage on stdout, exit 0; an unknown option exits 2 naming it and --help" {
	run --separate-stderr "$SYMCHECK" --help
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 "usage: symcheck [--json] [--strict] [--marker PREFIX] [--expect auto|required|forbidden]"
	assert_line "       symcheck --markers PATH..."
	assert_line --regexp '^exit status: 0 1 2$'
	local want="$output"
	run --separate-stderr "$SYMCHECK" -h
	assert_success
	assert_equal "$output" "$want"
	# in its --markers form too
	run --separate-stderr "$SYMCHECK" --markers --help
	assert_success
	assert_equal "$output" "$want"
	run --separate-stderr "$SYMCHECK" --no-such-option x
	assert_failure 2
	assert_equal "$stderr" "symcheck: unknown option --no-such-option (fix: symcheck --help)"
}

@test "a manual page for gowrap, every row of the table, symcheck and the reviewed-verdicts file; each renders with man -l" {
	run table_commands
	local pages=("$MAN_DIR/gowrap.1" "$MAN_DIR/symcheck.1" "$MAN_DIR/gowrap-audit.toml.5") c p
	for c in $output; do pages+=("$MAN_DIR/gowrap-$c.1"); done
	assert_equal "$(ls "$MAN_DIR" | sort)" "$(for p in "${pages[@]}"; do basename "$p"; done | sort)"
	for p in "${pages[@]}"; do
		run --separate-stderr env MANWIDTH=100 man -l "$p"
		assert_success
		assert_equal "$stderr" ""
		assert_line "NAME"
		assert_line "DESCRIPTION"
		[ "${p##*.}" = 5 ] || { assert_line "SYNOPSIS"; assert_line "EXIT STATUS"; }
	done
}

@test "the manual pages lint clean: mandoc -T lint and groff -man -ww find nothing" {
	command -v mandoc >/dev/null || fail "mandoc is missing (fix: apt-get install mandoc, as scripts/setup.sh does)"
	local p n=0
	for p in "$MAN_DIR"/*.[15]; do
		run mandoc -T lint -W warning "$p"
		assert_success
		assert_output ""
		run groff -man -ww -z "$p"
		assert_success
		assert_output ""
		n=$((n + 1))
	done
	[ "$n" -ge 14 ]
	# the lint is not blind: a page with a fault is reported
	printf '.TH X 1\n.SH NAME\nx \\- y\n.BI\n.SH FOO\n.Xx\n' >"$TMP/bad.1"
	run mandoc -T lint -W warning "$TMP/bad.1"
	assert_failure
	run groff -man -ww -z "$TMP/bad.1"
	assert_output --partial "Xx"
}

# --help of a row ("symcheck": symcheck's).
help_of() {
	if [ "$1" = symcheck ]; then "$SYMCHECK" --help; else "$GOWRAP" "$1" --help; fi
}

@test "each page says what --help says: the same synopsis, options and exit statuses, from the one table" {
	run table_commands
	local c help page
	for c in $output symcheck; do
		page="$MAN_DIR/gowrap-$c.1"
		[ "$c" = symcheck ] && page="$MAN_DIR/symcheck.1"
		help="$(help_of "$c")"
		# synopsis: the usage lines without "usage:", as words
		assert_equal "$(man_section "$page" SYNOPSIS)" \
			"$(printf '%s\n' "$help" | sed -n '1,/^$/p' | sed 's/^usage: //' | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
		# the options: the tags of OPTIONS are the heads of --help's rows
		assert_equal "$(MANWIDTH=200 man -l "$page" 2>/dev/null | sed -n '/^OPTIONS$/,/^[A-Z]/p' |
			grep -oE '^       -[^ ,]+(, -[^ ,]+)?' | tr -d ' ' | tr ',' '\n' | sort)" \
			"$(printf '%s\n' "$help" | sed -n '/^options:/,/^$/p' | grep -oE '^  -[^ ,]+(, -[^ ,]+)?' |
				tr -d ' ' | tr ',' '\n' | sort)"
		# exit statuses: the codes --help lists are EXIT STATUS's, in order
		assert_equal "$(MANWIDTH=200 man -l "$page" 2>/dev/null | sed -n '/^EXIT STATUS$/,/^[A-Z]/p' |
			grep -oE '^       [0-9]+' | tr -d ' ' | tr '\n' ' ' | sed 's/ $//')" \
			"$(printf '%s\n' "$help" | sed -n 's/^exit status: //p')"
	done
}

@test "make install puts the pages under share/man/man1 and man5, and man finds them there" {
	local prefix="$TMP/prefix"
	run make -C "$GOWRAP_ROOT" install PREFIX="$prefix"
	assert_success
	assert [ -f "$prefix/share/man/man1/gowrap.1" ]
	assert [ -f "$prefix/share/man/man1/gowrap-audit.1" ]
	assert [ -f "$prefix/share/man/man1/symcheck.1" ]
	assert [ -f "$prefix/share/man/man5/gowrap-audit.toml.5" ]
	run env MANPATH="$prefix/share/man" MANWIDTH=100 man 5 gowrap-audit.toml
	assert_success
	assert_line --partial "[[Reviewed]]"
}
