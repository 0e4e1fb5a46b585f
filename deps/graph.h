/* graph.h — the packages a build compiles, as the go command itself lists
 * them, and what their CPU-feature files say.
 *
 * Promise: dp_graph_list runs the real go's `go list -deps` (with -test for
 * a test or vet call) in the build's directory and environment, with the
 * build's own flags and packages, so the target, tags, -mod, -modfile,
 * vendor directories, go.work workspaces, local replace directories and
 * build constraints are exactly the build's — and modules not yet in the
 * module cache are downloaded, as the build itself would download them.
 * Every package comes back with its directory and the files the target
 * compiles (GoFiles + CgoFiles; for gowrap audit also its assembly, C and
 * headers, cgo flags and module root); dp_graph_classify holds them to the rules by
 * their lines (classify.h). A reply in another shape is an error, never a
 * guess. Used by the gate (gate.c, behind deps.h) and by `gowrap audit`. */
#ifndef GOWRAP_DEPS_GRAPH_H
#define GOWRAP_DEPS_GRAPH_H

#include <stddef.h>

#include "classify.h"
#include "strbuf.h"

struct dp_pkg {
	char *path;    /* import path ("p [p.test]" for a test variant) */
	int std;       /* a GOROOT package */
	char *mod;     /* module@version, or "" */
	char *dir;     /* its directory (absolute) */
	char *frozen;  /* the module-cache directory it lies in ("": its files may
			* change: main module, workspace, local replace, vendor) */
	char *gomod;   /* its module's go.mod, or "" */
	char **files;  /* compiled .go files (base names), NULL-terminated */
	size_t nfiles;
	/* Listed for gowrap audit only (dp_graph_list_audit; NULL from
	 * dp_graph_list): what the package compiles besides Go — assembly
	 * (SFiles), C, C++, Objective-C and headers — the cgo flags (their -I
	 * directories say where an #include is found) and its module's root. */
	char **sfiles, **cfiles, **cflags;
	size_t nsfiles, ncfiles, ncflags;
	char *moddir;  /* "" when go names none (a vendored package) */
	char **imports; /* audit only: the import paths it imports */
	size_t nimports;
};

struct dp_graph {
	struct dp_pkg *v;
	size_t n, cap;
	char goos[64], goarch[64];
	char *tags;    /* context.BuildTags, comma-separated */
	char *release; /* context.ReleaseTags as go prints them */
	struct sb unresolved; /* `go list -e`: packages go could not resolve, a line each */
	struct sb loaderr;    /* audit only: of those, the named packages go listed
			       * with an error, "path\x1fgo's error (%q-escaped)" a line */
};

/* The error go gave for pkg (npkg bytes), a named package it could not
 * load (struct dp_graph's loaderr): 1 with why/nwhy pointing into g, else 0
 * (not found: go could not resolve it at all). */
int dp_graph_loaderr(const struct dp_graph *g, const char *pkg, size_t npkg, const char **why, size_t *nwhy);

/* args: flags and packages for `go list -deps`, after the fixed ones. 0, or
 * -1 with a one-line reason in why (go's first line of stderr). */
int dp_graph_list(const char *realgo, const char *dir, int test, char *const *args, size_t nargs,
		  struct dp_graph *g, struct sb *why);

/* dp_graph_list with the fields gowrap audit reads beyond the Go files
 * (struct dp_pkg: sfiles, cfiles, cflags, moddir). The build path never asks
 * for them: its listing stays the gate's. */
int dp_graph_list_audit(const char *realgo, char *const *args, size_t nargs, struct dp_graph *g,
			struct sb *why);

/* The `go list -f` template dp_graph_list asks with (tests/unit/graph/
 * records real replies with it). */
const char *dp_graph_template(void);

/* A reply to that template (or to audit's, which adds four fields), one
 * package a line, into g (text is cut up in
 * place). 0, or -1 with why: a line in another shape. */
int dp_graph_parse(char *text, struct dp_graph *g, struct sb *why);

/* Classify p's compiled files for family (DP_FAM_*). */
void dp_graph_classify(const struct dp_pkg *p, int family, struct dp_class *cl);
/* The same, each file's bytes from read (classify.h). */
void dp_graph_classify_by(const struct dp_pkg *p, int family, dp_read_fn read, void *arg,
			  struct dp_class *cl);

/* What the gate acts on: the packages of g the table fixes for family, one
 * a line into pkgs (std never; a test variant "p [p.test]" counts as p: its
 * code is p's), and each unknown variant of a known file as a "pkg: why"
 * line into unknown. read NULL: each file read from disk. */
void dp_graph_answer(const struct dp_graph *g, int family, dp_read_fn read, void *arg,
		     struct sb *pkgs, struct sb *unknown);

void dp_graph_free(struct dp_graph *g);

#endif
