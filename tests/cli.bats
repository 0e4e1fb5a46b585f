#!/usr/bin/env bats
# The gowrap command itself: usage errors, shellenv, doctor, make install.

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
  doctor [--json]                   explain the go -> GOROOT -> overlay chain here
  audit [--json] [flags] [packages] CPU-feature packages in the build and their verdicts
  report [--log F] [PATH...]        Markdown summary of GOWRAP_LOG and checked files (CI)
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
