/* deps.c — see deps.h. */
#include "compat.h"
#include "deps.h"
#include "depgraph.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "selfpath.h"
#include "table.h"
#include "verify.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int shim_deps_family(const char *goos, int ios_family)
{
	if (ios_family)
		return DP_FAM_IOS;
	if (strcmp(goos, "linux") == 0 || strcmp(goos, "android") == 0)
		return DP_FAM_LINUX;
	return 0;
}

/* Flags in argv (before the packages) that change the module graph. */
static void graph_flags(const struct shim_cmdline *cl, struct shim_words *out, const char **toolexec)
{
	out->n = 0;
	out->v = gw_xcalloc((size_t)cl->argc + 1, sizeof *out->v);
	for (int i = cl->sub_idx + 1; i < cl->argc; i++) {
		const char *a = cl->argv[i];
		if (a[0] != '-')
			break;
		const char *f = a + (a[1] == '-' ? 2 : 1);
		if (strcmp(a, "--") == 0)
			break;
		if (strncmp(f, "mod=", 4) == 0 || strncmp(f, "modfile=", 8) == 0) {
			out->v[out->n++] = gw_xstrdup(a);
		} else if ((strcmp(f, "mod") == 0 || strcmp(f, "modfile") == 0) && i + 1 < cl->argc) {
			struct sb s = SB_INIT;
			sb_addf(&s, "-%s=%s", f, cl->argv[i + 1]);
			out->v[out->n++] = sb_detach(&s);
			i++;
		} else if (strncmp(f, "toolexec=", 9) == 0) {
			*toolexec = f + 9;
		} else if (strcmp(f, "toolexec") == 0 && i + 1 < cl->argc) {
			*toolexec = cl->argv[++i];
		}
	}
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

/* The caller's own -toolexec: argv's, else GOFLAGS' (last wins), or NULL.
 * Fills gf with argv's flags that change the module graph. */
static const char *their_toolexec(const struct shim_cmdline *cl, const char *goflags,
				  struct shim_words *gf)
{
	const char *theirs = NULL;
	static char *theirs_gf; /* static: reachable until exit (leak checkers) */
	graph_flags(cl, gf, &theirs);
	if (!theirs && goflags) {
		struct shim_words w;
		if (shim_split_quoted(goflags, &w) == 0) {
			for (size_t i = 0; i < w.n; i++) {
				const char *a = w.v[i];
				a += a[0] == '-' && a[1] == '-' ? 2 : a[0] == '-' ? 1 : 0;
				if (strncmp(a, "toolexec=", 9) == 0) {
					free(theirs_gf);
					theirs_gf = gw_xstrdup(a + 9);
				}
			}
			shim_words_free(&w);
		}
		theirs = theirs_gf;
	}
	return theirs;
}

/* The candidates of this family into d->pkgs, its unknown variants into
 * d->unknown (depgraph.h's lines). */
static void pick_family(struct shim_deps *d, const char *cands, int family)
{
	for (const char *p = cands; *p;) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		const char *tab = memchr(p, '\t', (size_t)(nl - p));
		const char *tab2 = tab ? memchr(tab + 1, '\t', (size_t)(nl - tab - 1)) : NULL;
		if (tab && (atoi(tab + 1) & family)) {
			sb_add(&d->pkgs, p, (size_t)(tab - p));
			sb_addc(&d->pkgs, '\n');
		} else if (tab2 && (atoi(tab2 + 1) & family)) {
			sb_add(&d->unknown, p, (size_t)(tab - p));
			sb_adds(&d->unknown, ": unknown variant of a known CPU-feature file (not patched)\n");
		}
		p = nl + 1;
	}
}

/* The plan acts: gowrap-toolexec must be there (and the caller must not
 * bring its own), and the per-call record file gets its name. */
static int plan_act(struct shim_deps *d, const char *theirs, const char *cache, struct gw_err *e)
{
	if (theirs && *theirs)
		return gw_err_set(e, GW_EXIT_DEPS_TOOLEXEC, "cannot fix CPU-feature code in dependencies",
				  "drop your -toolexec, or set GOWRAP_DEPS=0 to build without the dependency fix "
				  "(`gowrap audit` then reports those packages as wrong)",
				  "this build contains %.*s which gowrap fixes through -toolexec, and the call "
				  "brings its own -toolexec=%s (two wrappers cannot both own the compiler's identity)",
				  (int)strcspn(d->pkgs.buf, "\n"), d->pkgs.buf, theirs);
	toolexec_path(&d->toolexec);
	if (!gw_is_executable(d->toolexec.buf))
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find gowrap-toolexec",
				  "install gowrap completely (make install), or set GOWRAP_TOOLEXEC",
				  "%s is not executable", d->toolexec.buf);
	struct sb sd = SB_INIT;
	sb_addf(&sd, "%s/deps/run", cache);
	if (gw_mkdirs(sd.buf, 0700, e) < 0) {
		sb_release(&sd);
		return -1;
	}
	sb_addf(&d->state, "%s/%ld-%ld.state", sd.buf, (long)getpid(), (long)time(NULL));
	unlink(d->state.buf);
	sb_release(&sd);
	d->act = 1;
	return 0;
}

int shim_deps_plan(const struct shim_cmdline *cl, const char *realgo, const char *effdir,
		   int family, const char *goflags, const char *cache, struct shim_deps *d,
		   struct gw_err *e)
{
	memset(d, 0, sizeof *d);
	sb_init(&d->toolexec);
	sb_init(&d->state);
	sb_init(&d->pkgs);
	sb_init(&d->fixed);
	sb_init(&d->unknown);
	d->family = family == DP_FAM_IOS ? "ios" : "linux";
	const char *off = getenv("GOWRAP_DEPS");
	if (off && strcmp(off, "0") == 0) {
		d->reason = "GOWRAP_DEPS=0";
		return 0;
	}
	static struct shim_words gf; /* static: reachable until exit (leak checkers) */
	const char *theirs = their_toolexec(cl, goflags, &gf);
	struct sb cands = SB_INIT;
	shim_depgraph_candidates(realgo, effdir, cache, &gf, &cands, &d->reason);
	pick_family(d, cands.buf, family);
	sb_release(&cands);
	if (!d->pkgs.len) {
		if (!d->reason)
			d->reason = "no known CPU-feature copy in the module graph for this target";
		return 0;
	}
	return plan_act(d, theirs, cache, e);
}

char **shim_deps_argv(char **v, int n, int at, const struct shim_deps *d)
{
	char **nv = gw_xcalloc((size_t)n + 2, sizeof *nv);
	struct sb f = SB_INIT;
	sb_addf(&f, "-toolexec=%s", d->toolexec.buf);
	int j = 0;
	for (int i = 0; i < n; i++) {
		if (i == at)
			nv[j++] = sb_detach(&f);
		nv[j++] = v[i];
	}
	if (at >= n)
		nv[j++] = sb_detach(&f);
	nv[j] = NULL;
	return nv;
}

void shim_deps_setenv(const struct shim_deps *d)
{
	setenv("GOWRAP_DEPS_FAMILY", d->family, 1);
	setenv("GOWRAP_DEPS_STATE", d->state.buf, 1);
}

int shim_deps_check(struct shim_deps *d, const char *output, struct gw_err *e)
{
	struct sb rec = SB_INIT;
	if (sb_read_file(&rec, d->state.buf, 1u << 22) == 0) {
		for (char *p = rec.buf; *p;) {
			char *nl = strchr(p, '\n');
			if (!nl)
				break;
			*nl = 0;
			char *t1 = strchr(p, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
			if (t1 && t2) {
				*t1 = *t2 = 0;
				if (strcmp(p, "fixed") == 0) {
					sb_adds(&d->fixed, t1 + 1);
					sb_addc(&d->fixed, '\n');
				} else {
					sb_addf(&d->unknown, "%s: %s: %s\n", t1 + 1, p, t2 + 1);
				}
			}
			p = nl + 1;
		}
	}
	unlink(d->state.buf);
	sb_release(&rec);
	if (!output)
		return 0;
	/* required: fixed now, or a candidate whose code is in the output */
	size_t n = 0;
	struct sb all = SB_INIT;
	sb_adds(&all, d->fixed.buf);
	sb_adds(&all, d->pkgs.buf);
	for (size_t i = 0; i < all.len; i++)
		n += all.buf[i] == '\n';
	const char **pk = gw_xcalloc(n + 1, sizeof *pk);
	int *present = gw_xcalloc(n + 1, sizeof *present);
	size_t k = 0, nfixed = 0;
	for (char *p = all.buf; *p && k < n;) {
		char *nl = strchr(p, '\n');
		*nl = 0;
		pk[k++] = p;
		p = nl + 1;
	}
	for (size_t i = 0; i < d->fixed.len; i++)
		nfixed += d->fixed.buf[i] == '\n';
	struct sb markers = SB_INIT, err = SB_INIT;
	int rc = 0;
	if (vf_pkg_markers(output, pk, k, present, &markers, &err) < 0) {
		rc = gw_err_set(e, GW_EXIT_VERIFY, "cannot check the dependency fix in the built output",
				"report this with the file; GOWRAP_VERIFY=0 skips the check", "%s", err.buf);
	} else {
		for (size_t i = 0; i < k && rc == 0; i++) {
			if (i >= nfixed && !present[i])
				continue;
			struct sb want = SB_INIT;
			sb_addf(&want, "\n%s.gowrapMarker", pk[i]);
			struct sb hay = SB_INIT;
			sb_addc(&hay, '\n');
			sb_adds(&hay, markers.buf);
			if (!strstr(hay.buf, want.buf))
				rc = gw_err_set(e, GW_EXIT_VERIFY, "built output lacks a dependency fix",
						"rebuild through the shim (a build cache entry made by another "
						"wrapper?); GOWRAP_VERIFY=0 skips this check",
						"%s: %s has code in it but no %s.gowrapMarker%s", output, pk[i],
						pk[i], DP_FIX_VERSION);
			sb_release(&want);
			sb_release(&hay);
		}
	}
	free(pk);
	free(present);
	sb_release(&all);
	sb_release(&markers);
	sb_release(&err);
	return rc;
}

/* lines: "\n"-terminated entries, as a JSON array of strings. */
static void json_list(struct jw *w, const char *key, const char *lines)
{
	struct sb one = SB_INIT;
	jw_arr(w, key);
	for (const char *p = lines; *p;) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		sb_reset(&one);
		sb_add(&one, p, (size_t)(nl - p));
		jw_str(w, NULL, one.buf);
		p = nl + 1;
	}
	jw_end(w);
	sb_release(&one);
}

void shim_deps_log_fields(struct jw *w, const void *arg)
{
	const struct shim_deps *d = arg;
	json_list(w, "deps", d->pkgs.buf);
	json_list(w, "deps_fixed", d->fixed.buf);
	json_list(w, "deps_unknown", d->unknown.buf);
	if (d->act)
		jw_bool(w, "deps_toolexec", 1);
}
