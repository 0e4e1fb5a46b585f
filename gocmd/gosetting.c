/* gosetting.c — see gosetting.h. */
#include "compat.h"
#include "gosetting.h"
#include "fsutil.h"
#include "goquery.h"
#include "strbuf.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { V_GOOS, V_GOARCH, V_GOFLAGS, NV };
static const char *const names[NV] = { "GOOS", "GOARCH", "GOFLAGS" };

int gw_goenv_file(struct sb *out)
{
	const char *g = getenv("GOENV");
	if (g && *g) {
		if (strcmp(g, "off") == 0)
			return -1;
		sb_adds(out, g);
		return 0;
	}
#ifdef __APPLE__
	const char *home = getenv("HOME");
	if (!home || !*home)
		return -1;
	gw_path_join(out, home, "Library/Application Support/go/env");
#else
	/* os.UserConfigDir: $XDG_CONFIG_HOME if absolute, else $HOME/.config. */
	const char *x = getenv("XDG_CONFIG_HOME");
	if (x && *x) {
		if (x[0] != '/')
			return -1;
		gw_path_join(out, x, "go/env");
		return 0;
	}
	const char *home = getenv("HOME");
	if (!home || !*home)
		return -1;
	gw_path_join(out, home, ".config/go/env");
#endif
	return 0;
}

int gw_goroot_env_file(const char *realgo, struct sb *out)
{
	const char *gr = getenv("GOROOT");
	char own[PATH_MAX];
	if (gr && *gr)
		gw_path_join(out, gr, "go.env");
	else if (realgo && gw_own_goroot(realgo, own) == 0)
		gw_path_join(out, own, "go.env");
	else
		return -1;
	return 0;
}

/* cfg.readEnvFile: KEY=VALUE lines, KEY starting with A-Z, later lines win;
 * fills only variables still unset in v[]. */
static void read_env_file(const char *path, char *v[NV])
{
	struct sb b = SB_INIT;
	if (sb_read_file(&b, path, 1u << 20) < 0)
		return;
	char *got[NV] = { NULL };
	for (char *line = b.buf; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *eq = strchr(line, '=');
		if (eq && line[0] >= 'A' && line[0] <= 'Z') {
			for (int i = 0; i < NV; i++)
				if ((size_t)(eq - line) == strlen(names[i]) &&
				    memcmp(line, names[i], strlen(names[i])) == 0)
					got[i] = eq + 1;
		}
		line = nl ? nl + 1 : NULL;
	}
	for (int i = 0; i < NV; i++)
		if (!v[i] && got[i])
			v[i] = gw_xstrdup(got[i]);
	sb_release(&b);
}

static int all_set(char *v[NV])
{
	return v[V_GOOS] && v[V_GOARCH] && v[V_GOFLAGS];
}

void gw_target_resolve(const char *realgo, struct gw_target *t)
{
	char *v[NV] = { NULL };
	for (int i = 0; i < NV; i++) {
		const char *e = getenv(names[i]);
		if (e && *e)
			v[i] = gw_xstrdup(e);
	}
	if (!all_set(v)) {
		struct sb f = SB_INIT;
		if (gw_goenv_file(&f) == 0)
			read_env_file(f.buf, v);
		sb_release(&f);
	}
	if (!all_set(v)) {
		struct sb f = SB_INIT;
		gw_goroot_env_file(realgo, &f);
		if (f.len)
			read_env_file(f.buf, v);
		sb_release(&f);
	}
	t->goos = v[V_GOOS] && *v[V_GOOS] ? v[V_GOOS] : (free(v[V_GOOS]), gw_xstrdup(HOST_GOOS));
	t->goarch = v[V_GOARCH] && *v[V_GOARCH] ? v[V_GOARCH] : (free(v[V_GOARCH]), gw_xstrdup(HOST_GOARCH));
	t->goflags = v[V_GOFLAGS] ? v[V_GOFLAGS] : gw_xstrdup("");
}

void gw_target_free(struct gw_target *t)
{
	free(t->goos);
	free(t->goarch);
	free(t->goflags);
	t->goos = t->goarch = t->goflags = NULL;
}

/* The last NAME=value line of an env file (cfg.readEnvFile), or NULL. */
static char *file_value(const char *path, const char *name)
{
	struct sb b = SB_INIT;
	char *got = NULL;
	size_t n = strlen(name);
	if (sb_read_file(&b, path, 1u << 20) < 0)
		return NULL;
	for (char *line = b.buf; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (strncmp(line, name, n) == 0 && line[n] == '=') {
			free(got);
			got = gw_xstrdup(line + n + 1);
		}
		line = nl ? nl + 1 : NULL;
	}
	sb_release(&b);
	return got;
}

char *gw_go_setting(const char *realgo, const char *name)
{
	const char *v = getenv(name);
	if (v && *v)
		return gw_xstrdup(v);
	struct sb f = SB_INIT;
	char *got = NULL;
	if (gw_goenv_file(&f) == 0)
		got = file_value(f.buf, name);
	if (!got) {
		sb_reset(&f);
		gw_goroot_env_file(realgo, &f);
		if (f.len)
			got = file_value(f.buf, name);
	}
	sb_release(&f);
	return got ? got : gw_xstrdup("");
}
