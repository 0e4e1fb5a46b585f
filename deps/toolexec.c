/* toolexec.c — gowrap-toolexec: the -toolexec program the go shim adds to
 * builds that contain a known copy of CPU-feature code (deps/README.md).
 *
 * Promise: every tool other than compile and asm, every compile of a
 * package that is not a known defective CPU-feature package for the target
 * family ($GOWRAP_DEPS_FAMILY), and every asm but the first of an iOS-family
 * x/sys/cpu whose compile got the sysctl fix (asmfix.h), is exec'd with argv
 * untouched. `compile -V=full`
 * answers the real line plus a content-derived ` gowrap-deps=<id>`, so
 * builds through this wrapper never share build-cache entries with plain
 * builds, yet share them across machines and cache directories. A known
 * defect gets its fix (one file added or one file replaced, written into the
 * compile's own object directory, which cmd/go trims from the binary) and a
 * `fixed` record in the call's state record (state.h); an unknown variant
 * gets an `unknown` record and an untouched compile. Given a caller's own
 * -toolexec (compose.h), every tool runs through it, the fixed compiles
 * with the compiler stage behind it. libc only, static: it runs per tool
 * call. */
#include "compat.h"
#include "asmfix.h"
#include "classify.h"
#include "compose.h"
#include "exitcodes.h"
#include "report.h"
#include "fsutil.h"
#include "render.h"
#include "runcmd.h"
#include "state.h"
#include "strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run the tool (path + arguments): through the caller's own -toolexec when
 * composing (compose.h), else directly. */
static __attribute__((noreturn)) void run_tool(char **argv)
{
	char **v = dp_next_argv(argv);
	execv(v[0], v);
	exit(gw_fail(GW_EXIT_INTERNAL, "cannot run the Go tool",
		     v == argv ? "check the Go installation" : "check the -toolexec you gave the go command",
		     "%s: %s", v[0], strerror(errno)));
}

/* What the shim reads back after go (state.h). */
static void record(const char *kind, const char *pkg, const char *detail)
{
	dp_state_note(kind, pkg, detail);
}

static int version_V_full(char **argv)
{
	struct sb out = SB_INIT;
	/* Composing: the caller's tool answers first (its identity is part of
	 * the line), then gowrap's is appended — both key the build cache. */
	char *cmd[] = { argv[0], "-V=full", NULL };
	struct gw_cmd c = { .argv = dp_next_argv(cmd), .out = &out };
	int st = gw_run(&c);
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fputs(out.buf, stdout);
		sb_release(&out);
		return st < 0 ? GW_EXIT_INTERNAL : gw_status_code(st);
	}
	while (out.len && (out.buf[out.len - 1] == '\n' || out.buf[out.len - 1] == '\r' ||
			   out.buf[out.len - 1] == ' '))
		out.buf[--out.len] = 0;
	char id[17];
	dp_fix_identity(id);
	/* cmd/go (work/buildid.go toolID) uses a release's whole line, and a
	 * devel toolchain's content part of the last field `buildID=...`. */
	const char *last = strrchr(out.buf, ' ');
	int devel = strstr(out.buf, "devel") != NULL;
	if (devel && last && strncmp(last + 1, "buildID=", 8) == 0)
		printf("%s.gowrap-deps-%s\n", out.buf, id);
	else
		printf("%s gowrap-deps=%s\n", out.buf, id);
	sb_release(&out);
	return fflush(stdout) == 0 ? 0 : GW_EXIT_INTERNAL;
}

/* go1.N[.M] → N; devel and unknown spellings count as new. */
static int go_minor(const char *v)
{
	if (!v || strncmp(v, "go1.", 4) != 0)
		return 1000;
	return atoi(v + 4);
}

/* `--render FIX [ORIG [OPTS]]`: the bytes a fix compiles (tests read them);
 * OPTS: render.h's DP_OPT_* bits, all by default. */
static int render_cmd(int argc, char **argv)
{
	static const enum dp_fix all[] = { DP_FIX_CPU_IOS, DP_FIX_HWCAP, DP_FIX_XSYS_IOS, DP_FIX_CPUID_IOS,
					   DP_FIX_XSYS_ANDROID, DP_FIX_GVISOR };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		if (strcmp(dp_fix_name(all[i]), argv[2]) != 0)
			continue;
		struct sb out = SB_INIT, err = SB_INIT;
		const char *name;
		int rc = 0;
		/* the options a rule's class gives, all at once: what tests read */
		unsigned opts = DP_OPT_HWCAP2 | DP_OPT_PLATFORM | DP_OPT_SYSCTL | DP_OPT_XSYS_ASM;
		if (argc > 4)
			opts = (unsigned)strtoul(argv[4], NULL, 10);
		if (dp_render(all[i], argc > 3 ? argv[3] : "/nonexistent", opts, &out, &name, &err) < 0) {
			rc = gw_fail(GW_EXIT_USAGE, "cannot render the fix", "name an original file", "%s: %s",
				     argv[2], err.buf);
		} else {
			fwrite(out.buf, 1, out.len, stdout);
		}
		sb_release(&out);
		sb_release(&err);
		return rc;
	}
	return gw_fail(GW_EXIT_USAGE, "unknown fix", "name one of cpu-ios, hwcap, xsys-ios, cpuid-ios, xsys-android, gvisor-cpuid",
		       "%s", argv[2]);
}

/* What the shim's fix needs to know of one compile command line. */
struct compile {
	char **tool; /* the compile's argv */
	int n;       /* its length */
	const char *pkg, *ofile, *gover;
	int std, complete; /* -std given; index of -complete or -1 */
	int symabis;       /* -symabis given: the package has assembly */
	int first;         /* index of the first trailing .go file (n: none) */
};

/* Read the compile's flags; a response file is not ours to rewrite. */
static void parse_compile(char **tool, int n, struct compile *k)
{
	*k = (struct compile){ .tool = tool, .n = n, .complete = -1 };
	for (int i = 1; i < n; i++) {
		const char *a = tool[i];
		if (a[0] == '@')
			run_tool(tool);
		if (strcmp(a, "-std") == 0)
			k->std = 1;
		else if (strcmp(a, "-complete") == 0)
			k->complete = i;
		else if (strcmp(a, "-symabis") == 0)
			k->symabis = 1;
		else if (strcmp(a, "-p") == 0 && i + 1 < n)
			k->pkg = tool[++i];
		else if (strcmp(a, "-o") == 0 && i + 1 < n)
			k->ofile = tool[++i];
		else if (strcmp(a, "-goversion") == 0 && i + 1 < n)
			k->gover = tool[++i];
	}
	/* The go files are the trailing arguments (work/gc.go appends them last). */
	int first = n;
	while (first > 1 && strlen(tool[first - 1]) > 3 && tool[first - 1][0] != '-' &&
	       strcmp(tool[first - 1] + strlen(tool[first - 1]) - 3, ".go") == 0)
		first--;
	k->first = first;
}

/* Write the fix into the compile's object directory and run the compile
 * with it (added, or in place of the file it replaces). */
static int compile_fixed(const struct compile *k, const struct dp_class *cl)
{
	struct sb body = SB_INIT, err = SB_INIT, dir = SB_INIT, path = SB_INIT;
	const char *name;
	const char *matched = k->tool[k->first + cl->file_idx];
	unsigned opts = dp_fix_opts(cl);
	/* x/sys/cpu's sysctl detection needs its trampoline in the package's
	 * assembly (asmfix.h) and the fields its struct declares */
	if (cl->row->fix == DP_FIX_XSYS_IOS && k->symabis && dp_xsys_sysctl(DP_OPT_XSYS_ASM)) {
		const char *st = dp_xsys_struct_file((const char *const *)k->tool + k->first, (size_t)(k->n - k->first));
		if (st) {
			opts |= DP_OPT_XSYS_ASM;
			matched = st;
		}
	}
	if (dp_render(cl->row->fix, matched, opts, &body, &name, &err) < 0) {
		record("unknown", k->pkg, err.buf);
		run_tool(k->tool);
	}
	/* the trampoline only for a rendered sysctl fix; if it cannot be left
	 * for the assembler, the four bits alone */
	if ((opts & DP_OPT_XSYS_ASM) && dp_asm_pending(k->ofile, &err) < 0) {
		sb_reset(&body);
		sb_reset(&err);
		if (dp_render(cl->row->fix, matched, opts & ~DP_OPT_XSYS_ASM, &body, &name, &err) < 0) {
			record("unknown", k->pkg, err.buf);
			run_tool(k->tool);
		}
	}
	const char *slash = strrchr(k->ofile, '/');
	if (slash)
		sb_add(&dir, k->ofile, (size_t)(slash - k->ofile));
	else
		sb_adds(&dir, ".");
	gw_path_join(&path, dir.buf, name);
	struct gw_err e;
	if (gw_write_atomic(path.buf, body.buf, body.len, 0644, &e) < 0) {
		gw_err_print(&e);
		return e.code;
	}

	char **nv = gw_xcalloc((size_t)k->n + 2, sizeof *nv);
	int j = 0;
	for (int i = 0; i < k->n; i++) {
		if (i == k->complete && dp_fix_has_bodyless(cl->row->fix))
			continue;
		if (i == k->first + cl->file_idx && dp_fix_replaces(cl->row->fix)) {
			nv[j++] = path.buf;
			continue;
		}
		nv[j++] = k->tool[i];
	}
	if (!dp_fix_replaces(cl->row->fix))
		nv[j++] = path.buf;
	nv[j] = NULL;
	if (dp_next_active()) {
		/* the compiler stage records "fixed" if the file gets there */
		record("handed", k->pkg, dp_fix_name(cl->row->fix));
		dp_hand_over(nv, k->pkg, name);
	} else {
		record("fixed", k->pkg, dp_fix_name(cl->row->fix));
	}
	run_tool(nv);
}

/* An assembly in the ios family: the x/sys/cpu trampoline joins it when
 * its compile left one pending (asmfix.h). */
static int asm_fixed(char **tool, int n)
{
	struct sb path = SB_INIT, err = SB_INIT;
	const char *pkg = "?";
	for (int i = 1; i + 1 < n; i++)
		if (strcmp(tool[i], "-p") == 0)
			pkg = tool[i + 1];
	int r = dp_asm_apply(tool, n, &path, &err);
	if (r < 0)
		record("unknown", pkg, err.buf);
	else if (r > 0)
		record("trampoline", pkg, "sysctlbyname");
	run_tool(tool);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("gowrap: gowrap-toolexec: no tool to run (fix: it is run by the go command "
		      "through -toolexec, which the gowrap shim adds)\n", stderr);
		return GW_EXIT_USAGE;
	}
	if (dp_inner_wanted(argv[0]))
		dp_inner_main(argc, argv);
	if (strcmp(argv[1], "--render") == 0 && argc >= 3)
		return render_cmd(argc, argv);
	char **tool = argv + 1;
	const char *b = dp_base(tool[0]);
	size_t bl = strlen(b);
	int is_compile = strcmp(b, "compile") == 0 || (bl == 11 && strcmp(b, "compile.exe") == 0);
	int is_asm = strcmp(b, "asm") == 0 || (bl == 7 && strcmp(b, "asm.exe") == 0);
	const char *fam = getenv("GOWRAP_DEPS_FAMILY");
	int family = fam ? dp_family_named(fam) : 0;
	if (is_asm && family == DP_FAM_IOS && !(argc == 3 && strcmp(tool[1], "-V=full") == 0))
		return asm_fixed(tool, argc - 1);
	if (!is_compile)
		run_tool(tool);
	if (argc == 3 && strcmp(tool[1], "-V=full") == 0)
		return version_V_full(tool);
	if (!family)
		run_tool(tool);

	struct compile k;
	parse_compile(tool, argc - 1, &k);
	/* Std is never a copy: GOROOT's internal/cpu has its HWCap filled by the
	 * runtime (and iOS is the overlay's job); cmd/go passes -std for every
	 * GOROOT package, its vendored x/sys/cpu included. */
	if (k.std)
		run_tool(tool);
	if (!k.pkg || !k.ofile || k.first == k.n)
		run_tool(tool);

	struct dp_class cl;
	dp_classify((const char *const *)tool + k.first, (size_t)(k.n - k.first), family | DP_DEFECTS_ONLY, &cl);
	if (cl.verdict == DP_V_UNKNOWN) {
		record("unknown", k.pkg, cl.why);
		run_tool(tool);
	}
	if (cl.verdict != DP_V_FIX)
		run_tool(tool);
	if ((cl.row->fix == DP_FIX_HWCAP || cl.row->fix == DP_FIX_GVISOR) && go_minor(k.gover) < 21) {
		record("unfixable", k.pkg, "Go < 1.21 has no runtime.getAuxv");
		run_tool(tool);
	}
	return compile_fixed(&k, &cl);
}
