/* fuzz_cmdline.c — libFuzzer target over the go command-line model
 * (shim/cmdline.h): argv, GOFLAGS and the go env file.
 *
 * Promise: splits each input into a GOFLAGS value, an argv and the bytes of
 * a go env file, and runs shim_cmdline_parse over them the way the shim
 * does: GOFLAGS in the environment (empty: cmd/go reads the file), the file
 * named by GOENV (GOOS, GOARCH and GOFLAGS come from it when the
 * environment is silent), GOROOT pointing nowhere. ASan and UBSan see every
 * read; and what cmdline.h promises is checked, aborting when broken so
 * libFuzzer reports it: every index the model gives is inside argv and
 * holds what it says; the target is never NULL or empty; shim_cmdline_argv
 * keeps the caller's argv in order, adds or replaces exactly what it was
 * asked to; and the argv it builds, read by the model again, answers the
 * overlay and toolexec it was given and the same subcommand and packages.
 * The input is GOFLAGS NUL ARG0 NUL ARG1 ... NUL NUL ENVFILE (argv has no
 * empty argument; the env file is any bytes). It lives in tests/, as the
 * corpus driver does, because it sets GOFLAGS, which no code of a module but
 * the model's may name (tests/layout.bats). Built and run by `make fuzz`
 * (tests/helpers/run-fuzz.sh); seeded from tests/unit/cmdline.corpus. */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "cmdline.h"
#include "strbuf.h"
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int envfd = -1;

static void require(int ok)
{
	if (!ok)
		abort();
}

/* The env file: deleted at once, read through /proc/self/fd (Linux, where
 * libFuzzer runs), so no run leaves one behind; in /dev/shm (memory) when
 * there is one, as it is rewritten and read five times every execution. */
static void setup(void)
{
	char tmpl[64], path[64];
	const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(tmpl, sizeof tmpl, "%s/gowrap-fuzz-goenv-XXXXXX", dir);
	envfd = mkstemp(tmpl);
	require(envfd >= 0);
	unlink(tmpl);
	snprintf(path, sizeof path, "/proc/self/fd/%d", envfd);
	setenv("GOENV", path, 1);
	setenv("GOROOT", "/nonexistent", 1);
	unsetenv("GOOS");
	unsetenv("GOARCH");
}

static void release(struct shim_cmdline *cl)
{
	gw_strv_free(&cl->pkgs, &cl->npkgs);
	gw_strv_free(&cl->listflags, &cl->nlistflags);
	gw_words_free(&cl->gf);
	free(cl->goos);
	free(cl->goarch);
	free(cl->goflags);
}

/* An argv index the model gives: -1, or inside argv. */
static int index_ok(const struct shim_cmdline *cl, int i)
{
	return i >= -1 && i < cl->argc;
}

/* A value taken from argv[i]: the whole argument, or what follows its '='. */
static int value_from(const struct shim_cmdline *cl, const char *v, int i, int inl)
{
	if (!v || i < 0)
		return !v && i < 0;
	const char *a = cl->argv[i], *eq = strchr(a, '=');
	return inl ? eq && v == eq + 1 : v == a;
}

static void check_model(const struct shim_cmdline *cl)
{
	require(cl->goos && cl->goos[0] && cl->goarch && cl->goarch[0] && cl->goflags);
	require(!cl->goflags_bad || cl->gf.n == 0);
	require(cl->gf.v && cl->gf.v[cl->gf.n] == NULL);
	require(index_ok(cl, cl->sub_idx) && index_ok(cl, cl->args_idx));
	require(cl->sub_idx < 0 ? !cl->sub : cl->sub == cl->argv[cl->sub_idx]);
	require(cl->sub_idx <= 0 || (cl->insert_at > cl->sub_idx && cl->insert_at <= cl->argc));
	require(index_ok(cl, cl->overlay_idx) && index_ok(cl, cl->toolexec_idx));
	require(value_from(cl, cl->overlay, cl->overlay_idx, cl->overlay_inline));
	if (cl->toolexec_argv)
		require(value_from(cl, cl->toolexec, cl->toolexec_idx, cl->toolexec_inline));
	else
		require(cl->toolexec_idx < 0);
	require(cl->pkgs[cl->npkgs] == NULL && cl->listflags[cl->nlistflags] == NULL);
	int ios = shim_cmdline_ios_tag(cl);
	require(ios >= -1 && ios <= 1);
}

/* go's argv for (ov, te): the caller's arguments in order, each one kept
 * but the replaced ones, plus the inserted flags; then read again. */
static void check_argv(const struct shim_cmdline *cl, const char *ov, const char *te)
{
	char **v = shim_cmdline_argv(cl, ov, te);
	int added = (ov && cl->overlay_idx < 0) + (te && cl->toolexec_idx < 0), n = 0;
	while (v[n])
		n++;
	require(n == cl->argc + added);
	char *ours = gw_xcalloc((size_t)n + 1, 1); /* the strings the builder added */
	for (int i = 0, j = 0; i < cl->argc; i++, j++) {
		if (j == (cl->insert_at > 0 ? cl->insert_at : cl->argc))
			for (int k = 0; k < added; k++)
				ours[j++] = 1;
		int replaced = (ov && i == cl->overlay_idx) || (te && i == cl->toolexec_idx);
		require(replaced ? v[j] != cl->argv[i] : v[j] == cl->argv[i]);
		ours[j] = (char)replaced;
	}
	if (added && (cl->insert_at > 0 ? cl->insert_at : cl->argc) == cl->argc)
		for (int j = cl->argc; j < n; j++)
			ours[j] = 1;
	struct shim_cmdline again;
	shim_cmdline_parse(n, v, "/nonexistent/bin/go", &again);
	require(again.sub_idx == (cl->sub_idx < 0 ? -1 : cl->sub_idx) && again.npkgs == cl->npkgs);
	for (size_t k = 0; k < cl->npkgs; k++)
		require(strcmp(again.pkgs[k], cl->pkgs[k]) == 0);
	if (cl->build_sub && cl->sub_idx > 0) {
		require(!ov || (again.overlay && strcmp(again.overlay, ov) == 0));
		require(!te || (again.toolexec_argv && strcmp(again.toolexec, te) == 0));
	}
	release(&again);
	for (int j = 0; j < n; j++)
		if (ours[j])
			free(v[j]);
	free(ours);
	free(v);
}

/* The input's three parts; argv entries point into the copy. */
static char *split(const uint8_t *data, size_t size, char ***argv, int *argc, size_t *envat)
{
	char *s = gw_xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	size_t i = strlen(s);
	*argv = gw_xcalloc(size / 2 + 2, sizeof **argv);
	*argc = 0;
	*envat = size;
	while (i < size) {
		i++; /* the NUL ending the last part */
		if (i < size && s[i] == '\0') {
			*envat = i + 1;
			break;
		}
		if (i < size)
			(*argv)[(*argc)++] = s + i;
		i += strlen(s + i);
	}
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (envfd < 0)
		setup();
	char **argv;
	int argc;
	size_t envat;
	char *s = split(data, size, &argv, &argc, &envat);
	if (envat < size)
		require(pwrite(envfd, data + envat, size - envat, 0) == (ssize_t)(size - envat));
	require(ftruncate(envfd, (off_t)(size - envat)) == 0);
	setenv("GOFLAGS", s, 1);
	struct shim_cmdline cl;
	shim_cmdline_parse(argc, argv, "/nonexistent/bin/go", &cl);
	check_model(&cl);
	check_argv(&cl, NULL, NULL);
	check_argv(&cl, "/ov.json", NULL);
	check_argv(&cl, NULL, "/te");
	check_argv(&cl, "/ov.json", "/te");
	release(&cl);
	free(argv);
	free(s);
	return 0;
}
