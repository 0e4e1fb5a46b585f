/* ovq.c — see ovq.h. */
#include "ovq.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "json.h"
#include "runcmd.h"
#include "selfpath.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

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
	struct sb self = SB_INIT;
	if (gw_self_exe(&self) == 0) {
		char *slash = strrchr(self.buf, '/');
		if (slash)
			*slash = '\0';
		static const char *const rel[] = { "../gowrap", "../../bin/gowrap", NULL };
		for (const char *const *r = rel; *r; r++) {
			sb_reset(out);
			gw_path_join(out, self.buf, *r);
			if (gw_is_executable(out->buf)) {
				sb_release(&self);
				return 0;
			}
		}
	}
	sb_release(&self);
	sb_reset(out);
	return gw_err_set(e, GW_EXIT_INTERNAL, "cannot find the gowrap command",
			  "reinstall gowrap (make install) or set GOWRAP_BIN",
			  "neither GOWRAP_BIN nor gowrap beside the shim (../gowrap, ../../bin/gowrap)");
}

static char *str_field(const struct sj *j, const char *name)
{
	const char *v = sj_str(j, name);
	return gw_xstrdup(v ? v : "");
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
	struct sj *j = sj_parse(out.buf, out.len);
	if (!j || j->type != SJ_OBJECT) {
		sj_free(j);
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay answered nonsense",
			   "run `gowrap overlay --json` by hand and report it", "reply is not a JSON object");
		goto done;
	}
	o->overlay = str_field(j, "overlay");
	o->marker = str_field(j, "marker");
	o->status = str_field(j, "status");
	o->variant = str_field(j, "variant");
	o->goversion = str_field(j, "goversion");
	const struct sj *in = sj_get(j, "inputs"), *it;
	size_t n = 0;
	if (in && in->type == SJ_ARRAY)
		for (it = in->child; it; it = it->next)
			n++;
	o->inputs = gw_xcalloc(n + 1, sizeof *o->inputs);
	if (in && in->type == SJ_ARRAY)
		for (it = in->child; it; it = it->next)
			if (it->type == SJ_STRING && it->str[0] == '/')
				o->inputs[o->ninputs++] = gw_xstrdup(it->str);
	sj_free(j);
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
