/* patch_int.h — what the files of patch/ share and nothing else sees.
 *
 * Promise: pt_frame (frame.c, libc only) turns a patch file into the text
 * libgit2's parser reads — file sections only, each in git's form — and
 * remembers where each section and hunk was in the file, so every message
 * names the user's line, never one of the text libgit2 read. pt_git_parse
 * (gitparse.c, the one libgit2 user of the module) reads that text into the
 * files of a pt_patch, which parse.c then checks. */
#ifndef GOWRAP_PATCH_INT_H
#define GOWRAP_PATCH_INT_H

#include "patch.h"

struct pt_fsec {
	size_t line_no;           /* its first line in the patch file */
	int plain;                /* a diff -u section: its git header made here */
	size_t first_hunk, nhunks; /* its hunks' lines: pt_frame.hunk_lines[...] */
};

struct pt_frame {
	struct sb text;           /* what libgit2 reads */
	struct pt_fsec *secs;
	size_t nsecs, seccap;
	size_t *hunk_lines;       /* the line of every @@ header, in order */
	size_t nhunks, hunkcap;
	char **versions;          /* Gowrap-Go: values */
	size_t nversions;
	int no_final_newline;
};

int pt_frame(const char *b, size_t n, const char *name, struct pt_frame *f, struct gw_err *e);
void pt_frame_free(struct pt_frame *f);

/* libgit2's reading of f->text into p->files (p->arena holds the lines). */
int pt_git_parse(const struct pt_frame *f, const char *name, struct pt_patch *p, struct gw_err *e);

/* The one "cannot use patch" error, its why at a line of the file. */
int pt_refuse(struct gw_err *e, const char *name, size_t line_no, const char *fix, const char *fmt,
	      ...) __attribute__((format(printf, 5, 6)));

#endif
