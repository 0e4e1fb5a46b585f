/* cmds.h — the gowrap subcommands, in one table.
 *
 * Promise: GW_CMDS is the one list of the commands and of everything a user
 * reads about them. main.c's dispatch, `gowrap help`, every `gowrap CMD
 * --help` (common/usage.h), the manual pages (tools/mangen.c) and the docs
 * check (tools/docscheck.py, which holds every cmd_*.c's options to these
 * rows) are made from it, and the declarations below too, so a command or an
 * option cannot be run, listed or documented without the others. Each row:
 * the name typed, the function (in cli/cmd_<name>.c; version in main.c),
 * its options (a GW_OPTS_* list: O(name, argument, one line); a NULL line is
 * hidden, for gowrap's own callers), its examples (E(command line, what)),
 * its synopsis (the forms after `gowrap`, one a line; NULL: a hidden
 * command, run by the go shim only), the summary, the variables it reads
 * (each described once in GW_ENVS), its exit statuses (each a row of
 * common/exitcodes.h's GW_EXITS) and GW_GOFLAGS when arguments it does not
 * know go on to go (audit's build flags and packages). main.c answers -h
 * and --help and refuses an option no row names before a visible command
 * runs. Each function returns the process exit status; argv[0] is the
 * subcommand name. */
#ifndef GOWRAP_CMDS_H
#define GOWRAP_CMDS_H

#define GW_FEATURES_HELP "the internal/cpu fix: darwin (Go's own darwin detection, as macOS gets it) or crypto (the four ARMv8.0 crypto bits); default $GOWRAP_FEATURES, else darwin"
#define GW_PATCHES_HELP "your own GOROOT patches, a :-separated list of files and directories, applied exactly (default $GOWRAP_PATCHES)"

#define GW_OPTS_OVERLAY(O)                                                                                  \
	O("--goroot", "DIR", "the overlay for the GOROOT DIR (default: the one the real go here uses)")     \
	O("--gomodcache", "DIR", "with --goroot: the GOMODCACHE that DIR must not lie beneath (default: $GOMODCACHE, else GOPATH's pkg/mod)") \
	O("--json", "", "print one JSON object (overlay, marker, goversion, goroot, status, variant, features, inputs, asserts, detects) instead of the path") \
	O("--allow-modified", "", "accept a source-checkout GOROOT with local changes under src/internal/cpu (as GOWRAP_ALLOW_MODIFIED=1)") \
	O("--features", "darwin|crypto", GW_FEATURES_HELP)                                                  \
	O("--patches", "LIST", GW_PATCHES_HELP ", in the overlay too")                                      \
	O("--no-cpu", "", "with --patches: the patches alone, without the internal/cpu fix")                \
	O("--goversion", "VERSION", NULL)                                                                   \
	O("--shim-format", "", NULL)
#define GW_EX_OVERLAY(E)                                                                                    \
	E("gowrap overlay", "the overlay's path for the go on PATH here")                                    \
	E("gowrap overlay --json --goroot ~/sdk/go1.27.3", "what the overlay for that GOROOT holds, as JSON")

#define GW_OPTS_TOOLCHAIN(O)                                                                                \
	O("--sdk", "DIR", "make the GOROOT in DIR/goX.Y.Z (default ~/sdk, as golang.org/dl does)")           \
	O("--bin", "DIR", "write the goX.Y.Z launcher in DIR (default $GOBIN, else $(go env GOPATH)/bin)")
#define GW_EX_TOOLCHAIN(E)                                                                                  \
	E("PATH=$(dirname \"$(gowrap toolchain install go1.27.3)\"):$PATH", "a real GOROOT for go1.27.3, its launcher first on PATH")

#define GW_OPTS_DOCTOR(O)                                                                                   \
	O("--json", "", "the same findings as one JSON object")                                             \
	O("--go", "PATH", "also say whether the go at PATH reaches gowrap here, or why not")
#define GW_EX_DOCTOR(E)                                                                                     \
	E("gowrap doctor", "the chain here and a verdict: exit 0 ok, 1 a problem, with its fix")              \
	E("gowrap doctor --go /usr/local/go/bin/go", "whether an IDE's go goes through gowrap")

#define GW_OPTS_AUDIT(O)                                                                                    \
	O("--format", "text|json|sarif|github", "text (default): a row per package; json; sarif: SARIF 2.1.0 for code scanning; github: workflow-command annotations") \
	O("--json", "", "the same as --format json")                                                        \
	O("--ids", "", "add each row's content id and what a review says of it")                            \
	O("--reviewed", "FILE", "the reviewed-verdicts file (default: gowrap-audit.toml in the main module's root; gowrap-audit.toml(5))")
#define GW_EX_AUDIT(E)                                                                                      \
	E("GOOS=ios GOARCH=arm64 CGO_ENABLED=1 gowrap audit ./...", "every CPU-feature package of an iOS build, and its verdict") \
	E("gowrap audit --format sarif ./... > gowrap.sarif", "the same for GitHub code scanning")

#define GW_OPTS_REPORT(O)                                                                                   \
	O("--log", "FILE", "the shim's GOWRAP_LOG (default: $GOWRAP_LOG)")                                   \
	O("--symcheck-json", "FILE", "a saved symcheck --json output (repeatable)")                         \
	O("--out", "FILE", "append the Markdown summary to FILE (default: $GITHUB_STEP_SUMMARY, else stdout)")
#define GW_EX_REPORT(E)                                                                                     \
	E("gowrap report --log gowrap.log -- build/Lib.xcframework", "one Markdown summary of the log and of every slice of the bundle")

#define GW_OPTS_EXPORT(O)                                                                                   \
	O("--features", "darwin|crypto", GW_FEATURES_HELP)                                                  \
	O("--no-cpu", "", "with --patches: the patches alone, without the internal/cpu fix")                \
	O("--patches", "LIST", "your own GOROOT patches, a :-separated list of files and directories, with their markers") \
	O("--goroot", "DIR", "diff against the GOROOT DIR (default: the one the real go here uses)")         \
	O("-o", "FILE", "write the diff to FILE (default: stdout)")
#define GW_EX_EXPORT(E)                                                                                     \
	E("gowrap export-patch -o gowrap.patch", "the fix as a -p1 diff for Bazel's go_sdk.download(patches = ...)")

#define GW_OPTS_REFRESH(O)                                                                                  \
	O("-o", "OUT", "write the exact patch to OUT")                                                      \
	O("--fuzz", "N", "the fuzz GNU patch may use, 0 to 9 (default 2)")                                  \
	O("--goroot", "DIR", "the GOROOT to apply it to (default: the one the real go here uses)")
#define GW_EX_REFRESH(E)                                                                                    \
	E("gowrap refresh-patch old.patch -o new.patch", "GNU patch's report, and the exact patch of its result for review")

#define GW_OPTS_ENABLE(O)                                                                                   \
	O("--dry-run", "", "print where each context's go would find the launcher, and change nothing")      \
	O("--bin", "DIR", "also put a launcher in the absolute directory DIR (repeatable)")
#define GW_EX_ENABLE(E)                                                                                     \
	E("gowrap enable --dry-run", "where the go of this shell, an Xcode phase and a bare env -i context would find the launcher; nothing changed")      \
	E("gowrap enable --bin /usr/local/bin", "every go 1.21+ of this user through gowrap, Xcode's build phases too (their PATH holds /usr/local/bin)")

#define GW_OPTS_SHELLENV(O)                                                                                 \
	O("--sh", "", "print for a POSIX shell (the default unless $SHELL ends in fish)")                    \
	O("--fish", "", "print for fish")
#define GW_EX_SHELLENV(E) E("eval \"$(gowrap shellenv)\"", "the go shim first on PATH in this shell")

#define GW_OPTS_MERGE(O)                                                                                    \
	O("--dir", "DIR", NULL)                                                                             \
	O("--ours", "FILE", NULL)                                                                           \
	O("--cache", "DIR", NULL)
#define GW_NONE(O)

#define GW_GOFLAGS 1

#define GW_CMDS(X)                                                                                          \
	X("overlay", cmd_overlay, GW_OPTS_OVERLAY, GW_EX_OVERLAY,                                          \
	  "overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified] [--features darwin|crypto] [--patches LIST [--no-cpu]]", \
	  "path of the internal/cpu overlay for this toolchain",                                            \
	  "GOWRAP_FEATURES GOWRAP_PATCHES GOWRAP_ALLOW_MODIFIED GOWRAP_GO GOWRAP_CACHE GOMODCACHE",          \
	  "0 2 100 101 105 106 108 109 111 115 116", 0)                                                     \
	X("toolchain", cmd_toolchain, GW_OPTS_TOOLCHAIN, GW_EX_TOOLCHAIN,                                  \
	  "toolchain install goX.Y.Z [--sdk DIR] [--bin DIR]",                                              \
	  "make a real GOROOT (~/sdk/goX.Y.Z) from the toolchain module", "GOWRAP_GO GOBIN GOPROXY HOME",   \
	  "0 2 112", 0)                                                                                     \
	X("doctor", cmd_doctor, GW_OPTS_DOCTOR, GW_EX_DOCTOR, "doctor [--json] [--go PATH]",              \
	  "explain the go -> GOROOT -> overlay chain here",                                                 \
	  "PATH GOWRAP_GO GOWRAP_CACHE GOWRAP_PATCHES GOWRAP_FEATURES", "0 1 2", 0)                        \
	X("audit", cmd_audit, GW_OPTS_AUDIT, GW_EX_AUDIT,                                                  \
	  "audit [--format text|json|sarif|github] [--json] [--ids] [--reviewed FILE] [build flags] [packages]", \
	  "CPU-feature packages in the build and their verdicts", "GOOS GOARCH GOFLAGS CGO_ENABLED GOWRAP_GO", \
	  "0 1 2 3 109 118", GW_GOFLAGS)                                                                    \
	X("report", cmd_report, GW_OPTS_REPORT, GW_EX_REPORT,                                              \
	  "report [--log FILE] [--symcheck-json FILE]... [--out FILE] [--] [PATH...]",                      \
	  "Markdown summary of GOWRAP_LOG and checked files (CI)", "GOWRAP_LOG GITHUB_STEP_SUMMARY",        \
	  "0 2 110", 0)                                                                                     \
	X("export-patch", cmd_export_patch, GW_OPTS_EXPORT, GW_EX_EXPORT,                                  \
	  "export-patch [--features darwin|crypto] [--no-cpu] [--patches LIST] [--goroot DIR] [-o FILE]",  \
	  "gowrap's fix (and your patches) as one exact -p1 diff", "GOWRAP_FEATURES GOWRAP_GO",             \
	  "0 2 100 105 108 109 115 116", 0)                                                                 \
	X("refresh-patch", cmd_refresh_patch, GW_OPTS_REFRESH, GW_EX_REFRESH,                              \
	  "refresh-patch PATCH -o OUT [--fuzz N] [--goroot DIR]",                                           \
	  "re-make a patch that needs fuzz as an exact one, for review", "PATH TMPDIR GOWRAP_GO",           \
	  "0 2 109 116", 0)                                                                                 \
	X("enable", cmd_enable, GW_OPTS_ENABLE, GW_EX_ENABLE, "enable [--dry-run] [--bin DIR]...",                     \
	  "route every go on the machine through gowrap (go env file + launcher)",                          \
	  "GOENV GOBIN GOPATH GOTOOLCHAIN HOME PATH SHELL", "0 2 117", 0)                                                \
	X("disable", cmd_disable, GW_NONE, GW_NONE, "disable", "undo enable: the go env file back byte for byte", \
	  "GOENV HOME", "0 2 117", 0)                                                                       \
	X("shellenv", cmd_shellenv, GW_OPTS_SHELLENV, GW_EX_SHELLENV, "shellenv [--sh|--fish]",            \
	  "print the line that puts the go shim first on PATH", "SHELL", "0 2 111", 0)                      \
	X("version", cmd_version, GW_NONE, GW_NONE, "version", "print gowrap's version", "", "0", 0)       \
	X("merge-overlay", cmd_merge_overlay, GW_OPTS_MERGE, GW_NONE, NULL,                                \
	  "the go shim's merge of a caller's -overlay", "GOWRAP_CACHE", "0 2 102 103 104 106", 0)

/* The variables the commands (and the go shim, gowrap(1)) read: name, one
 * line. The GOWRAP_* ones are exactly those the code defines (the docs
 * check holds them to it). */
#define GW_ENVS(E)                                                                                          \
	E("GOWRAP_GO", "the real go (default: the next go on PATH that is not a gowrap shim)")              \
	E("GOWRAP_CACHE", "gowrap's cache directory, absolute (default $XDG_CACHE_HOME/gowrap, ~/.cache/gowrap, ~/Library/Caches/gowrap on macOS); the caller's alone") \
	E("GOWRAP_FEATURES", "darwin (default) or crypto: the internal/cpu fix; another value stops with 115") \
	E("GOWRAP_PATCHES", "your own GOROOT patches: a :-separated list of patch files and directories, applied exactly") \
	E("GOWRAP_LOG", "the shim appends one JSON line per go call to this file")                          \
	E("GOWRAP_VERIFY", "0: skip the check of the built output")                                         \
	E("GOWRAP_BIN", "the gowrap program the shim asks (default: beside the shim)")                      \
	E("GOWRAP_DEPS", "0: no dependency fix for this call")                                              \
	E("GOWRAP_TOOLEXEC", "the -toolexec program of the dependency fix (default: gowrap-toolexec beside the shim)") \
	E("GOWRAP_ALLOW_MODIFIED", "1: accept a source-checkout GOROOT with local changes under src/internal/cpu") \
	E("GOWRAP_SHIM_LOOP", "set by the shim for go and its children; not for users")                     \
	E("GOWRAP_DEPS_STATE", "set by the shim for gowrap-toolexec; not for users")                        \
	E("GOWRAP_DEPS_FAMILY", "set by the shim for gowrap-toolexec; not for users")                       \
	E("GOWRAP_TOOLEXEC_NEXT", "set by the shim for gowrap-toolexec; not for users")                     \
	E("GOWRAP_INNER_TOOL", "set by gowrap-toolexec for the compiler stage; not for users")              \
	E("GOWRAP_INNER_FILE", "set by gowrap-toolexec for the compiler stage; not for users")              \
	E("GOWRAP_INNER_PKG", "set by gowrap-toolexec for the compiler stage; not for users")               \
	E("GOMODCACHE", "as for go; a GOROOT beneath it takes no overlay")                                  \
	E("GOOS", "the target, as for go")                                                                  \
	E("GOARCH", "the target, as for go")                                                                \
	E("GOFLAGS", "as for go: its build flags apply")                                                    \
	E("CGO_ENABLED", "as for go (an iOS build needs 1)")                                                \
	E("GOBIN", "where go install puts programs: the default launcher directory")                        \
	E("GOPATH", "this shell's GOPATH: enable puts a launcher in its bin (and one in the bin of the GOPATH a bare context gets)")                        \
	E("GOPROXY", "where go mod download fetches the toolchain module")                                  \
	E("GOENV", "the go env file enable writes GOTOOLCHAIN to (off: enable refuses)")                    \
	E("GOTOOLCHAIN", "set in the environment, it wins over the go env file")                            \
	E("GITHUB_STEP_SUMMARY", "the job summary report appends to by default")                            \
	E("PATH", "where the go commands are looked for")                                                   \
	E("HOME", "the home directory: ~/sdk, ~/go/bin, the go env file's default place")                   \
	E("TMPDIR", "where the scratch copy is made")                                                       \
	E("SHELL", "your shell: shellenv prints fish's syntax when it ends in fish, and enable's refusal names the PATH line for its profile file")

#define GW_CMD_DECLARE(name, fn, opts, ex, synopsis, summary, env, exits, flags) int fn(int argc, char **argv);
GW_CMDS(GW_CMD_DECLARE)
#undef GW_CMD_DECLARE

/* The one option reader of the subcommands (opt.c): `--name VALUE` or
 * `--name=VALUE` at argv[*i]. 1 taken (value in *v, *i past it), 0 not this
 * option, -1 its value is missing. */
int cli_opt_value(int argc, char **argv, int *i, const char *name, const char **v);

/* The one answer to an option no row of GW_CMDS names (opt.c): `gowrap:
 * gowrap CMD: unknown option ARG (fix: run `gowrap CMD --help`)` on
 * stderr; returns GW_EXIT_USAGE. */
int cli_unknown_option(const char *cmd, const char *arg);

#endif
