/* cmdline.c — see cmdline.h. */
#include "compat.h"
#include "cmdline.h"

#include <stddef.h>
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
struct flagdef {
	const char *name;
	unsigned char kind;
	unsigned char subs;
	unsigned char test_prefix; /* also registered as -test.<name> (go test) */
};
static const struct flagdef flags[] = {
	/* AddBuildFlags (all six), AddBuildFlagsNX, AddChdirFlag, mod flags */
	{ "C", K_VALUE, SALL, 0 }, { "n", K_BOOL, SALL, 0 }, { "x", K_BOOL, SALL, 0 },
	{ "a", K_BOOL, SALL, 0 }, { "p", K_VALUE, SALL, 0 }, { "v", K_BOOL, SALL, 1 },
	{ "asan", K_BOOL, SALL, 0 }, { "asmflags", K_VALUE, SALL, 0 },
	{ "compiler", K_VALUE, SALL, 0 }, { "buildmode", K_VALUE, SALL, 0 },
	{ "buildvcs", K_BOOL, SALL, 0 }, { "gcflags", K_VALUE, SALL, 0 },
	{ "gccgoflags", K_VALUE, SALL, 0 }, { "mod", K_VALUE, SALL, 0 },
	{ "modcacherw", K_BOOL, SALL, 0 }, { "modfile", K_VALUE, SALL, 0 },
	{ "overlay", K_VALUE, SALL, 0 }, { "installsuffix", K_VALUE, SALL, 0 },
	{ "json", K_BOOL, SALL, 0 }, { "ldflags", K_VALUE, SALL, 0 },
	{ "linkshared", K_BOOL, SALL, 0 }, { "msan", K_BOOL, SALL, 0 },
	{ "pgo", K_VALUE, SALL, 0 }, { "pkgdir", K_VALUE, SALL, 0 },
	{ "race", K_BOOL, SALL, 0 }, { "tags", K_VALUE, SALL, 0 },
	{ "toolexec", K_VALUE, SALL, 0 }, { "trimpath", K_BOOL, SALL, 0 },
	{ "work", K_BOOL, SALL, 0 }, { "debug-actiongraph", K_VALUE, SALL, 0 },
	{ "debug-runtime-trace", K_VALUE, SALL, 0 }, { "debug-trace", K_VALUE, SALL, 0 },
	/* AddCoverFlags: build, install, run, test, list (not vet) */
	{ "cover", K_BOOL, SB | SI | SR | ST | SL, 0 },
	{ "covermode", K_VALUE, SB | SI | SR | ST | SL, 0 },
	{ "coverpkg", K_VALUE, SB | SI | SR | ST | SL, 0 },
	{ "coverprofile", K_VALUE, ST, 1 },
	/* build, run */
	{ "o", K_VALUE, SB | ST, 0 }, { "exec", K_VALUE, SR | ST, 0 },
	/* list */
	{ "compiled", K_BOOL, SL, 0 }, { "deps", K_BOOL, SL, 0 }, { "e", K_BOOL, SL, 0 },
	{ "export", K_BOOL, SL, 0 }, { "f", K_VALUE, SL, 0 }, { "find", K_BOOL, SL, 0 },
	{ "m", K_BOOL, SL, 0 }, { "retracted", K_BOOL, SL, 0 }, { "reuse", K_VALUE, SL, 0 },
	{ "test", K_BOOL, SL, 0 }, { "u", K_BOOL, SL, 0 }, { "versions", K_BOOL, SL, 0 },
	/* test (testflag.go) */
	{ "c", K_BOOL, ST, 0 }, { "vet", K_VALUE, ST, 0 },
	{ "artifacts", K_BOOL, ST, 1 }, { "bench", K_VALUE, ST, 1 },
	{ "benchmem", K_BOOL, ST, 1 }, { "benchtime", K_VALUE, ST, 1 },
	{ "blockprofile", K_VALUE, ST, 1 }, { "blockprofilerate", K_VALUE, ST, 1 },
	{ "count", K_VALUE, ST, 1 }, { "cpu", K_VALUE, ST, 1 },
	{ "cpuprofile", K_VALUE, ST, 1 }, { "failfast", K_BOOL, ST, 1 },
	{ "fuzz", K_VALUE, ST, 1 }, { "fullpath", K_BOOL, ST, 1 },
	{ "list", K_VALUE, ST, 1 }, { "memprofile", K_VALUE, ST, 1 },
	{ "memprofilerate", K_VALUE, ST, 1 }, { "mutexprofile", K_VALUE, ST, 1 },
	{ "mutexprofilefraction", K_VALUE, ST, 1 }, { "outputdir", K_VALUE, ST, 1 },
	{ "parallel", K_VALUE, ST, 1 }, { "run", K_VALUE, ST, 1 },
	{ "short", K_BOOL, ST, 1 }, { "skip", K_VALUE, ST, 1 },
	{ "timeout", K_VALUE, ST, 1 }, { "fuzztime", K_VALUE, ST, 1 },
	{ "fuzzminimizetime", K_VALUE, ST, 1 }, { "trace", K_VALUE, ST, 1 },
	{ "shuffle", K_VALUE, ST, 1 },
	/* vet (vetflag.go; -c is an int there) and its analyzers' value flags */
	{ "c", K_VALUE, SV, 0 }, { "vettool", K_VALUE, SV, 0 }, { "diff", K_BOOL, SV, 0 },
	{ "printf.funcs", K_VALUE, SV, 0 }, { "printfuncs", K_VALUE, SV, 0 },
	{ "unusedfuncs", K_VALUE, SV, 0 }, { "unusedresult.funcs", K_VALUE, SV, 0 },
	{ "unusedresult.stringmethods", K_VALUE, SV, 0 },
	{ "unusedstringmethods", K_VALUE, SV, 0 },
};

static unsigned sub_bit(const char *sub)
{
	static const char *const names[] = { "build", "install", "run", "test", "vet", "list" };
	for (unsigned i = 0; i < 6; i++)
		if (strcmp(sub, names[i]) == 0)
			return 1u << i;
	return 0;
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
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		const struct flagdef *f = &flags[i];
		if ((f->subs & sub) && strlen(f->name) == n && memcmp(f->name, name, n) == 0 &&
		    (!prefixed || f->test_prefix))
			return f->kind;
	}
	return sub == SV ? K_BOOL : K_UNKNOWN;
}

int shim_sub_needs_overlay(const char *sub)
{
	static const char *const subs[] = { "build", "install", "run", "test", "vet", "list", NULL };
	for (const char *const *s = subs; *s; s++)
		if (strcmp(*s, sub) == 0)
			return 1;
	return 0;
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

void shim_cmdline_parse(int argc, char **argv, struct shim_cmdline *cl)
{
	memset(cl, 0, sizeof *cl);
	cl->argc = argc;
	cl->argv = argv;
	cl->sub_idx = cl->tags_idx = cl->overlay_idx = cl->args_idx = -1;

	/* `go -C dir sub ...` is accepted too: lookupCmd finds no command at
	 * argv[1], so handleChdirFlag looks there. */
	int i = 1;
	int used = chdir_flag(argc, argv, i, &cl->chdir);
	i += used;
	if (i >= argc || is_flag(argv[i]))
		return;
	cl->sub_idx = i;
	cl->sub = argv[i];
	i++;
	if (!used) {
		used = chdir_flag(argc, argv, i, &cl->chdir);
		i += used;
	}
	cl->insert_at = i;

	unsigned sub = sub_bit(cl->sub);
	int is_test = sub == ST;
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
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
		if (IS("tags") && val) {
			cl->tags = val;
			cl->tags_idx = val_idx;
		} else if (IS("overlay") && val) {
			cl->overlay = val;
			cl->overlay_idx = val_idx;
			cl->overlay_inline = inl;
		} else if (IS("o") && val) {
			cl->output = val;
		} else if (IS("buildmode") && val) {
			cl->buildmode = val;
		} else if (IS("c") && is_test) {
			cl->test_c = !(val && (strcmp(val, "false") == 0 || strcmp(val, "0") == 0));
		}
#undef IS
	}
}
