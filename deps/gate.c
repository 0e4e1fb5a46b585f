/* gate.c — dp_plan and friends (deps.h): which builds get gowrap-toolexec. */
#include "compat.h"
#include "deps.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "graph.h"
#include "memo.h"
#include "selfpath.h"
#include "table.h"
#include "words.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int dp_ios_family(const char *goos, int ios_tag)
{
	/* Outside darwin internal/cpu has its own arm64 osInit (linux, android,
	 * freebsd, openbsd; windows since Go 1.27), which the overlay's added
	 * `arm64 && ios` file would redeclare. */
	return strcmp(goos, "ios") == 0 || (ios_tag && strcmp(goos, "darwin") == 0);
}

int dp_family(const char *goos, const char *goarch, int ios_family)
{
	/* The arches whose copies of internal/cpu read HWCap, HWCap2 or
	 * Platform (table.c's hwcap rows). Elsewhere no rule has a defect to
	 * fix, so those builds get no gate, no go list and no toolexec. */
	static const char *const hwcap_arches[] = { "arm64", "arm", "ppc64", "ppc64le", "s390x",
						    "loong64", "mips64", "mips64le", NULL };
	if (ios_family)
		return strcmp(goarch, "arm64") == 0 ? DP_FAM_IOS : 0;
	int fam = strcmp(goos, "linux") == 0 ? DP_FAM_LINUX : strcmp(goos, "android") == 0 ? DP_FAM_ANDROID : 0;
	for (size_t i = 0; fam && hwcap_arches[i]; i++)
		if (strcmp(goarch, hwcap_arches[i]) == 0)
			return fam;
	return 0;
}

static void toolexec_path(struct sb *out)
{
	const char *env = getenv("GOWRAP_TOOLEXEC");
	if (env && *env) {
		sb_adds(out, env);
		return;
	}
	/* installed beside the shim (build/shim/, libexec/gowrap/) */
	struct sb self = SB_INIT;
	if (gw_self_exe(&self) == 0) {
		char *slash = strrchr(self.buf, '/');
		if (slash) {
			*slash = 0;
			gw_path_join(out, self.buf, "gowrap-toolexec");
		}
	}
	sb_release(&self);
}

/* The build's packages: from the memo, else listed now (and memoized). 0
 * known; 1 not knowable before the build (p->reason says why); -1 (e). */
static int find_packages(const struct dp_build *b, struct dp_plan *p, struct gw_err *e)
{
	struct sb key = SB_INIT, why = SB_INIT;
	dp_memo_key(b, &key);
	int hit = dp_memo_load(b, key.buf, p, e);
	if (hit != 0) {
		sb_release(&key);
		p->memo = p->listed = hit == 1;
		return hit == 1 ? 0 : -1;
	}
	if (b->pkg_at_version) {
		sb_release(&key);
		p->reason = "pkg@version: its packages are known only to the build, so gowrap-toolexec "
			    "decides per compile";
		return 1;
	}
	char **args = gw_xcalloc(b->nlistflags + b->npkgs + 1, sizeof *args);
	size_t n = 0;
	for (size_t i = 0; i < b->nlistflags; i++)
		args[n++] = b->listflags[i];
	for (size_t i = 0; i < b->npkgs; i++)
		args[n++] = b->pkgs[i];
	struct dp_graph g;
	int test = strcmp(b->sub, "test") == 0 || strcmp(b->sub, "vet") == 0;
	int rc = dp_graph_list(b->realgo, b->effdir, test, args, n, &g, &why);
	free(args);
	if (rc < 0) {
		sb_addf(&why, "; gowrap-toolexec decides per compile");
		p->reason = sb_detach(&why);
	} else {
		dp_graph_answer(&g, b->family, NULL, NULL, &p->pkgs, &p->unknown);
		p->listed = 1;
		/* go list may have written go.mod/go.sum (-mod=mod): key what
		 * the build will see. */
		sb_reset(&key);
		dp_memo_key(b, &key);
		dp_memo_store(b, key.buf, &g, p);
	}
	dp_graph_free(&g);
	sb_release(&key);
	sb_release(&why);
	return rc < 0 ? 1 : 0;
}

/* The caller brings its own -toolexec: compose with it (gowrap-toolexec runs
 * every tool through it), unless it cannot be split into a command as cmd/go
 * splits it, or it is gowrap-toolexec itself. 0, or -1 with e (114). */
static int compose(const struct dp_build *b, struct dp_plan *p, struct gw_err *e)
{
	struct gw_words w;
	if (gw_split_quoted(b->their_toolexec, &w) < 0 || w.n == 0) {
		struct sb te = SB_INIT;
		sb_add_printable(&te, b->their_toolexec);
		gw_err_set(e, GW_EXIT_DEPS_TOOLEXEC, "cannot fix CPU-feature code in dependencies",
			   "quote your -toolexec as the go command splits it, or set GOWRAP_DEPS=0 to build "
			   "without the dependency fix",
			   "the call brings -toolexec=%s, which is no command gowrap-toolexec can run in front "
			   "of the compiler (unbalanced quote, or empty)", te.buf);
		sb_release(&te);
		return -1;
	}
	if (strcmp(dp_base(w.v[0]), "gowrap-toolexec") != 0)
		p->next = b->their_toolexec;
	gw_words_free(&w);
	return 0;
}

/* The compiler stage behind a caller's tool: <state dir>/compile, a link to
 * gowrap-toolexec (which knows itself by that name). */
static int inner_stage(struct dp_plan *p, struct gw_err *e)
{
	char abs[PATH_MAX];
	struct sb link = SB_INIT;
	int rc = 0;
	if (!realpath(p->toolexec.buf, abs))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find gowrap-toolexec",
				  "install gowrap completely (make install), or set GOWRAP_TOOLEXEC", "%s: %s",
				  p->toolexec.buf, strerror(errno));
	gw_path_join(&link, p->state.dir.buf, "compile");
	if (symlink(abs, link.buf) < 0)
		rc = gw_err_set(e, GW_EXIT_CACHE, "cannot prepare the dependency fix",
				"set GOWRAP_CACHE to a directory you can write", "%s: %s", link.buf,
				strerror(errno));
	sb_release(&link);
	return rc;
}

int dp_plan(const struct dp_build *b, struct dp_plan *p, struct gw_err *e)
{
	memset(p, 0, sizeof *p);
	sb_init(&p->toolexec);
	sb_init(&p->pkgs);
	sb_init(&p->unknown);
	sb_init(&p->fixed);
	sb_init(&p->state.dir);
	sb_init(&p->state.file);
	sb_init(&p->state.rel);
	p->family = b->family;
	const char *off = getenv("GOWRAP_DEPS");
	if (off && strcmp(off, "0") == 0) {
		p->reason = "GOWRAP_DEPS=0";
		return 0;
	}
	int known = find_packages(b, p, e);
	if (known < 0)
		return -1;
	if (known == 0 && !p->pkgs.len) {
		p->reason = "no known CPU-feature copy in the packages this build compiles";
		return 0;
	}
	if (b->their_toolexec && *b->their_toolexec && compose(b, p, e) < 0)
		return -1;
	toolexec_path(&p->toolexec);
	if (!gw_is_executable(p->toolexec.buf))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find gowrap-toolexec",
				  "install gowrap completely (make install), or set GOWRAP_TOOLEXEC",
				  "%s is not executable", p->toolexec.buf);
	if (dp_state_open(b->cache, &p->state, e) < 0 || (p->next && inner_stage(p, e) < 0))
		return -1;
	p->act = 1;
	return 0;
}

void dp_plan_setenv(const struct dp_plan *p)
{
	setenv("GOWRAP_DEPS_FAMILY", dp_family_name(p->family), 1);
	setenv(DP_STATE_ENV, p->state.file.buf, 1);
	if (p->next)
		setenv(DP_NEXT_ENV, p->next, 1);
	else
		unsetenv(DP_NEXT_ENV);
}
