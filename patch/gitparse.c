/* gitparse.c — pt_git_parse (patch_int.h): libgit2 reads the sections.
 *
 * The only file of patch/ that includes git2.h. libgit2's patch parser is
 * git apply's (libgit2's patch parser): hunk headers and bodies, "\ No newline at end
 * of file", quoted names, the extended header lines (modes, new and deleted
 * files, renames, copies, binary patches, `index`). What it reads is copied
 * out, so nothing here outlives the git_diff. */
#include "compat.h"
#include "patch_int.h"
#include "exitcodes.h"
#include "grow.h"

#include <git2.h>
#include <stdio.h>
#include <string.h>

static void git_once(void)
{
	static int done;
	if (!done) {
		git_libgit2_init();
		done = 1;
	}
}

static const char fix_regen[] =
	"regenerate the patch with `git diff` or `diff -u` (unified format, -p1 paths)";

/* What the overlay cannot carry, refused with the section's line. */
static int refuse_delta(const git_diff_delta *d, const struct pt_fsec *s, const char *name,
			struct gw_err *e)
{
	const char *why = NULL;
	if (d->flags & GIT_DIFF_FLAG_BINARY)
		why = "a binary patch: only text files can be patched";
	else if (d->status == GIT_DELTA_RENAMED)
		why = "a rename: give it as a deleted file and a new file";
	else if (d->status == GIT_DELTA_COPIED)
		why = "a copy: give it as a new file";
	else if (d->status != GIT_DELTA_MODIFIED && d->status != GIT_DELTA_ADDED &&
		 d->status != GIT_DELTA_DELETED)
		why = "a file section that neither changes, adds nor deletes a file";
	else if (d->old_file.mode && d->new_file.mode && d->old_file.mode != d->new_file.mode)
		why = "a mode change: an overlay gives a file's bytes, never its mode";
	else if ((d->status == GIT_DELTA_ADDED && d->new_file.mode && d->new_file.mode != 0100644) ||
		 (d->status == GIT_DELTA_DELETED && d->old_file.mode && d->old_file.mode != 0100644))
		why = "a file that is not a plain file (an executable, a symlink or a submodule)";
	else if (!d->old_file.path || !d->new_file.path || strcmp(d->old_file.path, d->new_file.path))
		why = "the old and new names differ";
	if (!why)
		return 0;
	return pt_refuse(e, name, s->line_no, "drop that file from the patch", "%s", why);
}

static void abbrev(char out[41], const git_diff_file *f)
{
	out[0] = '\0';
	if (!f->id_abbrev || git_oid_is_zero(&f->id))
		return;
	git_oid_tostr(out, 41, &f->id);
	out[f->id_abbrev < 40 ? f->id_abbrev : 40] = '\0';
}

/* One hunk's lines into pf (their bytes into the arena). */
static void copy_hunk(git_patch *gp, size_t h, size_t nl, struct pt_file *pf, size_t *cap,
		      struct sb *arena)
{
	for (size_t l = 0; l < nl; l++) {
		const git_diff_line *ln;
		if (git_patch_get_line_in_hunk(&ln, gp, h, l) < 0)
			continue;
		char o = ln->origin;
		if (o == GIT_DIFF_LINE_CONTEXT_EOFNL || o == GIT_DIFF_LINE_ADD_EOFNL ||
		    o == GIT_DIFF_LINE_DEL_EOFNL) {
			if (pf->nlines)
				pf->lines[pf->nlines - 1].nl = 0;
			continue;
		}
		size_t len = ln->content_len;
		if (len && ln->content[len - 1] == '\n')
			len--;
		pf->lines = gw_grow(pf->lines, cap, pf->nlines + 1, sizeof *pf->lines);
		pf->lines[pf->nlines++] = (struct pt_line){
			.op = o == GIT_DIFF_LINE_ADDITION ? '+' : o == GIT_DIFF_LINE_DELETION ? '-' : ' ',
			.nl = 1, .off = arena->len, .len = len,
		};
		sb_add(arena, ln->content, len);
	}
}

static void lead_trail(struct pt_file *pf, struct pt_hunk *h)
{
	h->n = pf->nlines - h->first;
	while (h->lead < h->n && pf->lines[h->first + h->lead].op == ' ')
		h->lead++;
	while (h->trail < h->n && pf->lines[h->first + h->n - 1 - h->trail].op == ' ')
		h->trail++;
}

static int read_hunks(git_patch *gp, const struct pt_frame *f, const struct pt_fsec *s,
		      struct pt_file *pf, struct sb *arena, const char *name, struct gw_err *e)
{
	size_t nh = git_patch_num_hunks(gp), lcap = 0;
	if (nh != s->nhunks)
		return pt_refuse(e, name, s->line_no, fix_regen,
				 "libgit2 reads %zu hunks in this file section where its lines count %zu", nh,
				 s->nhunks);
	if (!nh)
		return pt_refuse(e, name, s->line_no, fix_regen, "a file section without hunks");
	pf->hunks = gw_xcalloc(nh, sizeof *pf->hunks);
	for (size_t h = 0; h < nh; h++) {
		const git_diff_hunk *gh;
		size_t nl;
		if (git_patch_get_hunk(&gh, &nl, gp, h) < 0)
			return pt_refuse(e, name, f->hunk_lines[s->first_hunk + h], fix_regen,
					 "libgit2 cannot read this hunk");
		struct pt_hunk *ph = &pf->hunks[pf->nhunks++];
		*ph = (struct pt_hunk){ .old_start = gh->old_start, .old_lines = gh->old_lines,
					.new_start = gh->new_start, .new_lines = gh->new_lines,
					.first = pf->nlines, .line_no = f->hunk_lines[s->first_hunk + h] };
		copy_hunk(gp, h, nl, pf, &lcap, arena);
		lead_trail(pf, ph);
	}
	return 0;
}

static int read_delta(git_diff *d, size_t i, const struct pt_frame *f, struct pt_patch *p,
		      struct gw_err *e)
{
	const git_diff_delta *dl = git_diff_get_delta(d, i);
	const struct pt_fsec *s = &f->secs[i];
	if (refuse_delta(dl, s, p->name, e) < 0)
		return -1;
	struct pt_file *pf = &p->files[p->nfiles++];
	pf->path = gw_xstrdup(dl->new_file.path);
	pf->kind = dl->status == GIT_DELTA_ADDED ? PT_ADD : dl->status == GIT_DELTA_DELETED ? PT_DELETE : PT_MODIFY;
	pf->line_no = s->line_no;
	abbrev(pf->old_id, &dl->old_file);
	abbrev(pf->new_id, &dl->new_file);
	git_patch *gp = NULL;
	if (git_patch_from_diff(&gp, d, i) < 0 || !gp)
		return pt_refuse(e, p->name, s->line_no, fix_regen, "libgit2 cannot read this file section");
	int rc = read_hunks(gp, f, s, pf, &p->arena, p->name, e);
	git_patch_free(gp);
	return rc;
}

int pt_git_parse(const struct pt_frame *f, const char *name, struct pt_patch *p, struct gw_err *e)
{
	git_once();
	git_diff *d = NULL;
	if (git_diff_from_buffer(&d, f->text.buf, f->text.len) < 0) {
		const git_error *ge = git_error_last();
		return pt_refuse(e, name, 0, fix_regen, "git apply's parser (libgit2) refuses it: %s",
				 ge && ge->message ? ge->message : "no reason given");
	}
	size_t n = git_diff_num_deltas(d);
	int rc = 0;
	if (n != f->nsecs)
		rc = pt_refuse(e, name, 0, fix_regen, "libgit2 reads %zu file sections where its lines hold %zu",
			       n, f->nsecs);
	p->files = gw_xcalloc(n ? n : 1, sizeof *p->files);
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = read_delta(d, i, f, p, e);
	git_diff_free(d);
	return rc;
}
