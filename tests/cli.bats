#!/usr/bin/env bats
# The gowrap command itself: usage errors, shellenv, doctor, make install, and
# `gowrap report PATH...` against the hand-made inputs of tests/malformed (the
# report of a real build is tests/action.bats).

bats_require_minimum_version 1.5.0
load helpers/common

setup() {
	common_setup
}

@test "unknown command: one gowrap: line with a fix, exit 2" {
	run "$GOWRAP" frobnicate
	assert_failure 2
	assert_output "gowrap: unknown command: frobnicate is not a gowrap command (fix: run \`gowrap help\` for the list)"
}

@test "usage comes from the one command table (cli/cmds.h): help prints it (exit 0), no command prints it to stderr (exit 2)" {
	want='usage: gowrap <command> [arguments]

commands:
  overlay [--goroot DIR] [--json]   path of the internal/cpu overlay for this toolchain
  toolchain install goX.Y.Z         make a real GOROOT (~/sdk/goX.Y.Z) from the toolchain module
  doctor [--json] [--go PATH]       explain the go -> GOROOT -> overlay chain here
  audit [--json] [flags] [packages] CPU-feature packages in the build and their verdicts
  report [--log F] [PATH...]        Markdown summary of GOWRAP_LOG and checked files (CI)
  export-patch [--patches L] [-o F] gowrap'"'"'s fix (and your patches) as one exact -p1 diff
  refresh-patch PATCH -o OUT        re-make a patch that needs fuzz as an exact one, for review
  enable [--dry-run] [--bin DIR]... route every go on the machine through gowrap (go env file + launcher)
  disable                           undo enable: the go env file back byte for byte
  shellenv                          print the line that puts the go shim first on PATH
  version                           print gowrap'"'"'s version

The shim itself is installed as `go` (see README); symcheck verifies built Mach-O and ELF files.'
	run --separate-stderr "$GOWRAP" help
	assert_success
	assert_output "$want"
	assert_equal "$stderr" ""
	run --separate-stderr "$GOWRAP"
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "$want"
	# every row listed is dispatched, and --version is version's alias
	run "$GOWRAP" version
	assert_success
	assert_output --regexp '^gowrap .+'
	assert_equal "$("$GOWRAP" --version)" "$output"
	run "$GOWRAP" shellenv --fish
	assert_success
	# the hidden row is dispatched too (it is not listed: see want)
	run "$GOWRAP" merge-overlay
	assert_failure 2
	assert_output --partial "gowrap merge-overlay: --dir and --ours"
}

@test "overlay: --goroot or --gomodcache without its directory says so, exit 2" {
	run "$GOWRAP" overlay --goroot
	assert_failure 2
	assert_output "gowrap: gowrap overlay: --goroot needs a directory (fix: usage: gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified])"
	run "$GOWRAP" overlay --json --gomodcache
	assert_failure 2
	assert_output "gowrap: gowrap overlay: --gomodcache needs a directory (fix: usage: gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified])"
}

@test "shellenv puts the shim first on PATH, and evaluating it twice does not grow PATH" {
	run bash -c 'eval "$("$1" shellenv)"; command -v go; a=$PATH; eval "$("$1" shellenv)"; [ "$a" = "$PATH" ] && echo same' _ "$GOWRAP"
	assert_success
	assert_line --index 0 "$SHIM_DIR/go"
	assert_line --index 1 same
}

@test "shellenv --fish prints a fish line" {
	run "$GOWRAP" shellenv --fish
	assert_success
	assert_output "set -gx PATH '$SHIM_DIR' \$PATH"
}

@test "doctor: shim not first on PATH is a problem (exit 1) with the fix" {
	run "$GOWRAP" doctor
	assert_failure 1
	assert_output --partial "shim first on PATH:    NO"
	assert_output --partial 'eval "$(gowrap shellenv)"'
}

@test "doctor --json with the shim first: real go, GOROOT, variant, overlay status, ok" {
	PATH="$SHIM_DIR:$PATH" run "$GOWRAP" doctor --json
	assert_success
	python3 - "$output" "$(real_go)" "$("$(real_go)" env GOROOT)" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
assert d["ok"] is True and d["shim_first_on_path"] is True, d
assert d["real_go"] == sys.argv[2], d
assert d["goroot"] == sys.argv[3] and d["overlays_allowed"] is True, d
assert d["status"] == "applied" and d["marker"].startswith("internal/cpu.gowrapMarker"), d
assert d["toolchain_switch"] is False and d["launcher"] is None, d
PY
}

@test "doctor sees a GOTOOLCHAIN switch into GOMODCACHE and names the fix" {
	GOTOOLCHAIN=go1.27.3 "$(real_go)" version >/dev/null
	PATH="$SHIM_DIR:$PATH" GOTOOLCHAIN=go1.27.3 run "$GOWRAP" doctor --json
	assert_failure 1
	python3 - "$output" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
assert d["goversion"] == "go1.27.3" and d["toolchain_switch"] is True, d
assert d["overlays_allowed"] is False, d
assert "gowrap toolchain install go1.27.3" in d["problems"], d
PY
}

@test "make install PREFIX=...: bin/gowrap, bin/symcheck, libexec/gowrap/go; the installed shim works" {
	prefix="$BATS_TEST_TMPDIR/prefix"
	run make -C "$GOWRAP_ROOT" install PREFIX="$prefix"
	assert_success
	assert [ -x "$prefix/bin/gowrap" ]
	assert [ -x "$prefix/bin/symcheck" ]
	assert [ -x "$prefix/libexec/gowrap/go" ]
	run "$prefix/bin/gowrap" shellenv
	assert_output --partial "$prefix/libexec/gowrap"
	PATH="$prefix/libexec/gowrap:$PATH" run go version
	assert_success
	assert_output "$("$(real_go)" version)"
}

# --- gowrap report PATH...: what symcheck reads, with symcheck's verdicts ---

MAL="$BATS_TEST_DIRNAME/malformed"
UTLS_CPU=github.com/metacubex/utls/internal/cpu

# report_table: the "files checked" rows of $TMP/r.md, one per line.
report_table() {
	sed -n '/^### files checked$/,$p' "$TMP/r.md" | grep '^| `'
}

@test "report reads every hand-made input as symcheck does: same slices and verdicts, 110 for symcheck's 1 and 2, one unreadable row per refused file with symcheck's reason and a fix" {
	run python3 - "$GOWRAP" "$SYMCHECK" "$MAL" "$TMP" <<'PY'
import glob, json, os, re, subprocess, sys
gowrap, symcheck, mal, tmp = sys.argv[1:]
def printable(s):  # sb_add_printable: control bytes and backslash as \xNN
    return "".join("\\x%02x" % ord(c) if ord(c) < 0x20 or c in "\x7f\\" else c for c in s)
def md(s):  # report_md.c's md_text
    return "".join("\\" + c if c in "\\`*_[]<>&~|" else c for c in printable(s))
files = sorted(glob.glob(os.path.join(mal, "*.bin")))
assert len(files) >= 120, len(files)
kinds = set()
for f in files:
    sc = subprocess.run([symcheck, "--json", f], capture_output=True, text=True, timeout=10)
    out = os.path.join(tmp, "r.md")
    if os.path.exists(out):
        os.unlink(out)
    env = {k: v for k, v in os.environ.items() if k not in ("GOWRAP_LOG", "GITHUB_STEP_SUMMARY")}
    g = subprocess.run([gowrap, "report", "--out", out, f], capture_output=True, text=True, timeout=10, env=env)
    want = {0: 0, 1: 110, 2: 110}[sc.returncode]
    assert g.returncode == want, (f, sc.returncode, g.returncode, g.stderr)
    assert "Sanitizer" not in g.stderr and "runtime error" not in g.stderr, (f, g.stderr)
    text = open(out).read()
    rows = text.split("### files checked\n\n", 1)[1].split("\n")[2:-1]
    exp = []
    for i in json.loads(sc.stdout)["inputs"]:
        if i["error"]:
            exp.append(("err", f"| `{i['path']}` | — | — | — | — | — | ❌ **unreadable**: {md(i['error'])} (fix: "))
            continue
        for s in i["slices"]:
            head = f"| `{i['path']}` | `{s['arch']}` | `{s['platform']}` | "
            exp.append(("ok" if s["ok"] else "fail", head))
    assert len(rows) == len(exp), (f, rows, exp)
    for (kind, head), row in zip(exp, rows):
        kinds.add(kind)
        assert row.startswith(head) and row.endswith(" |"), (f, head, row)
        if kind == "ok":
            assert re.search(r" \| ✅ ok(: .*)? \|$", row), (f, row)
        elif kind == "fail":
            why = row.split(" | ❌ **FAIL**: ", 1)[1]
            assert why and "short of its expectation" not in why, (f, row)
        else:
            assert row.count(" (fix: ") >= 1 and row.endswith(") |"), (f, row)
assert kinds == {"ok", "fail", "err"}, kinds
PY
	assert_success
}

@test "report: an ELF library's FAIL row names each copy NOT fixed and why, an ok row the copy fixed; from a PATH and from saved symcheck --json alike" {
	f="$MAL/fail-zip-second-lib-unfixed.bin"
	l="$MAL/fail-elf-linux-mccpu-symtab.bin"
	ok="$MAL/ok-zip-aar-fixed.bin"
	why="a copy of Go's internal/cpu without gowrap's dependency fix, so its HWCap stays 0 on linux/android arm64 (build through the shim, GOWRAP_DEPS not 0)"
	run "$GOWRAP" report --out "$TMP/r.md" "$f" "$l" "$ok"
	assert_failure 110
	assert_output "gowrap: verification failed: 2 slice(s) short of their expectation (summary: $TMP/r.md) (fix: build through the gowrap shim (the action's install step, after actions/setup-go) and see the failing rows in the summary)"
	run report_table
	assert_output "$(cat <<-EOF
	| \`$f!/jni/x86_64/libgojni.so\` | \`x86_64\` | \`android\` | \`go1.26.8\` | — | forbidden | ✅ ok |
	| \`$f!/jni/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`go1.26.8\` | — | forbidden; dependency fix: \`$UTLS_CPU\` | ❌ **FAIL**: \`$UTLS_CPU\` NOT fixed: $why |
	| \`$l\` | \`arm64\` | \`linux\` | \`go1.26.8\` | — | forbidden; dependency fix: \`github.com/metacubex/cpu\` | ❌ **FAIL**: \`github.com/metacubex/cpu\` NOT fixed: $why |
	| \`$ok!/jni/arm64-v8a/libgojni.so\` | \`arm64\` | \`android\` | \`go1.26.8\` | — | forbidden; dependency fix: \`$UTLS_CPU\` | ✅ ok: \`$UTLS_CPU\` fixed |
	EOF
	)"
	cp "$TMP/r.md" "$TMP/paths.md"
	run "$SYMCHECK" --json "$f" "$l" "$ok"
	assert_failure 1
	printf '%s\n' "$output" >"$TMP/saved.json"
	rm "$TMP/r.md"
	run "$GOWRAP" report --out "$TMP/r.md" --symcheck-json "$TMP/saved.json"
	assert_failure 110
	run diff <(grep '^| `' "$TMP/paths.md") <(report_table)
	assert_success
}

@test "report: a Mach-O FAIL row says which marker is missing or where one leaked; a saved --variant failure, which feature set the slice carries" {
	run "$GOWRAP" report --out "$TMP/r.md" "$MAL/fail-pcln120-nomarker.bin" "$MAL/fail-macos-marker.bin"
	assert_failure 110
	run report_table
	assert_line "| \`$MAL/fail-pcln120-nomarker.bin\` | \`arm64\` | \`ios\` | \`go1.26.8\` | — | required | ❌ **FAIL**: marker missing: neither \`internal/cpu.gowrapMarkerDarwin…\` (darwin parity) nor \`internal/cpu.gowrapMarkerV…\` (crypto) is in the slice, so the overlay was not applied (built without the shim, keyed on another GOROOT, or dropped by a later -overlay) |"
	assert_line "| \`$MAL/fail-macos-marker.bin\` | \`arm64\` | \`macos\` | \`go1.26.8\` | \`internal/cpu.gowrapMarkerV1\` in pclntab | forbidden | ❌ **FAIL**: marker \`internal/cpu.gowrapMarkerV1\` where it must not be: the overlay's build constraint leaked beyond arm64 iOS-family targets |"
	run "$SYMCHECK" --json --variant darwin "$MAL/ok-pcln120-marker.bin"
	assert_failure 1
	printf '%s\n' "$output" >"$TMP/v.json"
	rm "$TMP/r.md"
	run "$GOWRAP" report --out "$TMP/r.md" --symcheck-json "$TMP/v.json"
	assert_failure 110
	run report_table
	assert_output "| \`$MAL/ok-pcln120-marker.bin\` | \`arm64\` | \`ios\` | \`go1.26.8\` | \`internal/cpu.gowrapMarkerV1\` in pclntab | required | ❌ **FAIL**: carries \`crypto\` detection (\`internal/cpu.gowrapMarkerV1\`), not the feature set \`symcheck --variant\` asked for |"
}

@test "report: a truncated or hostile .aar is one unreadable row with symcheck's reason and a fix that fits it; the error line points at those rows (110)" {
	head -c 700 "$MAL/ok-zip-aar-fixed.bin" >"$TMP/cut.aar"
	run timeout 10 "$GOWRAP" report --out "$TMP/r.md" "$TMP/cut.aar" "$MAL/bad-zip-declared-huge.bin" \
		"$MAL/bad-zip-abi-mismatch.bin" "$MAL/bad-zip-no-libs.bin" "$TMP/missing.aar"
	assert_failure 110
	assert_output "gowrap: verification failed: 5 unreadable input(s) (summary: $TMP/r.md) (fix: see the unreadable rows in the summary: each says why and what to do)"
	run report_table
	assert_line --index 0 "| \`$TMP/cut.aar\` | — | — | — | — | — | ❌ **unreadable**: not a zip archive libzip can read: Zip archive inconsistent (fix: the file is damaged or is not what a build writes (cut short, changed after the build, or hand-made): build it again, or download the whole artifact again) |"
	assert_line --index 1 "| \`$MAL/bad-zip-declared-huge.bin\` | — | — | — | — | — | ❌ **unreadable**: jni/arm64-v8a/libgojni.so: declares 4294967280 bytes, more than symcheck reads (536870912 per library, 8589934592 per archive) (fix: unzip the library and name the .so itself: a file is read whatever its size) |"
	assert_line --index 2 "| \`$MAL/bad-zip-abi-mismatch.bin\` | — | — | — | — | — | ❌ **unreadable**: jni/arm64-v8a/libgojni.so: ELF machine 62 in the arm64-v8a directory, which holds machine 183 (fix: put each library under its own ABI's directory (jni/arm64-v8a/ holds arm64 only): the packaging mixed them up) |"
	assert_line --index 3 --partial "| \`$MAL/bad-zip-no-libs.bin\` | — | — | — | — | — | ❌ **unreadable**: zip archive holds no native library (jni/\\<abi\\>/lib\\*.so of an .aar, lib/\\<abi\\>/lib\\*.so of an .apk) (fix: name an .aar or .apk with Go code"
	assert_line --index 4 "| \`$TMP/missing.aar\` | — | — | — | — | — | ❌ **unreadable**: cannot stat: No such file or directory (fix: name a file the build wrote (a \`check:\` path is relative to GITHUB_WORKSPACE, whatever the job's working-directory; a bundle's entries must exist)) |"
	assert_equal "${#lines[@]}" 5
}

@test "report on a FIFO, a socket or a device: one unreadable row each, at once (no wait for a writer), exit 110" {
	mkfifo "$TMP/pipe"
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$TMP/sock"
	run timeout 10 "$GOWRAP" report --out "$TMP/r.md" "$TMP/pipe" "$TMP/sock" /dev/zero
	assert_failure 110
	assert_output "gowrap: verification failed: 3 unreadable input(s) (summary: $TMP/r.md) (fix: see the unreadable rows in the summary: each says why and what to do)"
	run report_table
	assert_equal "${#lines[@]}" 3
	fix="(fix: name the file the build wrote: a FIFO, socket or device is no build output, and is never read)"
	assert_line --index 0 "| \`$TMP/pipe\` | — | — | — | — | — | ❌ **unreadable**: not a regular file $fix |"
	assert_line --index 1 "| \`$TMP/sock\` | — | — | — | — | — | ❌ **unreadable**: not a regular file $fix |"
	assert_line --index 2 "| \`/dev/zero\` | — | — | — | — | — | ❌ **unreadable**: not a regular file $fix |"
}

@test "report without a working symcheck beside it: every PATH one unreadable row saying why (missing, killed, its exit status and JSON at odds, no JSON), exit 110" {
	mkdir -p "$TMP/bin"
	cp "$GOWRAP" "$TMP/bin/gowrap"
	a="$MAL/ok-zip-aar-fixed.bin"
	b="$MAL/ok-symtab-marker.bin"
	rep() {
		rm -f "$TMP/r.md"
		run timeout 10 "$TMP/bin/gowrap" report --out "$TMP/r.md" "$a" "$b"
		assert_failure 110
		assert_output --partial "gowrap: verification failed: 2 unreadable input(s)"
		run report_table
		assert_equal "${#lines[@]}" 2
		assert_line --index 0 "| \`$a\` | — | — | — | — | — | ❌ **unreadable**: $1 |"
		assert_line --index 1 "| \`$b\` | — | — | — | — | — | ❌ **unreadable**: $1 |"
	}
	side="(fix: install gowrap and symcheck side by side (make install and the action's install step put both in one bin directory))"
	rep "symcheck cannot be run: $TMP/bin/symcheck: No such file or directory $side"
	printf '#!/bin/sh\nulimit -c 0\nkill -SEGV $$\n' >"$TMP/bin/symcheck"
	chmod +x "$TMP/bin/symcheck"
	rep "symcheck died of signal 11 reading the files ($TMP/bin/symcheck) (fix: symcheck crashed on this file: keep it, run \`symcheck PATH\` to see it, and report it with the file)"
	printf '#!/bin/sh\necho %s\nexit 1\n' "'{\"ok\": true, \"inputs\": []}'" >"$TMP/bin/symcheck"
	rep "symcheck exited 1, but its --json output says 0 ($TMP/bin/symcheck) $side"
	printf '#!/bin/sh\necho not json\necho "symcheck: odd" >&2\n' >"$TMP/bin/symcheck"
	rep "symcheck exited 0 without its --json output ($TMP/bin/symcheck): symcheck: odd $side"
}
