/* ovq.c — see ovq.h. */
#include "ovq.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "runcmd.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __APPLE__
#include <mach-o/dyld.h>
#endif

static int self_dir(char *dir, size_t n)
{
	char buf[PATH_MAX];
#ifdef __APPLE__
	uint32_t sz = sizeof buf;
	if (_NSGetExecutablePath(buf, &sz) != 0)
		return -1;
#else
	ssize_t r = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (r < 0)
		return -1;
	buf[r] = '\0';
#endif
	char rp[PATH_MAX];
	if (!realpath(buf, rp))
		return -1;
	char *s = strrchr(rp, '/');
	if (!s || (size_t)(s - rp) >= n)
		return -1;
	*s = '\0';
	memcpy(dir, rp, (size_t)(s - rp) + 1);
	return 0;
}

int shim_find_gowrap(struct sb *out, struct gw_err *e)
{
	const char *env = getenv("GOWRAP_BIN");
	if (env && *env) {
		if (!gw_is_executable(env))
			return gw_err_set(e, GW_EXIT_INTERNAL, "GOWRAP_BIN is not usable",
					  "point GOWRAP_BIN at the gowrap binary, or unset it",
					  "%s is not an executable file", env);
		sb_adds(out, env);
		return 0;
	}
	char dir[PATH_MAX];
	if (self_dir(dir, sizeof dir) == 0) {
		static const char *const rel[] = { "../gowrap", "../../bin/gowrap", NULL };
		for (const char *const *r = rel; *r; r++) {
			sb_reset(out);
			gw_path_join(out, dir, *r);
			if (gw_is_executable(out->buf))
				return 0;
		}
	}
	sb_reset(out);
	return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find the gowrap command",
			  "reinstall gowrap (make install) or set GOWRAP_BIN",
			  "neither GOWRAP_BIN nor gowrap beside the shim (../gowrap, ../../bin/gowrap)");
}

static char *str_field(const cJSON *j, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);
	return gw_xstrdup(cJSON_IsString(v) && v->valuestring ? v->valuestring : "");
}

/* Keep only the first line of a child's stderr. */
static const char *line1(struct sb *s)
{
	char *nl = memchr(s->buf, '\n', s->len);
	if (nl)
		*nl = '\0';
	return s->buf;
}

int shim_ovq_run(const char *gowrap, const char *goroot, struct shim_ovl *o, struct gw_err *e)
{
	char *argv[] = { (char *)gowrap, "overlay", "--goroot", (char *)goroot, "--json", NULL };
	struct sb out = SB_INIT, err = SB_INIT;
	struct gw_cmd c = { .argv = argv, .out = &out, .err = &err, .null_stdin = 1,
			    .limit = 1u << 20 };
	memset(o, 0, sizeof *o);
	int rc = -1;
	int st = gw_run(&c);
	if (st < 0) {
		gw_err_set(e, GW_EXIT_INTERNAL, "cannot run gowrap overlay",
			   "reinstall gowrap or set GOWRAP_BIN", "%s: %s", gowrap, strerror(errno));
		goto done;
	}
	int code = gw_status_code(st);
	if (code != 0) {
		/* The CLI already wrote a complete gowrap line; pass it on as is. */
		int ours = code == GW_EXIT_USAGE ? GW_EXIT_OVERLAY_REFUSED
			 : (code >= 100 && code < 128) ? code : GW_EXIT_INTERNAL;
		gw_err_set(e, ours, "", "", "%s", err.len ? line1(&err)
			   : "gowrap: gowrap overlay failed: no message (fix: run `gowrap overlay` by hand)");
		goto done;
	}
	cJSON *j = cJSON_ParseWithLength(out.buf, out.len);
	if (!cJSON_IsObject(j)) {
		cJSON_Delete(j);
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay answered nonsense",
			   "run `gowrap overlay --json` by hand and report it", "reply is not a JSON object");
		goto done;
	}
	o->overlay = str_field(j, "overlay");
	o->marker = str_field(j, "marker");
	o->status = str_field(j, "status");
	o->variant = str_field(j, "variant");
	o->goversion = str_field(j, "goversion");
	const cJSON *in = cJSON_GetObjectItemCaseSensitive(j, "inputs");
	int n = cJSON_IsArray(in) ? cJSON_GetArraySize(in) : 0;
	o->inputs = gw_xcalloc((size_t)n + 1, sizeof *o->inputs);
	const cJSON *it;
	cJSON_ArrayForEach(it, in)
		if (cJSON_IsString(it) && it->valuestring[0] == '/')
			o->inputs[o->ninputs++] = gw_xstrdup(it->valuestring);
	cJSON_Delete(j);
	int applied = strcmp(o->status, "applied") == 0;
	if ((!applied && strcmp(o->status, "not-needed") != 0) || o->overlay[0] != '/' ||
	    (applied && !o->marker[0])) {
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay answered nonsense",
			   "run `gowrap overlay --json` by hand and report it",
			   "status \"%s\", overlay \"%s\", marker \"%s\"", o->status, o->overlay, o->marker);
		shim_ovl_free(o);
		goto done;
	}
	rc = 0;
done:
	sb_release(&out);
	sb_release(&err);
	return rc;
}

void shim_ovl_free(struct shim_ovl *o)
{
	free(o->overlay);
	free(o->marker);
	free(o->status);
	free(o->variant);
	free(o->goversion);
	for (size_t i = 0; i < o->ninputs; i++)
		free(o->inputs[i]);
	free(o->inputs);
	memset(o, 0, sizeof *o);
}

int shim_err_print(const struct gw_err *e)
{
	if (e->what[0])
		return gw_err_print(e);
	struct sb s = SB_INIT;
	sb_adds(&s, e->why);
	sb_addc(&s, '\n');
	gw_write_all(2, s.buf, s.len);
	sb_release(&s);
	return e->code;
}
