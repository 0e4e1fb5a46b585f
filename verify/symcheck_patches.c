/* symcheck_patches.c — see symcheck_patches.h. */
#include "compat.h"
#include "symcheck_patches.h"
#include "grow.h"
#include "patchlist.h"

#include <stdlib.h>
#include <string.h>

/* A slice of unknown Go version is asked for every mark (fail closed). */
static int applies(const struct vf_pmark *m, const char *goversion)
{
	const struct pt_touched *t = m->ctx;
	return !*goversion || pt_versions_ok(t->versions, t->nversions, goversion);
}

static size_t dir_len(const char *rel)
{
	const char *s = strrchr(rel, '/');
	return s ? (size_t)(s - rel) : 0;
}

/* One mark per directory of t's files. */
static void add_marks(struct sc_patches *p, const struct pt_touched *t, const char *name)
{
	for (size_t i = 0; i < t->npaths; i++) {
		size_t dl = dir_len(t->paths[i]);
		int seen = 0;
		for (size_t j = 0; j < i; j++)
			seen |= dir_len(t->paths[j]) == dl && !strncmp(t->paths[j], t->paths[i], dl);
		if (seen || !dl)
			continue;
		char **files = NULL;
		size_t nf = 0;
		for (size_t j = i; j < t->npaths; j++)
			if (dir_len(t->paths[j]) == dl && !strncmp(t->paths[j], t->paths[i], dl))
				gw_strv_add(&files, &nf, t->paths[j]);
		struct sb sym = SB_INIT;
		pt_marker_symbol(&sym, t->paths[i], dl, t->id);
		gw_strv_add(&p->syms, &p->nsyms, sym.buf);
		sb_release(&sym);
		p->marks = gw_grow(p->marks, &p->cap, p->n + 1, sizeof *p->marks);
		p->marks[p->n++] = (struct vf_pmark){
			.symbol = p->syms[p->nsyms - 1], .patch = name, .files = files, .nfiles = nf,
			.applies = applies, .ctx = t,
		};
	}
}

int sc_patches_add(struct sc_patches *p, const char *spec, struct sb *err)
{
	char **files = NULL;
	size_t nf = 0;
	struct gw_err e = { 0 };
	int rc = gw_patch_list(spec, &files, &nf, &e);
	for (size_t i = 0; rc == 0 && i < nf; i++) {
		struct sb b = SB_INIT;
		struct pt_touched *t = gw_xcalloc(1, sizeof *t);
		rc = gw_patch_read(files[i], &b, &e);
		if (rc == 0)
			rc = pt_touched_read(b.buf, b.len, files[i], t, &e);
		sb_release(&b);
		if (rc < 0) {
			free(t);
			break;
		}
		p->t = gw_grow(p->t, &p->tcap, p->nt + 1, sizeof *p->t);
		p->t[p->nt++] = t;
		gw_strv_add(&p->names, &p->nnames, files[i]);
		add_marks(p, t, p->names[p->nnames - 1]);
	}
	if (rc < 0) {
		char line[1024];
		gw_err_format(&e, line, sizeof line);
		sb_adds(err, !strncmp(line, "gowrap: ", 8) ? line + 8 : line);
	}
	gw_strv_free(&files, &nf);
	return rc;
}

void sc_patches_free(struct sc_patches *p)
{
	for (size_t i = 0; i < p->n; i++) {
		char **f = (char **)p->marks[i].files;
		size_t n = p->marks[i].nfiles;
		gw_strv_free(&f, &n);
	}
	free(p->marks);
	for (size_t i = 0; i < p->nt; i++) {
		pt_touched_free(p->t[i]);
		free(p->t[i]);
	}
	free(p->t);
	gw_strv_free(&p->names, &p->nnames);
	gw_strv_free(&p->syms, &p->nsyms);
	memset(p, 0, sizeof *p);
}
