/* pkgver.c — see pkgver.h. */
#include "compat.h"
#include "pkgver.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "gosetting.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gv {
	long maj, min, pat, pre;
	int kind; /* 0 language (1.21), 1 beta, 2 rc, 3 release (1.21.0) */
};

static const char *num(const char *s, long *out)
{
	*out = 0;
	if (!isdigit((unsigned char)*s))
		return NULL;
	while (isdigit((unsigned char)*s))
		*out = *out * 10 + (*s++ - '0');
	return s;
}

/* gover.parse: 1, 1.2, 1.2.3, 1.2rc1, 1.2beta1; -1 if not a Go version. */
static int gv_parse(const char *s, struct gv *v)
{
	memset(v, 0, sizeof *v);
	if (!(s = num(s, &v->maj)))
		return -1;
	if (*s == '\0')
		return 0;
	if (*s != '.' || !(s = num(s + 1, &v->min)))
		return -1;
	if (*s == '\0')
		return 0;
	if (*s == '.') {
		if (!(s = num(s + 1, &v->pat)) || *s)
			return -1;
		v->kind = 3;
		return 0;
	}
	if (strncmp(s, "rc", 2) == 0)
		v->kind = 2, s += 2;
	else if (strncmp(s, "beta", 4) == 0)
		v->kind = 1, s += 4;
	else
		return -1;
	return (s = num(s, &v->pre)) && !*s ? 0 : -1;
}

int shim_gover_cmp(const char *a, const char *b)
{
	struct gv x, y;
	if (gv_parse(a, &x) < 0 || gv_parse(b, &y) < 0)
		return strcmp(a, b) < 0 ? -1 : strcmp(a, b) > 0;
	long ka[] = { x.maj, x.min, x.kind, x.kind == 3 ? x.pat : x.pre };
	long kb[] = { y.maj, y.min, y.kind, y.kind == 3 ? y.pat : y.pre };
	for (int i = 0; i < 4; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? -1 : 1;
	return 0;
}

/* module.EscapePath/EscapeVersion: an upper-case letter becomes '!' + lower. */
static void add_escaped(struct sb *s, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c >= 'A' && c <= 'Z') {
			sb_addc(s, '!');
			sb_addc(s, (char)(c - 'A' + 'a'));
		} else {
			sb_addc(s, (char)c);
		}
	}
}

/* A canonical semantic version (v1.2.3, v1.2.3-pre, pseudo-versions), not a
 * query: only those name one go.mod in the cache. */
static int canonical(const char *v)
{
	long x;
	if (v[0] != 'v' || !(v = num(v + 1, &x)) || *v != '.' || !(v = num(v + 1, &x)) ||
	    *v != '.' || !(v = num(v + 1, &x)))
		return 0;
	return *v == '\0' || *v == '-' || *v == '+';
}

/* The go directive of a go.mod (gover.GoModLookup), or NULL. */
static char *go_line(const char *gomod)
{
	char *got = NULL;
	for (const char *l = gomod; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		while (n && (*l == ' ' || *l == '\t'))
			l++, n--;
		if (n > 3 && strncmp(l, "go", 2) == 0 && (l[2] == ' ' || l[2] == '\t')) {
			const char *v = l + 3;
			while (*v == ' ' || *v == '\t')
				v++;
			size_t m = 0;
			while (v + m < l + n && !isspace((unsigned char)v[m]) && v[m] != '/')
				m++;
			free(got);
			got = gw_xcalloc(1, m + 1);
			memcpy(got, v, m);
		}
		l = nl ? nl + 1 : NULL;
	}
	return got;
}

/* The cached go.mod of the module holding pkg at version: the longest path
 * prefix that has one. */
static int read_cached_gomod(const char *gomodcache, const char *pkg, size_t plen,
			     const char *version, struct sb *mod, struct sb *modpath)
{
	for (size_t n = plen; n > 0; n--) {
		if (n != plen && pkg[n] != '/')
			continue;
		struct sb p = SB_INIT;
		gw_path_join(&p, gomodcache, "cache/download/");
		add_escaped(&p, pkg, n);
		sb_adds(&p, "/@v/");
		add_escaped(&p, version, strlen(version));
		sb_adds(&p, ".mod");
		int ok = sb_read_file(mod, p.buf, 1u << 20) == 0;
		sb_release(&p);
		if (ok) {
			sb_add(modpath, pkg, n);
			return 0;
		}
	}
	return -1;
}

static const char fix_fmt_head[] = "choose the toolchain for this call: ";

int shim_pkgver_check(const struct shim_cmdline *cl, const char *realgo, const char *goversion,
		      const char *gomodcache, struct gw_err *e)
{
	int is_run = strcmp(cl->sub, "run") == 0;
	if ((!is_run && strcmp(cl->sub, "install") != 0) || !cl->npkgs)
		return 0;
	/* select.go: the first argument after the flags (for run, the program) */
	const char *arg = cl->pkgs[0];
	const char *at = strchr(arg, '@');
	if (!at || arg[0] == '/' || strcmp(arg, ".") == 0 || strcmp(arg, "..") == 0 ||
	    strncmp(arg, "./", 2) == 0 || strncmp(arg, "../", 3) == 0 || at == arg || !at[1])
		return 0;
	char *tc = gw_go_setting(realgo, "GOTOOLCHAIN");
	const char *plus = strchr(tc, '+');
	int may_switch = strcmp(tc, "auto") == 0 || strcmp(tc, "path") == 0 ||
			 (plus && (strcmp(plus, "+auto") == 0 || strcmp(plus, "+path") == 0));
	if (!may_switch) {
		free(tc);
		return 0;
	}
	const char *cur = strncmp(goversion, "go", 2) == 0 ? goversion + 2 : goversion;
	char curv[64];
	size_t cn = strcspn(cur, " ");
	snprintf(curv, sizeof curv, "%.*s", (int)(cn < sizeof curv ? cn : sizeof curv - 1), cur);
	const char *version = at + 1;
	struct sb mod = SB_INIT, modpath = SB_INIT, fix = SB_INIT;
	int rc = 0;
	char *gover = NULL;
	sb_adds(&fix, fix_fmt_head);
	sb_addf(&fix, "GOTOOLCHAIN=local (build with go%s), or GOTOOLCHAIN=goX.Y.Z naming the one the module needs "
		"(made overlay-ready by `gowrap toolchain install goX.Y.Z`)", curv);
	if (!gomodcache || !*gomodcache || !canonical(version) ||
	    read_cached_gomod(gomodcache, arg, (size_t)(at - arg), version, &mod, &modpath) < 0) {
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN_SWITCH, "cannot tell which toolchain will compile",
				fix.buf,
				"`go %s %s` may switch toolchains from that module's go.mod (GOTOOLCHAIN=%s), and %s",
				cl->sub, arg, tc,
				canonical(version) ? "its go.mod is not in the module cache yet (`go mod download MODULE@VERSION` fetches it)"
						   : "the version is a query, not one go.mod");
		goto done;
	}
	gover = go_line(mod.buf);
	if (gover && shim_gover_cmp(gover, curv) > 0)
		rc = gw_err_set(e, GW_EXIT_TOOLCHAIN_SWITCH, "cannot tell which toolchain will compile",
				fix.buf,
				"`go %s %s` switches toolchains (GOTOOLCHAIN=%s): %s@%s's go.mod says go %s, newer than go%s here, "
				"and the go command then picks the newest release it can list, not a version gowrap can know",
				cl->sub, arg, tc, modpath.buf, version, gover, curv);
done:
	free(gover);
	free(tc);
	sb_release(&mod);
	sb_release(&modpath);
	sb_release(&fix);
	return rc;
}
