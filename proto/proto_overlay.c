/* proto_overlay.c — see proto_overlay.h. */
#include "compat.h"
#include "proto_overlay.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "runcmd.h"
#include "selfpath.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

int gw_find_cli(struct sb *out, struct gw_err *e)
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

int gw_cli_run(char *const argv[], struct sb *out, struct sb *err, struct gw_err *e)
{
	struct gw_cmd c = { .argv = (char **)argv, .out = out, .err = err, .null_stdin = 1,
			    .limit = 1u << 20 };
	int st = gw_run(&c);
	if (st < 0)
		return gw_err_set(e, GW_EXIT_INTERNAL, "cannot run the gowrap command",
				  "reinstall gowrap or set GOWRAP_BIN", "%s %s: %s", argv[0], argv[1],
				  strerror(errno));
	int code = gw_status_code(st);
	return code == 0 || (code >= 100 && code < 128) ? code : GW_EXIT_INTERNAL;
}

/* The reply's single-valued fields, in the order of proto_overlay.h. */
enum { F_STATUS, F_OVERLAY, F_MARKER, F_GOVERSION, F_GOROOT, F_VARIANT, F_PATCHED, F_CODE, F_ERROR, NF };
static const char *const fname[NF] = {
	"status", "overlay", "marker", "goversion", "goroot", "variant", "patched", "code", "error",
};

/* Split the reply (in place) into f[] and o's lists; -1 on anything that is
 * not exactly the format of proto_overlay.h (f[] entries then point into buf or are
 * NULL; o's lists may be partly filled, freed by the caller). */
static int parse_reply(struct sb *r, const char *f[NF], struct gw_ovreply *o)
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
			gw_strv_add(&o->inputs, &o->ninputs, v);
		} else if (strcmp(p, "replacement") == 0) {
			gw_strv_add(&o->repl, &o->nrepl, v);
		} else if (strcmp(p, "patch") == 0) {
			gw_strv_add(&o->patches, &o->npatches, v);
		} else if (strcmp(p, "pmark") == 0) {
			gw_strv_add(&o->pmarks, &o->npmarks, v);
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

int gw_ovreply_read(int code, struct sb *out, struct sb *err, struct gw_ovreply *o,
		    struct gw_err *e)
{
	const char *f[NF];
	memset(o, 0, sizeof *o);
	int parsed = parse_reply(out, f, o);
	if (code != 0) {
		/* The CLI's refusal or fault, with its code and its own line. */
		const char *line = parsed == 0 && f[F_ERROR] ? f[F_ERROR] : sb_first_line(err);
		gw_err_relay(e, code, line, "gowrap overlay failed",
			     "run `gowrap overlay` by hand and fix what it reports");
		gw_ovreply_free(o);
		return -1;
	}
	if (parsed == 0) {
		o->overlay = gw_xstrdup(f[F_OVERLAY] ? f[F_OVERLAY] : "");
		o->marker = gw_xstrdup(f[F_MARKER] ? f[F_MARKER] : "");
		o->status = gw_xstrdup(f[F_STATUS]);
		o->variant = gw_xstrdup(f[F_VARIANT] ? f[F_VARIANT] : "");
		o->goversion = gw_xstrdup(f[F_GOVERSION] ? f[F_GOVERSION] : "");
		o->goroot = gw_xstrdup(f[F_GOROOT] ? f[F_GOROOT] : "");
		o->patched = gw_xstrdup(f[F_PATCHED] ? f[F_PATCHED] : "0");
	}
	int applied = parsed == 0 && strcmp(o->status, "applied") == 0;
	if (parsed < 0 || (!applied && strcmp(o->status, "not-needed") != 0) || o->overlay[0] != '/' ||
	    (applied && !o->marker[0]) || !all_absolute(o->inputs, o->ninputs) ||
	    !all_absolute(o->repl, o->nrepl)) {
		gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay answered nonsense",
			   "run `gowrap overlay --json` by hand and report it; check that GOWRAP_BIN is the gowrap installed with this shim",
			   "%s", parsed < 0 ? "the reply is not gowrap's shim format" : "status, overlay or marker missing");
		gw_ovreply_free(o);
		return -1;
	}
	return 0;
}

int gw_ovreply_ask(const char *gowrap, const struct gw_ovask *ask, struct gw_ovreply *o,
		   struct gw_err *e)
{
	char *argv[16] = { (char *)gowrap, "overlay", "--goroot", (char *)ask->goroot, "--shim-format" };
	int n = 5;
	if (ask->gomodcache && *ask->gomodcache) {
		argv[n++] = "--gomodcache";
		argv[n++] = (char *)ask->gomodcache;
	}
	if (ask->patches) {
		argv[n++] = "--patches";
		argv[n++] = (char *)ask->patches;
		argv[n++] = "--goversion";
		argv[n++] = (char *)ask->goversion;
	}
	if (ask->no_cpu)
		argv[n++] = "--no-cpu";
	struct sb out = SB_INIT, err = SB_INIT;
	memset(o, 0, sizeof *o);
	int rc = gw_cli_run(argv, &out, &err, e);
	if (rc >= 0)
		rc = gw_ovreply_read(rc, &out, &err, o, e);
	sb_release(&out);
	sb_release(&err);
	return rc;
}

void gw_ovreply_free(struct gw_ovreply *o)
{
	free(o->overlay);
	free(o->marker);
	free(o->status);
	free(o->variant);
	free(o->goversion);
	free(o->goroot);
	free(o->patched);
	gw_strv_free(&o->patches, &o->npatches);
	gw_strv_free(&o->pmarks, &o->npmarks);
	gw_strv_free(&o->inputs, &o->ninputs);
	gw_strv_free(&o->repl, &o->nrepl);
	memset(o, 0, sizeof *o);
}

/* One "key\tvalue" line; -1 if the value holds a newline. */
static int put(struct sb *s, const char *k, const char *v)
{
	if (!v)
		v = "";
	if (strchr(v, '\n'))
		return -1;
	sb_addf(s, "%s\t%s\n", k, v);
	return 0;
}

int gw_ovreply_write(struct sb *out, const struct gw_ovreply *r, struct gw_err *e)
{
	struct sb s = SB_INIT;
	int bad = 0;
	sb_adds(&s, "gowrap-overlay\t1\n");
	bad |= put(&s, fname[F_STATUS], r->status);
	bad |= put(&s, fname[F_OVERLAY], r->overlay);
	bad |= put(&s, fname[F_MARKER], r->marker);
	bad |= put(&s, fname[F_GOVERSION], r->goversion);
	bad |= put(&s, fname[F_GOROOT], r->goroot);
	bad |= put(&s, fname[F_VARIANT], r->variant);
	for (size_t i = 0; i < r->ninputs; i++)
		bad |= put(&s, "input", r->inputs[i]);
	for (size_t i = 0; i < r->nrepl; i++)
		bad |= put(&s, "replacement", r->repl[i]);
	if (r->patched)
		bad |= put(&s, fname[F_PATCHED], r->patched);
	for (size_t i = 0; i < r->npatches; i++)
		bad |= put(&s, "patch", r->patches[i]);
	for (size_t i = 0; i < r->npmarks; i++)
		bad |= put(&s, "pmark", r->pmarks[i]);
	sb_adds(&s, "end\n");
	if (!bad)
		sb_add(out, s.buf, s.len);
	sb_release(&s);
	if (bad)
		return gw_err_set(e, GW_EXIT_INTERNAL, "gowrap overlay cannot answer the shim",
				  "move GOROOT and the gowrap cache to paths without a newline",
				  "a path in the answer holds a newline");
	return 0;
}

void gw_ovreply_write_refused(struct sb *out, const struct gw_err *refusal)
{
	char line[3200];
	gw_err_format(refusal, line, sizeof line); /* one line: no newline in it */
	sb_addf(out, "gowrap-overlay\t1\n%s\trefused\n%s\t%d\n%s\t%s\nend\n", fname[F_STATUS],
		fname[F_CODE], refusal->code, fname[F_ERROR], line);
}
