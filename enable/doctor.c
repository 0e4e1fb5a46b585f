/* doctor.c — gowrap doctor's rows about `gowrap enable`: is it on, is
 * its launcher on this PATH, and would a given go (`--go PATH`) reach the
 * shim. Only reads.
 *
 * Promise: "reached" is said only when every link cmd/go walks holds here —
 * no GOTOOLCHAIN in the environment (it wins over the go env file), the go
 * env file read (not GOENV=off) and naming the launcher, modules on (a go
 * with GO111MODULE=off never selects a toolchain), a go 1.21 or newer, and
 * the launcher found on PATH (else go stops with "toolchain not
 * available": loud, never unfixed). Each "no" says why and what to do. */
#include "compat.h"
#include "enable.h"
#include "enable_state.h"
#include "enable_reach.h"
#include "fsutil.h"
#include "goquery.h"
#include "gosetting.h"
#include "jsonw.h"
#include "pathwalk.h"
#include "strbuf.h"
#include "toolsel.h"

#include <stdlib.h>
#include <string.h>

/* Why go would not reach gowrap, or NULL: it would. */
static const char *not_reached(const char *go, const char *name, struct sb *why)
{
	const char *t = getenv("GOTOOLCHAIN");
	struct sb f = SB_INIT, v = SB_INIT, l = SB_INIT;
	if (t && *t)
		sb_addf(why, "GOTOOLCHAIN=%s in the environment wins over the go env file (fix: unset it)", t);
	else if (gw_goenv_file(&f) < 0)
		sb_adds(why, "GOENV=off: go reads no go env file (fix: unset GOENV)");
	else if (!*name)
		sb_adds(why, "gowrap is not enabled (fix: gowrap enable)");
	else if (!gw_is_executable(go))
		sb_addf(why, "%s is not an executable go (fix: give the go your build runs)", go);
	else if (gw_is_shim_file(go))
		; /* the shim itself */
	else if (gw_local_toolchain(go, &l) < 0 || gw_gover_compare(l.buf + 2, "1.21") < 0)
		sb_addf(why, "%s (%s) predates Go 1.21's toolchain switch (fix: use Go 1.21 or newer)", go,
			l.len ? l.buf : "unknown version");
	else if (!gw_modules_on(go, "."))
		sb_adds(why, "GO111MODULE turns modules off here, so go never switches toolchains "
			     "(fix: unset GO111MODULE)");
	if (!why->len && !gw_is_shim_file(go) &&
	    gw_path_find(getenv("PATH"), name, GW_PATH_AS_WRITTEN, NULL, NULL, &v) < 0)
		sb_addf(why, "%s is not on this PATH, so go stops with \"toolchain not available\" "
			     "(loud, never unfixed) (fix: put a launcher's directory on that PATH, e.g. "
			     "`gowrap enable --bin DIR` for a DIR the build's PATH holds, or `gowrap disable`)",
			name);
	sb_release(&f);
	sb_release(&v);
	sb_release(&l);
	return why->len ? why->buf : NULL;
}

/* enable's own table, for the launchers its state names: the same
 * judgement of each context as enable printed. */
static void reach_table(const char *realgo, const char *name, const char *goenv, struct sb *text)
{
	struct en_state s = EN_STATE_INIT;
	struct gw_err e = { 0 };
	char **dirs = NULL;
	size_t n = 0;
	if (gw_enable_dir(&s.dir) == 0 && en_read(&s, &e) == 1)
		for (size_t i = 0; i < s.nlaunchers; i++) {
			char *slash = strrchr(s.launchers[i], '/');
			if (slash)
				gw_strv_addn(&dirs, &n, s.launchers[i], (size_t)(slash - s.launchers[i]));
		}
	struct en_plan p = { realgo, name, goenv, dirs, n, s.bins, s.nbins, NULL, NULL };
	en_reach_table(&p, text);
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
	en_free(&s);
}

int en_doctor_rows(struct jw *w, struct sb *text, struct sb *problems, const char *go)
{
	struct sb name = SB_INIT, lp = SB_INIT, why = SB_INIT, real = SB_INIT;
	struct gw_err e = { 0 };
	if (gw_find_real_go(&real, &e) < 0)
		sb_reset(&real);
	struct sb f = SB_INIT;
	char *v = gw_goenv_file(&f) == 0 ? gw_go_setting(real.len ? real.buf : NULL, "GOTOOLCHAIN") : NULL;
	int on = v && gw_is_launcher_name(v);
	if (on)
		sb_adds(&name, v);
	free(v);
	jw_bool(w, "enabled", on);
	sb_addf(text, "  %-22s %s%s%s\n", "enabled:", on ? "yes, GOTOOLCHAIN=" : "no",
		on ? name.buf : "", on ? " in the go env file" : " (gowrap enable routes every go here)");
	if (on) {
		int found = gw_path_find(getenv("PATH"), name.buf, GW_PATH_AS_WRITTEN, NULL, NULL, &lp) == 0;
		sb_addf(text, "  %-22s %s\n", "launcher on PATH:", found ? lp.buf : "NO");
		jw_str(w, "launcher", found ? lp.buf : "");
		if (real.len)
			reach_table(real.buf, name.buf, f.buf, text);
	}
	if (go) {
		const char *r = not_reached(go, name.buf, &why);
		sb_addf(text, "  %-22s %s: %s%s\n", "reached:", go, r ? "no: " : "yes", r ? r : "");
		jw_str(w, "go", go);
		jw_bool(w, "reached", !r);
		if (r)
			sb_addf(problems, "%s does not reach gowrap: %s; ", go, r);
	}
	sb_release(&name);
	sb_release(&lp);
	sb_release(&why);
	sb_release(&real);
	sb_release(&f);
	return on;
}
