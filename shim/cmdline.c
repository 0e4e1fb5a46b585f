/* cmdline.c — see cmdline.h. */
#include "compat.h"
#include "cmdline.h"

#include <stddef.h>
#include <string.h>

/* Flags of build/install/list/run/test/vet that take a separate value when
 * written without '=' (work/build.go AddBuildFlags, modload flags, list,
 * test/testflag.go, vet). Everything else is boolean or unknown; unknown flags
 * are treated as boolean, which is what cmd/go's test parser assumes too. */
static const char *const value_flags[] = {
	"C", "o", "p", "asmflags", "buildmode", "compiler", "gccgoflags", "gcflags",
	"installsuffix", "ldflags", "mod", "modfile", "overlay", "pgo", "pkgdir", "tags",
	"toolexec", "covermode", "coverpkg", "coverprofile", "exec", "debug-actiongraph",
	"debug-runtime-trace", "debug-trace", "f", "reuse", "vettool", "vet",
	"bench", "benchtime", "blockprofile", "blockprofilerate", "count", "cpu",
	"cpuprofile", "fuzz", "fuzztime", "fuzzminimizetime", "list", "memprofile",
	"memprofilerate", "mutexprofile", "mutexprofilefraction", "outputdir", "parallel",
	"run", "skip", "timeout", "trace", "shuffle", NULL,
};

/* Boolean flags go test knows (build flags and test flags). Only used to
 * tell them from flags go test does not know, which it lets take the next
 * argument; a flag missing here is treated as unknown, as before. */
static const char *const test_bool_flags[] = {
	"a", "n", "v", "x", "race", "msan", "asan", "cover", "trimpath", "work",
	"linkshared", "modcacherw", "buildvcs", "json", "c", "benchmem", "failfast",
	"fullpath", "short", NULL,
};

static int in_list(const char *const *list, const char *name, size_t n)
{
	/* go test also accepts -test.<name> spellings of its flags. */
	if (n > 5 && memcmp(name, "test.", 5) == 0) {
		name += 5;
		n -= 5;
	}
	for (const char *const *f = list; *f; f++)
		if (strlen(*f) == n && memcmp(*f, name, n) == 0)
			return 1;
	return 0;
}

static int takes_value(const char *name, size_t n)
{
	return in_list(value_flags, name, n);
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
	cl->sub_idx = cl->tags_idx = cl->overlay_idx = -1;

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

	int is_test = strcmp(cl->sub, "test") == 0;
	/* go test (test/testflag.go): the packages, then flags; a non-flag after
	 * a flag that follows the packages ends go's parsing (it and the rest go
	 * to the test binary), unless it may be the value of a flag go test does
	 * not know, written without '='. */
	int pkgs = 0, in_pkgs = 0, after_unknown = 0;
	for (; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			break;
		if (!is_flag(a)) {
			/* flag.Parse stops at the first non-flag. */
			if (!is_test)
				break;
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
		if (is_test && !takes_value(name, n) && !in_list(test_bool_flags, name, n)) {
			pkgs = 1;
			after_unknown = !eq;
		}
		const char *val = NULL;
		int val_idx = i, inl = 1;
		if (eq) {
			val = eq + 1;
		} else if (takes_value(name, n)) {
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
