/* cmds.h — the gowrap subcommands. Each returns the process exit status.
 * One file each under cli/: cmd_overlay.c, cmd_toolchain.c, cmd_doctor.c,
 * cmd_shellenv.c, cmd_merge.c (hidden `merge-overlay`, run by the go shim).
 * argv[0] is the subcommand name. */
#ifndef GOWRAP_CMDS_H
#define GOWRAP_CMDS_H

int cmd_overlay(int argc, char **argv);
int cmd_toolchain(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_shellenv(int argc, char **argv);
int cmd_merge_overlay(int argc, char **argv);
int cmd_audit(int argc, char **argv); /* cmd_audit.c */
int cmd_report(int argc, char **argv); /* cmd_report.c */
int cmd_export_patch(int argc, char **argv); /* cmd_export.c */
int cmd_refresh_patch(int argc, char **argv); /* cmd_refresh.c */

/* gowrap doctor's GOWRAP_PATCHES rows (doctor_patches.c): JSON into w,
 * text lines into text, refusals into problems. 0 none set, 1 all usable,
 * -1 one is refused or unreadable. */
struct jw;
struct sb;
int doctor_patches(struct jw *w, struct sb *text, struct sb *problems, const char *goroot,
		   const char *goversion);

/* The one option reader of the subcommands (opt.c): `--name VALUE` or
 * `--name=VALUE` at argv[*i]. 1 taken (value in *v, *i past it), 0 not this
 * option, -1 its value is missing. */
int cli_opt_value(int argc, char **argv, int *i, const char *name, const char **v);

#endif
