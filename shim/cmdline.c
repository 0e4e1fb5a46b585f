/* cmdline.c — see cmdline.h. */
#include "compat.h"
#include "cmdline.h"
#include "strbuf.h"
#include "gosetting.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* cmd/go's flags per subcommand, as Go 1.26 and 1.27 register them (they
 * agree): work/build.go AddBuildFlags + AddCoverFlags, base/flag.go (-C, -n,
 * -x, mod flags), run/run.go, list/list.go, test/testflag.go (with
 * flagdefs.go's passFlagToTest for the -test. spellings) and vet/vetflag.go
 * (its own flags plus the analyzer flags `go tool vet -flags` reports; the
 * ones listed take a value, every other analyzer flag is boolean). A flag's
 * kind decides whether the next argument is its value, exactly as the flag
 * package and cmdflag.ParseOne decide: a boolean flag never takes one. */
enum { SB = 1, SI = 2, SR = 4, ST = 8, SV = 16, SL = 32, SALL = 63 };
enum { K_UNKNOWN, K_BOOL, K_VALUE };
/* One row per (kind, subcommands, -test. spelling): the flags that share
 * them, each name between spaces. */
struct flaggroup {
	unsigned char kind;
	unsigned char subs;
	unsigned char test_prefix; /* also registered as -test.<name> (go test) */
	const char *names;
};
#define SCOVER (SB | SI | SR | ST | SL)
static const struct flaggroup groups[] = {
	/* AddBuildFlags (all six), AddBuildFlagsNX, AddChdirFlag, mod flags */
	{ K_VALUE, SALL, 0, " C p asmflags compiler buildmode gcflags gccgoflags mod modfile overlay"
			    " installsuffix ldflags pgo pkgdir tags toolexec debug-actiongraph"
			    " debug-runtime-trace debug-trace " },
	{ K_BOOL, SALL, 0, " n x a asan buildvcs modcacherw json linkshared msan race trimpath work " },
	{ K_BOOL, SALL, 1, " v " },
	/* AddCoverFlags: build, install, run, test, list (not vet) */
	{ K_BOOL, SCOVER, 0, " cover " },
	{ K_VALUE, SCOVER, 0, " covermode coverpkg " },
	/* build, run */
	{ K_VALUE, SB | ST, 0, " o " },
	{ K_VALUE, SR | ST, 0, " exec " },
	/* list */
	{ K_BOOL, SL, 0, " compiled deps e export find m retracted test u versions " },
	{ K_VALUE, SL, 0, " f reuse " },
	/* test (testflag.go) */
	{ K_BOOL, ST, 0, " c " },
	{ K_VALUE, ST, 0, " vet " },
	{ K_BOOL, ST, 1, " artifacts benchmem failfast fullpath short " },
	{ K_VALUE, ST, 1, " coverprofile bench benchtime blockprofile blockprofilerate count cpu"
			  " cpuprofile fuzz list memprofile memprofilerate mutexprofile"
			  " mutexprofilefraction outputdir parallel run skip timeout fuzztime"
			  " fuzzminimizetime trace shuffle " },
	/* vet (vetflag.go; -c is an int there) and its analyzers' value flags */
	{ K_VALUE, SV, 0, " c vettool printf.funcs printfuncs unusedfuncs unusedresult.funcs"
			  " unusedresult.stringmethods unusedstringmethods " },
	{ K_BOOL, SV, 0, " diff " },
};

static unsigned sub_bit(const char *sub)
{
	static const char *const names[] = { "build", "install", "run", "test", "vet", "list" };
	for (unsigned i = 0; i < 6; i++)
		if (strcmp(sub, names[i]) == 0)
			return 1u << i;
	return 0;
}

/* Is name[0..n) a whole word of the space-separated list? */
static int listed(const char *list, const char *name, size_t n)
{
	for (const char *p = list;;) {
		p += strspn(p, " ");
		size_t w = strcspn(p, " ");
		if (w == 0)
			return 0;
		if (w == n && memcmp(p, name, n) == 0)
			return 1;
		p += w;
	}
}

/* K_BOOL, K_VALUE, or K_UNKNOWN (go test lets an unknown flag take the next
 * argument; vet's other analyzer flags are boolean). */
static int flag_kind(unsigned sub, const char *name, size_t n)
{
	int prefixed = 0;
	if (sub == ST && n > 5 && memcmp(name, "test.", 5) == 0) {
		name += 5;
		n -= 5;
		prefixed = 1;
	}
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		const struct flaggroup *g = &groups[i];
		if ((g->subs & sub) && (!prefixed || g->test_prefix) && listed(g->names, name, n))
			return g->kind;
	}
	return sub == SV ? K_BOOL : K_UNKNOWN;
}

/* Is argv[i] a -C flag (main.go handleChdirFlag's four spellings)?
 * Returns how many args it uses (1 or 2), 0 if not; sets *dir. */
static int chdir_flag(int argc, char **argv, int i, const char **dir)
{
	if (i >= argc)
		return 0;
	const char *a = argv[i];
	if (strcmp(a, "-C") == 0 || strcmp(a, "--C") == 0) {
		if (i + 1 >= argc)
			return 0;
		*dir = argv[i + 1];
		return 2;
	}
	if (strncmp(a, "-C=", 3) == 0) {
		*dir = a + 3;
		return 1;
	}
	if (strncmp(a, "--C=", 4) == 0) {
		*dir = a + 4;
		return 1;
	}
	return 0;
}

static int is_flag(const char *a)
{
	return a[0] == '-' && a[1] != '\0';
}

/* The flags whose values decide which files of which packages compile
 * (go list takes them all: AddBuildFlags and AddCoverFlags). */
static const char list_names[] =
	" tags mod modfile overlay race msan asan buildmode linkshared cover covermode coverpkg ";

/* Record a flag the model answers for (name[0..n), its value or NULL, the
 * argv index holding the value, and whether it is written inline). */
static void note_flag(struct shim_cmdline *cl, const char *name, size_t n, const char *val,
		      int val_idx, int inl, int is_test)
{
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
	if (IS("tags") && val) {
		cl->tags = val;
		cl->tags_argv = 1;
	} else if (IS("overlay") && val) {
		cl->overlay = val;
		cl->overlay_idx = val_idx;
		cl->overlay_inline = inl;
	} else if (IS("toolexec") && val) {
		cl->toolexec = val;
		cl->toolexec_argv = 1;
		cl->toolexec_idx = val_idx;
		cl->toolexec_inline = inl;
	} else if (IS("modfile") && val) {
		cl->modfile = val;
	} else if (IS("mod") && val) {
		cl->mod = val;
	} else if (IS("o") && val) {
		cl->output = val;
	} else if (IS("buildmode") && val) {
		cl->buildmode = val;
	} else if (IS("c") && is_test) {
		cl->test_c = !(val && (strcmp(val, "false") == 0 || strcmp(val, "0") == 0));
	}
	if (listed(list_names, name, n)) {
		struct sb w = SB_INIT;
		sb_addf(&w, "-%.*s", (int)n, name);
		if (val)
			sb_addf(&w, "=%s", val);
		gw_strv_add(&cl->listflags, &cl->nlistflags, w.buf);
		sb_release(&w);
	}
#undef IS
}

/* The subcommand and -C, before or after it (`go -C dir sub` too: lookupCmd
 * finds no command at argv[1], so handleChdirFlag looks there). Returns the
 * index of the first argument after them, or 0 when there is no
 * subcommand. */
static int find_sub(int argc, char **argv, struct shim_cmdline *cl)
{
	int i = 1;
	int used = chdir_flag(argc, argv, i, &cl->chdir);
	i += used;
	if (i >= argc || is_flag(argv[i]))
		return 0;
	cl->sub_idx = i;
	cl->sub = argv[i];
	i++;
	if (!used)
		i += chdir_flag(argc, argv, i, &cl->chdir);
	cl->insert_at = i;
	return i;
}

/* go run's package: the leading .go files, else the first argument
 * (run.go: the rest are the program's arguments). */
static void run_pkgs(struct shim_cmdline *cl)
{
	int i = cl->args_idx;
	size_t n = strlen(cl->argv[i]);
	if (n <= 3 || strcmp(cl->argv[i] + n - 3, ".go") != 0) {
		gw_strv_add(&cl->pkgs, &cl->npkgs, cl->argv[i]);
		return;
	}
	for (; i < cl->argc; i++) {
		n = strlen(cl->argv[i]);
		if (n <= 3 || strcmp(cl->argv[i] + n - 3, ".go") != 0)
			break;
		gw_strv_add(&cl->pkgs, &cl->npkgs, cl->argv[i]);
	}
}

/* The flags after the subcommand; go test's packages as they come. */
static void parse_flags(struct shim_cmdline *cl, int i, unsigned sub)
{
	int argc = cl->argc, is_test = sub == ST;
	char **argv = cl->argv;
	/* go test (test/testflag.go): the packages, then flags; a non-flag after
	 * a flag that follows the packages ends go's parsing (it and the rest go
	 * to the test binary), unless it may be the value of a flag go test does
	 * not know, written without '='. */
	int pkgs = 0, in_pkgs = 0, after_unknown = 0;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			if (!is_test && i + 1 < argc)
				cl->args_idx = i + 1;
			break;
		}
		if (!is_flag(a)) {
			/* flag.Parse stops at the first non-flag. */
			if (!is_test) {
				cl->args_idx = i;
				break;
			}
			if (pkgs && !in_pkgs) {
				if (!after_unknown)
					break;
				after_unknown = 0;
				continue;
			}
			pkgs = in_pkgs = 1;
			gw_strv_add(&cl->pkgs, &cl->npkgs, a);
			continue;
		}
		in_pkgs = after_unknown = 0;
		const char *name = a + 1;
		if (*name == '-')
			name++;
		if (is_test && (strcmp(name, "args") == 0))
			break;
		const char *eq = strchr(name, '=');
		size_t n = eq ? (size_t)(eq - name) : strlen(name);
		int kind = flag_kind(sub, name, n);
		if (is_test && kind == K_UNKNOWN) {
			pkgs = 1;
			after_unknown = !eq;
		}
		const char *val = NULL;
		int val_idx = i, inl = 1;
		if (eq) {
			val = eq + 1;
		} else if (kind == K_VALUE) {
			if (i + 1 >= argc)
				break;
			val = argv[++i];
			val_idx = i;
			inl = 0;
		}
		note_flag(cl, name, n, val, val_idx, inl, is_test);
	}
}

/* GOFLAGS' entries: each "-name=value" or "-name"; the command line's
 * flags win, so GOFLAGS only fills what argv left unset. cmd/go ignores an
 * entry the subcommand does not define; the five the model answers for
 * are defined for all six build subcommands. */
static void goflags_apply(struct shim_cmdline *cl)
{
	const char *tags = NULL, *ov = NULL, *te = NULL, *mf = NULL, *md = NULL;
	for (size_t i = 0; i < cl->gf.n; i++) {
		const char *a = cl->gf.v[i];
		if (a[0] != '-')
			continue;
		a += a[1] == '-' ? 2 : 1;
		const char *eq = strchr(a, '=');
		if (!eq)
			continue;
		size_t n = (size_t)(eq - a);
#define IS(s) (n == sizeof(s) - 1 && memcmp(a, s, n) == 0)
		if (IS("tags"))
			tags = eq + 1;
		else if (IS("overlay"))
			ov = eq + 1;
		else if (IS("toolexec"))
			te = eq + 1;
		else if (IS("modfile"))
			mf = eq + 1;
		else if (IS("mod"))
			md = eq + 1;
#undef IS
	}
	if (!cl->tags)
		cl->tags = tags;
	cl->gf_overlay = ov;
	if (!cl->toolexec)
		cl->toolexec = te;
	if (!cl->modfile)
		cl->modfile = mf;
	if (!cl->mod)
		cl->mod = md;
}

void shim_cmdline_parse(int argc, char **argv, const char *realgo, struct shim_cmdline *cl)
{
	memset(cl, 0, sizeof *cl);
	cl->argc = argc;
	cl->argv = argv;
	cl->sub_idx = cl->overlay_idx = cl->args_idx = cl->toolexec_idx = -1;
	cl->pkgs = gw_xcalloc(1, sizeof *cl->pkgs);
	cl->listflags = gw_xcalloc(1, sizeof *cl->listflags);
	struct gw_target t;
	gw_target_resolve(realgo, &t);
	cl->goos = t.goos;
	cl->goarch = t.goarch;
	cl->goflags = t.goflags;
	if (gw_split_quoted(cl->goflags, &cl->gf) < 0) {
		cl->goflags_bad = 1;
		cl->gf.v = gw_xcalloc(1, sizeof *cl->gf.v);
		cl->gf.n = 0;
	}
	int i = find_sub(argc, argv, cl);
	if (!i)
		return;
	if (strcmp(cl->sub, "env") == 0) {
		cl->env_reads = 1;
		for (int k = i; k < argc; k++)
			if (!strcmp(argv[k], "-w") || !strcmp(argv[k], "-u") ||
			    !strcmp(argv[k], "--w") || !strcmp(argv[k], "--u"))
				cl->env_reads = 0;
	}
	unsigned sub = sub_bit(cl->sub);
	cl->build_sub = sub != 0;
	if (!sub)
		return;
	parse_flags(cl, i, sub);
	if (sub != ST && cl->args_idx >= 0) {
		if (sub == SR)
			run_pkgs(cl);
		else
			for (int k = cl->args_idx; k < argc; k++)
				gw_strv_add(&cl->pkgs, &cl->npkgs, argv[k]);
	}
	if (sub == SI || sub == SR)
		for (size_t k = 0; k < cl->npkgs; k++)
			if (strchr(cl->pkgs[k], '@'))
				cl->pkg_at_version = 1;
	goflags_apply(cl);
}

int shim_cmdline_ios_tag(const struct shim_cmdline *cl)
{
	return cl->tags ? gw_tags_has_ios(cl->tags) : 0;
}

/* "-name=val" in the caller's spelling of argv[i] ("-name=x" or "--name=x"),
 * or val alone when the flag's value is its own argument. */
static char *respell(const struct shim_cmdline *cl, int i, int inl, const char *val)
{
	struct sb f = SB_INIT;
	if (inl) {
		const char *eq = strchr(cl->argv[i], '=');
		sb_add(&f, cl->argv[i], (size_t)(eq - cl->argv[i]) + 1);
	}
	sb_adds(&f, val);
	return sb_detach(&f);
}

char **shim_cmdline_argv(const struct shim_cmdline *cl, const char *ov, const char *te)
{
	char **v = gw_xcalloc((size_t)cl->argc + 3, sizeof *v);
	int j = 0, at = cl->insert_at > 0 ? cl->insert_at : cl->argc;
	for (int i = 0; i <= cl->argc; i++) {
		if (i == at) {
			struct sb f = SB_INIT;
			if (ov && cl->overlay_idx < 0) {
				sb_addf(&f, "-overlay=%s", ov);
				v[j++] = sb_detach(&f);
			}
			if (te && cl->toolexec_idx < 0) {
				sb_addf(&f, "-toolexec=%s", te);
				v[j++] = sb_detach(&f);
			}
		}
		if (i == cl->argc)
			break;
		if (ov && i == cl->overlay_idx)
			v[j++] = respell(cl, i, cl->overlay_inline, ov);
		else if (te && i == cl->toolexec_idx)
			v[j++] = respell(cl, i, cl->toolexec_inline, te);
		else
			v[j++] = cl->argv[i];
	}
	v[j] = NULL;
	return v;
}
