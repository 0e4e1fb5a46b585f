/* cmd_audit.c — `gowrap audit [--format text|json|sarif|github] [--ids]
 * [--reviewed FILE] [build flags] [packages]`: reads gowrap's options out of
 * the command line, the rest going on to go list as given; the audit is
 * audit/'s (audit_out.h: au_audit). Exit 2 for a usage error, else
 * au_audit's. */
#include "compat.h"
#include "audit_out.h"
#include "cmds.h"
#include "report.h"
#include "strbuf.h"
#include "version.h"

#include <stdlib.h>
#include <string.h>

#define AUDIT_USAGE "usage: gowrap audit [--format text|json|sarif|github] [--json] [--ids] [--reviewed FILE] [build flags] [packages]"

/* One of ours at argv[*i]: 1 taken, 0 not ours, else -2 - exit code. */
static int our_arg(int argc, char **argv, int *i, struct au_run *o)
{
	const char *v = NULL;
	int t;
	if (strcmp(argv[*i], "--json") == 0)
		o->fmt = AU_JSON;
	else if (strcmp(argv[*i], "--ids") == 0)
		o->ids = 1;
	else if (strcmp(argv[*i], "-h") == 0 || strcmp(argv[*i], "--help") == 0)
		return -2 - gw_usage(AUDIT_USAGE, 1);
	else if ((t = cli_opt_value(argc, argv, i, "--reviewed", &v)) != 0) {
		if (t < 0 || !v[0])
			return -2 - gw_usage(AUDIT_USAGE, 0);
		o->reviewed = v;
	} else if ((t = cli_opt_value(argc, argv, i, "--format", &v)) != 0) {
		static const char *names[] = { "text", "json", "sarif", "github" };
		int k = 4;
		while (t > 0 && k > 0 && strcmp(v, names[k - 1]) != 0)
			k--;
		if (k == 0 || t < 0)
			return -2 - gw_usage(AUDIT_USAGE, 0);
		o->fmt = (enum au_format)(k - 1);
	} else
		return 0;
	return 1;
}

/* The user's arguments without ours; -1 to go on, else the exit code. */
static int args_of(int argc, char **argv, struct au_run *o, char ***out, size_t *n)
{
	*out = gw_xcalloc((size_t)argc + 1, sizeof **out);
	*n = 0;
	for (int i = 1; i < argc; i++) {
		int t = our_arg(argc, argv, &i, o);
		if (t < 0)
			return -2 - t;
		if (t == 0)
			(*out)[(*n)++] = argv[i];
	}
	return -1;
}

int cmd_audit(int argc, char **argv)
{
	struct au_run o = { AU_TEXT, 0, NULL, GOWRAP_VERSION };
	char **args;
	size_t n;
	int rc = args_of(argc, argv, &o, &args, &n);
	if (rc < 0)
		rc = au_audit(&o, args, n);
	free(args);
	return rc;
}
