/* usage.h — the one shape of a command's reference: synopsis, options,
 * environment, exit statuses, examples.
 *
 * Promise: gowrap's command table (cli/cmds.h) and symcheck's
 * (verify/symcheck_usage.h) are written in these rows, and every text made
 * from them has one maker: gw_help formats `--help` (on stdout, exit 0),
 * tools/mangen.c the manual pages. So --help, the manual and the docs check
 * (tools/docscheck.py) read the same rows and cannot drift. */
#ifndef GOWRAP_USAGE_H
#define GOWRAP_USAGE_H

struct sb;

/* One option: its name as typed ("--goroot", "-o"), its argument's
 * placeholder ("" for a switch) and one line for --help and the manual;
 * help NULL: hidden (accepted, for gowrap's own callers, never shown). */
struct gw_opt {
	const char *name, *arg, *help;
};

/* One example: the command line, and what it does. */
struct gw_example {
	const char *cmd, *what;
};

/* A command's reference. synopsis: the forms after prog, one a line
 * ("\n"-separated); env: the variables it reads, space-separated, each
 * described once in cli/cmds.h's GW_ENVS; exits: its exit statuses,
 * space-separated, each one a row of common/exitcodes.h's GW_EXITS. */
struct gw_cmdref {
	const char *prog, *synopsis, *summary;
	const struct gw_opt *opts;
	unsigned long nopts;
	const char *env, *exits;
	const struct gw_example *examples;
	unsigned long nexamples;
	const char *page; /* its manual page, "gowrap-audit(1)" */
};

/* The option row of r named by arg ("--goroot", or "--goroot=DIR"), or
 * NULL; *inline_value set when the value came after '='. */
const struct gw_opt *gw_opt_find(const struct gw_cmdref *r, const char *arg, int *inline_value);

/* r's --help text into out: usage lines, summary, options, environment,
 * exit statuses (with their meanings), where the manual page is. */
void gw_help(struct sb *out, const struct gw_cmdref *r);

#endif
