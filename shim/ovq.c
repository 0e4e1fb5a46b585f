/* ovq.c — see ovq.h. */
#include "compat.h"
#include "ovq.h"
#include "exitcodes.h"
#include "fsutil.h"
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

/* Keep only the first line of a child's stderr. */
static const char *line1(struct sb *s)
{
	char *nl = memchr(s->buf, '\n', s->len);
	if (nl)
		*nl = '\0';
	return s->buf;
}

void shim_list_add(char ***v, size_t *n, const char *s)
{
	*v = gw_xrealloc(*v, (*n + 2) * sizeof **v);
	(*v)[(*n)++] = gw_xstrdup(s);
	(*v)[*n] = NULL;
}

/* The reply's single-valued fields, in the order of ovq.h. */
enum { F_STATUS, F_OVERLAY, F_MARKER, F_GOVERSION, F_GOROOT, F_VARIANT, F_CODE, F_ERROR, NF };
static const char *const fname[NF] = {
	"status", "overlay", "marker", "goversion", "goroot", "variant", "code", "error",
};

/* Split the reply (in place) into f[] and o's lists; -1 on anything that is
 * not exactly the format of ovq.h (f[] entries then point into buf or are
 * NULL; o's lists may be partly filled, freed by the caller). */
static int parse_reply(struct sb *r, const char *f[NF], struct shim_ovl *o)
{
	static const char head[] = "gowrap-overlay\t1\n";
	char *p = r->buf, *end = r->buf + r->len;
	for (int i = 0; i < NF; i++)
		f[i] = NULL;
	if (memchr(r->buf, '\0', r->len) || r->len < sizeof head - 1 ||
	    memcmp(p, head, sizeof head - 1) != 0)
		return -1;
	p += sizeof head - 1;
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		*nl = '\0';
		if (strcmp(p, "end") == 0)
			return nl + 1 == end && f[F_STATUS] ? 0 : -1;
		char *tab = strchr(p, '\t');
		if (!tab)
			return -1;
		*tab = '\0';
		const char *v = tab + 1;
		if (strcmp(p, "input") == 0) {
			shim_list_add(&o->inputs, &o->ninputs, v);
		} else if (strcmp(p, "replacement") == 0) {
			shim_list_add(&o->repl, &o->nrepl, v);
		} else {
			int i = 0;
			while (i < NF && strcmp(p, fname[i]) != 0)
				i++;
			if (i == NF || f[i])
				return -1; /* unknown or repeated */
			f[i] = v;
		}
		p = nl + 1;
	}
	return -1; /* no "end": torn */
}

static int all_absolute(char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i][0] != '/')
			return 0;
	return 1;
}

int shim_ovq_run(const char *gowrap, const char *goroot, const char *gomodcache,
		 struct shim_ovl *o, struct gw_err *e)
{
	char *argv[] = { (char *)gowrap, "overlay", "--goroot", (char *)goroot, "--shim-format",
			 NULL, NULL, NULL };
	if (gomodcache && *gomodcache) {
		argv[5] = "--gomodcache";
		argv[6] = (char *)gomodcache;
	}
	struct sb out = SB_INIT, err = SB_INIT;
	struct gw_cmd c = { .argv = argv, .out = &out, .err = &err, .null_stdin = 1,
			    .limit = 1u << 20 };
	const char *f[NF];
	memset(o, 0, sizeof *o);
	int rc = -1;
	int st = gw_run(&c);
	if (st < 0) {
		gw_err_set(e, GW_EXIT_INTERNAL, "cannot run gowrap overlay",
			   "reinstall gowrap or set GOWRAP_BIN", "%s: %s", gowrap, strerror(errno));
		goto done;
	}
	int code = gw_status_code(st);
	int parsed = parse_reply(&out, f, o);
	if (code != 0) {
		/* The CLI already wrote a complete gowrap line; pass it on as is.
		 * A refusal names its reason's code: 105 (GOROOT beneath
		 * GOMODCACHE) stays 105, everything else refused is 108. */
		int ours = (code >= 100 && code < 128) ? code : GW_EXIT_INTERNAL;
		const char *line = err.len ? line1(&err) : NULL;
		if (code == GW_EXIT_USAGE) {
			int said = parsed == 0 && f[F_CODE] ? atoi(f[F_CODE]) : 0;
			ours = said == GW_EXIT_MODCACHE_GOROOT ? said : GW_EXIT_OVERLAY_REFUSED;
			if (parsed == 0 && f[F_ERROR] && f[F_ERROR][0])
				line = f[F_ERROR];
		}
		gw_err_set(e, ours, "", "", "%s", line ? line
			   : "gowrap: gowrap overlay failed: no message (fix: run `gowrap overlay` by hand)");
		shim_ovl_free(o);
		goto done;
	}
	if (parsed == 0) {
		o->overlay = gw_xstrdup(f[F_OVERLAY] ? f[F_OVERLAY] : "");
		o->marker = gw_xstrdup(f[F_MARKER] ? f[F_MARKER] : "");
		o->status = gw_xstrdup(f[F_STATUS]);
		o->variant = gw_xstrdup(f[F_VARIANT] ? f[F_VARIANT] : "");
		o->goversion = gw_xstrdup(f[F_GOVERSION] ? f[F_GOVERSION] : "");
	}
	int applied = parsed == 0 && strcmp(o->status, "applied") == 0;
	if (parsed < 0 || (!applied && strcmp(o->status, "not-needed") != 0) || o->overlay[0] != '/' ||
	    (applied && !o->marker[0]) || !all_absolute(o->inputs, o->ninputs) ||
	    !all_absolute(o->repl, o->nrepl)) {
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay answered nonsense",
			   "run `gowrap overlay --json` by hand and report it; check that GOWRAP_BIN is the gowrap installed with this shim",
			   "%s", parsed < 0 ? "the reply is not gowrap's shim format" : "status, overlay or marker missing");
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
	for (size_t i = 0; i < o->nrepl; i++)
		free(o->repl[i]);
	free(o->repl);
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
