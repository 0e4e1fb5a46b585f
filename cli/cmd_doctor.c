/* cmd_doctor.c — `gowrap doctor [--json]`: explains, for the current directory
 * and environment, the chain a build goes through: which go the shim forwards
 * to, which toolchain and GOROOT really compile after any GOTOOLCHAIN switch,
 * whether the go command allows overlays there, which internal/cpu variant the
 * generator recognises, where the cache is, whether the shim is first on PATH
 * and whether a goX.Y.Z launcher would take a switch.
 *
 * Promise: it only reads (the generator runs with dry_run); exit 0 when an
 * iOS build here would get a working overlay (or needs none), 1 when a build
 * would be refused or not reach the shim, with the reason and the fix. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "overlay.h"
#include "report.h"
#include "selfpath.h"
#include "strbuf.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* First executable named `name` on PATH, or -1. */
static int look_path(const char *name, struct sb *out)
{
	const char *path = getenv("PATH");
	struct sb c = SB_INIT;
	for (const char *p = path ? path : ""; *p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		sb_reset(&c);
		if (n)
			sb_add(&c, p, n);
		else
			sb_adds(&c, ".");
		sb_addc(&c, '/');
		sb_adds(&c, name);
		if (gw_is_executable(c.buf)) {
			sb_adds(out, c.buf);
			sb_release(&c);
			return 0;
		}
		if (!colon)
			break;
		p = colon + 1;
	}
	sb_release(&c);
	return -1;
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb_;
	return stat(a, &sa) == 0 && stat(b, &sb_) == 0 && sa.st_dev == sb_.st_dev &&
	       sa.st_ino == sb_.st_ino;
}

/* The real go's own version with GOTOOLCHAIN=local: tells a switch apart. */
static void local_version(const char *realgo, struct sb *out)
{
	extern char **environ;
	size_t n = 0;
	while (environ[n])
		n++;
	char **envp = gw_xcalloc(n + 2, sizeof *envp);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "GOTOOLCHAIN=", 12) != 0)
			envp[k++] = environ[i];
	envp[k++] = "GOTOOLCHAIN=local";
	envp[k] = NULL;
	struct gw_goenv ge;
	struct gw_err e = { 0 };
	if (gw_goenv_query(realgo, NULL, envp, &ge, &e) == 0) {
		sb_adds(out, ge.goversion);
		gw_goenv_free(&ge);
	}
	free(envp);
}

static void row(const char *k, const char *v)
{
	printf("  %-22s %s\n", k, v);
}

int cmd_doctor(int argc, char **argv)
{
	int json = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json"))
			json = 1;
		else
			return gw_fail(GW_EXIT_USAGE, "gowrap doctor", "use `gowrap doctor [--json]`",
				       "unknown argument %s", argv[i]);
	}
	cJSON *j = cJSON_CreateObject();
	struct sb s = SB_INIT, shimdir = SB_INIT, firstgo = SB_INIT, realgo = SB_INIT,
		  cache = SB_INIT, localver = SB_INIT, launcher = SB_INIT, problems = SB_INIT;
	struct gw_err e = { 0 };
	int ok = 1;
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, ".");
	cJSON_AddStringToObject(j, "dir", cwd);

	/* 1. Is the shim first on PATH? */
	int have_shim = gw_shim_dir(&shimdir) == 0;
	int first = 0;
	if (look_path("go", &firstgo) == 0 && have_shim) {
		sb_reset(&s);
		gw_path_join(&s, shimdir.buf, "go");
		first = same_file(firstgo.buf, s.buf);
	}
	cJSON_AddStringToObject(j, "shim", have_shim ? shimdir.buf : "");
	cJSON_AddStringToObject(j, "first_go_on_path", firstgo.len ? firstgo.buf : "");
	cJSON_AddBoolToObject(j, "shim_first_on_path", first);
	if (!first) {
		ok = 0;
		sb_adds(&problems, "the go shim is not first on PATH (fix: eval \"$(gowrap shellenv)\"); ");
	}

	/* 2. The real go, and what it will compile with here. */
	struct gw_goenv ge = { 0 };
	int have_env = 0;
	if (gw_find_real_go(&realgo, &e) < 0) {
		ok = 0;
		char line[3200];
		gw_err_format(&e, line, sizeof line);
		sb_addf(&problems, "%s; ", line);
	} else {
		cJSON_AddStringToObject(j, "real_go", realgo.buf);
		local_version(realgo.buf, &localver);
		cJSON_AddStringToObject(j, "real_go_version", localver.buf);
		if (gw_goenv_query(realgo.buf, NULL, NULL, &ge, &e) == 0) {
			have_env = 1;
		} else {
			ok = 0;
			char line[3200];
			gw_err_format(&e, line, sizeof line);
			sb_addf(&problems, "%s; ", line);
		}
	}
	int switched = 0, under_modcache = 0;
	if (have_env) {
		cJSON_AddStringToObject(j, "goversion", ge.goversion);
		cJSON_AddStringToObject(j, "goroot", ge.goroot);
		cJSON_AddStringToObject(j, "gomodcache", ge.gomodcache);
		cJSON_AddStringToObject(j, "gotoolchain", ge.gotoolchain);
		switched = localver.len && strcmp(localver.buf, ge.goversion) != 0;
		cJSON_AddBoolToObject(j, "toolchain_switch", switched);
		/* The go command looks for a goX.Y.Z launcher on PATH before downloading. */
		const char *want = switched ? ge.goversion : NULL;
		if (want && look_path(want, &launcher) == 0)
			cJSON_AddStringToObject(j, "launcher", launcher.buf);
		else
			cJSON_AddNullToObject(j, "launcher");
		under_modcache = gw_path_within(ge.goroot, ge.gomodcache);
		cJSON_AddBoolToObject(j, "overlays_allowed", !under_modcache);
		if (under_modcache) {
			ok = 0;
			sb_addf(&problems,
				"GOROOT %s lies beneath GOMODCACHE, where the go command refuses overlays (fix: gowrap toolchain install %s, then put the printed launcher's directory on PATH); ",
				ge.goroot, ge.goversion);
		}
	}

	/* 3. The cache directory. */
	if (gw_cache_dir(&cache, &e) == 0) {
		cJSON_AddStringToObject(j, "cache", cache.buf);
		struct stat st;
		int exists = stat(cache.buf, &st) == 0;
		cJSON_AddBoolToObject(j, "cache_writable",
				      exists ? access(cache.buf, W_OK) == 0 : 1);
	} else {
		char line[3200];
		ok = 0;
		gw_err_format(&e, line, sizeof line);
		sb_addf(&problems, "%s; ", line);
	}

	/* 4. What the generator makes of this GOROOT (reads only). */
	if (have_env) {
		struct ov_opts oo = { 0 };
		oo.goversion = ge.goversion;
		oo.dry_run = 1;
		struct ov_result r = { 0 };
		struct gw_err oe = { 0 };
		if (ov_generate(ge.goroot, &oo, &r, &oe) == 0) {
			cJSON_AddStringToObject(j, "status", r.status);
			cJSON_AddStringToObject(j, "variant", r.variant ? r.variant : "");
			cJSON_AddStringToObject(j, "blob", r.blob);
			if (r.marker)
				cJSON_AddStringToObject(j, "marker", r.marker);
			else
				cJSON_AddNullToObject(j, "marker");
		} else {
			ok = 0;
			cJSON_AddStringToObject(j, "status", "refused");
			cJSON_AddStringToObject(j, "variant", r.variant ? r.variant : "");
			cJSON_AddStringToObject(j, "blob", r.blob);
			char line[3200];
			gw_err_format(&oe, line, sizeof line);
			sb_addf(&problems, "%s; ", line);
		}
		ov_result_free(&r);
	}
	if (problems.len >= 2)
		problems.buf[problems.len -= 2] = '\0';
	cJSON_AddBoolToObject(j, "ok", ok);
	cJSON_AddStringToObject(j, "problems", problems.buf);

	if (json) {
		char *txt = cJSON_PrintUnformatted(j);
		puts(txt);
		free(txt);
	} else {
		printf("gowrap doctor (in %s)\n", cwd);
		row("shim first on PATH:", first ? "yes" : "NO");
		if (firstgo.len)
			row("go on PATH:", firstgo.buf);
		if (realgo.len) {
			sb_reset(&s);
			sb_addf(&s, "%s (%s)", realgo.buf, localver.len ? localver.buf : "?");
			row("real go:", s.buf);
		}
		if (have_env) {
			sb_reset(&s);
			if (switched)
				sb_addf(&s, "%s, switched to by GOTOOLCHAIN/go.mod (%s)", ge.goversion,
					launcher.len ? launcher.buf : "no launcher on PATH: downloaded into GOMODCACHE");
			else
				sb_addf(&s, "%s", ge.goversion);
			row("compiling toolchain:", s.buf);
			row("GOROOT:", ge.goroot);
			row("overlays allowed:", under_modcache ? "NO (GOROOT is beneath GOMODCACHE)" : "yes");
			const cJSON *st = cJSON_GetObjectItem(j, "status");
			const cJSON *va = cJSON_GetObjectItem(j, "variant");
			sb_reset(&s);
			sb_addf(&s, "%s (variant %s)", cJSON_IsString(st) ? st->valuestring : "?",
				cJSON_IsString(va) && va->valuestring[0] ? va->valuestring : "unknown");
			row("internal/cpu overlay:", s.buf);
		}
		if (cache.len)
			row("cache directory:", cache.buf);
		row("verdict:", ok ? "ok: iOS builds here get the overlay (or need none)" : problems.buf);
	}
	cJSON_Delete(j);
	if (have_env)
		gw_goenv_free(&ge);
	sb_release(&s);
	sb_release(&shimdir);
	sb_release(&firstgo);
	sb_release(&realgo);
	sb_release(&cache);
	sb_release(&localver);
	sb_release(&launcher);
	sb_release(&problems);
	return ok ? 0 : 1;
}
