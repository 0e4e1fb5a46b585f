/* sources.h — every source one package compiles, as gowrap audit reads it.
 *
 * Promise: from a package go listed for audit (graph.h,
 * dp_graph_list_audit), dp_srcs_read reads its Go files, its assembly
 * (SFiles), its C, C++, Objective-C and header files, and what those, and the
 * cgo preamble of its Go files, `#include "..."` — looked for beside the
 * including file, then in the -I and -iquote directories of its cgo flags,
 * as the C compiler looks, in every #if branch — never outside the module's
 * root (else the package's directory) after symlinks are resolved. Every
 * byte is hostile: only regular files, never waited on (a FIFO is skipped),
 * each read to at most 16 MiB (classify.c's cap: a larger file holds
 * nothing), at most DP_SRC_MAX_FILES files, DP_SRC_MAX_BYTES bytes and
 * DP_SRC_MAX_DEPTH levels of #include a package; a limit reached is said
 * (`cut`), so what was not read is never taken as seen. Each file is named
 * relative to the module's root, which `in` names: "<file> in <module@version>". Audit only:
 * the build path never reads a package's C or assembly. */
#ifndef GOWRAP_DEPS_SOURCES_H
#define GOWRAP_DEPS_SOURCES_H

#include <stddef.h>

#include "graph.h"
#include "strbuf.h"

#define DP_SRC_FILE_LIMIT (16u << 20)
#define DP_SRC_MAX_FILES 1024
#define DP_SRC_MAX_BYTES (64u << 20)
#define DP_SRC_MAX_DEPTH 16

enum dp_src_kind { DP_SRC_GO, DP_SRC_ASM, DP_SRC_C };

struct dp_src {
	char *path;  /* as read (absolute) */
	char *real;  /* resolved (realpath), what an #include is compared by */
	char *name;  /* relative to the module's root, else to the package's directory
		      * (escaped for a terminal); it lies in `in` */
	enum dp_src_kind kind;
	int depth;   /* 0: go listed it; n: reached through n #include lines */
	struct sb bytes; /* empty when it could not be read */
};

struct dp_srcs {
	struct dp_src *v;
	size_t n, cap, bytes;
	char *root;  /* the resolved module root (else package directory) */
	char *in;    /* "<module@version>" (else the import path) the names are in */
	char cut[120]; /* "" or which limit left a source unread */
};

/* p's sources into s (s is overwritten; free it with dp_srcs_free). */
void dp_srcs_read(const struct dp_pkg *p, struct dp_srcs *s);
void dp_srcs_free(struct dp_srcs *s);

/* "<name> in <module@version>" for path (a file of p, absolute), the one
 * way audit names a file: relative to p's module root when it lies beneath
 * it, else to p's directory, and always in p's own module. */
void dp_src_name(const struct dp_pkg *p, const char *path, struct sb *out);

#endif
