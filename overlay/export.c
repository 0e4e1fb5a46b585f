/* export.c — gowrap export-patch's work (ovexport.h): gowrap's fix for a
 * GOROOT, and the patches after it, as one exact -p1 diff (libgit2's, by
 * patch/'s gitdiff.c). */
#include "compat.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "overlay.h"
#include "ovexport.h"
#include "patch.h"
#include "patched.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static int by_key(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The overlay's entries as "rel\treplacement" lines, sorted by path. */
static int entries(const char *overlay, const char *goroot, char ***v, size_t *n, struct gw_err *e)
{
	struct sb b = SB_INIT;
	if (sb_read_file(&b, overlay, 64u << 20) < 0) {
		sb_release(&b);
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
				  "remove the gowrap cache directory and retry", "%s", overlay);
	}
	cJSON *j = cJSON_ParseWithLength(b.buf, b.len + 1), *it;
	size_t gl = strlen(goroot);
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(j, "Replace"))
		if (it->string && cJSON_IsString(it) && !strncmp(it->string, goroot, gl) && it->string[gl] == '/') {
			struct sb l = SB_INIT;
			sb_addf(&l, "%s\t%s", it->string + gl + 1, it->valuestring);
			gw_strv_add(v, n, l.buf);
			sb_release(&l);
		}
	cJSON_Delete(j);
	sb_release(&b);
	qsort(*v, *n, sizeof **v, by_key);
	return 0;
}

/* One entry's section: the GOROOT's bytes against the overlay's. */
static int section(const char *goroot, const char *line, struct sb *out, struct gw_err *e)
{
	const char *tab = strchr(line, '\t'), *repl = tab + 1;
	struct sb rel = SB_INIT, path = SB_INIT, old = SB_INIT, new = SB_INIT;
	sb_add(&rel, line, (size_t)(tab - line));
	gw_path_join(&path, goroot, rel.buf);
	int had = sb_read_file(&old, path.buf, 64u << 20) == 0, rc = 0;
	if (*repl && sb_read_file(&new, repl, 64u << 20) < 0)
		rc = gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
				"remove the gowrap cache directory and retry", "%s", repl);
	if (rc == 0)
		rc = pt_diff(rel.buf, old.buf, old.len, had, new.buf, new.len, *repl != '\0', out, e);
	sb_release(&rel);
	sb_release(&path);
	sb_release(&old);
	sb_release(&new);
	return rc;
}

/* The overlay for a->goroot (gowrap's fix, the patches after it). */
static int make_overlay(const struct ov_export *a, const char *goroot, const char *goversion,
			struct ov_result *r, struct pt_patched *pt, struct sb *head, struct gw_err *e)
{
	struct ov_opts o = { .goversion = goversion };
	memset(r, 0, sizeof *r);
	if (a->features ? ov_features_parse(a->features, &o.features) < 0
			: ov_features_from_env(&o.features, e) < 0)
		return a->features ? gw_err_set(e, GW_EXIT_USAGE, "gowrap export-patch",
						"use --features darwin or --features crypto",
						"--features %.64s names no feature set", a->features)
				   : -1;
	if (!a->no_cpu && ov_generate(goroot, &o, r, e) < 0)
		return -1;
	int cpu = !a->no_cpu && !strcmp(r->status, "applied");
	sb_addf(head, "gowrap export-patch for %s:%s%s%s%s%s\n", goversion,
		cpu ? " the internal/cpu fix (" : "", cpu ? r->variant : "", cpu ? ", marker " : "",
		cpu ? r->marker : "", cpu ? ")" : "");
	if (!a->patches)
		return 0;
	struct sb cache = SB_INIT;
	int rc = gw_cache_dir(&cache, e) < 0 ? -1
					      : pt_patched_apply(a->patches, goroot, goversion, cache.buf,
								  cpu ? r->overlay : NULL, pt, e);
	sb_release(&cache);
	/* ids and base names only: nothing of this machine's paths */
	for (size_t i = 0; rc == 0 && i < pt->npatches; i++) {
		const char *id = strchr(pt->patches[i], '\t') + 1, *path = strchr(id, '\t') + 1;
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		sb_addf(head, "with patch %.*s (%s, %.*s)\n", (int)(path - id - 1), id, base,
			(int)(id - pt->patches[i] - 1), pt->patches[i]);
	}
	return rc;
}

int ov_export(const struct ov_export *ap)
{
	const struct ov_export a = *ap;
	int code;
	struct gw_err e = { 0 };
	struct gw_goenv env = { 0 };
	struct sb realgo = SB_INIT, out = SB_INIT, ver = SB_INIT;
	struct ov_result r = { 0 };
	struct pt_patched pt = { 0 };
	char **v = NULL;
	size_t n = 0;
	const char *goroot = a.goroot, *goversion = NULL;
	int rc = 0;
	if (!goroot) {
		rc = gw_find_real_go(&realgo, &e) < 0 || gw_goenv_query(realgo.buf, NULL, NULL, &env, &e) < 0 ? -1 : 0;
		goroot = env.goroot;
		goversion = env.goversion;
	} else {
		if (gw_goroot_version(goroot, &ver) == 0)
			goversion = ver.buf;
		else
			rc = gw_err_set(&e, GW_EXIT_USAGE, "cannot tell this GOROOT's Go version",
					"give a released GOROOT (it has a VERSION file)", "%s", goroot);
	}
	if (rc == 0)
		rc = make_overlay(&a, goroot, goversion, &r, &pt, &out, &e);
	const char *ov = pt.overlay ? pt.overlay : r.overlay;
	if (rc == 0 && ov)
		rc = entries(ov, goroot, &v, &n, &e);
	sb_addf(&out, "Apply in GOROOT: patch -p1 --fuzz=0, or git apply.\n\n");
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = section(goroot, v[i], &out, &e);
	if (rc == 0 && a.out)
		rc = gw_write_atomic(a.out, out.buf, out.len, 0644, &e);
	else if (rc == 0)
		gw_write_all(1, out.buf, out.len);
	code = rc < 0 ? gw_err_print(&e) : 0;
	gw_strv_free(&v, &n);
	pt_patched_free(&pt);
	ov_result_free(&r);
	if (!a.goroot)
		gw_goenv_free(&env);
	sb_release(&realgo);
	sb_release(&out);
	sb_release(&ver);
	return code;
}
