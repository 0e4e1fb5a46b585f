/* reach.c — see enable_reach.h. */
#include "compat.h"
#include "enable_state.h"
#include "enable_reach.h"
#include "fsutil.h"
#include "gosetting.h"
#include "pathwalk.h"
#include "runcmd.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int en_bare_context(const char *realgo, struct sb *goenv, struct sb *bin, struct sb *why)
{
	/* GOTOOLCHAIN=local: once enabled, a bare go would switch to the
	 * launcher before answering, and this context has no PATH to find it */
	struct sb home = SB_INIT, out = SB_INIT, err = SB_INIT;
	sb_addf(&home, "HOME=%s", getenv("HOME") ? getenv("HOME") : "");
	char *argv[] = { (char *)realgo, "env", "GOENV", "GOPATH", NULL };
	char *envp[] = { home.buf, "GOTOOLCHAIN=local", NULL };
	struct gw_cmd c = { .argv = argv, .envp = envp, .dir = "/", .out = &out, .err = &err, .null_stdin = 1 };
	int st = gw_run(&c), rc = 0;
	char *nl = out.buf ? strchr(out.buf, '\n') : NULL;
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || !nl) {
		sb_addf(why, "`env -i %s %s env GOENV GOPATH` failed: %s", home.buf, realgo,
			err.len ? err.buf : "no answer");
		rc = -1;
	} else {
		*nl = '\0';
		sb_adds(goenv, out.buf);
		char *gp = nl + 1;
		size_t n = strcspn(gp, ":\n");
		if (n)
			sb_addf(bin, "%.*s/bin", (int)n, gp);
	}
	sb_release(&home);
	sb_release(&out);
	sb_release(&err);
	return rc;
}

/* dir names one of the launcher directories (as written, or the same
 * directory once both exist). */
static int plan_dir(const struct en_plan *p, const char *dir)
{
	char a[PATH_MAX], b[PATH_MAX];
	int ra = realpath(dir, a) != NULL;
	for (size_t i = 0; i < p->ndirs; i++)
		if (!strcmp(p->dirs[i], dir) || (ra && realpath(p->dirs[i], b) && !strcmp(a, b)))
			return 1;
	return 0;
}

enum en_verdict en_path_finds(const struct en_plan *p, const char *path, struct sb *how)
{
	struct gw_path_walk w;
	struct sb e = SB_INIT, f = SB_INIT;
	enum en_verdict v = EN_FAILS_LOUDLY;
	gw_path_walk_start(&w, path);
	while (v == EN_FAILS_LOUDLY && gw_path_next(&w, &e)) {
		while (e.len > 1 && e.buf[e.len - 1] == '/')
			e.buf[--e.len] = '\0';
		if (e.buf[0] != '/')
			continue; /* go's exec.LookPath refuses what a relative entry finds */
		sb_reset(&f);
		gw_path_join(&f, e.buf, p->name);
		struct stat st;
		if (plan_dir(p, e.buf)) {
			v = EN_REACHED;
			sb_adds(how, f.buf);
		} else if (stat(f.buf, &st) == 0 && S_ISREG(st.st_mode) && access(f.buf, X_OK) == 0) {
			v = en_is_launcher(f.buf) ? EN_REACHED : EN_NOT_REACHED;
			sb_addf(how, v == EN_REACHED ? "%s" : "%s comes first on PATH and is not gowrap's launcher",
				f.buf);
		}
	}
	if (v == EN_FAILS_LOUDLY)
		sb_addf(how, "no %s on PATH %s, so go stops, trying to download it", p->name, path ? path : "(unset)");
	sb_release(&e);
	sb_release(&f);
	return v;
}

static const char *word(enum en_verdict v)
{
	return v == EN_REACHED ? "reached" : v == EN_NOT_REACHED ? "not reached" : "will fail loudly";
}

static void row(struct sb *out, const char *label, enum en_verdict v, const char *how, const char *fix)
{
	sb_addf(out, "  %-32s %s: %s%s%s%s\n", label, word(v), how, v == EN_FAILS_LOUDLY && fix ? " (fix: " : "",
		v == EN_FAILS_LOUDLY && fix ? fix : "", v == EN_FAILS_LOUDLY && fix ? ")" : "");
}

/* A context that inherits only HOME: its go env file must be the one
 * enable writes, else its go never sees the switch. */
static void bare_row(struct sb *out, const struct en_plan *p, const char *label, const char *goenv,
		     const char *path, const char *fix)
{
	struct sb how = SB_INIT;
	enum en_verdict v;
	if (strcmp(goenv, p->goenv) != 0) {
		v = EN_NOT_REACHED;
		sb_addf(&how, "its go reads the go env file %s, not %s (fix: set GOENV only in the go env "
			"file's default place, or unset it and run gowrap enable again)",
			*goenv ? goenv : "(none)", p->goenv);
	} else {
		v = en_path_finds(p, path, &how);
	}
	row(out, label, v, how.buf, fix);
	sb_release(&how);
}

static enum en_verdict shell_row(struct sb *out, const struct en_plan *p)
{
	struct sb how = SB_INIT, f = SB_INIT;
	const char *t = getenv("GOTOOLCHAIN"), *m = getenv("GO111MODULE");
	enum en_verdict found = en_path_finds(p, getenv("PATH"), &how), v = found;
	if ((t && *t) || gw_goenv_file(&f) < 0 || strcmp(f.buf, p->goenv) || (m && !strcmp(m, "off"))) {
		v = EN_NOT_REACHED;
		sb_reset(&how);
		if (t && *t)
			sb_addf(&how, "GOTOOLCHAIN=%s in its environment wins over the go env file (fix: unset it)", t);
		else if (m && !strcmp(m, "off"))
			sb_adds(&how, "GO111MODULE=off: go never switches toolchains (fix: unset it)");
		else
			sb_addf(&how, "its go reads %s, not %s", f.len ? f.buf : "no go env file", p->goenv);
	}
	row(out, "this shell", v, how.buf, NULL);
	sb_release(&how);
	sb_release(&f);
	return found;
}

enum en_verdict en_reach_table(const struct en_plan *p, struct sb *out)
{
	struct sb goenv = SB_INIT, bin = SB_INIT, why = SB_INIT, path = SB_INIT, label = SB_INIT;
	sb_addf(out, "where a go finds gowrap's launcher %s:\n", p->name);
	enum en_verdict shell = shell_row(out, p);
	if (p->bare_goenv && p->bare_bin) {
		sb_adds(&goenv, p->bare_goenv);
		sb_adds(&bin, p->bare_bin);
	}
	if (!(p->bare_goenv && p->bare_bin) && en_bare_context(p->realgo, &goenv, &bin, &why) < 0) {
		sb_addf(out, "  %-32s not known: %s\n", "Xcode phase (Xcode's PATH)", why.buf);
	} else {
		/* even `go env GOPATH` switches first: a phase that asks it
		 * before changing PATH is this row, not the next */
		sb_addf(&why, "gowrap enable --bin /usr/local/bin, a directory on Xcode's PATH; or a phase that "
			"puts %s on PATH before its first go: next row", bin.len ? bin.buf : "GOPATH/bin");
		bare_row(out, p, "Xcode phase (Xcode's PATH)", goenv.buf, EN_XCODE_PATH, why.buf);
		sb_addf(&path, "%s:%s", bin.buf, EN_XCODE_PATH);
		bare_row(out, p, "env -i HOME, GOPATH/bin on PATH", goenv.buf, path.buf, NULL);
	}
	for (size_t i = 0; i < p->nbins; i++) {
		sb_reset(&label);
		sb_addf(&label, "PATH holding %s", p->bins[i]);
		bare_row(out, p, label.buf, goenv.len ? goenv.buf : p->goenv, p->bins[i], NULL);
	}
	struct sb *all[] = { &goenv, &bin, &why, &path, &label };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	return shell;
}
