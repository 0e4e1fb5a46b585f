/* patch.h — a user's unified diff, read and applied exactly (GOWRAP_PATCHES).
 *
 * Promise: pt_parse reads a patch file as `git format-patch`, `git diff` and
 * `diff -u` write it — `-p1` paths (a/src/...), one or many files, a commit
 * message or other text around them — and either returns every file section
 * with its hunks or refuses it with one reason (never a guess):
 *   - frame.c (libc only) walks the lines once, counting each hunk's lines
 *     against its header, and hands libgit2 the file sections alone, each in
 *     git's form: a `diff -u` section gets a `diff --git` header made from
 *     its ---/+++ names, since libgit2's parser reads git's form only;
 *   - gitparse.c has libgit2 (git apply's parser) read hunks, "\ No newline
 *     at end of file", modes, binary, rename and copy headers and `index`
 *     lines, and is the only file of the module that includes git2.h;
 *   - parse.c refuses what an overlay cannot carry or a GOROOT patch must not
 *     touch: binary patches, renames, copies, mode changes, /dev/null on both
 *     sides, paths outside src/, absolute or climbing (..) paths, src/cmd/
 *     (the toolchain's programs: go build never rebuilds them from source),
 *     src/internal/cpu/ (gowrap's own overlay replaces files there).
 * pt_apply (apply.c) applies one file's hunks to bytes in memory: the context
 * must match exactly, at the hunk's line or at the nearest offset (reported);
 * no fuzz, ever. A file whose bytes already hold the patch's result
 * (its hunks reverse-apply) is "already in", applied as nothing. Bytes
 * never come from or go to disk here; limits: PT_MAX_BYTES per patch file. */
#ifndef GOWRAP_PATCH_H
#define GOWRAP_PATCH_H

#include <stddef.h>

#include "patchlist.h"
#include "report.h"
#include "strbuf.h"

/* A patch file larger than this is refused unread past it. */
#define PT_MAX_BYTES GW_PATCH_MAX_BYTES
/* Hunks in one patch file; more is refused. */
#define PT_MAX_HUNKS 100000

enum pt_kind { PT_MODIFY, PT_ADD, PT_DELETE };

struct pt_line {
	char op;          /* ' ' context, '-' removed, '+' added */
	int nl;           /* 0: "\ No newline at end of file" followed it */
	size_t off, len;  /* its bytes in pt_patch.arena, without the newline */
};

struct pt_hunk {
	long old_start, old_lines, new_start, new_lines;
	size_t first, n;  /* its lines: file->lines[first .. first + n) */
	size_t lead, trail; /* context lines before the first change, after the last */
	size_t line_no;   /* line of its @@ header in the patch file */
};

struct pt_file {
	char *path;       /* GOROOT-relative, "src/..." */
	enum pt_kind kind;
	char old_id[41], new_id[41]; /* the index line's (abbreviated) blob ids; "" none */
	struct pt_hunk *hunks;
	size_t nhunks;
	struct pt_line *lines;
	size_t nlines;
	size_t line_no;   /* line of its header in the patch file */
};

struct pt_patch {
	char *name;       /* the path it was read from, for messages */
	char id[13];      /* first 12 hex digits of the SHA-256 of its bytes */
	struct sb arena;  /* the bytes every pt_line points into */
	struct pt_file *files;
	size_t nfiles;
	char **versions;  /* Gowrap-Go: limits (go1.N or go1.N.M); none: any */
	size_t nversions;
	int no_final_newline; /* its last line had no newline (read as a line) */
};

/* Read bytes[0..n) (the content of the file `name`). 0, or -1 with e
 * (GW_EXIT_PATCH) naming the file, the line and why. */
int pt_parse(const char *bytes, size_t n, const char *name, struct pt_patch *p, struct gw_err *e);
void pt_patch_free(struct pt_patch *p);

/* Does the patch's Gowrap-Go limit let it apply to goversion ("go1.26.8")? */
int pt_version_ok(const struct pt_patch *p, const char *goversion);
/* The same for a list of Gowrap-Go values (none: any version). */
int pt_versions_ok(char *const *versions, size_t n, const char *goversion);

/* What symcheck --patches needs of a patch file, read with libc alone
 * (touched.c; frame.c checks the hunks, libgit2 is never called): its id,
 * the files its sections leave (src/..., a deleted file left out) and its
 * Gowrap-Go limits. A file pt_parse would refuse for its paths or headers
 * may still be read here: symcheck only asks where a marker must be. */
struct pt_touched {
	char id[13];
	char **paths;
	size_t npaths;
	char **versions;
	size_t nversions;
};
/* A patch's id: the first 12 hex digits of the SHA-256 of its bytes (the
 * one rule: the shim's markers and symcheck's --patches both name it). */
void pt_patch_id(const char *bytes, size_t n, char id[13]);
/* The marker's name for patch id in package directory dir (src/...):
 * `<dir under src/>.gowrapPatch<id>` (marker.c makes it, symcheck asks it). */
void pt_marker_symbol(struct sb *out, const char *dir, size_t dirlen, const char *id);
int pt_touched_read(const char *bytes, size_t n, const char *name, struct pt_touched *t, struct gw_err *e);
void pt_touched_free(struct pt_touched *t);

enum pt_state { PT_EXACT, PT_OFFSET, PT_ALREADY, PT_REFUSED };

struct pt_result {
	enum pt_state state;
	size_t hunk;      /* refused: the hunk (1-based) that did not apply */
	long offset;      /* PT_OFFSET: the offset of the first hunk that moved */
	size_t moved;     /* how many hunks applied at an offset */
	char why[512];    /* refused: why, in words; already: how it was seen */
};

/* Apply f's hunks to old[0..len) (exists: 0 when the file is absent). The
 * patched bytes go to out (cleared first; an absent result — a deleted
 * file — leaves out empty and *gone = 1). Returns r->state. */
enum pt_state pt_apply(const struct pt_patch *p, const struct pt_file *f, const char *old,
		       size_t len, int exists, struct sb *out, int *gone, struct pt_result *r);

/* Append rel's change from old to new (either may not exist) as git diff
 * writes it: `diff --git a/REL b/REL`, index line, hunks (gitdiff.c).
 * Nothing when the bytes are the same. 0, or -1 with e. */
int pt_diff(const char *rel, const char *old, size_t oldlen, int old_exists, const char *new,
	    size_t newlen, int new_exists, struct sb *out, struct gw_err *e);

#endif
