/* cmd_overlay.c — `gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json]
 *                 [--allow-modified]`.
 *
 * Promise: prints the absolute path of the overlay JSON for the toolchain the
 * real go uses here (or for DIR), or with --json exactly one JSON object on
 * stdout, or with the hidden --shim-format the line reply the shim reads on
 * its cache miss (format in shim/ovq.h; the shim links no JSON parser, so the
 * overlay's replacement files are read here, with cJSON). Exit 0; 2 when refused (unknown
 * internal/cpu variant, modified checkout, GOROOT beneath GOMODCACHE); other
 * faults keep their exitcodes.h code (cache 106, no real go 100/101, go env
 * 109). The generator itself lives in overlay/. */
#include "compat.h"
#include "cmds.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "goquery.h"
#include "overlay.h"
#include "report.h"
#include "strbuf.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_fix[] =
	"usage: gowrap overlay [--goroot DIR [--gomodcache DIR]] [--json] [--allow-modified]";

static void json_str_or_null(struct sb *s, const char *k, const char *v)
{
	sb_add_json_str(s, k);
	sb_addc(s, ':');
	if (v && *v)
		sb_add_json_str(s, v);
	else
		sb_adds(s, "null");
}

static void print_json(const struct ov_result *r, const struct gw_err *e, int ok)
{
	struct sb s = SB_INIT;
	sb_addc(&s, '{');
	json_str_or_null(&s, "status", ok ? r->status : "refused");
	sb_addc(&s, ',');
	json_str_or_null(&s, "overlay", ok ? r->overlay : NULL);
	sb_addc(&s, ',');
	json_str_or_null(&s, "marker", ok ? r->marker : NULL);
	sb_addc(&s, ',');
	json_str_or_null(&s, "goversion", r->goversion);
	sb_addc(&s, ',');
	json_str_or_null(&s, "goroot", r->goroot);
	sb_addc(&s, ',');
	json_str_or_null(&s, "variant", r->variant);
	sb_addc(&s, ',');
	json_str_or_null(&s, "template", OV_TEMPLATE_VERSION);
	sb_addc(&s, ',');
	json_str_or_null(&s, "blob", r->blob);
	sb_addc(&s, ',');
	json_str_or_null(&s, "commit", r->commit);
	sb_adds(&s, ",\"inputs\":[");
	for (size_t i = 0; i < r->ninputs; i++) {
		if (i)
			sb_addc(&s, ',');
		sb_add_json_str(&s, r->inputs[i]);
	}
	sb_addc(&s, ']');
	if (!ok) {
		char line[3200];
		gw_err_format(e, line, sizeof line);
		sb_adds(&s, ",");
		json_str_or_null(&s, "error", line);
		sb_addf(&s, ",\"code\":%d", e->code);
	}
	sb_adds(&s, "}\n");
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
}

/* One "key\tvalue" line of the shim reply; -1 if value holds a newline. */
static int shim_line(struct sb *s, const char *k, const char *v)
{
	if (!v)
		v = "";
	if (strchr(v, '\n'))
		return -1;
	sb_addf(s, "%s\t%s\n", k, v);
	return 0;
}

/* The overlay's Replace values (the files go will read), via cJSON. */
static int shim_replacements(struct sb *s, const char *overlay, struct gw_err *e)
{
	struct sb b = SB_INIT;
	int rc = 0;
	if (sb_read_file(&b, overlay, 64u << 20) < 0) {
		sb_release(&b);
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
				  "remove the gowrap cache directory and retry", "%s", overlay);
	}
	cJSON *j = cJSON_ParseWithLength(b.buf, b.len + 1);
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(j, "Replace"), *it;
	if (!cJSON_IsObject(r))
		rc = -1;
	cJSON_ArrayForEach(it, r)
		if (rc == 0 && cJSON_IsString(it) && it->valuestring[0] == '/')
			rc = shim_line(s, "replacement", it->valuestring);
	cJSON_Delete(j);
	sb_release(&b);
	if (rc < 0)
		return gw_err_set(e, GW_EXIT_INTERNAL, "gowrap's overlay is damaged",
				  "remove the gowrap cache directory and retry", "%s", overlay);
	return 0;
}

/* The hidden --shim-format reply (see shim/ovq.h). A refusal carries only
 * status, code and the one-line error. On success a value holding a newline
 * cannot be sent: that is an internal error (-1, fail set, nothing printed). */
static int print_shim(const struct ov_result *r, const struct gw_err *e, int ok,
		      struct gw_err *fail)
{
	struct sb s = SB_INIT;
	int bad = 0;
	sb_adds(&s, "gowrap-overlay\t1\n");
	if (!ok) {
		char line[3200];
		gw_err_format(e, line, sizeof line);
		for (char *p = line; *p; p++)
			if (*p == '\n')
				*p = ' ';
		sb_addf(&s, "status\trefused\ncode\t%d\n", e->code);
		shim_line(&s, "error", line);
	} else {
		bad |= shim_line(&s, "status", r->status);
		bad |= shim_line(&s, "overlay", r->overlay);
		bad |= shim_line(&s, "marker", r->marker);
		bad |= shim_line(&s, "goversion", r->goversion);
		bad |= shim_line(&s, "goroot", r->goroot);
		bad |= shim_line(&s, "variant", r->variant);
		for (size_t i = 0; i < r->ninputs; i++)
			bad |= shim_line(&s, "input", r->inputs[i]);
		if (bad) {
			sb_release(&s);
			return gw_err_set(fail, GW_EXIT_INTERNAL, "gowrap overlay cannot answer the shim",
					  "move GOROOT and the gowrap cache to paths without a newline",
					  "a path in the answer holds a newline");
		}
		if (shim_replacements(&s, r->overlay, fail) < 0) {
			sb_release(&s);
			return -1;
		}
	}
	sb_adds(&s, "end\n");
	gw_write_all(1, s.buf, s.len);
	sb_release(&s);
	return 0;
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

int cmd_overlay(int argc, char **argv)
{
	const char *goroot = NULL, *gomodcache = NULL;
	int json = 0, shim = 0;
	struct ov_opts o = { 0 };
	const char *am = getenv("GOWRAP_ALLOW_MODIFIED");
	o.allow_modified = am && !strcmp(am, "1");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--json"))
			json = 1;
		else if (!strcmp(a, "--shim-format")) /* hidden: for the go shim */
			shim = 1;
		else if (!strcmp(a, "--allow-modified"))
			o.allow_modified = 1;
		else if (!strcmp(a, "--goroot") && i + 1 < argc)
			goroot = argv[++i];
		else if (!strncmp(a, "--goroot=", 9))
			goroot = a + 9;
		else if (!strcmp(a, "--gomodcache") && i + 1 < argc)
			gomodcache = argv[++i];
		else if (!strncmp(a, "--gomodcache=", 13))
			gomodcache = a + 13;
		else if (!strcmp(a, "--goroot") || !strcmp(a, "--gomodcache"))
			return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix,
				       "%s needs a directory", a);
		else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			printf("%s\n", usage_fix);
			return 0;
		} else
			return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix,
				       "unexpected argument %s", a);
	}
	if (goroot && !*goroot)
		return gw_fail(GW_EXIT_USAGE, "gowrap overlay", usage_fix, "--goroot is empty");

	struct gw_err e = { 0 };
	struct gw_goenv env = { 0 };
	struct sb realgo = SB_INIT, modcache = SB_INIT;
	if (!goroot) {
		/* Ask the go this directory and environment would run, so a
		 * GOTOOLCHAIN switch is answered by the toolchain that compiles. */
		if (gw_find_real_go(&realgo, &e) < 0 ||
		    gw_goenv_query(realgo.buf, NULL, NULL, &env, &e) < 0) {
			sb_release(&realgo);
			return gw_err_print(&e);
		}
		goroot = env.goroot;
		o.goversion = env.goversion;
		o.gomodcache = env.gomodcache;
	} else if (gomodcache) {
		/* The shim knows it from `go env` in the caller's environment. */
		o.gomodcache = gomodcache;
	} else {
		default_gomodcache(&modcache);
		o.gomodcache = modcache.len ? modcache.buf : NULL;
	}

	struct ov_result r;
	int rc = ov_generate(goroot, &o, &r, &e);
	int code = 0;
	if (rc < 0) {
		code = e.code == GW_EXIT_OVERLAY_REFUSED || e.code == GW_EXIT_MODCACHE_GOROOT
			       ? GW_EXIT_USAGE : e.code;
		if (json)
			print_json(&r, &e, 0);
		else if (shim)
			print_shim(&r, &e, 0, NULL);
		gw_err_print(&e);
	} else {
		if (!strcmp(r.status, "not-needed")) {
			struct sb note = SB_INIT;
			sb_addf(&note, "gowrap: note: %s (%s) already detects ARM64 features on iOS (%s): overlay has no replacements, no marker is expected\n",
				r.goroot, r.goversion, r.variant);
			gw_write_all(2, note.buf, note.len);
			sb_release(&note);
		}
		struct gw_err fe = { 0 };
		if (json) {
			print_json(&r, &e, 1);
		} else if (shim) {
			if (print_shim(&r, &e, 1, &fe) < 0)
				code = gw_err_print(&fe);
		} else {
			struct sb line = SB_INIT;
			sb_addf(&line, "%s\n", r.overlay);
			gw_write_all(1, line.buf, line.len);
			sb_release(&line);
		}
	}
	ov_result_free(&r);
	gw_goenv_free(&env);
	sb_release(&realgo);
	sb_release(&modcache);
	return code;
}
