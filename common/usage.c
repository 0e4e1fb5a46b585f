/* usage.c — gw_opt_find and gw_help (usage.h). */
#include "compat.h"
#include "usage.h"
#include "strbuf.h"

#include <string.h>

/* Lines of --help stay within a terminal's 100 columns. */
#define HELP_WIDTH 100
#define OPT_COLUMN 26

const struct gw_opt *gw_opt_find(const struct gw_cmdref *r, const char *arg, int *inline_value)
{
	size_t n = strcspn(arg, "=");
	*inline_value = arg[n] == '=';
	for (unsigned long i = 0; i < r->nopts; i++) {
		const struct gw_opt *o = &r->opts[i];
		if (strlen(o->name) == n && !strncmp(o->name, arg, n) && (!*inline_value || o->arg[0]))
			return o;
	}
	return NULL;
}

/* text from column col on, words wrapped at HELP_WIDTH, continuation lines
 * indented to indent. */
static void wrap(struct sb *out, const char *text, size_t col, size_t indent, const char *breaks)
{
	while (*text) {
		size_t n = strcspn(text + 1, breaks) + 1;
		if (col > indent && col + n > HELP_WIDTH) {
			sb_addf(out, "\n%*s", (int)indent, "");
			col = indent;
			while (*text == ' ')
				text++, n--;
		}
		sb_add(out, text, n);
		col += n;
		text += n;
	}
	sb_addc(out, '\n');
}

/* One form of the synopsis, broken only between its bracketed groups. */
static void usage_form(struct sb *out, const char *form, size_t n, size_t col)
{
	size_t indent = col + strcspn(form, "[") % (n + 1), depth = 0, start = 0;
	for (size_t i = 0; i <= n; i++) {
		char c = i < n ? form[i] : ' ';
		depth += c == '[';
		depth -= c == ']' && depth;
		if (c != ' ' || depth)
			continue;
		size_t len = i - start;
		if (col > indent && col + len + 1 > HELP_WIDTH) {
			sb_addf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (start) {
			sb_addc(out, ' ');
			col++;
		}
		sb_add(out, form + start, len);
		col += len;
		start = i + 1;
	}
	sb_addc(out, '\n');
}

static void usage_lines(struct sb *out, const struct gw_cmdref *r)
{
	const char *lead = "usage: ";
	for (const char *p = r->synopsis; *p;) {
		size_t n = strcspn(p, "\n");
		sb_addf(out, "%s%s ", lead, r->prog);
		usage_form(out, p, n, strlen(lead) + strlen(r->prog) + 1);
		lead = "       ";
		p += n + (p[n] == '\n');
	}
}

void gw_help(struct sb *out, const struct gw_cmdref *r)
{
	usage_lines(out, r);
	sb_addc(out, '\n');
	wrap(out, r->summary, 0, 0, " ");
	sb_adds(out, "\noptions:\n");
	for (unsigned long i = 0; i < r->nopts; i++) {
		const struct gw_opt *o = &r->opts[i];
		if (!o->help)
			continue;
		struct sb head = SB_INIT;
		sb_addf(&head, "  %s%s%s", o->name, o->arg[0] ? " " : "", o->arg);
		if (head.len + 2 > OPT_COLUMN)
			sb_addf(out, "%s\n%*s", head.buf, OPT_COLUMN, "");
		else
			sb_addf(out, "%-*s", OPT_COLUMN, head.buf);
		wrap(out, o->help, OPT_COLUMN, OPT_COLUMN, " ");
		sb_release(&head);
	}
	sb_addf(out, "%-*s%s\n", OPT_COLUMN, "  -h, --help", "print this help and exit 0");
	sb_addc(out, '\n');
	if (r->env[0]) {
		sb_adds(out, "environment: ");
		wrap(out, r->env, 13, 13, " ");
	}
	sb_adds(out, "exit status: ");
	wrap(out, r->exits, 13, 13, " ");
	sb_addf(out, "\nThe manual, %s, has each variable and exit status and examples.\n", r->page);
}
