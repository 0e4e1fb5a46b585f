/* answer.c — what `gowrap overlay` answers for one GOROOT (ovanswer.h):
 * the internal/cpu overlay (ov_generate) or none (--no-cpu), GOWRAP_PATCHES
 * applied after it (patch/patched.h), in the form asked — its path, one
 * JSON object, or the line reply the go shim reads (proto/proto_overlay.h:
 * the shim links no JSON parser, so the overlay's replacement files are
 * read here, with cJSON). */
#include "compat.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "jsonw.h"
#include "overlay.h"
#include "ovanswer.h"
#include "patched.h"
#include "proto_overlay.h"
#include "report.h"
#include "strbuf.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bits the overlay's osInit sets: asserted, and detected by sysctl. */
static void print_bits(struct jw *w, const struct ov_result *r)
{
	jw_arr(w, "asserts");
	for (size_t i = 0; i < r->nbits; i++)
		if (!r->bits[i].sysctl[0])
			jw_str(w, NULL, r->bits[i].name);
	jw_end(w);
	jw_arr(w, "detects");
	for (size_t i = 0; i < r->nbits; i++) {
		if (!r->bits[i].sysctl[0])
			continue;
		jw_obj(w, NULL);
		jw_str(w, "bit", r->bits[i].name);
		jw_str(w, "sysctl", r->bits[i].sysctl);
		jw_end(w);
	}
	jw_end(w);
}

/* The patches' lines (patched.h) as JSON arrays. */
static void print_patches(struct jw *w, const struct pt_patched *pt)
{
	jw_arr(w, "patches");
	for (size_t i = 0; pt && i < pt->npatches; i++) {
		char *l = gw_xstrdup(pt->patches[i]), *t1 = strchr(l, '\t'), *t2 = strchr(t1 + 1, '\t');
		*t1 = *t2 = '\0';
		jw_obj(w, NULL);
		jw_str(w, "state", l);
		jw_str(w, "id", t1 + 1);
		jw_str(w, "file", t2 + 1);
		jw_end(w);
		free(l);
	}
	jw_end(w);
	jw_arr(w, "patch_markers");
	for (size_t i = 0; pt && i < pt->nmarks; i++) {
		char *l = gw_xstrdup(pt->marks[i]), *t = strchr(l, '\t');
		if (t)
			*t = '\0';
		jw_str(w, NULL, l);
		free(l);
	}
	jw_end(w);
}

static void print_json(const struct ov_result *r, const struct pt_patched *pt, const struct gw_err *e,
		       int ok)
{
	struct sb s = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str_or_null(&w, "status", ok ? r->status : "refused");
	jw_str_or_null(&w, "overlay", ok ? r->overlay : NULL);
	jw_str_or_null(&w, "marker", ok ? r->marker : NULL);
	jw_str_or_null(&w, "goversion", r->goversion);
	jw_str_or_null(&w, "goroot", r->goroot);
	jw_str_or_null(&w, "variant", r->variant);
	jw_str_or_null(&w, "features", r->features);
	jw_str_or_null(&w, "darwin_files", r->darwin_row);
	jw_str_or_null(&w, "template", r->tmpl);
	jw_str_or_null(&w, "blob", r->blob);
	jw_str_or_null(&w, "commit", r->commit);
	jw_arr(&w, "inputs");
	for (size_t i = 0; i < r->ninputs; i++)
		jw_str(&w, NULL, r->inputs[i]);
	jw_end(&w);
	if (ok && r->status && !strcmp(r->status, "applied"))
		print_bits(&w, r);
	if (ok && pt)
		print_patches(&w, pt);
	if (!ok) {
		char line[3200];
		gw_err_format(e, line, sizeof line);
		jw_str_or_null(&w, "error", line);
		jw_int(&w, "code", e->code);
	}
	jw_end(&w);
	sb_addc(&s, '\n');
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}

static void replacement(void *ctx, const char *key, const char *value)
{
	struct gw_ovreply *rep = ctx;
	(void)key;
	if (value[0] == '/')
		gw_strv_add(&rep->repl, &rep->nrepl, value);
}

/* The overlay's Replace values (the files go will read): the shim links no
 * JSON parser, so its reply names them. */
static int replacements(const char *overlay, struct gw_ovreply *rep, struct gw_err *e)
{
	return pt_overlay_entries(overlay, replacement, rep, e) < 0 ? -1 : 0;
}

/* The hidden --shim-format reply (proto/proto_overlay.h). On success a value
 * holding a newline cannot be sent: that is an internal error (-1, fail set,
 * nothing printed). */
static int print_shim(const struct ov_result *r, const struct pt_patched *pt, struct gw_err *fail)
{
	char npatched[32];
	snprintf(npatched, sizeof npatched, "%zu", pt ? pt->nfiles : 0);
	struct gw_ovreply rep = {
		.overlay = r->overlay, .marker = (char *)r->marker, .status = (char *)r->status,
		.variant = (char *)r->variant, .goversion = r->goversion, .goroot = r->goroot,
		.inputs = r->inputs, .ninputs = r->ninputs, .patched = npatched,
		.patches = pt ? pt->patches : NULL, .npatches = pt ? pt->npatches : 0,
		.pmarks = pt ? pt->marks : NULL, .npmarks = pt ? pt->nmarks : 0,
	};
	struct sb s = SB_INIT;
	int rc = replacements(r->overlay, &rep, fail);
	if (rc == 0)
		rc = gw_ovreply_write(&s, &rep, fail);
	gw_strv_free(&rep.repl, &rep.nrepl);
	if (rc == 0)
		gw_write_all(1, s.buf, s.len);
	sb_release(&s);
	return rc;
}

/* GOMODCACHE as the go command defaults it when we were not told: env, else
 * the first GOPATH entry's pkg/mod, else ~/go/pkg/mod. Only used with
 * --goroot; the path pattern check in overlay.c covers toolchain modules. */
static void default_gomodcache(struct sb *out)
{
	const char *v = getenv("GOMODCACHE");
	if (v && *v) {
		sb_adds(out, v);
		return;
	}
	v = getenv("GOPATH");
	if (v && *v) {
		const char *colon = strchr(v, ':');
		sb_add(out, v, colon ? (size_t)(colon - v) : strlen(v));
		sb_adds(out, "/pkg/mod");
		return;
	}
	v = getenv("HOME");
	if (v && *v)
		gw_path_join(out, v, "go/pkg/mod");
}

/* Fill a->goroot and a->o's version and GOMODCACHE; env, realgo and modcache
 * own the strings they point to. */
static int choose_goroot(struct ov_ask *a, struct gw_goenv *env, struct sb *realgo, struct sb *modcache,
			 struct gw_err *e)
{
	if (!a->goroot) {
		/* Ask the go this directory and environment would run, so a
		 * GOTOOLCHAIN switch is answered by the toolchain that compiles. */
		if (gw_find_real_go(realgo, e) < 0 || gw_goenv_query(realgo->buf, NULL, NULL, env, e) < 0)
			return -1;
		a->goroot = env->goroot;
		a->o.goversion = env->goversion;
		a->o.gomodcache = env->gomodcache;
	} else if (a->gomodcache) {
		/* The shim knows it from `go env` in the caller's environment. */
		a->o.gomodcache = a->gomodcache;
	} else {
		default_gomodcache(modcache);
		a->o.gomodcache = modcache->len ? modcache->buf : NULL;
	}
	return 0;
}

/* Print a refusal or fault in the requested format; returns the exit code,
 * the refusal's own (exitcodes.h: 105, 108, 106, ...). */
static int answer_refused(const struct ov_ask *a, const struct ov_result *r, const struct gw_err *e)
{
	if (a->json) {
		print_json(r, NULL, e, 0);
	} else if (a->shim) {
		struct sb s = SB_INIT;
		gw_ovreply_write_refused(&s, e);
		gw_write_all(1, s.buf, s.len);
		sb_release(&s);
	}
	return gw_err_print(e);
}

/* Print the overlay in the requested format; returns the exit code. */
static int answer_ok(const struct ov_ask *a, const struct ov_result *r, const struct pt_patched *pt,
		     const struct gw_err *e)
{
	if (!strcmp(r->status, "not-needed") && !a->no_cpu)
		gw_note("%s (%s) already detects ARM64 features on iOS (%s): overlay has no "
			"replacements, no marker is expected",
			r->goroot, r->goversion, r->variant);
	struct gw_err fe = { 0 };
	if (a->json) {
		print_json(r, pt, e, 1);
	} else if (a->shim) {
		if (print_shim(r, pt, &fe) < 0)
			return gw_err_print(&fe);
	} else {
		struct sb line = SB_INIT;
		sb_addf(&line, "%s\n", r->overlay);
		gw_write_all(1, line.buf, line.len);
		sb_release(&line);
	}
	return 0;
}

/* --no-cpu: no internal/cpu overlay, only what the patches need. */
static int no_cpu_result(const struct ov_ask *a, struct ov_result *r, struct gw_err *e)
{
	memset(r, 0, sizeof *r);
	r->goroot = gw_xstrdup(a->goroot);
	r->status = "not-needed";
	r->variant = "none";
	r->features = "none";
	struct sb v = SB_INIT;
	if (a->o.goversion)
		sb_adds(&v, a->o.goversion);
	else if (gw_goroot_version(a->goroot, &v) < 0)
		sb_reset(&v);
	if (!v.len) {
		sb_release(&v);
		return gw_err_set(e, GW_EXIT_USAGE, "cannot tell this GOROOT's Go version",
				  "pass --goversion (the shim passes `go env GOVERSION`)", "%s has no VERSION file",
				  a->goroot);
	}
	r->goversion = sb_detach(&v);
	return 0;
}

/* The patches applied, their overlay in place of r's (holding r's entries). */
static int with_patches(const struct ov_ask *a, struct ov_result *r, struct pt_patched *pt,
			struct gw_err *e)
{
	struct sb cache = SB_INIT;
	int rc = a->o.cache_dir ? 0 : gw_cache_dir(&cache, e);
	const char *base = r->overlay && !strcmp(r->status, "applied") ? r->overlay : NULL;
	if (rc == 0)
		rc = pt_patched_apply(a->patches, r->goroot, r->goversion,
				       a->o.cache_dir ? a->o.cache_dir : cache.buf, base, pt, e);
	sb_release(&cache);
	if (rc < 0)
		return -1;
	free(r->overlay);
	r->overlay = gw_xstrdup(pt->overlay);
	for (size_t i = 0; i < pt->ninputs; i++) {
		r->inputs = gw_xrealloc(r->inputs, (r->ninputs + 1) * sizeof *r->inputs);
		r->inputs[r->ninputs++] = gw_xstrdup(pt->inputs[i]);
	}
	return 0;
}

int ov_answer(struct ov_ask *a)
{
	struct gw_err e = { 0 };
	struct gw_goenv env = { 0 };
	struct sb realgo = SB_INIT, modcache = SB_INIT;
	if (choose_goroot(a, &env, &realgo, &modcache, &e) < 0) {
		sb_release(&realgo);
		return gw_err_print(&e);
	}
	if (a->goversion)
		a->o.goversion = a->goversion;
	struct ov_result r;
	struct pt_patched pt = { 0 };
	int code, rc = a->no_cpu ? no_cpu_result(a, &r, &e) : ov_generate(a->goroot, &a->o, &r, &e);
	if (rc == 0 && a->patches)
		rc = with_patches(a, &r, &pt, &e);
	if (rc < 0)
		code = answer_refused(a, &r, &e);
	else
		code = answer_ok(a, &r, a->patches ? &pt : NULL, &e);
	pt_patched_free(&pt);
	ov_result_free(&r);
	gw_goenv_free(&env);
	sb_release(&realgo);
	sb_release(&modcache);
	return code;
}
