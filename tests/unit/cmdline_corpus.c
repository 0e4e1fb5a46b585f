/* cmdline_corpus — drives shim/cmdline.h over tests/unit/cmdline.corpus for
 * tests/unit.bats: each case is a real go command line (and GOFLAGS), and
 * the fields the model must answer. A case is
 *     argv: go build -o OUT .          (split as GOFLAGS is: quotes group)
 *     goflags: -tags=ios               (optional)
 *     add: OV TE                       (optional: the argv go gets with
 *                                       -overlay=OV and -toolexec=TE; - for none)
 *     expect: key=value key=value ...  (only the keys named are compared;
 *                                       "key=a value with spaces")
 * (an argv may have several expect lines; goflags and add apply to the
 * argv above them, add to the next expect only). Lists print joined by ',' (pkgs) or ' ' (flags,
 * argv). Prints one line per mismatch; exit 1 if any, 2 on a bad corpus. */
#include "compat.h"
#include "cmdline.h"
#include "strbuf.h"
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void join(struct sb *s, char *const *v, size_t n, char sep)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_addc(s, sep);
		sb_adds(s, v[i]);
	}
}

/* The model's answer for key, as the corpus spells it. */
static void field(const struct shim_cmdline *cl, const char *key, const char *add, struct sb *out)
{
	const char *s = NULL;
	if (!strcmp(key, "sub"))
		s = cl->sub;
	else if (!strcmp(key, "chdir"))
		s = cl->chdir;
	else if (!strcmp(key, "tags"))
		s = cl->tags;
	else if (!strcmp(key, "overlay"))
		s = cl->overlay;
	else if (!strcmp(key, "gf_overlay"))
		s = cl->gf_overlay;
	else if (!strcmp(key, "toolexec"))
		s = cl->toolexec;
	else if (!strcmp(key, "modfile"))
		s = cl->modfile;
	else if (!strcmp(key, "mod"))
		s = cl->mod;
	else if (!strcmp(key, "output"))
		s = cl->output;
	else if (!strcmp(key, "buildmode"))
		s = cl->buildmode;
	if (s || !strcmp(key, "sub") || !strcmp(key, "chdir") || !strcmp(key, "tags") ||
	    !strcmp(key, "overlay") || !strcmp(key, "gf_overlay") || !strcmp(key, "toolexec") ||
	    !strcmp(key, "modfile") || !strcmp(key, "mod") || !strcmp(key, "output") ||
	    !strcmp(key, "buildmode")) {
		sb_adds(out, s ? s : "-");
		return;
	}
	if (!strcmp(key, "insert_at"))
		sb_addf(out, "%d", cl->insert_at);
	else if (!strcmp(key, "toolexec_argv"))
		sb_addf(out, "%d", cl->toolexec_argv);
	else if (!strcmp(key, "test_c"))
		sb_addf(out, "%d", cl->test_c);
	else if (!strcmp(key, "at_version"))
		sb_addf(out, "%d", cl->pkg_at_version);
	else if (!strcmp(key, "goflags_bad"))
		sb_addf(out, "%d", cl->goflags_bad);
	else if (!strcmp(key, "build_sub"))
		sb_addf(out, "%d", cl->build_sub);
	else if (!strcmp(key, "ios"))
		sb_addf(out, "%d", shim_cmdline_ios_tag(cl));
	else if (!strcmp(key, "pkgs"))
		join(out, cl->pkgs, cl->npkgs, ',');
	else if (!strcmp(key, "listflags"))
		join(out, cl->listflags, cl->nlistflags, ' ');
	else if (!strcmp(key, "argv")) {
		struct gw_words a;
		if (gw_split_quoted(add ? add : "- -", &a) < 0 || a.n != 2)
			exit(2);
		char **v = shim_cmdline_argv(cl, strcmp(a.v[0], "-") ? a.v[0] : NULL,
					     strcmp(a.v[1], "-") ? a.v[1] : NULL);
		size_t n = 0;
		while (v[n])
			n++;
		join(out, v, n, ' ');
		gw_words_free(&a);
	} else {
		fprintf(stderr, "unknown key %s\n", key);
		exit(2);
	}
}

static int run_case(int line, const char *argv_s, const char *goflags, const char *add,
		    const char *expect)
{
	struct gw_words a, ex;
	if (gw_split_quoted(argv_s, &a) < 0 || gw_split_quoted(expect, &ex) < 0)
		exit(2);
	setenv("GOFLAGS", goflags ? goflags : "", 1);
	struct shim_cmdline cl;
	shim_cmdline_parse((int)a.n, a.v, "/nonexistent/bin/go", &cl);
	int bad = 0;
	for (size_t i = 0; i < ex.n; i++) {
		char *eq = strchr(ex.v[i], '=');
		if (!eq)
			exit(2);
		*eq = 0;
		struct sb got = SB_INIT;
		field(&cl, ex.v[i], add, &got);
		if (strcmp(got.buf, eq + 1) != 0) {
			printf("line %d: %s: %s=%s, want %s\n", line, argv_s, ex.v[i], got.buf, eq + 1);
			bad = 1;
		}
		sb_release(&got);
	}
	return bad;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	FILE *f = fopen(argv[1], "r");
	if (!f)
		return 2;
	/* The model reads GOOS/GOARCH/GOFLAGS where go does: keep the go env
	 * files out of it. */
	setenv("GOENV", "off", 1);
	setenv("GOROOT", "/nonexistent", 1);
	setenv("GOOS", "ios", 1);
	setenv("GOARCH", "arm64", 1);
	char buf[4096], *av = NULL, *gf = NULL, *add = NULL;
	int line = 0, start = 0, fails = 0, cases = 0;
	while (fgets(buf, sizeof buf, f)) {
		line++;
		buf[strcspn(buf, "\n")] = 0;
		if (buf[0] == '#')
			continue;
		if (!strncmp(buf, "argv: ", 6)) {
			free(av);
			free(gf);
			gf = NULL;
			av = gw_xstrdup(buf + 6);
			start = line;
		} else if (!strncmp(buf, "goflags: ", 9)) {
			gf = gw_xstrdup(buf + 9);
		} else if (!strncmp(buf, "add: ", 5)) {
			add = gw_xstrdup(buf + 5);
		} else if (!strncmp(buf, "expect: ", 8)) {
			if (!av)
				return 2;
			fails += run_case(start, av, gf, add, buf + 8);
			cases++;
			free(add);
			add = NULL;
		} else if (buf[0]) {
			fprintf(stderr, "line %d: not a corpus line\n", line);
			return 2;
		}
	}
	fclose(f);
	free(av);
	free(gf);
	printf("%d cases, %d failed\n", cases, fails);
	return fails ? 1 : 0;
}
