/* seen_table — drives what gowrap audit makes of a package's sources when no
 * rule of deps/table.c holds for it (deps/seen.h, the rules and words of
 * deps/evidence.c), with no go command, for tests/unit.bats. A case is one
 * package's sources, each given by kind and name, its bytes from
 * tests/unit/seen/files/ (the real files the rules were read in, by git blob
 * id, and small edited or written ones, each named for what it is).
 * tests/unit/seen.table:
 *     in: MODULE@VERSION         what the names are in; starts a case
 *     family: ios|linux|android|other    the target's family
 *     arch: GOARCH               the target's GOARCH (default arm64; kept)
 *     src: go|asm|c NAME FILE    one source (FILE under seen/files)
 *     expect: key=value ...      what= (none, rule, unknown) rule= verdict=
 *                                (right, defective, nochoice, otherarch)
 *                                files= why= (unit_expect.h)
 * (graph_table --words checks every rule holds a line with a word.) Prints
 * one line per mismatch, then "N cases, N failed"; exit 1 if any failed, 2
 * on a bad table. */
#include "compat.h"
#include "seen.h"
#include "unit_expect.h"

struct scase {
	struct dp_srcs s;
	struct dp_seen out;
};

static void field(const char *key, struct sb *out, void *arg)
{
	const struct scase *c = arg;
	const struct dp_seen *o = &c->out;
	if (!strcmp(key, "what"))
		sb_adds(out, o->what == DP_SEEN_RULE ? "rule" : o->what == DP_SEEN_UNKNOWN ? "unknown" : "none");
	else if (!strcmp(key, "rule"))
		sb_adds(out, o->rule ? o->rule->name : "-");
	else if (!strcmp(key, "verdict"))
		sb_adds(out, !o->rule ? "-" : o->rule->verdict == DP_SEEN_RIGHT ? "right"
			     : o->rule->verdict == DP_SEEN_NOCHOICE ? "nochoice"
			     : o->rule->verdict == DP_SEEN_OTHERARCH ? "otherarch" : "defective");
	else if (!strcmp(key, "files"))
		sb_adds(out, o->files[0] ? o->files : "-");
	else if (!strcmp(key, "why"))
		sb_adds(out, o->why[0] ? o->why : "-");
	else {
		fprintf(stderr, "unknown key %s\n", key);
		exit(2);
	}
}

/* "KIND NAME FILE" into the case's sources. */
static void add_src(struct dp_srcs *s, const char *dir, const char *v)
{
	char kind[8], name[512], file[128];
	if (sscanf(v, "%7s %511s %127s", kind, name, file) != 3)
		exit(2);
	struct dp_src f = { NULL, NULL, gw_xstrdup(name), DP_SRC_C, 0, SB_INIT };
	f.kind = !strcmp(kind, "go") ? DP_SRC_GO : !strcmp(kind, "asm") ? DP_SRC_ASM : DP_SRC_C;
	struct sb p = SB_INIT;
	sb_addf(&p, "%s/%s", dir, file);
	if (sb_read_file(&f.bytes, p.buf, 1u << 22) < 0) {
		fprintf(stderr, "cannot read %s\n", p.buf);
		exit(2);
	}
	f.path = sb_detach(&p);
	f.real = gw_xstrdup(f.path);
	s->v = gw_xrealloc(s->v, (s->n + 1) * sizeof *s->v);
	s->v[s->n++] = f;
}

static char arch[32] = "arm64"; /* the target's GOARCH (`arch:`) */

/* One line of the table into the case; -1 on a bad table. */
static int table_line(struct scase *c, const char *dir, int *family, const char *l, int line, int *cases)
{
	const char *v;
	if (l[0] == '#' || !l[0])
		return 0;
	if ((v = ux_tag(l, "in"))) {
		dp_srcs_free(&c->s);
		c->s.in = gw_xstrdup(v);
	} else if ((v = ux_tag(l, "family"))) {
		*family = !strcmp(v, "ios") ? DP_FAM_IOS : !strcmp(v, "linux") ? DP_FAM_LINUX
				 : !strcmp(v, "android") ? DP_FAM_ANDROID : !strcmp(v, "other") ? DP_FAM_OTHER : 0;
		return *family ? 0 : -1;
	} else if ((v = ux_tag(l, "arch"))) {
		snprintf(arch, sizeof arch, "%s", v);
	} else if ((v = ux_tag(l, "src"))) {
		add_src(&c->s, dir, v);
	} else if ((v = ux_tag(l, "expect"))) {
		if (!*family || !c->s.in)
			return -1;
		dp_seen_classify(&c->s, *family, arch, &c->out);
		(*cases)++;
		return ux_expect(line, c->s.in, v, field, c);
	} else {
		fprintf(stderr, "line %d: not a table line\n", line);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct sb t = SB_INIT;
	if (argc != 2 || sb_read_file(&t, argv[1], 1u << 22) < 0)
		return 2;
	char *dir = ux_rel(argv[1], "seen/files");
	struct scase c;
	memset(&c, 0, sizeof c);
	int line = 0, fails = 0, cases = 0, family = 0;
	for (char *l = t.buf, *nl; l && *l; l = nl ? nl + 1 : NULL) {
		nl = strchr(l, '\n');
		if (nl)
			*nl = 0;
		int r = table_line(&c, dir, &family, l, ++line, &cases);
		if (r < 0)
			return 2;
		fails += r;
	}
	dp_srcs_free(&c.s);
	sb_release(&t);
	free(dir);
	printf("%d cases, %d failed\n", cases, fails);
	return fails ? 1 : 0;
}
