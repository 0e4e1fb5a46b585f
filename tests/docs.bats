#!/usr/bin/env bats
# tests/docs.bats — the docs match the code (tools/docscheck.py): every path
# README.md, CONTRIBUTING.md, ARCHITECTURE.md, docs/, the module READMEs and
# the C sources' comments name exists; each module
# README's file table is its folder's .c/.h files; the exit codes of
# docs/troubleshooting.md and the GOWRAP_* variables of docs/reference.md
# are the code's; no document speaks of
# anything outside the project (found by the words' shape, no list of
# names). Each check is shown to fail on a drift planted in a scratch copy
# of the tree.
bats_require_minimum_version 1.5.0
load helpers/common

# A scratch copy of the tree as it is (tracked and untracked files, not the
# ignored ones), without .git, so the checker walks it as files.
scratch_docs() {
	SRC="$BATS_TEST_TMPDIR/src"
	mkdir -p "$SRC"
	(cd "$GOWRAP_ROOT" && git ls-files -co --exclude-standard -z |
		while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
		tar --null -T - -c) | tar -x -C "$SRC"
	run python3 "$SRC/tools/docscheck.py" "$SRC"
	assert_success
	assert_output "docs: ok"
}

docscheck() {
	run python3 "$SRC/tools/docscheck.py" "$SRC"
}

@test "the docs match the tree: no drift in paths, file tables, exit codes, GOWRAP_* variables or references" {
	cd "$GOWRAP_ROOT"
	run python3 tools/docscheck.py
	assert_success
	assert_output "docs: ok"
}

@test "drift: a README, CONTRIBUTING or a header comment naming a file that is not there fails, naming it" {
	scratch_docs
	printf '\nThe shim reads its target in `targetx.c`.\n' >>"$SRC/shim/README.md"
	printf '\nSee `deps/nosuch.c` and `tests/nosuch.bats`.\n' >>"$SRC/deps/README.md"
	printf '\nRun `bash tests/run.sh tests/gone.bats`.\n' >>"$SRC/CONTRIBUTING.md"
	printf '\nShared code lives in `base/`.\n' >>"$SRC/README.md"
	printf '/* The module graph is depgraph.c'"'"'s (see shim/deps.c). */\n' >>"$SRC/gocmd/goquery.h"
	docscheck
	assert_failure 1
	assert_line --regexp '^shim/README\.md:[0-9]+: names targetx\.c, which is not in the tree$'
	assert_line --regexp '^deps/README\.md:[0-9]+: names deps/nosuch\.c, which is not in the tree$'
	assert_line --regexp '^deps/README\.md:[0-9]+: names tests/nosuch\.bats, which is not in the tree$'
	assert_line --regexp '^CONTRIBUTING\.md:[0-9]+: names tests/gone\.bats, which is not in the tree$'
	assert_line --regexp '^README\.md:[0-9]+: names base/, which is not in the tree$'
	# a header's promise naming a file that went away
	assert_line --regexp '^gocmd/goquery\.h:[0-9]+: a comment names depgraph\.c, which is not in the tree$'
	assert_line --regexp '^gocmd/goquery\.h:[0-9]+: a comment names shim/deps\.c, which is not in the tree$'
	assert_line "docs: 7 drift(s)"
}

@test "drift: a module's source file missing from its README's file table, or a table naming a file not there, fails" {
	scratch_docs
	printf '/* new.c */\n' >"$SRC/shim/new.c"
	printf '/* x.h */\n' >"$SRC/deps/x.h"
	rm "$SRC/verify/zipnone.c"
	docscheck
	assert_failure 1
	assert_line "shim/README.md: shim/new.c is missing from the file table"
	assert_line "deps/README.md: deps/x.h is missing from the file table"
	assert_line "verify/README.md: the file table names zipnone.c, which is not in verify/"
	# a module README without a file table at all
	python3 - "$SRC/overlay/README.md" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read().replace("## Files\n", "## The files\n")
open(p, "w").write(s)
PY
	docscheck
	assert_line 'overlay/README.md: no "## Files" table'
}

@test "drift: a GOWRAP_* variable the code reads but docs/reference.md does not document, or one it documents that the code does not define, fails" {
	scratch_docs
	printf '\nstatic const char *newvar(void) { return getenv("GOWRAP_NEWTHING"); }\n' >>"$SRC/deps/gate.c"
	python3 - "$SRC/docs/reference.md" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
row = "| `GOWRAP_GO` |"
assert row in s
s = s.replace(row, "| `GOWRAP_GHOST` | nothing |\n" + row, 1)
open(p, "w").write(s)
PY
	printf '\nSet `GOWRAP_TYPO=1` to see more.\n' >>"$SRC/shim/README.md"
	docscheck
	assert_failure 1
	assert_line "docs/reference.md: GOWRAP_NEWTHING is read by the code but not in the environment table"
	assert_line "docs/reference.md: the environment table lists GOWRAP_GHOST, which the code does not define"
	assert_line --regexp '^docs/reference\.md:[0-9]+: names GOWRAP_GHOST, which nothing defines$'
	assert_line --regexp '^shim/README\.md:[0-9]+: names GOWRAP_TYPO, which nothing defines$'
	# a name set through a #define is seen as well
	printf '#define X_ENV "GOWRAP_VIA_DEFINE"\n' >>"$SRC/deps/state.h"
	docscheck
	assert_line "docs/reference.md: GOWRAP_VIA_DEFINE is read by the code but not in the environment table"
}

@test "drift: an exit code in common/exitcodes.h but not in docs/troubleshooting.md's table fails" {
	scratch_docs
	sed -i 's|^\tX(GW_EXIT_SETTING, 115, .*|\tX(GW_EXIT_NEW, 199, "new") \\\n&|' "$SRC/common/exitcodes.h"
	grep -q 'X(GW_EXIT_NEW, 199, "new")' "$SRC/common/exitcodes.h"
	docscheck
	assert_failure 1
	assert_line --partial "docs/troubleshooting.md: the exit-code table lists [1, 2, 3, 100,"
	assert_line --partial "common/exitcodes.h defines [1, 2, 3, 100,"
	assert_output --partial "117, 118, 199]"
}

@test "drift: words from outside the project, found by their shape: a tracker's issue, seed or bare number, the work that wrote a text, a path leaving the repository, a document the tree lacks; public references and paths inside pass" {
	scratch_docs
	# the planted words are built here, so this file does not speak them itself
	local iss="issue" sd="seed" up=".." doc="$(printf 'plans-%s.md' "$RANDOM")"
	printf '\nMeasured after the gate (%s 14), on %s 003'"'"'s module, see #12.\n' "$iss" "$sd" >>"$SRC/README.md"
	printf '\nAs %s and %s/notes-%s/x.txt say, as the brief asked.\n' "$doc" "$up" "$RANDOM" >>"$SRC/overlay/README.md"
	printf '\nSee [the design](%s) and `%s`.\n' "design/$doc" "$doc" >>"$SRC/deps/README.md"
	printf '\nPublic: golang/go#78644, #67401 and SagerNet/sing-box#4486, golang/go@8058a577; `#1/N` names.\n' \
		>>"$SRC/CONTRIBUTING.md"
	# inside the tree: a path through a link, an ellipsis, documents that exist, a command's output file
	printf '\nInside: `a/link/../ov.json`, `.../libexec`, shim/README.md, [x](verify/README.md), `gowrap report --out r.md`.\n' \
		>>"$SRC/CONTRIBUTING.md"
	docscheck
	assert_failure 1
	assert_line --regexp "^README\\.md:[0-9]+: \"$iss 14\" speaks of an issue of this tracker\$"
	assert_line --regexp "^README\\.md:[0-9]+: \"$sd 003\" speaks of a seed\$"
	assert_line --regexp '^README\.md:[0-9]+: "#12" is no public reference \(owner/repo#N\)$'
	assert_line --regexp "^overlay/README\\.md:[0-9]+: \"$doc\" names a document that is not in the repository\$"
	assert_line --regexp "^overlay/README\\.md:[0-9]+: \"\\.\\./notes-[0-9]+/x\\.txt\" speaks of a path outside the repository\$"
	assert_line --regexp '^overlay/README\.md:[0-9]+: "the brief" speaks of the work that wrote it, not the project$'
	assert_line --regexp "^deps/README\\.md:[0-9]+: \"design/$doc\" names a document that is not in the repository\$"
	assert_line --regexp "^deps/README\\.md:[0-9]+: \"$doc\" names a document that is not in the repository\$"
	# (the link's path is also one the paths check cannot find)
	assert_line --regexp "^deps/README\\.md:[0-9]+: names design/$doc, which is not in the tree\$"
	refute_line --partial "CONTRIBUTING.md"
	assert_line "docs: 9 drift(s)"
}

@test "drift: a suite whose number of tests is not the one CONTRIBUTING's Tests table gives, or a suite with no row, fails" {
	scratch_docs
	printf '\n@test "one more" {\n\ttrue\n}\n' >>"$SRC/tests/common.bats"
	printf '#!/usr/bin/env bats\n@test "new" {\n\ttrue\n}\n' >"$SRC/tests/newsuite.bats"
	docscheck
	assert_failure 1
	assert_line --regexp '^CONTRIBUTING\.md: the Tests table says tests/common\.bats has [0-9]+ tests; it has [0-9]+$'
	assert_line "CONTRIBUTING.md: the Tests table has no row for tests/newsuite.bats (1 tests)"
}

@test "drift: an option a command accepts that its row of the command table lacks (so --help and the manual lack it), or a row listing one no code accepts, fails" {
	scratch_docs
	# a new switch in shellenv's code, no row for it
	sed -i 's|^\t\telse if (!strcmp(argv\[i\], "--sh"))$|\t\telse if (!strcmp(argv[i], "--zsh"))\n\t\t\tfish = 0;\n&|' "$SRC/cli/cmd_shellenv.c"
	grep -q '"--zsh"' "$SRC/cli/cmd_shellenv.c"
	# symcheck too
	sed -i 's|} else if (!strcmp(a, "--json")) {|} else if (!strcmp(a, "--quiet")) {\n\t\t\t*json = 0;\n&|' "$SRC/verify/symcheck.c"
	grep -q '"--quiet"' "$SRC/verify/symcheck.c"
	# a row naming an option its command does not read
	sed -i 's|^\tO("--go", "PATH", |\tO("--ghost", "", "nothing") \\\n&|' "$SRC/cli/cmds.h"
	grep -q '"--ghost"' "$SRC/cli/cmds.h"
	docscheck
	assert_failure 1
	assert_line --regexp '^cli/cmd_shellenv\.c:[0-9]+: shellenv accepts --zsh, which its row of cli/cmds\.h does not list \(so neither --help nor the manual says it\)$'
	assert_line --regexp '^verify/symcheck\.c:[0-9]+: symcheck accepts --quiet, which its row of verify/symcheck_usage\.h does not list'
	assert_line "cli/cmds.h: the doctor row lists --ghost, which the code does not accept"
	assert_line "docs: 3 drift(s)"
}

@test "drift: an exit status a row, the Action or a document names that common/exitcodes.h lacks fails" {
	scratch_docs
	sed -i 's|"0 2 110", 0)|"0 2 110 199", 0)|' "$SRC/cli/cmds.h"
	grep -q '"0 2 110 199", 0)' "$SRC/cli/cmds.h"
	printf 'exit 110\n' >>"$SRC/scripts/action-install.sh"
	sed -i 's|M("audit", "0 1 2 3 109 118")|M("audit", "0 1 2 3 109 118 198")|' "$SRC/common/exitcodes.h"
	printf '\nWhen the cache is full, gowrap exits with 197.\n' >>"$SRC/README.md"
	docscheck
	assert_failure 1
	assert_line "the command table gives report exit status 199, which common/exitcodes.h lacks"
	assert_line --regexp '^scripts/action-install\.sh:[0-9]+: exits 110, which is not among the mode.s statuses in common/exitcodes\.h \(GW_ACTION_MODES\)$'
	assert_line "common/exitcodes.h: the Action's audit mode lists 198, which GW_EXITS lacks"
	assert_line --regexp '^README\.md:[0-9]+: names exit status 197, which common/exitcodes\.h lacks$'
	assert_line "docs: 4 drift(s)"
}

@test "drift: a gowrap or symcheck command line in README naming a command or an option that does not exist fails" {
	scratch_docs
	printf '\n```sh\ngowrap frobnicate --now\nGOOS=ios gowrap overlay --goroot /x --verbose | head\nsymcheck --strictly app.ipa\ngowrap audit -tags x ./...   # build flags go on to go list\n```\n\nThen `gowrap doctor --color`.\n' >>"$SRC/README.md"
	docscheck
	assert_failure 1
	assert_line --regexp '^README\.md:[0-9]+: `gowrap frobnicate` is no command of cli/cmds\.h$'
	assert_line --regexp '^README\.md:[0-9]+: `gowrap overlay --verbose`: gowrap overlay has no such option in its table$'
	assert_line --regexp '^README\.md:[0-9]+: `symcheck --strictly`: symcheck has no such option in its table$'
	assert_line --regexp '^README\.md:[0-9]+: `gowrap doctor --color`: gowrap doctor has no such option in its table$'
	assert_line "docs: 4 drift(s)"
}
