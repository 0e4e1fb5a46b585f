/* set.c — see pset.h: a patch set applied to one GOROOT, in memory. */
#include "compat.h"
#include "pset.h"
#include "exitcodes.h"
#include "grow.h"
#include "hash.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const pnames[] = { "applies exactly", "applies at an offset", "already in",
				       "skipped", "refused" };

const char *pt_pstate_name(enum pt_pstate st)
{
	return pnames[st];
}

static const char fix_refresh[] =
	"refresh it for this Go (`gowrap refresh-patch FILE` applies it with GNU patch's fuzz in a "
	"scratch copy for you to review and writes an exact patch), limit it to the Go versions it "
	"is for (a Gowrap-Go: line), or drop it from GOWRAP_PATCHES";

int pt_set_load(struct pt_set *s, const char *spec, int keep_going, struct gw_err *e)
{
	char **v = NULL;
	size_t n = 0;
	memset(s, 0, sizeof *s);
	if (gw_patch_list(spec, &v, &n, e) < 0)
		return -1;
	s->items = gw_xcalloc(n ? n : 1, sizeof *s->items);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct pt_item *it = &s->items[s->nitems++];
		it->path = gw_xstrdup(v[i]);
		sb_init(&it->note);
		struct sb b = SB_INIT;
		if (gw_patch_read(v[i], &b, &it->err) == 0 &&
		    pt_parse(b.buf, b.len, v[i], &it->p, &it->err) == 0)
			it->parsed = 1;
		else
			it->state = PP_REFUSED;
		sb_release(&b);
		if (!it->parsed && !keep_going) {
			*e = it->err;
			rc = -1;
		}
	}
	gw_strv_free(&v, &n);
	return rc;
}

/* The GOROOT's bytes of rel: 0 read, 1 absent, -1 (e) unreadable. */
static int read_goroot(const char *goroot, const char *rel, struct sb *out, struct gw_err *e)
{
	struct sb path = SB_INIT;
	sb_addf(&path, "%s/%s", goroot, rel);
	int fd = open(path.buf, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	int rc = 0;
	struct stat st;
	if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
		rc = 1;
	else if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
		 sb_read_fd(out, fd, (size_t)64 << 20) < 0)
		rc = gw_err_set(e, GW_EXIT_PATCH, "cannot read a GOROOT file a patch changes",
				"check the GOROOT (`go env GOROOT`)", "%s: %s", path.buf,
				fd < 0 ? strerror(errno) : "not a regular file, or unreadable");
	if (fd >= 0)
		close(fd);
	sb_release(&path);
	return rc;
}

/* The set's entry for rel, read from the GOROOT the first time. */
static long gfile(struct pt_set *s, const char *rel, struct gw_err *e)
{
	for (size_t i = 0; i < s->nfiles; i++)
		if (strcmp(s->files[i].rel, rel) == 0)
			return (long)i;
	struct pt_gfile g = { .rel = gw_xstrdup(rel), .orig = SB_INIT, .cur = SB_INIT, .changed_by = -1 };
	int r = read_goroot(s->goroot, rel, &g.orig, e);
	if (r < 0) {
		free(g.rel);
		return -1;
	}
	g.existed = g.exists = r == 0;
	if (g.existed) {
		gw_blob_id(g.orig.buf, g.orig.len, g.blob);
		sb_add(&g.cur, g.orig.buf, g.orig.len);
	}
	s->files = gw_grow(s->files, &s->cap, s->nfiles + 1, sizeof *s->files);
	s->files[s->nfiles] = g;
	return (long)s->nfiles++;
}

/* The patch's work on each file, kept apart until the whole patch applied. */
struct stage {
	long g;
	int exists;
	struct sb b;
	int changed;
};

struct work {
	struct stage *v;
	size_t n, cap;
};

static struct stage *stage_of(struct work *w, struct pt_set *s, long g)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->v[i].g == g)
			return &w->v[i];
	w->v = gw_grow(w->v, &w->cap, w->n + 1, sizeof *w->v);
	struct stage *st = &w->v[w->n++];
	*st = (struct stage){ .g = g, .exists = s->files[g].exists, .b = SB_INIT };
	sb_add(&st->b, s->files[g].cur.buf, s->files[g].cur.len);
	return st;
}

/* "made for this file" or "made for another revision", from the index line. */
static void pin_note(struct sb *note, const struct pt_file *f, const struct stage *st)
{
	if (!f->old_id[0] || !st->exists)
		return;
	char blob[41];
	gw_blob_id(st->b.buf, st->b.len, blob);
	if (strncmp(blob, f->old_id, strlen(f->old_id)) == 0)
		sb_addf(note, ", made for this file (blob %s)", f->old_id);
	else
		sb_addf(note, ", made for another revision (blob %s; this one is %.12s)", f->old_id, blob);
}

static void state_note(struct sb *note, const struct pt_set *s, const struct pt_file *f,
		       const struct pt_result *r, long g)
{
	if (note->len)
		sb_adds(note, "; ");
	sb_addf(note, "%s: ", f->path);
	if (r->state == PT_EXACT)
		sb_adds(note, "exact");
	else if (r->state == PT_OFFSET)
		sb_addf(note, "context matched at offset %+ld (%zu hunk%s moved)", r->offset, r->moved,
			r->moved == 1 ? "" : "s");
	else if (s->files[g].changed_by >= 0)
		sb_addf(note, "already in: %s made this change", s->items[s->files[g].changed_by].path);
	else
		sb_adds(note, "already in this GOROOT (upstream has it)");
}

/* A refusal of a file an earlier patch of the set changed is about the two
 * patches, not about the Go version: the file it was tried on is that
 * patch's result, and refreshing it against the GOROOT would not help. */
static void after_note(struct sb *why, struct sb *fix, const char *earlier)
{
	sb_adds(why, ", in the file as ");
	sb_add_printable(why, earlier);
	sb_adds(why, " left it");
	sb_adds(fix, "make it on top of ");
	sb_add_printable(fix, earlier);
	sb_adds(fix, " (the patches apply in GOWRAP_PATCHES order, each to what the ones before it "
		     "left), join the two, or drop one of them from GOWRAP_PATCHES");
}

static int refuse(struct pt_item *it, const struct pt_set *s, const struct pt_file *f,
		  const struct pt_result *r, const struct stage *st)
{
	struct sb what = SB_INIT, why = SB_INIT, fix = SB_INIT;
	long by = s->files[st->g].changed_by;
	sb_adds(&what, "patch ");
	sb_add_printable(&what, it->path);
	sb_addf(&what, " does not apply to %s", s->goversion);
	if (r->hunk && r->hunk <= f->nhunks) {
		const struct pt_hunk *h = &f->hunks[r->hunk - 1];
		sb_addf(&why, "hunk %zu (line %zu: @@ -%ld,%ld +%ld,%ld @@) of ", r->hunk, h->line_no,
			h->old_start, h->old_lines, h->new_start, h->new_lines);
	}
	sb_addf(&why, "%s: %s", f->path, r->why);
	if (by >= 0)
		after_note(&why, &fix, s->items[by].path);
	pin_note(&why, f, st);
	sb_addf(&why, " (GOROOT %s)", s->goroot);
	gw_err_set(&it->err, GW_EXIT_PATCH, what.buf, by >= 0 ? fix.buf : fix_refresh, "%s", why.buf);
	sb_release(&what);
	sb_release(&why);
	sb_release(&fix);
	it->state = PP_REFUSED;
	return -1;
}

static void work_free(struct work *w)
{
	for (size_t i = 0; i < w->n; i++)
		sb_release(&w->v[i].b);
	free(w->v);
}

/* The staged files become the set's. The patch's list keeps every file it
 * touched, changed or already holding its result: its marker stands for
 * its content being in what ships, which an upstream release that took the
 * change makes as true as the patch does (symcheck --patches, which sees no
 * GOROOT, cannot tell the two apart). */
static void commit(struct pt_set *s, struct pt_item *it, size_t idx, struct work *w)
{
	it->changed = gw_xcalloc(w->n + 1, sizeof *it->changed);
	for (size_t i = 0; i < w->n; i++) {
		struct stage *st = &w->v[i];
		it->changed[it->nchanged++] = (size_t)st->g;
		if (!st->changed)
			continue;
		struct pt_gfile *g = &s->files[st->g];
		sb_reset(&g->cur);
		sb_add(&g->cur, st->b.buf, st->b.len);
		g->exists = st->exists;
		g->changed_by = (long)idx;
	}
}

/* One patch, whole or not at all. 0, or -1 (it->err set). */
static int apply_item(struct pt_set *s, size_t idx)
{
	struct pt_item *it = &s->items[idx];
	struct work w = { 0 };
	struct sb out = SB_INIT;
	int rc = 0, all_already = 1, moved = 0;
	for (size_t i = 0; i < it->p.nfiles && rc == 0; i++) {
		const struct pt_file *f = &it->p.files[i];
		long g = gfile(s, f->path, &it->err);
		if (g < 0) {
			it->state = PP_REFUSED;
			rc = -1;
			break;
		}
		struct stage *st = stage_of(&w, s, g);
		struct pt_result r;
		int gone = 0;
		enum pt_state ps = pt_apply(&it->p, f, st->b.buf, st->b.len, st->exists, &out, &gone, &r);
		if (ps == PT_REFUSED) {
			rc = refuse(it, s, f, &r, st);
			break;
		}
		state_note(&it->note, s, f, &r, g);
		pin_note(&it->note, f, st);
		all_already &= ps == PT_ALREADY;
		moved |= ps == PT_OFFSET;
		if (ps != PT_ALREADY) {
			st->changed = 1;
			st->exists = !gone;
			sb_reset(&st->b);
			sb_add(&st->b, out.buf, out.len);
		}
	}
	if (rc == 0) {
		it->state = all_already ? PP_ALREADY : moved ? PP_OFFSET : PP_EXACT;
		commit(s, it, idx, &w);
	}
	if (rc == 0 && it->p.no_final_newline)
		sb_adds(&it->note, "; its last line has no newline (read as a line)");
	work_free(&w);
	sb_release(&out);
	return rc;
}

int pt_set_apply(struct pt_set *s, const char *goroot, const char *goversion, int keep_going,
		 struct gw_err *e)
{
	s->goroot = goroot;
	s->goversion = goversion;
	for (size_t i = 0; i < s->nitems; i++) {
		struct pt_item *it = &s->items[i];
		if (!it->parsed)
			continue;
		if (!pt_version_ok(&it->p, goversion)) {
			it->state = PP_SKIPPED;
			sb_addf(&it->note, "not for %s: its Gowrap-Go line names", goversion);
			for (size_t k = 0; k < it->p.nversions; k++)
				sb_addf(&it->note, " %s", it->p.versions[k]);
			continue;
		}
		if (apply_item(s, i) < 0 && !keep_going) {
			*e = it->err;
			return -1;
		}
	}
	return 0;
}

void pt_set_free(struct pt_set *s)
{
	for (size_t i = 0; i < s->nitems; i++) {
		free(s->items[i].path);
		pt_patch_free(&s->items[i].p); /* also a half-parsed one */
		sb_release(&s->items[i].note);
		free(s->items[i].changed);
	}
	free(s->items);
	for (size_t i = 0; i < s->nfiles; i++) {
		free(s->files[i].rel);
		sb_release(&s->files[i].orig);
		sb_release(&s->files[i].cur);
	}
	free(s->files);
	memset(s, 0, sizeof *s);
}
