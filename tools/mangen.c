/* mangen.c — the manual pages, made from the one command table.
 *
 *     mangen OUTDIR MANDIR VERSION DATE
 *
 * Writes into OUTDIR gowrap.1, one gowrap-CMD.1 per visible row of cli/cmds.h,
 * symcheck.1 (verify/symcheck_usage.h) and the section-5 pages of MANDIR
 * (copied). SYNOPSIS, OPTIONS, ENVIRONMENT, EXIT STATUS and EXAMPLES come
 * from the tables (cli/cmds.h, verify/symcheck_usage.h, common/exitcodes.h),
 * so they say what --help says; a page's DESCRIPTION (and gowrap.1's FILES)
 * is the hand-written roff of MANDIR/<page>.desc (.files), the one part that
 * is prose. A build-time tool: built with HOSTCC, like tools/embed.c, and run
 * by make. Exit 0, or 1 with a `mangen:` line when a file cannot be written
 * or a row names a variable or exit status the tables lack. */
#include "cmdrefs.h"
#include "exitcodes.h"
#include "symcheck_usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct exitrow {
	int code;
	const char *meaning;
};
#define EXIT_ROW(name, code, meaning) { code, meaning },
static const struct exitrow exits[] = { GW_EXITS(EXIT_ROW) };
#define ENV_ROW(name, what) { name, what },
static const struct gw_example envs[] = { GW_ENVS(ENV_ROW) };
#define MODE_ROW(mode, codes) { mode, codes },
static const struct gw_example modes[] = { GW_ACTION_MODES(MODE_ROW) };
#define NEL(a) (sizeof(a) / sizeof((a)[0]))

static const char *outdir, *mandir, *version, *date;
static int failed;

static void fail(const char *what, const char *name)
{
	fprintf(stderr, "mangen: %s: %s\n", what, name);
	failed = 1;
}

/* s as roff text: a backslash and a minus escaped, a line never starting
 * with a control character. */
static void esc(FILE *f, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else if (*s == '\n')
			fputs("\n", f);
		else
			fputc(*s, f);
	}
}

/* MANDIR/<page><ext> copied in, @VERSION@ and @DATE@ replaced; 1 when it
 * was there. */
static int fragment(FILE *f, const char *page, const char *ext)
{
	char p[4096], line[4096];
	snprintf(p, sizeof p, "%s/%s%s", mandir, page, ext);
	FILE *in = fopen(p, "r");
	if (!in)
		return 0;
	while (fgets(line, sizeof line, in)) {
		for (const char *s = line; *s;) {
			if (!strncmp(s, "@VERSION@", 9))
				fputs(version, f), s += 9;
			else if (!strncmp(s, "@DATE@", 6))
				fputs(date, f), s += 6;
			else
				fputc(*s++, f);
		}
	}
	fclose(in);
	return 1;
}

static const char *exit_meaning(int code)
{
	for (size_t i = 0; i < NEL(exits); i++)
		if (exits[i].code == code)
			return exits[i].meaning;
	return NULL;
}

static const char *env_what(const char *name, size_t n)
{
	for (size_t i = 0; i < NEL(envs); i++)
		if (strlen(envs[i].cmd) == n && !strncmp(envs[i].cmd, name, n))
			return envs[i].what;
	return NULL;
}

static void header(FILE *f, const char *name, const char *section, const char *summary)
{
	char up[128];
	size_t i = 0;
	for (; name[i] && i < sizeof up - 1; i++)
		up[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
	up[i] = '\0';
	fprintf(f, ".\\\" Made by tools/mangen.c from the command table; edit cli/cmds.h or man/.\n");
	fprintf(f, ".TH %s %s %s \"gowrap %s\" \"gowrap manual\"\n.SH NAME\n", up, section, date, version);
	esc(f, name);
	fputs(" \\- ", f);
	esc(f, summary);
	fputs("\n", f);
}

static void synopsis(FILE *f, const struct gw_cmdref *r)
{
	fputs(".SH SYNOPSIS\n", f);
	for (const char *p = r->synopsis; *p;) {
		size_t n = strcspn(p, "\n");
		char form[1024];
		snprintf(form, sizeof form, "%.*s", (int)n, p);
		fprintf(f, "%s.B %s\n", p == r->synopsis ? "" : ".br\n", r->prog);
		esc(f, form);
		fputs("\n", f);
		p += n + (p[n] == '\n');
	}
}

static void options(FILE *f, const struct gw_cmdref *r)
{
	fputs(".SH OPTIONS\n", f);
	for (unsigned long i = 0; i < r->nopts; i++) {
		const struct gw_opt *o = &r->opts[i];
		if (!o->help)
			continue;
		fputs(o->arg[0] ? ".TP\n.BI \"" : ".TP\n.B \"", f);
		esc(f, o->name);
		if (o->arg[0]) {
			fputs(" \" \"", f);
			esc(f, o->arg);
		}
		fputs("\"\n", f);
		esc(f, o->help);
		fputs("\n", f);
	}
	fputs(".TP\n.BR \\-h \", \" \\-\\-help\nprint the usage, the options and the exit statuses on stdout, and "
	      "exit 0\n",
	      f);
}

static void environment(FILE *f, const char *list, const char *page)
{
	if (!*list)
		return;
	fputs(".SH ENVIRONMENT\n", f);
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, " ");
		const char *what = env_what(p, n);
		char name[128];
		snprintf(name, sizeof name, "%.*s", (int)n, p);
		if (!what)
			fail("the row names a variable GW_ENVS lacks", name);
		fprintf(f, ".TP\n.B %s\n", name);
		esc(f, what ? what : "");
		fputs("\n", f);
		p += n + (p[n] == ' ');
	}
	(void)page;
}

/* EXIT STATUS: each code of list with its meaning from GW_EXITS. */
static void exit_status(FILE *f, const char *list)
{
	fputs(".SH EXIT STATUS\n", f);
	for (const char *p = list; *p;) {
		char *end;
		long code = strtol(p, &end, 10);
		const char *m = exit_meaning((int)code);
		if (!m || end == p) {
			fail("an exit status common/exitcodes.h lacks", p);
			break;
		}
		fprintf(f, ".TP\n.B %ld\n", code);
		esc(f, m);
		fputs("\n", f);
		p = *end ? end + 1 : end;
	}
}

static void examples(FILE *f, const struct gw_example *ex, unsigned long n)
{
	if (!n)
		return;
	fputs(".SH EXAMPLES\n", f);
	for (unsigned long i = 0; i < n; i++) {
		fputs(".TP\n.B ", f);
		esc(f, ex[i].cmd);
		fputs("\n", f);
		esc(f, ex[i].what);
		fputs("\n", f);
	}
}

static FILE *open_page(const char *name, const char *section)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/%s.%s", outdir, name, section);
	FILE *f = fopen(p, "w");
	if (!f)
		fail("cannot write", p);
	return f;
}

static void close_page(FILE *f, const char *name)
{
	if (ferror(f) | fclose(f))
		fail("cannot write", name);
}

static void command_page(const struct gw_cmdref *r, const char *cmd)
{
	char name[128];
	snprintf(name, sizeof name, "%s%s%s", r->prog, cmd ? "-" : "", cmd ? cmd : "");
	FILE *f = open_page(name, "1");
	if (!f)
		return;
	header(f, name, "1", r->summary);
	synopsis(f, r);
	fputs(".SH DESCRIPTION\n", f);
	if (!fragment(f, name, ".desc")) {
		esc(f, r->summary);
		fputs(".\n", f);
	}
	options(f, r);
	environment(f, r->env, name);
	exit_status(f, r->exits);
	examples(f, r->examples, r->nexamples);
	fputs(".SH SEE ALSO\n.BR gowrap (1)", f);
	fputs(cmd ? ", " : "", f);
	if (cmd && !strcmp(cmd, "audit"))
		fputs(".BR gowrap\\-audit.toml (5),\n", f);
	fputs(cmd ? ".BR symcheck (1)\n" : "\n", f);
	close_page(f, name);
}

static int listed(const char *list, const char *want)
{
	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strcspn(p, " ") == strlen(want) && !strncmp(p, want, strlen(want)))
			return 1;
	return 0;
}

/* Who exits with code: the shim, the commands, symcheck, the Action's modes. */
static void users_of(FILE *f, int code)
{
	char want[8];
	snprintf(want, sizeof want, "%d", code);
	const char *sep = "Used by: ";
	if (listed(GW_SHIM_EXITS, want)) {
		fputs("Used by: the go shim", f);
		sep = ", ";
	}
	for (size_t i = 0; i <= GW_NCMDS; i++) {
		const struct gw_cmdref *r = i < GW_NCMDS ? &gw_cmdrefs[i] : &symcheck_ref;
		if (!r->synopsis)
			continue;
		if (listed(r->exits, want)) {
				fprintf(f, "%s%s%s%s", sep, r->prog, i < GW_NCMDS ? " " : "",
					i < GW_NCMDS ? gw_cmdnames[i] : "");
				sep = ", ";
			}
	}
	for (size_t i = 0; i < NEL(modes); i++)
		if (listed(modes[i].what, want)) {
				fprintf(f, "%sthe Action's %s mode", sep, modes[i].cmd);
				sep = ", ";
			}
	fputs(*sep == ',' ? ".\n" : "nothing.\n", f);
}

/* gowrap(1): the commands, every variable, the whole exit-status table. */
static void main_page(void)
{
	FILE *f = open_page("gowrap", "1");
	if (!f)
		return;
	header(f, "gowrap", "1", "make Go's internal/cpu right on iOS: the go shim and its commands");
	fputs(".SH SYNOPSIS\n.B go\n.I go-arguments\n.br\n.B gowrap\n.I command\n.RI [ arguments ]\n"
	      ".br\n.B gowrap help\n.RI [ command ]\n.SH DESCRIPTION\n", f);
	fragment(f, "gowrap", ".desc");
	fputs(".SH COMMANDS\n", f);
	for (size_t i = 0; i < GW_NCMDS; i++) {
		if (!gw_cmdrefs[i].synopsis)
			continue;
		fprintf(f, ".TP\n.BR gowrap\\-%s (1)\n", gw_cmdnames[i]);
		esc(f, gw_cmdrefs[i].summary);
		fputs("\n", f);
	}
	fputs(".SH ENVIRONMENT\n", f);
	for (size_t i = 0; i < NEL(envs); i++) {
		fprintf(f, ".TP\n.B %s\n", envs[i].cmd);
		esc(f, envs[i].what);
		fputs("\n", f);
	}
	fputs(".SH FILES\n", f);
	fragment(f, "gowrap", ".files");
	fputs(".SH EXIT STATUS\nThe go shim passes the real go's exit status (and death by signal) through "
	      "unchanged. When gowrap, symcheck or the GitHub Action stops, it prints one line\n"
	      ".B gowrap: what failed: why (fix: what to do)\nand exits with one of these:\n", f);
	for (size_t i = 0; i < NEL(exits); i++) {
		fprintf(f, ".TP\n.B %d\n", exits[i].code);
		esc(f, exits[i].meaning);
		fputs(".\n", f);
		users_of(f, exits[i].code);
	}
	fputs(".PP\nThe GitHub Action (action.yml) exits, by mode:\n", f);
	for (size_t i = 0; i < NEL(modes); i++)
		fprintf(f, ".TP\n.B %s\n%s\n", modes[i].cmd, modes[i].what);
	fputs(".SH EXAMPLES\n", f);
	fragment(f, "gowrap", ".examples");
	fputs(".SH SEE ALSO\n", f);
	for (size_t i = 0; i < GW_NCMDS; i++)
		if (gw_cmdrefs[i].synopsis)
			fprintf(f, ".BR gowrap\\-%s (1),\n", gw_cmdnames[i]);
	fputs(".BR symcheck (1),\n.BR gowrap\\-audit.toml (5)\n", f);
	close_page(f, "gowrap");
}

static void copy_page(const char *name, const char *section)
{
	char src[128];
	snprintf(src, sizeof src, "%s.%s", name, section);
	FILE *f = open_page(name, section);
	if (!f)
		return;
	if (!fragment(f, src, ""))
		fail("no such page in the man folder", src);
	close_page(f, src);
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: mangen OUTDIR MANDIR VERSION DATE\n");
		return 2;
	}
	outdir = argv[1], mandir = argv[2], version = argv[3], date = argv[4];
	main_page();
	for (size_t i = 0; i < GW_NCMDS; i++)
		if (gw_cmdrefs[i].synopsis)
			command_page(&gw_cmdrefs[i], gw_cmdnames[i]);
	command_page(&symcheck_ref, NULL);
	copy_page("gowrap-audit.toml", "5");
	return failed;
}
