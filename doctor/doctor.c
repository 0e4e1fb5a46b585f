/* doctor.c — `gowrap doctor [--json] [--go PATH]` (dr_doctor): explains, for the current directory
 * and environment, the chain a build goes through: which go the shim forwards
 * to, which toolchain and GOROOT really compile after any GOTOOLCHAIN switch,
 * whether the go command allows overlays there, which internal/cpu variant the
 * generator recognises, which feature set (GOWRAP_FEATURES) iOS builds get and
 * what each of its bits is (asserted, or the sysctl it is read from) and who
 * reads it, where the cache is, whether the shim is first on PATH and whether
 * a goX.Y.Z launcher would take a switch.
 *
 * Promise: it only reads (the generator runs with dry_run); exit 0 when an
 * iOS build here would get a working overlay (or needs none), 1 when a build
 * would be refused or not reach the shim, with the reason and the fix. */
#include "compat.h"
#include "doctor.h"
#include "doctor_parts.h"
#include "enable.h"
#include "jsonw.h"
#include "fsutil.h"
#include "goquery.h"
#include "overlay.h"
#include "pathwalk.h"
#include "report.h"
#include "selfpath.h"
#include "strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* First executable named `name` on PATH, as the shell finds it, or -1. */
static int look_path(const char *name, struct sb *out)
{
	return gw_path_find(getenv("PATH"), name, GW_PATH_AS_WRITTEN, NULL, NULL, out);
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

/* What the four checks found. The JSON is written as they run (w into
 * json); the text view reads the fields. */
struct doctor {
	struct sb json;
	struct jw w;
	const char *ovstatus;             /* a static string */
	const char *features;             /* ov_features_name() */
	struct sb s, shimdir, firstgo, realgo, cache, localver, launcher, problems, bits, variant, patches;
	struct gw_goenv ge;
	int ok, first, have_env, switched, under_modcache, enabled;
	struct sb enable;
	char cwd[PATH_MAX];
};

static void add_problem(struct doctor *d, const struct gw_err *e)
{
	char line[3200];
	d->ok = 0;
	gw_err_format(e, line, sizeof line);
	sb_addf(&d->problems, "%s; ", line);
}

/* 1. Is the shim first on PATH? */
static void check_shim_first(struct doctor *d)
{
	int have_shim = gw_shim_dir(&d->shimdir) == 0;
	if (look_path("go", &d->firstgo) == 0 && have_shim) {
		sb_reset(&d->s);
		gw_path_join(&d->s, d->shimdir.buf, "go");
		d->first = same_file(d->firstgo.buf, d->s.buf);
	}
	jw_str(&d->w, "shim", have_shim ? d->shimdir.buf : "");
	jw_str(&d->w, "first_go_on_path", d->firstgo.len ? d->firstgo.buf : "");
	jw_bool(&d->w, "shim_first_on_path", d->first);
	if (!d->first && !d->enabled) {
		d->ok = 0;
		sb_adds(&d->problems,
			"the go shim is not first on PATH (fix: eval \"$(gowrap shellenv)\"); ");
	}
}

/* 2. The real go, and what it will compile with here. */
static void check_real_go(struct doctor *d)
{
	struct gw_err e = { 0 };
	if (gw_find_real_go(&d->realgo, &e) < 0) {
		add_problem(d, &e);
		return;
	}
	jw_str(&d->w, "real_go", d->realgo.buf);
	local_version(d->realgo.buf, &d->localver);
	jw_str(&d->w, "real_go_version", d->localver.buf);
	if (gw_goenv_query(d->realgo.buf, NULL, NULL, &d->ge, &e) != 0) {
		add_problem(d, &e);
		return;
	}
	d->have_env = 1;
	const struct gw_goenv *ge = &d->ge;
	jw_str(&d->w, "goversion", ge->goversion);
	jw_str(&d->w, "goroot", ge->goroot);
	jw_str(&d->w, "gomodcache", ge->gomodcache);
	jw_str(&d->w, "gotoolchain", ge->gotoolchain);
	d->switched = d->localver.len && strcmp(d->localver.buf, ge->goversion) != 0;
	jw_bool(&d->w, "toolchain_switch", d->switched);
	/* The go command looks for a goX.Y.Z launcher on PATH before downloading. */
	const char *want = d->switched ? ge->goversion : NULL;
	if (want && look_path(want, &d->launcher) == 0)
		jw_str(&d->w, "launcher", d->launcher.buf);
	else
		jw_str(&d->w, "launcher", NULL);
	d->under_modcache = gw_path_within(ge->goroot, ge->gomodcache);
	jw_bool(&d->w, "overlays_allowed", !d->under_modcache);
	if (d->under_modcache) {
		d->ok = 0;
		sb_addf(&d->problems,
			"GOROOT %s lies beneath GOMODCACHE, where the go command refuses overlays (fix: "
			"gowrap toolchain install %s, then put the printed launcher's directory on PATH); ",
			ge->goroot, ge->goversion);
	}
}

/* 3. The cache directory. */
static void check_cache(struct doctor *d)
{
	struct gw_err e = { 0 };
	if (gw_cache_dir(&d->cache, &e) != 0) {
		add_problem(d, &e);
		return;
	}
	jw_str(&d->w, "cache", d->cache.buf);
	struct stat st;
	int exists = stat(d->cache.buf, &st) == 0;
	jw_bool(&d->w, "cache_writable", exists ? access(d->cache.buf, W_OK) == 0 : 1);
}

/* Each bit the overlay's osInit sets: JSON as it goes, text lines into
 * d->bits. */
static void report_bits(struct doctor *d, const struct ov_result *r)
{
	jw_arr(&d->w, "bits");
	for (size_t i = 0; i < r->nbits; i++) {
		const struct ov_bit *b = &r->bits[i];
		jw_obj(&d->w, NULL);
		jw_str(&d->w, "bit", b->name);
		jw_str(&d->w, "how", b->sysctl[0] ? "sysctl" : "asserted");
		jw_str_or_null(&d->w, "sysctl", b->sysctl);
		jw_str(&d->w, "readers", ov_bit_readers(b->name));
		jw_end(&d->w);
		sb_reset(&d->s);
		sb_addf(&d->s, "%s%s", b->sysctl[0] ? "sysctl " : "asserted", b->sysctl);
		sb_addf(&d->bits, "    %-11s %-37s %s\n", b->name, d->s.buf, ov_bit_readers(b->name));
	}
	jw_end(&d->w);
}

/* 4. What the generator makes of this GOROOT (reads only). */
static void check_overlay(struct doctor *d)
{
	if (!d->have_env)
		return;
	struct ov_opts oo = { 0 };
	struct gw_err oe = { 0 };
	if (ov_features_from_env(&oo.features, &oe) < 0)
		add_problem(d, &oe);
	d->features = ov_features_name(oo.features);
	jw_str(&d->w, "features", d->features);
	oo.goversion = d->ge.goversion;
	oo.dry_run = 1;
	struct ov_result r = { 0 };
	if (ov_generate(d->ge.goroot, &oo, &r, &oe) == 0) {
		d->ovstatus = r.status;
		jw_str(&d->w, "status", r.status);
		jw_str(&d->w, "variant", r.variant ? r.variant : "");
		jw_str(&d->w, "blob", r.blob);
		jw_str(&d->w, "marker", r.marker);
		report_bits(d, &r);
	} else {
		d->ovstatus = "refused";
		jw_str(&d->w, "status", "refused");
		jw_str(&d->w, "variant", r.variant ? r.variant : "");
		jw_str(&d->w, "blob", r.blob);
		add_problem(d, &oe);
	}
	/* r.variant may point into r: keep a copy past ov_result_free. */
	sb_adds(&d->variant, r.variant ? r.variant : "");
	ov_result_free(&r);
}

/* The feature-set row: which one, and what the other would be. */
static void print_features(struct doctor *d)
{
	int darwin = d->features && !strcmp(d->features, "darwin");
	row("feature set:", darwin ? "darwin parity (GOWRAP_FEATURES=darwin, the default): this GOROOT's "
				     "own cpu_arm64_darwin.go osInit, as macOS gets it (golang/go#80931, "
				     "upstream golang/go@8058a577); GOWRAP_FEATURES=crypto for the four "
				     "ARMv8.0 crypto bits only"
				   : "crypto (GOWRAP_FEATURES=crypto): HasAES, HasPMULL, HasSHA1, HasSHA2 "
				     "asserted, nothing detected; unset it for darwin parity");
	if (d->bits.len)
		printf("  bits on iOS, and who reads them:\n%s", d->bits.buf);
}

static void print_text(struct doctor *d)
{
	struct sb *s = &d->s;
	printf("gowrap doctor (in %s)\n", d->cwd);
	row("shim first on PATH:", d->first ? "yes" : d->enabled ? "no (not needed: enabled)" : "NO");
	fputs(d->enable.buf, stdout);
	if (d->firstgo.len)
		row("go on PATH:", d->firstgo.buf);
	if (d->realgo.len) {
		sb_reset(s);
		sb_addf(s, "%s (%s)", d->realgo.buf, d->localver.len ? d->localver.buf : "?");
		row("real go:", s->buf);
	}
	if (d->have_env) {
		sb_reset(s);
		if (d->switched)
			sb_addf(s, "%s, switched to by GOTOOLCHAIN/go.mod (%s)", d->ge.goversion,
				d->launcher.len ? d->launcher.buf
						: "no launcher on PATH: downloaded into GOMODCACHE");
		else
			sb_addf(s, "%s", d->ge.goversion);
		row("compiling toolchain:", s->buf);
		row("GOROOT:", d->ge.goroot);
		row("overlays allowed:", d->under_modcache ? "NO (GOROOT is beneath GOMODCACHE)" : "yes");
		sb_reset(s);
		sb_addf(s, "%s (variant %s)", d->ovstatus ? d->ovstatus : "?",
			d->variant.len ? d->variant.buf : "unknown");
		row("internal/cpu overlay:", s->buf);
		print_features(d);
	}
	if (d->patches.len)
		printf("  GOWRAP_PATCHES, for %s:\n%s", d->ge.goversion, d->patches.buf);
	if (d->cache.len)
		row("cache directory:", d->cache.buf);
	row("verdict:", d->ok ? "ok: iOS builds here get the overlay (or need none)" : d->problems.buf);
}

static void doctor_free(struct doctor *d)
{
	if (d->have_env)
		gw_goenv_free(&d->ge);
	struct sb *all[] = { &d->s,        &d->shimdir,  &d->firstgo,  &d->realgo, &d->cache, &d->localver,
			     &d->launcher, &d->problems, &d->json,   &d->bits,   &d->variant, &d->patches, &d->enable };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		sb_release(all[i]);
}

int dr_doctor(int json, const char *go)
{
	struct doctor d = { .json = SB_INIT,
			    .s = SB_INIT,
			    .shimdir = SB_INIT,
			    .firstgo = SB_INIT,
			    .realgo = SB_INIT,
			    .cache = SB_INIT,
			    .localver = SB_INIT,
			    .launcher = SB_INIT,
			    .problems = SB_INIT,
			    .bits = SB_INIT,
			    .variant = SB_INIT,
			    .patches = SB_INIT,
			    .enable = SB_INIT,
			    .ok = 1 };
	if (!getcwd(d.cwd, sizeof d.cwd))
		snprintf(d.cwd, sizeof d.cwd, ".");
	jw_init(&d.w, &d.json, 0);
	jw_obj(&d.w, NULL);
	jw_str(&d.w, "dir", d.cwd);

	d.enabled = en_doctor_rows(&d.w, &d.enable, &d.problems, go);
	if (go && d.problems.len)
		d.ok = 0;
	check_shim_first(&d);
	check_real_go(&d);
	check_cache(&d);
	check_overlay(&d);
	if (d.have_env && doctor_patches(&d.w, &d.patches, &d.problems, d.ge.goroot, d.ge.goversion) < 0)
		d.ok = 0;

	if (d.problems.len >= 2)
		d.problems.buf[d.problems.len -= 2] = '\0';
	jw_bool(&d.w, "ok", d.ok);
	jw_str(&d.w, "problems", d.problems.buf);
	jw_end(&d.w);
	if (json) {
		sb_addc(&d.json, '\n');
		gw_write_all(1, d.json.buf, d.json.len);
	} else {
		print_text(&d);
	}
	int ok = d.ok;
	doctor_free(&d);
	return ok ? 0 : 1;
}
