/* overlay.c — identify the GOROOT's internal/cpu, then render and store the
 * overlay (see overlay.h for the promise, README.md for the design). */
#include "compat.h"
#include "overlay.h"
#include "darwin.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "gitobj.h"
#include "render.h"
#include "store.h"
#include "trust.h"
#include "strbuf.h"
#include "variants.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SRC_LIMIT (1u << 20) /* internal/cpu files are a few KiB */

static const char refuse_fix[] =
	"use a Go release listed in gowrap's overlay/README.md, or report the blob id and "
	"`go version` to gowrap; gowrap never builds iOS with a guessed overlay";
static const char darwin_fix[] =
	"build with GOWRAP_FEATURES=crypto (the four ARMv8.0 crypto bits, known for more releases) "
	"or a Go release whose darwin files gowrap's overlay/README.md lists; gowrap never builds "
	"iOS with a guessed overlay";

static void add_input(struct ov_result *r, const char *path)
{
	gw_strv_add(&r->inputs, &r->ninputs, path);
}

/* Reads GOROOT/rel into s; 1 read, 0 absent, -1 error (e set). Recorded as an
 * input either way when present, so the shim's memo notices any change. */
static int read_input(struct ov_result *r, const char *rel, struct sb *s, struct gw_err *e)
{
	struct sb p = SB_INIT;
	gw_path_join(&p, r->goroot, rel);
	int rc = sb_read_file(s, p.buf, SRC_LIMIT);
	if (rc < 0 && errno == ENOENT) {
		sb_release(&p);
		return 0;
	}
	if (rc < 0) {
		gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "cannot read GOROOT file",
			   "check that --goroot names a Go installation you can read", "%s: %s",
			   p.buf, strerror(errno));
		sb_release(&p);
		return -1;
	}
	add_input(r, p.buf);
	sb_release(&p);
	return 1;
}

/* Does the //go:build expression in src contain the token tok (e.g. "ios",
 * "!darwin")? Tokens are build tags with an optional leading '!'. */
static int expr_has(const char *src, size_t len, const char *tok)
{
	const char *x;
	size_t n;
	if (ov_find_build_expr(src, len, &x, &n) < 0)
		return 0;
	size_t tl = strlen(tok);
	for (size_t i = 0; i + tl <= n; i++) {
		int before_ok = i == 0 || !(x[i - 1] == '_' || x[i - 1] == '!' ||
					     (x[i - 1] >= 'a' && x[i - 1] <= 'z') ||
					     (x[i - 1] >= '0' && x[i - 1] <= '9'));
		char after = i + tl < n ? x[i + tl] : ' ';
		int after_ok = !(after == '_' || (after >= 'a' && after <= 'z') ||
				 (after >= '0' && after <= '9'));
		if (before_ok && after_ok && memcmp(x + i, tok, tl) == 0)
			return 1;
	}
	return 0;
}

static int expr_is(const char *src, size_t len, const char *want)
{
	const char *x;
	size_t n;
	return ov_find_build_expr(src, len, &x, &n) == 0 && n == strlen(want) &&
	       memcmp(x, want, n) == 0;
}

/* The structure of golang/go@8058a577 (internal/cpu detects features on iOS
 * itself): cpu_arm64_other.go no longer selects darwin or ios, cpu_darwin.go
 * (sysctlEnabled) is `darwin`, and cpu_arm64_darwin.go no longer excludes
 * ios. All three must hold; anything in between is unknown, and refused. */
static int upstream_fixed(const struct sb *other, const struct sb *darwin, const struct sb *a64darwin)
{
	return other->len && !expr_has(other->buf, other->len, "ios") &&
	       expr_has(other->buf, other->len, "!darwin") && darwin->len &&
	       expr_is(darwin->buf, darwin->len, "darwin") && a64darwin->len &&
	       expr_has(a64darwin->buf, a64darwin->len, "darwin") &&
	       !expr_has(a64darwin->buf, a64darwin->len, "ios") &&
	       !expr_has(a64darwin->buf, a64darwin->len, "!ios");
}

static int identify_version(struct ov_result *r, const struct ov_opts *o, struct gw_err *e)
{
	struct sb ver = SB_INIT, v = SB_INIT;
	int have = read_input(r, "VERSION", &ver, e);
	if (have < 0)
		return -1;
	struct stat st;
	struct sb dotgit = SB_INIT;
	gw_path_join(&dotgit, r->goroot, ".git");
	int has_git = lstat(dotgit.buf, &st) == 0;
	sb_release(&dotgit);
	if (!have || has_git) {
		/* A source checkout: report HEAD, and refuse local changes in
		 * internal/cpu (the blob check would catch the replaced file, but
		 * not e.g. an edited cpu_arm64.go the template relies on). */
		struct ov_checkout co;
		if (ov_checkout_state(r->goroot, &co, e) < 0) {
			sb_release(&ver);
			return -1;
		}
		if (co.is_repo) {
			memcpy(r->commit, co.head, sizeof r->commit);
			if (co.dirty_path[0] && !o->allow_modified) {
				sb_release(&ver);
				return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED,
						  "GOROOT checkout has local changes in internal/cpu",
						  "commit or revert them, or pass --allow-modified (GOWRAP_ALLOW_MODIFIED=1) if they keep cpu_arm64_other.go as released",
						  "%s/%s differs from HEAD %s", r->goroot, co.dirty_path,
						  co.head[0] ? co.head : "(unborn)");
			}
		}
	}
	if (o->goversion && *o->goversion)
		sb_adds(&v, o->goversion);
	else if (have)
		sb_adds(&v, sb_first_line(&ver));
	else if (r->commit[0])
		sb_addf(&v, "devel +%.12s", r->commit);
	else
		sb_adds(&v, "unknown (no VERSION file, not a git checkout)");
	r->goversion = sb_detach(&v);
	sb_release(&ver);
	return 0;
}

static int make_absolute(const char *goroot, struct sb *out, struct gw_err *e)
{
	if (goroot[0] == '/') {
		sb_adds(out, goroot);
	} else {
		char cwd[PATH_MAX];
		if (!getcwd(cwd, sizeof cwd))
			return gw_err_set(e, GW_EXIT_INTERNAL, "cannot resolve --goroot",
					  "pass an absolute path", "getcwd: %s", strerror(errno));
		gw_path_join(out, cwd, goroot);
	}
	/* The go command prints GOROOT without a trailing slash; keys must match. */
	while (out->len > 1 && out->buf[out->len - 1] == '/')
		out->buf[--out->len] = '\0';
	return 0;
}

static int check_placement(const struct ov_result *r, const struct ov_opts *o, const char *cache,
			   struct gw_err *e)
{
	/* The go command (1.26+) refuses an overlay that replaces files beneath
	 * GOMODCACHE, where GOTOOLCHAIN downloads put their GOROOT. */
	const char *tc = strstr(r->goroot, "/golang.org/toolchain@v");
	if (o && ((o->gomodcache && *o->gomodcache && gw_path_within(r->goroot, o->gomodcache)) || tc)) {
		char fix[256];
		const char *v = r->goversion && !strncmp(r->goversion, "go1", 3) ? r->goversion : "goX.Y.Z";
		snprintf(fix, sizeof fix,
			 "run `gowrap toolchain install %.40s` and put the directory of the launcher it prints first on PATH",
			 v);
		return gw_err_set(e, GW_EXIT_MODCACHE_GOROOT, "GOROOT lies beneath GOMODCACHE", fix,
				  "%s is a module-cache toolchain (GOMODCACHE %s); the go command refuses overlays that replace files there",
				  r->goroot, o->gomodcache && *o->gomodcache ? o->gomodcache : "unknown");
	}
	/* gowrap never writes into GOROOT, not even through a misplaced cache. */
	if (cache && gw_path_within(cache, r->goroot))
		return gw_err_set(e, GW_EXIT_CACHE, "cache directory lies inside GOROOT",
				  "set GOWRAP_CACHE to a directory outside the Go installation",
				  "%s is beneath %s", cache, r->goroot);
	return 0;
}

/* What ov_generate reads and renders, kept between its steps. */
struct gen {
	struct sb root, cache, other, darwin, a64darwin, p;
	int has_other, has_darwin, has_a64darwin;
	const struct ov_variant *v;
	struct ov_file files[3];
	struct sb keys[3];
	size_t nfiles;
};

/* Resolve the GOROOT and the cache, then read internal/cpu's inputs. */
static int read_goroot(struct gen *g, const char *goroot_in, const struct ov_opts *o, struct ov_result *r,
		       struct gw_err *e)
{
	if (make_absolute(goroot_in, &g->root, e) < 0)
		return -1;
	r->goroot = gw_xstrdup(g->root.buf);
	if (!o->dry_run) {
		if (o->cache_dir)
			sb_adds(&g->cache, o->cache_dir);
		else if (gw_cache_dir(&g->cache, e) < 0)
			return -1;
	}
	struct stat st;
	gw_path_join(&g->p, r->goroot, OV_CPU_DIR);
	if (stat(g->p.buf, &st) < 0 || !S_ISDIR(st.st_mode))
		return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "not a GOROOT",
				  "pass the directory `go env GOROOT` prints", "%s does not exist", g->p.buf);
	/* The directory itself is an input: its mtime moves when a file is added
	 * or removed, which the shim's stat-based memo must notice. */
	add_input(r, g->p.buf);
	if (identify_version(r, o, e) < 0)
		return -1;
	g->has_other = read_input(r, OV_CPU_DIR "/" OV_OTHER_FILE, &g->other, e);
	g->has_a64darwin = g->has_other < 0 ? -1 : read_input(r, OV_CPU_DIR "/" OV_A64DARWIN_FILE, &g->a64darwin, e);
	g->has_darwin = g->has_a64darwin < 0 ? -1 : read_input(r, OV_CPU_DIR "/" OV_DARWIN_FILE, &g->darwin, e);
	if (g->has_darwin < 0)
		return -1;
	if (g->has_other && ov_blob_id(g->other.buf, g->other.len, r->blob, e) < 0)
		return -1;
	return 0;
}

/* Name the variant; returns 1 when it needs no overlay, 0 when it needs
 * one, -1 (refused) when gowrap does not know it. */
static int classify(struct gen *g, struct ov_result *r, struct gw_err *e)
{
	g->v = g->has_other ? ov_variant_by_blob(r->blob) : NULL;
	if (g->v) {
		r->variant = g->v->id;
		return g->v->action == OV_NOT_NEEDED;
	}
	if (upstream_fixed(&g->other, &g->darwin, &g->a64darwin)) {
		r->variant = "upstream-fixed-8058a577";
		return 1;
	}
	r->variant = "unknown";
	if (g->has_other)
		return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "unknown internal/cpu variant", refuse_fix,
				  "%s/" OV_CPU_DIR "/" OV_OTHER_FILE
				  " has blob id %s, which is not in gowrap's variants table (Go %s)",
				  r->goroot, r->blob, r->goversion);
	return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "unknown internal/cpu variant", refuse_fix,
			  "%s/" OV_CPU_DIR "/" OV_OTHER_FILE " does not exist (Go %s)", r->goroot,
			  r->goversion);
}

/* A GOROOT already holding a file the overlay adds was changed by hand. */
static int refuse_present(struct gen *g, const struct ov_result *r, const char *name, struct gw_err *e)
{
	struct stat st;
	sb_reset(&g->p);
	gw_path_join(&g->p, r->goroot, OV_CPU_DIR);
	gw_path_join(&g->p, "/", name);
	if (lstat(g->p.buf, &st) == 0)
		return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "GOROOT already has gowrap's file",
				  "remove it: gowrap adds it only through -overlay, never into GOROOT",
				  "%s exists", g->p.buf);
	return 0;
}

/* File i of the overlay: its name in the cache and the GOROOT path it
 * stands for (the overlay JSON's key). */
static void name_file(struct gen *g, const struct ov_result *r, size_t i, const char *name)
{
	g->files[i].name = name;
	sb_reset(&g->keys[i]);
	gw_path_join(&g->keys[i], r->goroot, OV_CPU_DIR);
	gw_path_join(&g->keys[i], "/", name);
	g->files[i].key = g->keys[i].buf;
}

/* The four-bit variant: the template plus the narrowed original. */
static int render_crypto(struct gen *g, struct ov_result *r, struct gw_err *e)
{
	/* The added file is `<original> && ios`; it is only alone on iOS while
	 * cpu_arm64_darwin.go still excludes ios, as the template assumes. */
	if (!expr_is(g->a64darwin.buf ? g->a64darwin.buf : "", g->a64darwin.len, "arm64 && darwin && !ios"))
		return gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "unknown internal/cpu variant", refuse_fix,
				  "%s/" OV_CPU_DIR
				  "/cpu_arm64_darwin.go is not `//go:build arm64 && darwin && !ios` as "
				  "template %s assumes (Go %s, cpu_arm64_other.go blob %s)",
				  r->goroot, OV_TEMPLATE_VERSION, r->goversion, r->blob);
	if (refuse_present(g, r, OV_ADDED_FILE, e) < 0)
		return -1;
	name_file(g, r, 0, OV_ADDED_FILE);
	name_file(g, r, 1, OV_OTHER_FILE);
	g->nfiles = 2;
	if (ov_render_template(OV_ADDED_FILE ".tmpl", OV_MARKER_FUNC, OV_TEMPLATE_VERSION, g->v->constraint,
			       &g->files[0].content, e) < 0 ||
	    ov_render_other(g->other.buf, g->other.len, g->v->constraint, " && !ios", OV_OTHER_FILE,
			    &g->files[1].content, e) < 0)
		return -1;
	r->nbits = ov_bits_parse(g->files[0].content.buf, g->files[0].content.len, r->bits, OV_MAX_BITS);
	return 0;
}

/* The darwin files' row, when their blob ids are in the table and belong
 * to the same releases as cpu_arm64_other.go's row; else refused. */
static const struct ov_darwin_files *darwin_row(struct gen *g, struct ov_result *r, struct gw_err *e)
{
	char a64[41] = "", dar[41] = "";
	if ((g->has_a64darwin && ov_blob_id(g->a64darwin.buf, g->a64darwin.len, a64, e) < 0) ||
	    (g->has_darwin && ov_blob_id(g->darwin.buf, g->darwin.len, dar, e) < 0))
		return NULL;
	const struct ov_darwin_files *d = g->has_a64darwin ? ov_darwin_files_by_blob(a64, dar) : NULL;
	if (d && strcmp(d->other_id, g->v->id) == 0)
		return d;
	gw_err_set(e, GW_EXIT_OVERLAY_REFUSED, "unknown internal/cpu darwin files", darwin_fix,
		   "%s/" OV_CPU_DIR "/" OV_A64DARWIN_FILE " (blob %s) and " OV_DARWIN_FILE
		   " (blob %s) are not in gowrap's darwin-files table for %s (Go %s)",
		   r->goroot, a64[0] ? a64 : "none", dar[0] ? dar : "none", g->v->id, r->goversion);
	return NULL;
}

/* Darwin parity: this GOROOT's darwin files for the iOS family (darwin.h). */
static int render_darwin(struct gen *g, struct ov_result *r, struct gw_err *e)
{
	const struct ov_darwin_files *d = darwin_row(g, r, e);
	if (!d)
		return -1;
	r->darwin_row = d->id;
	snprintf(r->variant_buf, sizeof r->variant_buf, "%s+%s", g->v->id, d->id);
	r->variant = r->variant_buf;
	size_t i = 0;
	if (d->darwin_blob) {
		if (refuse_present(g, r, OV_DARWIN_ADDED, e) < 0)
			return -1;
		name_file(g, r, i++, OV_DARWIN_ADDED);
	}
	if (refuse_present(g, r, OV_A64DARWIN_ADDED, e) < 0)
		return -1;
	name_file(g, r, i++, OV_A64DARWIN_ADDED);
	name_file(g, r, i++, OV_OTHER_FILE);
	g->nfiles = i;
	struct sb *osinit = &g->files[i - 2].content;
	if (ov_darwin_render(d, g->v->constraint, &g->darwin, &g->a64darwin,
			     d->darwin_blob ? &g->files[0].content : NULL, osinit, e) < 0 ||
	    ov_render_other(g->other.buf, g->other.len, g->v->constraint, OV_DARWIN_OTHER_SUFFIX,
			    OV_OTHER_FILE, &g->files[i - 1].content, e) < 0)
		return -1;
	r->nbits = ov_bits_parse(osinit->buf, osinit->len, r->bits, OV_MAX_BITS);
	return 0;
}

/* A variant that needs the overlay: check it can apply, render its files. */
static int render_files(struct gen *g, const struct ov_opts *o, struct ov_result *r, struct gw_err *e)
{
	/* dry_run (doctor) identifies only; it reports placement itself. */
	if (!o->dry_run && check_placement(r, o, g->cache.buf, e) < 0)
		return -1;
	r->status = "applied";
	if (o->features == OV_FEATURES_CRYPTO) {
		r->marker = OV_MARKER;
		return render_crypto(g, r, e);
	}
	r->marker = OV_DARWIN_MARKER;
	return render_darwin(g, r, e);
}

/* Write the files and the overlay JSON into the content-addressed cache. */
static int store_overlay(struct gen *g, struct ov_result *r, struct gw_err *e)
{
	struct sb key = SB_INIT, dir = SB_INIT, json = SB_INIT;
	int rc = -1;
	/* The key covers everything the written bytes depend on: the feature
	 * set and its template, the GOROOT (the JSON's keys) and each file's
	 * content (through its blob id). Each set has its own directory, so
	 * switching sets rewrites nothing and switching back finds its files
	 * untouched (the go command's cache then hits). */
	sb_addf(&key, "gowrap overlay\nfeatures %s\ntemplate %s\ngoroot %s\nstatus %s\nvariant %s\n",
		r->features, r->tmpl, r->goroot, r->status, r->variant);
	for (size_t i = 0; i < g->nfiles; i++) {
		char id[41];
		if (ov_blob_id(g->files[i].content.buf, g->files[i].content.len, id, e) < 0)
			goto out;
		sb_addf(&key, "file %s %s\n", g->files[i].name, id);
	}
	if (gw_trust_cache_root(g->cache.buf, e) < 0 || ov_store_dir(g->cache.buf, key.buf, &dir, e) < 0 ||
	    ov_store_put(dir.buf, g->files, g->nfiles, &json, e) < 0)
		goto out;
	r->overlay = sb_detach(&json);
	rc = 0;
out:
	sb_release(&key);
	sb_release(&dir);
	sb_release(&json);
	return rc;
}

static void gen_free(struct gen *g)
{
	struct sb *all[] = { &g->root, &g->cache, &g->other, &g->darwin, &g->a64darwin, &g->p };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
	for (int i = 0; i < 3; i++) {
		sb_release(&g->files[i].content);
		sb_release(&g->keys[i]);
	}
}

int ov_generate(const char *goroot_in, const struct ov_opts *o, struct ov_result *r, struct gw_err *e)
{
	static const struct ov_opts defaults;
	if (!o)
		o = &defaults;
	memset(r, 0, sizeof *r);
	struct gen g = { .root = SB_INIT,
			 .cache = SB_INIT,
			 .other = SB_INIT,
			 .darwin = SB_INIT,
			 .a64darwin = SB_INIT,
			 .p = SB_INIT,
			 .files = { { NULL, NULL, SB_INIT }, { NULL, NULL, SB_INIT }, { NULL, NULL, SB_INIT } },
			 .keys = { SB_INIT, SB_INIT, SB_INIT } };
	r->features = ov_features_name(o->features);
	r->tmpl = o->features == OV_FEATURES_CRYPTO ? OV_TEMPLATE_VERSION : OV_DARWIN_VERSION;
	int rc = read_goroot(&g, goroot_in, o, r, e);
	int not_needed = rc < 0 ? rc : classify(&g, r, e);
	if (not_needed < 0) {
		rc = -1;
	} else if (not_needed) {
		/* An overlay without replacements is accepted anywhere, even for a
		 * GOROOT beneath GOMODCACHE, so only the cache location is checked. */
		r->status = "not-needed";
		r->marker = NULL;
		if (!o->dry_run)
			rc = check_placement(r, NULL, g.cache.buf, e);
	} else {
		rc = render_files(&g, o, r, e);
	}
	if (rc == 0 && !o->dry_run)
		rc = store_overlay(&g, r, e);
	gen_free(&g);
	return rc;
}

void ov_result_free(struct ov_result *r)
{
	free(r->overlay);
	free(r->goroot);
	free(r->goversion);
	for (size_t i = 0; i < r->ninputs; i++)
		free(r->inputs[i]);
	free(r->inputs);
	memset(r, 0, sizeof *r);
}
