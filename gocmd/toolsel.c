/* toolsel.c — see toolsel.h. */
#include "compat.h"
#include "toolsel.h"
#include "fsutil.h"
#include "goquery.h"
#include "gosetting.h"
#include "strbuf.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* internal/gover's version: each part a decimal string, "" when absent. */
struct gover {
	char major[16], minor[16], patch[16], kind[16], pre[16];
	int ok;
};

/* gover's cutInt: digits without a leading zero (unless "0"). */
static const char *cut_int(const char *x, char out[16])
{
	size_t i = 0;
	while (x[i] >= '0' && x[i] <= '9')
		i++;
	if (i == 0 || i >= 16 || (x[0] == '0' && i != 1))
		return NULL;
	memcpy(out, x, i);
	out[i] = '\0';
	return x + i;
}

static struct gover parse(const char *x)
{
	struct gover v = { .ok = 0 }, bad = { .ok = 0 };
	if (!(x = cut_int(x, v.major)))
		return bad;
	v.ok = 1;
	if (!*x) {
		strcpy(v.minor, "0");
		strcpy(v.patch, "0");
		return v;
	}
	if (*x != '.' || !(x = cut_int(x + 1, v.minor)))
		return bad;
	if (!*x) {
		/* before 1.21 a missing patch is .0; from 1.21 it is the language */
		if (strlen(v.minor) < 2 || (strlen(v.minor) == 2 && strcmp(v.minor, "21") < 0))
			strcpy(v.patch, "0");
		return v;
	}
	if (*x == '.')
		return (x = cut_int(x + 1, v.patch)) && !*x ? v : bad;
	size_t i = 0;
	while (x[i] && (x[i] < '0' || x[i] > '9')) {
		if (x[i] < 'a' || x[i] > 'z' || i >= 15)
			return bad;
		i++;
	}
	if (i == 0)
		return bad;
	memcpy(v.kind, x, i);
	v.kind[i] = '\0';
	x += i;
	if (!*x)
		return v;
	return (x = cut_int(x, v.pre)) && !*x ? v : bad;
}

static int cmp_int(const char *x, const char *y)
{
	size_t lx = strlen(x), ly = strlen(y);
	if (lx != ly)
		return lx < ly ? -1 : 1;
	int c = strcmp(x, y);
	return (c > 0) - (c < 0);
}

int gw_gover_compare(const char *a, const char *b)
{
	struct gover x = parse(a), y = parse(b);
	int c;
	if ((c = cmp_int(x.major, y.major)) || (c = cmp_int(x.minor, y.minor)) ||
	    (c = cmp_int(x.patch, y.patch)))
		return c;
	c = strcmp(x.kind, y.kind);
	if (c)
		return (c > 0) - (c < 0);
	return cmp_int(x.pre, y.pre);
}

static int is_lang(const char *v)
{
	struct gover x = parse(v);
	return x.ok && !x.patch[0] && !x.kind[0] && !x.pre[0];
}

int gw_gover_from_toolchain(const char *name, struct sb *out)
{
	if (strpbrk(name, "\\/") || strncmp(name, "go", 2) != 0)
		return -1;
	const char *v = name + 2;
	size_t n = strcspn(v, " \t-");
	char buf[64];
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	if (!parse(buf).ok)
		return -1;
	sb_adds(out, buf);
	return 0;
}

int gw_is_launcher_name(const char *name)
{
	size_t n = strlen(name), s = strlen(GW_LAUNCHER_SUFFIX);
	struct sb v = SB_INIT;
	int ok = n > s && strcmp(name + n - s, GW_LAUNCHER_SUFFIX) == 0 &&
		 gw_gover_from_toolchain(name, &v) == 0 && strlen(name) == 2 + v.len + s;
	sb_release(&v);
	return ok;
}

int gw_enabled_name(const char *realgo, struct sb *out)
{
	const char *env = getenv("GOTOOLCHAIN");
	if (env && *env)
		return 0;
	char *v = gw_go_setting(realgo, "GOTOOLCHAIN");
	int on = gw_is_launcher_name(v);
	if (on && out)
		sb_adds(out, v);
	free(v);
	return on;
}

int gw_enable_dir(struct sb *out)
{
	const char *home = getenv("HOME");
#ifdef __APPLE__
	if (!home || !*home)
		return -1;
	gw_path_join(out, home, "Library/Application Support/gowrap");
#else
	const char *x = getenv("XDG_CONFIG_HOME");
	if (x && x[0] == '/') {
		gw_path_join(out, x, "gowrap");
		return 0;
	}
	if (!home || !*home)
		return -1;
	gw_path_join(out, home, ".config/gowrap");
#endif
	return 0;
}

/* The state file's `gotoolchain VALUE` line: 1 (value, maybe empty), 0 when
 * the line or the file is missing. */
static int saved_toolchain(struct sb *out)
{
	struct sb p = SB_INIT, b = SB_INIT;
	int got = 0;
	if (gw_enable_dir(&p) == 0)
		sb_adds(&p, "/enabled");
	if (p.len && sb_read_file(&b, p.buf, 1u << 16) == 0) {
		for (char *l = b.buf; l && *l && !got;) {
			char *nl = strchr(l, '\n');
			if (nl)
				*nl = '\0';
			if (strncmp(l, "gotoolchain ", 12) == 0) {
				sb_adds(out, l + 12);
				got = 1;
			}
			l = nl ? nl + 1 : NULL;
		}
	}
	sb_release(&p);
	sb_release(&b);
	return got;
}

void gw_user_toolchain(const char *realgo, struct sb *out)
{
	if (saved_toolchain(out) && out->len)
		return;
	sb_reset(out);
	struct sb f = SB_INIT, b = SB_INIT;
	if (gw_goroot_env_file(realgo, &f) == 0 && sb_read_file(&b, f.buf, 1u << 20) == 0) {
		for (char *l = b.buf; l && *l;) {
			char *nl = strchr(l, '\n');
			if (nl)
				*nl = '\0';
			if (strncmp(l, "GOTOOLCHAIN=", 12) == 0) {
				sb_reset(out);
				sb_adds(out, l + 12);
			}
			l = nl ? nl + 1 : NULL;
		}
	}
	sb_release(&f);
	sb_release(&b);
}

int gw_local_toolchain(const char *realgo, struct sb *out)
{
	char root[PATH_MAX];
	struct sb p = SB_INIT, b = SB_INIT;
	int rc = -1;
	if (gw_own_goroot(realgo, root) == 0) {
		gw_path_join(&p, root, "VERSION");
		if (sb_read_file(&b, p.buf, 1u << 16) == 0) {
			b.buf[strcspn(b.buf, "\n")] = '\0';
			struct sb v = SB_INIT;
			if (gw_gover_from_toolchain(b.buf, &v) == 0) {
				sb_addf(out, "go%s", v.buf);
				rc = 0;
			}
			sb_release(&v);
		}
	}
	sb_release(&p);
	sb_release(&b);
	return rc;
}

/* gover.GoModLookup: the first line whose first word is key. */
static void mod_lookup(const char *data, const char *key, struct sb *out)
{
	size_t k = strlen(key);
	for (const char *l = data; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		while (n && strchr(" \t\r\v\f", *l))
			l++, n--;
		while (n && strchr(" \t\r\v\f", l[n - 1]))
			n--;
		if (n > k && strncmp(l, key, k) == 0 && (l[k] == ' ' || l[k] == '\t')) {
			const char *s = l + k, *e = l + n;
			const char *c = strstr(s, "//");
			if (c && c < e)
				e = c;
			while (s < e && strchr(" \t\r\v\f", *s))
				s++;
			while (e > s && strchr(" \t\r\v\f", e[-1]))
				e--;
			sb_addf(out, "%.*s", (int)(e - s), s);
			return;
		}
		l = nl ? nl + 1 : NULL;
	}
}

static int is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && !S_ISDIR(st.st_mode);
}

/* findWorkspaceFile / findModuleRoot: name walking up from dir (go.work
 * stops below GOROOT; go.mod is ignored in the temp directory itself). */
static int find_up(const char *dir, const char *name, const char *goroot, struct sb *out)
{
	char d[PATH_MAX];
	if (strlen(dir) >= sizeof d)
		return -1;
	strcpy(d, dir);
	for (;;) {
		sb_reset(out);
		gw_path_join(out, d, name);
		if (is_file(out->buf))
			return 0;
		char *s = strrchr(d, '/');
		if (!s || (s == d && !d[1]))
			return -1;
		s == d ? (void)(d[1] = '\0') : (void)(*s = '\0');
		if (goroot && strcmp(d, goroot) == 0)
			return -1;
	}
}

/* modGoToolchain: 0 with the file's go and toolchain lines, -1 none. */
static int mod_lines(const char *realgo, const char *dir, struct sb *go, struct sb *tc)
{
	struct sb f = SB_INIT, b = SB_INIT;
	char *gowork = gw_go_setting(realgo, "GOWORK");
	char root[PATH_MAX];
	int found = -1;
	if (strcmp(gowork, "off") == 0)
		;
	else if (*gowork && strcmp(gowork, "auto") != 0) {
		sb_adds(&f, gowork);
		found = is_file(f.buf) ? 0 : -1;
	} else
		found = find_up(dir, "go.work", gw_own_goroot(realgo, root) == 0 ? root : NULL, &f);
	if (found < 0 && find_up(dir, "go.mod", NULL, &f) == 0) {
		const char *t = getenv("TMPDIR");
		size_t n = f.len - strlen("/go.mod");
		found = strncmp(f.buf, t && *t ? t : "/tmp", n) == 0 &&
				strlen(t && *t ? t : "/tmp") == n ? -1 : 0;
	}
	free(gowork);
	if (found == 0 && sb_read_file(&b, f.buf, 1u << 24) == 0) {
		mod_lookup(b.buf, "go", go);
		mod_lookup(b.buf, "toolchain", tc);
	}
	sb_release(&f);
	sb_release(&b);
	return found;
}

int gw_modules_on(const char *realgo, const char *dir)
{
	char *m = gw_go_setting(realgo, "GO111MODULE");
	int on = !*m || strcmp(m, "on") == 0;
	if (strcmp(m, "auto") == 0) {
		struct sb f = SB_INIT;
		on = find_up(dir, "go.mod", NULL, &f) == 0;
		sb_release(&f);
	}
	free(m);
	return on;
}

/* Select's auto/path step: raise *min (a toolchain name) and *minv by the
 * go.work/go.mod lines. 0, or -1 when a line is invalid (go reports it). */
static int raise_by_mod(const char *realgo, const char *dir, struct sb *min, struct sb *minv)
{
	struct sb go = SB_INIT, tc = SB_INIT, tv = SB_INIT;
	int rc = 0;
	if (mod_lines(realgo, dir, &go, &tc) == 0 && strcmp(tc.buf, "default") != 0) {
		if (tc.len) {
			if (gw_gover_from_toolchain(tc.buf, &tv) < 0)
				rc = -1;
			else if (gw_gover_compare(tv.buf, minv->buf) > 0) {
				sb_reset(min), sb_adds(min, tc.buf);
				sb_reset(minv), sb_adds(minv, tv.buf);
			}
		}
		if (go.len && gw_gover_compare(go.buf, minv->buf) > 0) {
			sb_reset(min);
			sb_addf(min, "go%s%s", go.buf,
				is_lang(go.buf) && gw_gover_compare(go.buf, "1.21") >= 0 ? ".0" : "");
			sb_reset(minv), sb_adds(minv, go.buf);
		}
	}
	sb_release(&go);
	sb_release(&tc);
	sb_release(&tv);
	return rc;
}

int gw_select_local(const char *realgo, const char *user, const char *local, const char *dir)
{
	if (!*user || !gw_modules_on(realgo, dir))
		return 1; /* Select returns before reading GOTOOLCHAIN */
	struct sb min = SB_INIT, minv = SB_INIT;
	sb_adds(&min, local);
	gw_gover_from_toolchain(local, &minv);
	const char *plus = strchr(user, '+');
	const char *mode = plus ? plus + 1 : "";
	int n = (int)(plus ? (size_t)(plus - user) : strlen(user)), ok = 1;
	if (!strcmp(user, "auto") || !strcmp(user, "path")) {
		mode = user;
	} else if (!(n == 5 && strncmp(user, "local", 5) == 0)) {
		sb_reset(&min);
		sb_addf(&min, "%.*s", n, user);
		sb_reset(&minv);
		ok = gw_gover_from_toolchain(min.buf, &minv) == 0;
	}
	if (ok && (!strcmp(mode, "auto") || !strcmp(mode, "path")))
		ok = raise_by_mod(realgo, dir, &min, &minv) == 0;
	int r = ok && (!strcmp(min.buf, "local") || !strcmp(min.buf, local));
	sb_release(&min);
	sb_release(&minv);
	return r;
}
