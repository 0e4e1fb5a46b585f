/* target_table — drives the shim's target decision over
 * tests/unit/target.table for tests/unit.bats: dp_family (deps.h) for each
 * GOOS/GOARCH/iOS-family combination, and shim_target (target.h) for real
 * command lines read by the model (cmdline.h: GOOS, GOARCH and GOFLAGS from
 * the environment, -tags from argv or GOFLAGS). Lines:
 *     family: GOOS GOARCH IOS_FAMILY WANT   (WANT: ios, linux, android or none)
 *     env: GOOS=ios GOARCH=arm64 ...        (the next argv's environment)
 *     argv: go build -tags ios .
 *     expect: ios=1 family=ios tag=1 "pass=why it passes through"   (pass=-: it does not)
 * Prints one line per mismatch, then "N cases, N failed"; exit 1 if any
 * failed, 2 on a bad table. */
#include "compat.h"
#include "cmdline.h"
#include "deps.h"
#include "target.h"
#include "unit_expect.h"

struct tcase {
	struct shim_cmdline cl;
	int tag;
	struct shim_target t;
	const char *pass;
};

static void field(const char *key, struct sb *out, void *arg)
{
	const struct tcase *c = arg;
	if (!strcmp(key, "ios"))
		sb_addf(out, "%d", c->t.ios);
	else if (!strcmp(key, "family"))
		sb_adds(out, ux_family_name(c->t.family));
	else if (!strcmp(key, "tag"))
		sb_addf(out, "%d", c->tag);
	else if (!strcmp(key, "pass"))
		sb_adds(out, c->pass ? c->pass : "-");
	else if (!strcmp(key, "goos"))
		sb_adds(out, c->cl.goos);
	else if (!strcmp(key, "goarch"))
		sb_adds(out, c->cl.goarch);
	else {
		fprintf(stderr, "unknown key %s\n", key);
		exit(2);
	}
}

/* env: NAME=VALUE words; GOOS, GOARCH and GOFLAGS not named are unset. */
static void set_env(const char *list)
{
	struct gw_words w;
	if (gw_split_quoted(list, &w) < 0)
		exit(2);
	unsetenv("GOOS");
	unsetenv("GOARCH");
	unsetenv("GOFLAGS");
	for (size_t i = 0; i < w.n; i++) {
		char *eq = strchr(w.v[i], '=');
		if (!eq)
			exit(2);
		*eq = 0;
		setenv(w.v[i], eq + 1, 1);
	}
	gw_words_free(&w);
}

static int family_row(int line, const char *row)
{
	char goos[64], goarch[64], want[16];
	int iosf;
	if (sscanf(row, "%63s %63s %d %15s", goos, goarch, &iosf, want) != 4)
		exit(2);
	const char *got = ux_family_name(dp_family(goos, goarch, iosf));
	if (strcmp(got, want) == 0)
		return 0;
	printf("line %d: dp_family(%s, %s, %d)=%s, want %s\n", line, goos, goarch, iosf, got, want);
	return 1;
}

static int argv_case(int line, const char *argv_s, const char *expect)
{
	struct gw_words a;
	if (gw_split_quoted(argv_s, &a) < 0)
		exit(2);
	struct tcase c;
	shim_cmdline_parse((int)a.n, a.v, "/nonexistent/bin/go", &c.cl);
	if (!c.cl.sub || !c.cl.build_sub) {
		fprintf(stderr, "line %d: not a build subcommand\n", line);
		exit(2);
	}
	c.tag = shim_cmdline_ios_tag(&c.cl);
	c.pass = shim_target(c.cl.sub, c.cl.goos, c.cl.goarch, c.tag, &c.t);
	return ux_expect(line, argv_s, expect, field, &c);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	FILE *f = fopen(argv[1], "r");
	if (!f)
		return 2;
	/* Only the table's environment decides: no go env file, no go.env. */
	setenv("GOENV", "off", 1);
	setenv("GOROOT", "/nonexistent", 1);
	char buf[4096], *av = NULL;
	const char *v;
	int line = 0, start = 0, fails = 0, cases = 0;
	while (fgets(buf, sizeof buf, f)) {
		line++;
		buf[strcspn(buf, "\n")] = 0;
		if (buf[0] == '#' || !buf[0])
			continue;
		if ((v = ux_tag(buf, "family"))) {
			fails += family_row(line, v);
			cases++;
		} else if ((v = ux_tag(buf, "env"))) {
			set_env(v);
		} else if ((v = ux_tag(buf, "argv"))) {
			free(av);
			av = gw_xstrdup(v);
			start = line;
		} else if ((v = ux_tag(buf, "expect"))) {
			if (!av)
				return 2;
			fails += argv_case(start, av, v);
			cases++;
		} else {
			fprintf(stderr, "line %d: not a table line\n", line);
			return 2;
		}
	}
	fclose(f);
	free(av);
	printf("%d cases, %d failed\n", cases, fails);
	return fails ? 1 : 0;
}
