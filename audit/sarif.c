/* sarif.c — gowrap audit's rows as SARIF 2.1.0 and as GitHub
 * workflow commands (audit_parts.h).
 *
 * The shape follows govulncheck's `-format sarif` (golang.org/x/vuln,
 * internal/sarif): one run, the result's location in the user's own go.mod
 * (uriBaseId %SRCROOT%) — here at the line that requires the row's module —
 * and the file in the module cache as a related location under
 * %GOMODCACHE%, since code scanning shows a result only in a file of the
 * repository. A row of a package in the main module points at the matched
 * file itself. One rule per verdict that needs a person; passing rows are
 * no results (a later upload without a result closes its alert). A reviewed
 * row keeps its result, with an external suppression whose justification
 * is the reviewer's reason. */
#include "compat.h"
#include "audit_parts.h"
#include "fsutil.h"
#include "jsonw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *id, *name, *level, *shortd, *full, *help;
} rules[] = {
	{ "defective-not-fixed", "DefectiveNotFixed", "error",
	  "CPU-feature code that reads wrong on this target, and gowrap does not fix it",
	  "The package detects CPU features in a way that reads wrong on this target (a feature word nothing fills, "
	  "a detection the OS does not answer), and a build through gowrap does not repair it here: features the "
	  "CPU has read as absent, so slower code runs, or present when they are not.",
	  "Build through the gowrap shim (the dependency fix), update the module to a version that detects rightly, "
	  "or, once reviewed, record the package and its content id in gowrap-audit.toml." },
	{ "unknown-cpu-feature-code", "UnknownCpuFeatureCode", "warning",
	  "CPU-feature code that no rule of gowrap decides",
	  "The package compiles code that reads CPU features (CPUID, system registers, the auxiliary vector, sysctl, "
	  "/proc/cpuinfo) and no rule of gowrap says whether it reads rightly on this target: a person has to.",
	  "Read the code named: if its verdict is fine for this target, record the package and its content id in "
	  "gowrap-audit.toml with the reason." },
	{ "unresolved-package", "UnresolvedPackage", "warning", "A package go could not resolve: not audited",
	  "go list -e could not resolve the package (a module that cannot be downloaded, a missing package): its "
	  "code was not read, so nothing is known of it.",
	  "Make the module available (go mod download) and run gowrap audit again." },
};

static int rule_of(const struct dp_audit_row *r)
{
	return !strcmp(r->verdict, DP_AUDIT_DEFECTIVE) ? 0 : 1;
}

/* A path as a relative URI reference: RFC 3986 path characters kept. */
static void add_uri(struct sb *out, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~/@+!$&'()*,;=:", *p))
			sb_addc(out, (char)*p);
		else
			sb_addf(out, "%%%02X", *p);
	}
}

/* Where %SRCROOT% is: the workspace when the module lies in it (GitHub's
 * checkout), else the module's root; prefix: the module root from there. */
static void src_prefix(const char *root, struct sb *prefix)
{
	const char *ws = getenv("GITHUB_WORKSPACE");
	size_t n = ws ? strlen(ws) : 0;
	while (n > 1 && ws[n - 1] == '/')
		n--;
	if (n && strncmp(root, ws, n) == 0 && root[n] == '/')
		sb_addf(prefix, "%s/", root + n + 1);
}

/* The go.mod line that requires mod (module@version), else 1. */
static int require_line(const char *root, const char *mod)
{
	struct sb path = SB_INIT, text = SB_INIT;
	size_t mlen = strcspn(mod, "@");
	int line = 1, at = 0;
	sb_addf(&path, "%s/go.mod", root);
	if (mlen && sb_read_file(&text, path.buf, 1u << 20) == 0 && text.buf) {
		for (const char *p = text.buf; *p && !at; line++) {
			size_t n = strcspn(p, "\n");
			const char *q = p + strspn(p, " \t");
			if (!strncmp(q, "require", 7) && (q[7] == ' ' || q[7] == '\t'))
				q += 7 + strspn(q + 7, " \t");
			if ((size_t)(q - p) + mlen < n && !strncmp(q, mod, mlen) && (q[mlen] == ' ' || q[mlen] == '\t'))
				at = line;
			p += n + (p[n] != 0);
		}
	}
	sb_release(&path);
	sb_release(&text);
	return at ? at : 1;
}

/* The first file a row names ("<file>[, <file>] in <module@version>"). */
static void first_file(const char *file, struct sb *out)
{
	const char *in = file ? strstr(file, " in ") : NULL;
	if (in)
		sb_add(out, file, strcspn(file, ","));
	if (in && out->len > (size_t)(in - file))
		out->len = (size_t)(in - file), out->buf[out->len] = 0;
}

void au_primary(const struct au_ctx *c, size_t i, struct au_loc *l)
{
	const struct dp_audit_row *r = &c->a->rows[i];
	const struct dp_pkg *p = au_pkg_of(c->g, r);
	struct sb f = SB_INIT, prefix = SB_INIT;
	src_prefix(c->root, &prefix);
	first_file(r->file, &f);
	if (!f.len && p && p->files && p->files[0] && p->moddir && gw_path_within(p->dir, p->moddir)) {
		/* no rule matched a file: the package's first, from its module's root */
		if (strlen(p->dir) > strlen(p->moddir))
			sb_addf(&f, "%s/", p->dir + strlen(p->moddir) + 1);
		sb_adds(&f, p->files[0]);
	}
	l->line = 1;
	l->modcache = 0;
	sb_adds(&l->uri, prefix.buf ? prefix.buf : "");
	if (f.len && p && !p->frozen[0] && p->moddir && c->root[0] && gw_path_within(p->moddir, c->root)) {
		/* the main module's (or a local) package: the file is in the repository */
		if (strlen(p->moddir) > strlen(c->root)) {
			sb_adds(&l->uri, p->moddir + strlen(c->root) + 1);
			sb_addc(&l->uri, '/');
		}
		sb_adds(&l->uri, f.buf);
	} else {
		sb_adds(&l->uri, "go.mod");
		if (c->root[0] && r->mod[0])
			l->line = require_line(c->root, r->mod);
	}
	sb_release(&f);
	sb_release(&prefix);
}

/* path: relative to base, raw (written as a URI reference). */
static void location(struct jw *w, const char *path, const char *base, int line, const char *msg)
{
	struct sb uri = SB_INIT;
	add_uri(&uri, path);
	jw_obj(w, NULL);
	jw_obj(w, "physicalLocation");
	jw_obj(w, "artifactLocation");
	jw_str(w, "uri", uri.buf);
	sb_release(&uri);
	jw_str(w, "uriBaseId", base);
	jw_end(w);
	jw_obj(w, "region");
	jw_int(w, "startLine", line);
	jw_end(w);
	jw_end(w);
	jw_obj(w, "message");
	jw_str(w, "text", msg);
	jw_end(w);
	jw_end(w);
}

static void message(const struct au_ctx *c, size_t i, struct sb *m)
{
	const struct dp_audit_row *r = &c->a->rows[i];
	const struct au_row *s = &c->st[i];
	sb_addf(m, "%s (%s) on %s: %s", r->pkg, r->mod[0] ? r->mod : "-", c->a->target, r->verdict);
	if (r->why)
		sb_addf(m, ": %s", r->why);
	sb_addf(m, ". Content id %s.", s->id[0] ? s->id : "none (not every source was read)");
	if (s->state == AU_ACCEPTED)
		sb_addf(m, " Accepted by review: %s", s->entry->reason);
	else if (s->state == AU_OTHER_CONTENT)
		sb_addf(m, " A review in %s was for other content: review this content again.", AU_FILE_NAME);
}

static void related(struct jw *w, const struct dp_audit_row *r, const struct dp_pkg *p)
{
	struct sb f = SB_INIT, uri = SB_INIT;
	first_file(r->file, &f);
	if (f.len && p && p->frozen[0] && r->mod[0]) {
		sb_addf(&uri, "%s/%s", r->mod, f.buf);
		jw_arr(w, "relatedLocations");
		location(w, uri.buf, "%GOMODCACHE%", 1, r->file);
		jw_end(w);
	}
	sb_release(&f);
	sb_release(&uri);
}

static void props(struct jw *w, const struct dp_audit_row *r, const struct au_row *s, const char *target)
{
	jw_obj(w, "properties");
	jw_str(w, "target", target);
	jw_str(w, "import_path", r->pkg);
	jw_str(w, "module", r->mod);
	jw_str(w, "kind", r->kind);
	jw_str(w, "verdict", r->verdict);
	jw_str(w, "file", r->file);
	jw_str_or_null(w, "content", s->id);
	jw_end(w);
}

static void result(struct jw *w, const struct au_ctx *c, size_t i)
{
	const struct dp_audit_row *r = &c->a->rows[i];
	const struct au_row *s = &c->st[i];
	struct au_loc l = { SB_INIT, 1, 0 };
	struct sb m = SB_INIT, fp = SB_INIT;
	int k = rule_of(r);
	au_primary(c, i, &l);
	message(c, i, &m);
	jw_obj(w, NULL);
	jw_str(w, "ruleId", rules[k].id);
	jw_int(w, "ruleIndex", k);
	jw_str(w, "level", rules[k].level);
	jw_obj(w, "message");
	jw_str(w, "text", m.buf);
	jw_end(w);
	jw_arr(w, "locations");
	location(w, l.uri.buf, "%SRCROOT%", l.line, r->file ? r->file : r->pkg);
	jw_end(w);
	related(w, r, au_pkg_of(c->g, r));
	/* one alert per package and target, whatever line go.mod moves to */
	sb_addf(&fp, "%s|%s", c->a->target, r->pkg);
	jw_obj(w, "partialFingerprints");
	jw_str(w, "gowrapPackage/v1", fp.buf);
	jw_end(w);
	if (s->state == AU_ACCEPTED) {
		jw_arr(w, "suppressions");
		jw_obj(w, NULL);
		jw_str(w, "kind", "external");
		jw_str(w, "status", "accepted");
		jw_str(w, "justification", s->entry->reason);
		jw_end(w);
		jw_end(w);
	}
	props(w, r, s, c->a->target);
	jw_end(w);
	sb_release(&l.uri);
	sb_release(&m);
	sb_release(&fp);
}

static void unresolved(struct jw *w, const struct au_ctx *c, const char *pkg)
{
	struct sb m = SB_INIT, uri = SB_INIT, fp = SB_INIT;
	src_prefix(c->root, &uri);
	sb_adds(&uri, "go.mod");
	sb_addf(&m, "%s on %s: ", pkg, c->a->target);
	au_unseen_why(c->g, pkg, strlen(pkg), &m);
	sb_addf(&fp, "%s|%s", c->a->target, pkg);
	jw_obj(w, NULL);
	jw_str(w, "ruleId", rules[2].id);
	jw_int(w, "ruleIndex", 2);
	jw_str(w, "level", rules[2].level);
	jw_obj(w, "message");
	jw_str(w, "text", m.buf);
	jw_end(w);
	jw_arr(w, "locations");
	location(w, uri.buf, "%SRCROOT%", 1, pkg);
	jw_end(w);
	jw_obj(w, "partialFingerprints");
	jw_str(w, "gowrapPackage/v1", fp.buf);
	jw_end(w);
	jw_end(w);
	sb_release(&m);
	sb_release(&uri);
	sb_release(&fp);
}


/* SARIF's one-field objects ({"text": ...}, {"level": ...}). */
static void one_field(struct jw *w, const char *obj, const char *key, const char *val)
{
	jw_obj(w, obj);
	jw_str(w, key, val);
	jw_end(w);
}
static void driver(struct jw *w, const char *version)
{
	jw_obj(w, "tool");
	jw_obj(w, "driver");
	jw_str(w, "name", "gowrap");
	if (version)
		jw_str(w, "version", version);
	jw_arr(w, "rules");
	for (size_t k = 0; k < sizeof rules / sizeof *rules; k++) {
		jw_obj(w, NULL);
		jw_str(w, "id", rules[k].id);
		jw_str(w, "name", rules[k].name);
		one_field(w, "shortDescription", "text", rules[k].shortd);
		one_field(w, "fullDescription", "text", rules[k].full);
		one_field(w, "help", "text", rules[k].help);
		one_field(w, "defaultConfiguration", "level", rules[k].level);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
	jw_end(w);
}

/* Each line of the unresolved packages, NUL-terminated in one. */
static void each_unresolved(const struct au_ctx *c, void (*fn)(const struct au_ctx *, const char *, void *), void *arg)
{
	for (const char *p = c->g->unresolved.buf ? c->g->unresolved.buf : ""; *p;) {
		size_t n = strcspn(p, "\n");
		char one[512];
		snprintf(one, sizeof one, "%.*s", (int)(n < 511 ? n : 511), p);
		fn(c, one, arg);
		p += n + (p[n] != 0);
	}
}

static void sarif_unresolved(const struct au_ctx *c, const char *pkg, void *w)
{
	unresolved(w, c, pkg);
}

void au_sarif(const struct au_ctx *c, struct sb *out)
{
	struct jw w;
	struct sb id = SB_INIT;
	jw_init(&w, out, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "version", "2.1.0");
	jw_str(&w, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	jw_arr(&w, "runs");
	jw_obj(&w, NULL);
	driver(&w, c->version);
	/* one category per target: an upload for ios/arm64 never closes linux/arm64's alerts */
	sb_addf(&id, "gowrap-audit/%s/", c->a->target);
	jw_obj(&w, "automationDetails");
	jw_str(&w, "id", id.buf);
	jw_end(&w);
	jw_arr(&w, "results");
	for (size_t i = 0; i < c->a->nrows; i++)
		if (au_needs_review(&c->a->rows[i]))
			result(&w, c, i);
	each_unresolved(c, sarif_unresolved, &w);
	jw_end(&w);
	jw_end(&w);
	jw_end(&w);
	jw_end(&w);
	sb_addc(out, '\n');
	sb_release(&id);
}

/* A workflow command's data (%, CR, LF escaped) or property (also : and ,). */
static void add_cmd(struct sb *out, const char *s, int prop)
{
	for (; *s; s++) {
		if (*s == '%' || *s == '\r' || *s == '\n' || (prop && (*s == ':' || *s == ',')))
			sb_addf(out, "%%%02X", (unsigned char)*s);
		else
			sb_addc(out, *s);
	}
}

static void gh_unresolved(const struct au_ctx *c, const char *pkg, void *out)
{
	struct sb f = SB_INIT, m = SB_INIT;
	src_prefix(c->root, &f);
	sb_adds(&f, "go.mod");
	sb_addf(&m, "%s: ", pkg);
	au_unseen_why(c->g, pkg, strlen(pkg), &m);
	sb_adds(out, "::warning file=");
	add_cmd(out, f.buf, 1);
	sb_addf(out, ",line=1,title=gowrap audit %s: unresolved::", c->a->target);
	add_cmd(out, m.buf, 0);
	sb_addc(out, '\n');
	sb_release(&f);
	sb_release(&m);
}

void au_github(const struct au_ctx *c, struct sb *out)
{
	for (size_t i = 0; i < c->a->nrows; i++) {
		const struct dp_audit_row *r = &c->a->rows[i];
		if (!au_needs_review(r))
			continue;
		struct au_loc l = { SB_INIT, 1, 0 };
		struct sb m = SB_INIT, t = SB_INIT;
		au_primary(c, i, &l);
		message(c, i, &m);
		int acc = c->st[i].state == AU_ACCEPTED;
		sb_addf(&t, "gowrap audit %s: %s%s", c->a->target, r->verdict, acc ? " (accepted)" : "");
		sb_adds(out, acc ? "::notice file=" : rule_of(r) == 0 ? "::error file=" : "::warning file=");
		add_cmd(out, l.uri.buf, 1);
		sb_addf(out, ",line=%d,title=", l.line);
		add_cmd(out, t.buf, 1);
		sb_adds(out, "::");
		add_cmd(out, m.buf, 0);
		sb_addc(out, '\n');
		sb_release(&l.uri);
		sb_release(&m);
		sb_release(&t);
	}
	each_unresolved(c, gh_unresolved, out);
}
