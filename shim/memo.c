/* memo.c — see memo.h. A record (common/record.h) of kind MEMO_KIND whose
 * body is all "tag\tvalue" lines, no JSON: the key block (starting
 * "memo\tv3"), a line "--", the answer (goroot, goversion, gomodcache,
 * overlay, marker, status, variant, ovgoversion, then "in" and "rep" lines),
 * a line "--", and the validation block. Anything else — another version, a
 * torn record, an unexpected line — is a miss; an answer whose values hold a
 * tab or newline is never stored. */
#include "compat.h"
#include "memo.h"
#include "fsutil.h"
#include "goquery.h"
#include "pathwalk.h"
#include "record.h"
#include "hash.h"
#include "patchlist.h"
#include "gosetting.h"
#include "envkey.h"
#include "trust.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int bad(const char *s)
{
	return strpbrk(s, "\n\t") != NULL;
}

/* The first `name` found walking up from dir, or "-". */
static void add_walk_up(struct sb *s, const char *tag, const char *dir, const char *name)
{
	char *d = gw_xstrdup(dir);
	struct sb p = SB_INIT;
	for (;;) {
		sb_reset(&p);
		gw_path_join(&p, d, name);
		struct stat st;
		if (stat(p.buf, &st) == 0 && S_ISREG(st.st_mode)) {
			gw_key_file(s, tag, p.buf);
			goto done;
		}
		char *slash = strrchr(d, '/');
		if (!slash || d[1] == '\0')
			break;
		if (slash == d)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	sb_addf(s, "%s\t-\n", tag);
done:
	free(d);
	sb_release(&p);
}

int shim_memo_key(struct sb *key, const char *realgo, const char *gowrap, const char *effdir)
{
	if (bad(realgo) || bad(gowrap) || bad(effdir))
		return -1;
	sb_adds(key, "memo\tv3\n");
	gw_key_file(key, "go", realgo);
	gw_key_file(key, "gowrap", gowrap);
	sb_addf(key, "dir\t%s\n", effdir);
	gw_key_env(key); /* envkey.h: the one rule both memos key on */
	const char *gowork = getenv("GOWORK");
	if (gowork && *gowork && strcmp(gowork, "off") != 0)
		gw_key_file(key, "gowork", gowork);
	add_walk_up(key, "gomod", effdir, "go.mod");
	add_walk_up(key, "gowork", effdir, "go.work");
	struct sb f = SB_INIT;
	if (gw_goenv_file(&f) == 0 && !bad(f.buf))
		gw_key_file(key, "goenv", f.buf);
	else
		sb_adds(key, "goenv\t-\n");
	sb_release(&f);
	return 0;
}

int shim_memo_key_patches(struct sb *key, const char *patches, int cpu)
{
	if (!patches)
		return 0;
	char **v = NULL;
	size_t n = 0;
	struct gw_err e;
	struct sb b = SB_INIT;
	int rc = bad(patches) || gw_patch_list(patches, &v, &n, &e) < 0 ? -1 : 0;
	sb_addf(key, "cpu\t%d\npatches\t%s\n", cpu, patches);
	for (size_t i = 0; i < n && rc == 0; i++) {
		char hex[65];
		sb_reset(&b);
		if (bad(v[i]) || gw_patch_read(v[i], &b, &e) < 0) {
			rc = -1;
			break;
		}
		gw_sha256_hex(b.buf, b.len, hex);
		sb_addf(key, "patch\t%s\t%s\n", v[i], hex);
	}
	sb_release(&b);
	gw_strv_free(&v, &n);
	return rc;
}

#define MEMO_KIND "overlay-memo 4"

/* The record's path below the cache. */
static void memo_path(struct sb *p, const char *key)
{
	char hex[65];
	gw_sha256_hex(key, strlen(key), hex);
	sb_adds(p, "memo/");
	sb_adds(p, hex);
}

/* First executable `name` in PATH's absolute entries, or "-", with its
 * stat: where a toolchain switch would find goX.Y.Z. */
static void add_path_lookup(struct sb *s, const char *name)
{
	struct sb c = SB_INIT;
	if (gw_path_find(getenv("PATH"), name, GW_PATH_ABSOLUTE_ONLY, NULL, NULL, &c) == 0)
		gw_key_file(s, "switch", c.buf);
	else
		sb_addf(s, "switch\t-\t%s\n", name);
	sb_release(&c);
}

/* The validation block: written on store, recomputed and compared on load. */
static void validation(struct sb *s, const char *realgo, const struct shim_answer *a)
{
	for (size_t i = 0; i < a->ov.ninputs; i++)
		gw_key_file(s, "input", a->ov.inputs[i]);
	/* the overlay JSON and the replacement files it names (so a deleted
	 * one is a miss); the list came from the CLI, which reads the JSON */
	gw_key_file(s, "input", a->ov.overlay);
	for (size_t i = 0; i < a->ov.nrepl; i++)
		gw_key_file(s, "input", a->ov.repl[i]);
	char own[PATH_MAX], ans[PATH_MAX];
	if (gw_own_goroot(realgo, own) < 0 || !realpath(a->goroot, ans) || strcmp(own, ans) != 0)
		add_path_lookup(s, a->goversion);
}

static int answer_bad(const struct shim_answer *a)
{
	if (bad(a->goroot) || bad(a->goversion) || bad(a->gomodcache) || bad(a->ov.overlay) ||
	    bad(a->ov.marker) || bad(a->ov.status) || bad(a->ov.variant) || bad(a->ov.goversion))
		return 1;
	for (size_t i = 0; i < a->ov.ninputs; i++)
		if (bad(a->ov.inputs[i]))
			return 1;
	for (size_t i = 0; i < a->ov.nrepl; i++)
		if (bad(a->ov.repl[i]))
			return 1;
	/* patch and marker lines are tab-separated fields: no newline in them */
	for (size_t i = 0; i < a->ov.npatches; i++)
		if (strchr(a->ov.patches[i], '\n'))
			return 1;
	for (size_t i = 0; i < a->ov.npmarks; i++)
		if (strchr(a->ov.pmarks[i], '\n'))
			return 1;
	return strchr(a->goversion, '/') != NULL || bad(a->ov.patched ? a->ov.patched : "0");
}

void shim_memo_store(const char *cache, const char *key, const char *realgo,
		     const struct shim_answer *a)
{
	if (answer_bad(a))
		return;
	struct sb s = SB_INIT, p = SB_INIT;
	sb_adds(&s, key);
	sb_adds(&s, "--\n");
	sb_addf(&s, "goroot\t%s\ngoversion\t%s\ngomodcache\t%s\n", a->goroot, a->goversion, a->gomodcache);
	sb_addf(&s, "overlay\t%s\nmarker\t%s\nstatus\t%s\nvariant\t%s\novgoversion\t%s\n",
		a->ov.overlay, a->ov.marker, a->ov.status, a->ov.variant, a->ov.goversion);
	for (size_t i = 0; i < a->ov.ninputs; i++)
		sb_addf(&s, "in\t%s\n", a->ov.inputs[i]);
	for (size_t i = 0; i < a->ov.nrepl; i++)
		sb_addf(&s, "rep\t%s\n", a->ov.repl[i]);
	sb_addf(&s, "pd\t%s\n", a->ov.patched ? a->ov.patched : "0");
	for (size_t i = 0; i < a->ov.npatches; i++)
		sb_addf(&s, "pa\t%s\n", a->ov.patches[i]);
	for (size_t i = 0; i < a->ov.npmarks; i++)
		sb_addf(&s, "pm\t%s\n", a->ov.pmarks[i]);
	sb_adds(&s, "--\n");
	validation(&s, realgo, a);
	memo_path(&p, key);
	struct gw_err e; /* a memo that cannot be written is only slower */
	gw_rec_write(cache, p.buf, MEMO_KIND, s.buf, s.len, &e);
	sb_release(&s);
	sb_release(&p);
}

/* Value of "tag\t" at *cur, advancing past the line; NULL if not there. */
static char *take(char **cur, const char *tag)
{
	size_t n = strlen(tag);
	if (strncmp(*cur, tag, n) != 0 || (*cur)[n] != '\t')
		return NULL;
	char *v = *cur + n + 1;
	char *nl = strchr(v, '\n');
	if (!nl)
		return NULL;
	*nl = '\0';
	*cur = nl + 1;
	return gw_xstrdup(v);
}

int shim_memo_load(const char *cache, const char *key, const char *realgo, struct shim_answer *a,
		   struct gw_err *e)
{
	struct sb p = SB_INIT, b = SB_INIT, v = SB_INIT;
	memset(a, 0, sizeof *a);
	memo_path(&p, key);
	/* The memo names the overlay go will read: it must be ours alone. */
	int hit = 0, r = gw_rec_read(cache, p.buf, MEMO_KIND, 1u << 20, &b, e);
	if (r != 0) {
		hit = r < 0 ? -1 : 0;
		goto out;
	}
	size_t kl = strlen(key);
	if (b.len < kl + 3 || memcmp(b.buf, key, kl) != 0 || memcmp(b.buf + kl, "--\n", 3) != 0)
		goto out;
	char *cur = b.buf + kl + 3;
	if (!(a->goroot = take(&cur, "goroot")) || !(a->goversion = take(&cur, "goversion")) ||
	    !(a->gomodcache = take(&cur, "gomodcache")) || !(a->ov.overlay = take(&cur, "overlay")) ||
	    !(a->ov.marker = take(&cur, "marker")) || !(a->ov.status = take(&cur, "status")) ||
	    !(a->ov.variant = take(&cur, "variant")) || !(a->ov.goversion = take(&cur, "ovgoversion")))
		goto out;
	char *in;
	while ((in = take(&cur, "in"))) {
		gw_strv_add(&a->ov.inputs, &a->ov.ninputs, in);
		free(in);
	}
	while ((in = take(&cur, "rep"))) {
		gw_strv_add(&a->ov.repl, &a->ov.nrepl, in);
		free(in);
	}
	if (!(a->ov.patched = take(&cur, "pd")))
		goto out;
	while ((in = take(&cur, "pa"))) {
		gw_strv_add(&a->ov.patches, &a->ov.npatches, in);
		free(in);
	}
	while ((in = take(&cur, "pm"))) {
		gw_strv_add(&a->ov.pmarks, &a->ov.npmarks, in);
		free(in);
	}
	if (strncmp(cur, "--\n", 3) != 0)
		goto out;
	cur += 3;
	/* Recompute the validation block now and compare it byte for byte. */
	validation(&v, realgo, a);
	hit = strlen(cur) == v.len && memcmp(cur, v.buf, v.len) == 0;
out:
	if (hit != 1)
		shim_answer_free(a);
	sb_release(&p);
	sb_release(&b);
	sb_release(&v);
	return hit;
}

int shim_memo_trust_answer(const char *cache, const struct shim_answer *a, struct gw_err *e)
{
	if (gw_trust_under(cache, a->ov.overlay, e) < 0)
		return -1;
	for (size_t i = 0; i < a->ov.nrepl; i++)
		if (gw_trust_under(cache, a->ov.repl[i], e) < 0)
			return -1;
	return 0;
}

void shim_answer_free(struct shim_answer *a)
{
	free(a->goroot);
	free(a->goversion);
	free(a->gomodcache);
	gw_ovreply_free(&a->ov);
	memset(a, 0, sizeof *a);
}
