/* cmds.h — the gowrap subcommands, in one table.
 *
 * Promise: GW_CMDS is the one list of the commands. main.c's usage text and
 * its dispatch are made from it, and the declarations below too, so a
 * command cannot be listed, run or declared without the others. Each row:
 * the name typed, the function (in cli/cmd_<name>.c; version in main.c),
 * what usage shows before the summary (NULL: hidden, run by the go shim
 * only), and the summary. Each function returns the process exit status;
 * argv[0] is the subcommand name. */
#ifndef GOWRAP_CMDS_H
#define GOWRAP_CMDS_H

#define GW_CMDS(X)                                                                                 \
	X("overlay", cmd_overlay, "overlay [--goroot DIR] [--json]",                              \
	  "path of the internal/cpu overlay for this toolchain")                                    \
	X("toolchain", cmd_toolchain, "toolchain install goX.Y.Z",                                 \
	  "make a real GOROOT (~/sdk/goX.Y.Z) from the toolchain module")                           \
	X("doctor", cmd_doctor, "doctor [--json] [--go PATH]", "explain the go -> GOROOT -> overlay chain here") \
	X("audit", cmd_audit, "audit [--json] [flags] [packages]",                                 \
	  "CPU-feature packages in the build and their verdicts")                                   \
	X("report", cmd_report, "report [--log F] [PATH...]",                                      \
	  "Markdown summary of GOWRAP_LOG and checked files (CI)")                                  \
	X("export-patch", cmd_export_patch, "export-patch [--patches L] [-o F]",                  \
	  "gowrap's fix (and your patches) as one exact -p1 diff")                                  \
	X("refresh-patch", cmd_refresh_patch, "refresh-patch PATCH -o OUT",                        \
	  "re-make a patch that needs fuzz as an exact one, for review")                            \
	X("enable", cmd_enable, "enable [--dry-run] [--bin DIR]...",                                 \
	  "route every go on the machine through gowrap (go env file + launcher)")                 \
	X("disable", cmd_disable, "disable", "undo enable: the go env file back byte for byte")    \
	X("shellenv", cmd_shellenv, "shellenv", "print the line that puts the go shim first on PATH") \
	X("version", cmd_version, "version", "print gowrap's version")                             \
	X("merge-overlay", cmd_merge_overlay, NULL, "the go shim's merge of a caller's -overlay")

#define GW_CMD_DECLARE(name, fn, synopsis, summary) int fn(int argc, char **argv);
GW_CMDS(GW_CMD_DECLARE)
#undef GW_CMD_DECLARE

/* gowrap doctor's GOWRAP_PATCHES rows (doctor_patches.c): JSON into w,
 * text lines into text, refusals into problems. 0 none set, 1 all usable,
 * -1 one is refused or unreadable. */
struct jw;
struct sb;
int doctor_patches(struct jw *w, struct sb *text, struct sb *problems, const char *goroot,
		   const char *goversion);

/* gowrap doctor's `enable` rows (doctor_enable.c): enabled, the launcher
 * on PATH, and whether go (NULL: not asked) reaches gowrap; 1 when enabled. */
int doctor_enabled(struct jw *w, struct sb *text, struct sb *problems, const char *go);

/* The one option reader of the subcommands (opt.c): `--name VALUE` or
 * `--name=VALUE` at argv[*i]. 1 taken (value in *v, *i past it), 0 not this
 * option, -1 its value is missing. */
int cli_opt_value(int argc, char **argv, int *i, const char *name, const char **v);

#endif
