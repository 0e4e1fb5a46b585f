/* patchcheck — drives patch/patch.h for tests/patches.bats:
 *   patchcheck PATCH                 parse: one line per file and hunk
 *   patchcheck PATCH FILE|- OUT      apply every file section of PATCH to
 *                                    FILE ("-": absent), the result to OUT
 * A refusal prints gowrap's one line on stderr and exits with its code
 * (116); an application prints one "state ..." line per file section. */
#include "compat.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "patch.h"
#include "report.h"
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

static const char *const names[] = { "exact", "offset", "already", "refused" };

static int show(const struct pt_patch *p)
{
	printf("id %s files %zu%s\n", p->id, p->nfiles, p->no_final_newline ? " no-final-newline" : "");
	for (size_t i = 0; i < p->nversions; i++)
		printf("version %s\n", p->versions[i]);
	for (size_t i = 0; i < p->nfiles; i++) {
		const struct pt_file *f = &p->files[i];
		printf("file %s %s line %zu index %s..%s hunks %zu\n", f->path,
		       f->kind == PT_ADD ? "add" : f->kind == PT_DELETE ? "delete" : "modify", f->line_no,
		       f->old_id[0] ? f->old_id : "-", f->new_id[0] ? f->new_id : "-", f->nhunks);
		for (size_t h = 0; h < f->nhunks; h++) {
			const struct pt_hunk *k = &f->hunks[h];
			printf("hunk -%ld,%ld +%ld,%ld line %zu lines %zu lead %zu trail %zu\n", k->old_start,
			       k->old_lines, k->new_start, k->new_lines, k->line_no, k->n, k->lead, k->trail);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2 && argc != 4) {
		fprintf(stderr, "usage: patchcheck PATCH [FILE|- OUT]\n");
		return 2;
	}
	struct sb b = SB_INIT, old = SB_INIT, out = SB_INIT;
	struct gw_err e = { 0 };
	if (gw_patch_read(argv[1], &b, &e) < 0)
		return gw_err_print(&e);
	struct pt_patch p;
	if (pt_parse(b.buf, b.len, argv[1], &p, &e) < 0)
		return gw_err_print(&e);
	if (argc == 2)
		return show(&p);
	int exists = strcmp(argv[2], "-") != 0;
	if (exists && sb_read_file(&old, argv[2], (size_t)1 << 28) < 0) {
		perror(argv[2]);
		return 2;
	}
	int rc = 0, gone = 0;
	for (size_t i = 0; i < p.nfiles; i++) {
		struct pt_result r;
		enum pt_state st = pt_apply(&p, &p.files[i], old.buf, old.len, exists, &out, &gone, &r);
		printf("state %s", names[st]);
		if (st == PT_OFFSET)
			printf(" offset %ld moved %zu", r.offset, r.moved);
		if (st == PT_REFUSED)
			printf(" hunk %zu: %s", r.hunk, r.why);
		if (st == PT_ALREADY)
			printf(": %s", r.why);
		printf("%s\n", gone ? " gone" : "");
		if (st == PT_REFUSED) {
			rc = GW_EXIT_PATCH;
			break;
		}
		/* the next section of the same patch applies to this result */
		sb_reset(&old);
		sb_add(&old, out.buf, out.len);
		exists = !gone;
	}
	if (rc == 0 && gw_write_atomic(argv[3], out.buf, out.len, 0644, &e) < 0)
		return gw_err_print(&e);
	pt_patch_free(&p);
	sb_release(&b);
	sb_release(&old);
	sb_release(&out);
	return rc;
}
