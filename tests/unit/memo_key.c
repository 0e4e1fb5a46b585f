/* memo_key — the keys of both memos (deps/memo.h: the gate's; shim/memo.h:
 * the overlay's) under one change at a time, for tests/unit.bats, in a
 * scratch directory (argv[1]) over tests/unit/memo_key.table (argv[2]):
 *     setup: OP ...                 applied for every case after it
 *     case: MEMOS EXPECT OP ...     MEMOS deps, shim or deps,shim; EXPECT
 *                                   differs, same or unkeyable
 * Each case computes each memo's key, applies OP, computes it again and
 * compares; then undoes OP (not a file write: a stat cannot be undone) and
 * requires the first key again — a key is the same on every call. OPs:
 *     env NAME=VALUE | unset NAME | reorder (the environment reversed)
 *     write REL TEXT (appends a line to a file beneath the scratch directory:
 *     its stat changes) | none
 *     go PATH | dir PATH (both memos); gowrap PATH (shim); sub S,
 *     family ios|linux, flag F, pkg P (appended), modfile F, cache PATH,
 *     toolexec T, at_version N (deps)
 * "@" in an argument is the scratch directory. The driver starts from an
 * environment of PATH alone. Prints one line per mismatch, then "N cases,
 * N failed"; exit 1 if any failed, 2 on a bad table. */
#include "compat.h"
#include "../../deps/memo.h"
#include "../../shim/memo.h"
#include "fsutil.h"
#include "unit_expect.h"

#include <fcntl.h>
#include <unistd.h>

extern char **environ;

struct state {
	char *go, *gowrap, *dir, *sub, *modfile, *cache, *toolexec;
	int family, at_version;
	char **flags, **pkgs;
	size_t nflags, npkgs;
};

static const char *scratch;

/* s with each "@" replaced by the scratch directory. */
static char *expand(const char *s)
{
	struct sb o = SB_INIT;
	for (; *s; s++)
		if (*s == '@')
			sb_adds(&o, scratch);
		else
			sb_addc(&o, *s);
	return sb_detach(&o);
}

static char *dup_or_null(const char *s)
{
	return s ? gw_xstrdup(s) : NULL;
}

static void copy_strv(char ***to, size_t *nto, char *const *v, size_t n)
{
	*to = gw_xcalloc(1, sizeof **to);
	*nto = 0;
	for (size_t i = 0; i < n; i++)
		gw_strv_add(to, nto, v[i]);
}

static void state_copy(struct state *to, const struct state *st)
{
	*to = *st;
	to->go = dup_or_null(st->go);
	to->gowrap = dup_or_null(st->gowrap);
	to->dir = dup_or_null(st->dir);
	to->sub = dup_or_null(st->sub);
	to->modfile = dup_or_null(st->modfile);
	to->cache = dup_or_null(st->cache);
	to->toolexec = dup_or_null(st->toolexec);
	copy_strv(&to->flags, &to->nflags, st->flags, st->nflags);
	copy_strv(&to->pkgs, &to->npkgs, st->pkgs, st->npkgs);
}

static void state_free(struct state *st)
{
	free(st->go);
	free(st->gowrap);
	free(st->dir);
	free(st->sub);
	free(st->modfile);
	free(st->cache);
	free(st->toolexec);
	gw_strv_free(&st->flags, &st->nflags);
	gw_strv_free(&st->pkgs, &st->npkgs);
}

/* The environment as it is now, to be put back after a case. */
static char **env_save(void)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **v = gw_xcalloc(n + 1, sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = gw_xstrdup(environ[n - 1 - i]);
	return v;
}

/* Every variable unset (clearenv is not POSIX). */
static void env_clear(void)
{
	for (int guard = 0; environ[0] && guard < 100000; guard++) {
		size_t n = strcspn(environ[0], "=");
		char *name = gw_xstrdup(environ[0]);
		name[n] = 0;
		unsetenv(name);
		free(name);
	}
}

/* Put each NAME=VALUE of v, in v's order. */
static void env_put(char *const *v, size_t n, int reverse)
{
	for (size_t k = 0; k < n; k++) {
		char *kv = gw_xstrdup(v[reverse ? n - 1 - k : k]), *eq = strchr(kv, '=');
		if (eq) {
			*eq = 0;
			setenv(kv, eq + 1, 1);
		}
		free(kv);
	}
}

/* The saved environment (env_save: reversed) back, in its old order. */
static void env_restore(char **v)
{
	size_t n = 0;
	while (v[n])
		n++;
	env_clear();
	env_put(v, n, 1);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The environment reversed: its order must not matter. */
static void reorder(void)
{
	char **v = env_save();
	size_t n = 0;
	while (v[n])
		n++;
	env_clear();
	env_put(v, n, 0);
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

#define M_DEPS 1
#define M_SHIM 2

/* Which memos op is an input of (0: no such op). */
static int op_memos(const char *op)
{
	static const char *const both[] = { "none", "reorder", "env", "unset", "write", "go", "dir", NULL };
	static const char *const deps[] = { "sub", "family", "flag", "pkg", "modfile", "cache", "toolexec",
					    "at_version", NULL };
	for (int i = 0; both[i]; i++)
		if (!strcmp(op, both[i]))
			return M_DEPS | M_SHIM;
	for (int i = 0; deps[i]; i++)
		if (!strcmp(op, deps[i]))
			return M_DEPS;
	return !strcmp(op, "gowrap") ? M_SHIM : 0;
}

/* memo's key of st into key; -1: not keyable. */
static int key_of(int memo, const struct state *st, struct sb *key)
{
	if (memo == M_SHIM)
		return shim_memo_key(key, st->go, st->gowrap, st->dir);
	struct dp_build b = {
		.realgo = st->go, .effdir = st->dir, .cache = st->cache, .sub = st->sub,
		.family = st->family, .listflags = st->flags, .nlistflags = st->nflags,
		.pkgs = st->pkgs, .npkgs = st->npkgs, .pkg_at_version = st->at_version,
		.their_toolexec = st->toolexec, .modfile = st->modfile,
	};
	dp_memo_key(&b, key);
	return 0;
}

/* Append a line to the file at rel, beneath the scratch directory
 * (directories made): its stat changes. */
static void write_line(const char *rel, const char *text)
{
	struct sb path = SB_INIT;
	gw_path_join(&path, scratch, rel);
	char *p = sb_detach(&path);
	struct gw_err e;
	char *slash = strrchr(p, '/');
	*slash = 0;
	if (gw_mkdirs(p, 0700, &e) < 0) {
		fprintf(stderr, "%s: %s\n", p, e.why);
		exit(2);
	}
	*slash = '/';
	int fd = open(p, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (fd < 0 || write(fd, text, strlen(text)) < 0 || write(fd, "\n", 1) != 1) {
		perror(p);
		exit(2);
	}
	close(fd);
	free(p);
}

static void set(char **field, const char *v)
{
	free(*field);
	*field = expand(v);
}

/* Apply op w (op, args) to st or to the process. */
static void apply(struct state *st, const struct gw_words *w)
{
	const char *op = w->v[0], *a = w->n > 1 ? w->v[1] : "";
	if (!strcmp(op, "reorder")) {
		reorder();
	} else if (!strcmp(op, "env")) {
		char *kv = expand(a), *eq = strchr(kv, '=');
		if (!eq)
			exit(2);
		*eq = 0;
		setenv(kv, eq + 1, 1);
		free(kv);
	} else if (!strcmp(op, "unset")) {
		unsetenv(a);
	} else if (!strcmp(op, "write")) {
		struct sb t = SB_INIT;
		for (size_t i = 2; i < w->n; i++)
			sb_addf(&t, "%s%s", i > 2 ? " " : "", w->v[i]);
		write_line(a, t.buf);
		sb_release(&t);
	} else if (!strcmp(op, "go") || !strcmp(op, "dir") || !strcmp(op, "gowrap") ||
		   !strcmp(op, "sub") || !strcmp(op, "modfile") || !strcmp(op, "cache") ||
		   !strcmp(op, "toolexec")) {
		char **f = !strcmp(op, "go") ? &st->go : !strcmp(op, "dir") ? &st->dir
			 : !strcmp(op, "gowrap") ? &st->gowrap : !strcmp(op, "sub") ? &st->sub
			 : !strcmp(op, "modfile") ? &st->modfile : !strcmp(op, "cache") ? &st->cache
			 : &st->toolexec;
		set(f, a);
	} else if (!strcmp(op, "family")) {
		st->family = !strcmp(a, "ios") ? DP_FAM_IOS : DP_FAM_LINUX;
	} else if (!strcmp(op, "flag") || !strcmp(op, "pkg")) {
		char *v = expand(a);
		if (op[0] == 'f')
			gw_strv_add(&st->flags, &st->nflags, v);
		else
			gw_strv_add(&st->pkgs, &st->npkgs, v);
		free(v);
	} else if (!strcmp(op, "at_version")) {
		st->at_version = atoi(a);
	}
}

/* The memos a case names ("deps", "shim", "deps,shim"); 0 if none. */
static int memos_of(const char *s)
{
	return !strcmp(s, "deps") ? M_DEPS : !strcmp(s, "shim") ? M_SHIM
	       : !strcmp(s, "deps,shim") ? M_DEPS | M_SHIM : 0;
}

static const char *outcome(int rb, const struct sb *before, int ra, const struct sb *after)
{
	if (rb < 0 || ra < 0)
		return "unkeyable";
	return strcmp(before->buf, after->buf) ? "differs" : "same";
}

/* One case: 0 when every memo named agrees with want. The op is applied
 * once, between the keys before and after (a write cannot be repeated). */
static int run_case(int line, struct state *st, int memos, const char *want, const struct gw_words *w,
		    const char *text)
{
	static const int ms[2] = { M_DEPS, M_SHIM };
	static const char *const names[2] = { "deps", "shim" };
	struct sb k0[2] = { SB_INIT, SB_INIT }, k1[2] = { SB_INIT, SB_INIT }, k2 = SB_INIT;
	int r0[2] = { 0, 0 }, r1[2] = { 0, 0 }, bad = 0;
	struct state was;
	state_copy(&was, st);
	char **env = env_save();
	for (int i = 0; i < 2; i++)
		if (memos & ms[i])
			r0[i] = key_of(ms[i], st, &k0[i]);
	apply(st, w);
	for (int i = 0; i < 2; i++)
		if (memos & ms[i])
			r1[i] = key_of(ms[i], st, &k1[i]);
	env_restore(env);
	state_free(st);
	*st = was;
	for (int i = 0; i < 2; i++) {
		if (!(memos & ms[i]))
			continue;
		const char *got = outcome(r0[i], &k0[i], r1[i], &k1[i]);
		if (strcmp(got, want) != 0) {
			printf("line %d: %s: %s key %s, want %s\n", line, text, names[i], got, want);
			bad = 1;
		}
		/* undone, the key is the first one again (a write stays done) */
		sb_reset(&k2);
		if (strcmp(w->v[0], "write") != 0 &&
		    (key_of(ms[i], st, &k2) != r0[i] || strcmp(k2.buf, k0[i].buf) != 0)) {
			printf("line %d: %s: %s key not the same once undone\n", line, text, names[i]);
			bad = 1;
		}
		sb_release(&k0[i]);
		sb_release(&k1[i]);
	}
	sb_release(&k2);
	return bad;
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	scratch = argv[1];
	FILE *f = fopen(argv[2], "r");
	if (!f)
		return 2;
	/* The table's setup decides the environment: PATH alone to start. */
	char *path = gw_xstrdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	env_clear();
	setenv("PATH", path, 1);
	free(path);
	struct state st = { 0 };
	st.flags = gw_xcalloc(1, sizeof *st.flags);
	st.pkgs = gw_xcalloc(1, sizeof *st.pkgs);
	char buf[4096];
	const char *v;
	int line = 0, fails = 0, cases = 0;
	while (fgets(buf, sizeof buf, f)) {
		line++;
		buf[strcspn(buf, "\n")] = 0;
		if (buf[0] == '#' || !buf[0])
			continue;
		struct gw_words w;
		int setup = (v = ux_tag(buf, "setup")) != NULL;
		if (!setup && !(v = ux_tag(buf, "case"))) {
			fprintf(stderr, "line %d: not a table line\n", line);
			return 2;
		}
		if (gw_split_quoted(v, &w) < 0 || w.n < (setup ? 1u : 3u)) {
			fprintf(stderr, "line %d: too few words\n", line);
			return 2;
		}
		int memos = setup ? 0 : memos_of(w.v[0]);
		struct gw_words op = { w.v + (setup ? 0 : 2), w.n - (setup ? 0 : 2) };
		/* a case names only memos the op is an input of (else it proves nothing) */
		if ((!setup && (!memos || (op_memos(op.v[0]) & memos) != memos)) || !op_memos(op.v[0])) {
			fprintf(stderr, "line %d: %s is no input of %s\n", line, op.v[0], setup ? "any memo" : w.v[0]);
			return 2;
		}
		if (setup) {
			apply(&st, &op);
		} else {
			fails += run_case(line, &st, memos, w.v[1], &op, v);
			cases++;
		}
		gw_words_free(&w);
	}
	fclose(f);
	state_free(&st);
	printf("%d cases, %d failed\n", cases, fails);
	return fails ? 1 : 0;
}
