#!/usr/bin/env bats
# tests/layout.bats — the module boundaries the Makefile enforces
# (CONTRIBUTING.md, "Layout and layering"): a module sees only the headers of
# the modules it may use, and a program links only what it calls.
bats_require_minimum_version 1.5.0
load helpers/common

# A scratch copy of the committed tree, so the real one is never edited.
scratch_tree() {
	SRC="$BATS_TEST_TMPDIR/src"
	mkdir -p "$SRC"
	git -C "$GOWRAP_ROOT" archive HEAD | tar -x -C "$SRC"
}

# include_fails MODULE_FILE HEADER: adding the include breaks that object.
include_fails() {
	local file="$1" hdr="$2" objf
	objf="build/obj/${file%.c}.o"
	printf '#include "%s"\n' "$hdr" >>"$SRC/$file"
	run make -C "$SRC" --no-print-directory "$objf"
	assert_failure
	assert_output --partial "$hdr"
	git -C "$GOWRAP_ROOT" show "HEAD:$file" >"$SRC/$file"
}

@test "a module cannot include the headers of a module it may not use" {
	scratch_tree
	include_fails verify/span.c goquery.h       # verify is below gocmd
	include_fails verify/span.c overlay.h
	include_fails common/strbuf.c verify.h      # common is the bottom
	include_fails gocmd/workdir.c table.h       # gocmd is below deps
	include_fails proto/proto_merge.c goquery.h # the protocols need only common
	include_fails overlay/store.c memo.h        # the shim's own headers are its own
	include_fails deps/table.c shimlog.h
	include_fails shim/memo.c patch.h           # the shim never reads patches (libgit2)
	include_fails verify/span.c patch.h
	include_fails toolchain/version.c overlay.h # toolchain/: common, gocmd only
	include_fails shim/memo.c toolchain.h       # nothing but cli/ uses toolchain/
	include_fails report/md.c goquery.h         # report/: common, verify only
	include_fails verify/span.c ci_report.h     # nothing but cli/ uses report/
	include_fails audit/toml.c proto_merge.h    # audit/: below it only what it reads
	include_fails deps/table.c audit_out.h      # the engine never reads its outputs
	include_fails shim/enabled.c enable.h       # the shim's side of enable stays libc-only
	include_fails enable/state.c overlay.h      # enable/: common, gocmd only
	include_fails enable/state.c doctor.h       # doctor/ asks enable/, not the other way
	include_fails overlay/store.c doctor.h      # nothing but cli/ uses doctor/
	# and what a module may use still compiles
	printf '#include "goquery.h"\n' >>"$SRC/deps/table.c"
	run make -C "$SRC" --no-print-directory build/obj/deps/table.o
	assert_success
}

@test "nothing linked into a program that it does not use" {
	# The overlay templates only where something renders them; the shim's
	# memo and log only in the shim.
	run nm "$SHIM_DIR/go"
	assert_success
	refute_output --partial gw_embedded
	refute_output --partial pt_parse
	refute_output --partial en_enable
	run nm "$SYMCHECK"
	refute_output --partial gw_embedded
	refute_output --partial pt_parse
	refute_output --partial shim_memo
	run nm "$GOWRAP"
	assert_output --partial gw_embedded
	refute_output --partial shim_memo_
	refute_output --partial shim_log_write
}

@test "make with no target builds every program, and so does make asan (its own tree)" {
	scratch_tree
	run make -C "$SRC" -n --no-print-directory
	assert_success
	for p in build/gowrap build/symcheck; do
		assert_output --partial "-o $p "
	done
	# the shim and gowrap-toolexec: linked against musl in build/musl/ and
	# copied into place where musl-gcc is on Linux (the Makefile's SHIM_LIBC)
	for p in shim/go shim/gowrap-toolexec; do
		if [ "$(uname -s)" = Linux ] && command -v musl-gcc >/dev/null; then
			assert_output --partial "-o build/musl/$p "
			assert_output --partial "cp build/musl/$p build/$p.tmp"
		else
			assert_output --partial "-o build/$p "
		fi
	done
	run make -C "$SRC" -n --no-print-directory asan
	assert_success
	for p in build-asan/gowrap build-asan/symcheck build-asan/shim/go; do
		assert_output --partial "-o $p "
	done
}

@test "no function over 80 lines, no file over 500 (tools/shape.py), and the check sees one" {
	cd "$GOWRAP_ROOT"
	run python3 tools/shape.py
	assert_success
	assert_output ""
	# an 81-line function body and a 501-line file are named
	{
		printf 'int f(void)\n{\n'
		for i in $(seq 81); do printf '\tg();\n'; done
		printf '}\n'
		for i in $(seq 417); do printf '/* filler */\n'; done
	} >"$BATS_TEST_TMPDIR/long.c"
	run python3 tools/shape.py "$BATS_TEST_TMPDIR/long.c"
	assert_failure 1
	assert_line --index 0 "$BATS_TEST_TMPDIR/long.c: 501 lines (limit 500)"
	assert_line --index 1 "$BATS_TEST_TMPDIR/long.c:1: 81-line function int f(void) (limit 80)"
}

@test "no file of a module takes names from a file that takes names from it (tools/filegraph.py), and verify/ reads, then decides, then writes" {
	cd "$GOWRAP_ROOT"
	run python3 tools/filegraph.py
	assert_success
	assert_output ""
	# verify_int.h's layers: no reader calls policy, output or the pipeline
	# that joins them; policy never calls output
	run python3 tools/filegraph.py --edges verify
	assert_success
	assert_line "verify/check.c -> verify/policy.c: vf_decide"
	assert_line "verify/output.c -> verify/policy.c: vf_slice_variant"
	edges="$output"
	run grep -E '^verify/(sniff|want|macho|pclntab|buildinfo|elf|elfslice|container|walk|span|results|copies)\.c -> verify/(policy|output|check)\.c:' <<<"$edges"
	assert_failure 1
	run grep -E '^verify/policy\.c -> verify/(output|check)\.c:' <<<"$edges"
	assert_failure 1
}

@test "the file-graph check names a planted cycle: a call back into a file that calls it, and a header that includes its includer" {
	scratch_tree
	cd "$SRC"
	# results.c calls output.c, which calls results.c (and includes results.h)
	printf '%s\n' 'void vf_first_failure(struct sb *out, const struct vf_result *r);' \
		'void vf_planted(struct sb *out, const struct vf_result *r);' \
		'void vf_planted(struct sb *out, const struct vf_result *r) { vf_first_failure(out, r); }' \
		>>verify/results.c
	run python3 tools/filegraph.py verify
	assert_failure 1
	# (results.h is under every file, so the cycle found may run through headers)
	assert_output --regexp '^verify: file cycle: .*verify/results\.c.* -> verify/output\.c \(vf_first_failure\)'
	git -C "$GOWRAP_ROOT" show HEAD:verify/results.c >verify/results.c
	# span.c includes verify_int.h, which includes span.h
	printf '#include "verify_int.h"\n' >>verify/span.c
	run python3 tools/filegraph.py verify
	assert_failure 1
	assert_output "verify: file cycle: verify/span.c -> verify/verify_int.h (verify_int.h) -> verify/span.c (span.h)"
	git -C "$GOWRAP_ROOT" show HEAD:verify/span.c >verify/span.c
	run python3 tools/filegraph.py verify
	assert_success
}

@test "ARCHITECTURE.md's module table is the tree's folders, and a folder includes only what another makes public (tools/rooms.py), and the check sees both" {
	cd "$GOWRAP_ROOT"
	run python3 tools/rooms.py
	assert_success
	assert_output ""
	scratch_tree
	# a room's own header used from cli/, a folder without a row, a row without a folder
	printf '#include "toolchain_parts.h"\n' >>"$SRC/cli/cmd_toolchain.c"
	mkdir "$SRC/newroom"
	sed -i 's#^| `Formula/` |#| `Formulae/` |#' "$SRC/ARCHITECTURE.md"
	run python3 tools/rooms.py "$SRC"
	assert_failure 1
	assert_line "cli/cmd_toolchain.c: includes toolchain/toolchain_parts.h, which toolchain/ does not make public (ARCHITECTURE.md)"
	assert_line "ARCHITECTURE.md: the module table has no row for newroom/"
	assert_line "ARCHITECTURE.md: the module table has no row for Formula/"
	assert_line "ARCHITECTURE.md: the module table names Formulae/, which is not in the tree"
	assert_equal "${#lines[@]}" 4
}

@test "every mutation of every module still applies to the tree (tools/mutants.py would run it)" {
	cd "$GOWRAP_ROOT"
	run python3 - <<'PY'
import glob, importlib.util
bad = 0
for p in sorted(glob.glob("*/mutations.py")):
    spec = importlib.util.spec_from_file_location("m", p)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    for name, f, old, *_ in m.MUTATIONS:
        text = open(f, encoding="utf-8", errors="surrogateescape").read()
        for o in (old if isinstance(old, (list, tuple)) else [old]):
            if o not in text:
                print(f"{p}: {name}: text not found in {f}")
                bad += 1
print(f"{bad} stale")
PY
	assert_success
	assert_output "0 stale"
}

@test "only the command-line model reads the go command line: no other code reads GOFLAGS or indexes a model's argv" {
	cd "$GOWRAP_ROOT"
	# Allowed: cmdline.c (the model), gosetting.c (where go reads a setting:
	# the model asks it for GOFLAGS' value), memo.c (keys GOFLAGS' value,
	# unparsed), toolchain/ (drops GOFLAGS from its own go
	# children), runcmd.c (a child's own argv).
	pat='"GOFLAGS"\|[.>]gf\.\|->argv\['
	run bash -c "grep -rn '$pat' shim deps gocmd proto cli common verify overlay toolchain --include=*.c |
		grep -v '^shim/cmdline.c:\|^gocmd/gosetting.c:13:\|^shim/memo.c:26:\|^toolchain/goenv.c:42:\|^common/runcmd.c:40:'"
	assert_output ""
	# the check sees a new reader
	scratch_tree
	printf 'static const char *x(void) { return getenv("GOFLAGS"); }\n' >>"$SRC/deps/gate.c"
	run bash -c "cd '$SRC' && grep -rn '$pat' deps --include=*.c"
	assert_output --partial 'deps/gate.c'
}

@test "the exit-code table is defined once: docs/troubleshooting.md's table lists exactly common/exitcodes.h's codes" {
	cd "$GOWRAP_ROOT"
	run python3 - <<'PY'
import re
code = sorted(int(v) for v in re.findall(r"\bX\(GW_EXIT_\w+, (\d+),", open("common/exitcodes.h").read()))
readme = open("docs/troubleshooting.md").read()
table = readme[readme.index("## Exit codes"):]
doc = sorted(int(v) for v in re.findall(r"^\| (\d+) \|", table, re.M))
print(code == doc, code, doc)
PY
	assert_success
	assert_line --partial "True"
}
