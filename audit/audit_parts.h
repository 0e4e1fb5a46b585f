/* audit_parts.h — the parts of audit's outputs, for audit/'s own files
 * (others include audit_out.h, the room's promise). */
#ifndef GOWRAP_AUDIT_PARTS_H
#define GOWRAP_AUDIT_PARTS_H

#include <stddef.h>

#include "audit.h"
#include "audit_out.h"
#include "graph.h"
#include "report.h"
#include "strbuf.h"

#define AU_ID_LEN 72 /* "sha256:" + 64 hex + NUL, rounded */
#define AU_MAX_ENTRIES 4096
#define AU_MAX_IDS 64     /* content ids of one entry */
#define AU_MAX_BYTES (1u << 20)

struct au_entry {
	char *pkg, *reason;
	char **ids;
	size_t nids;
	char until[11]; /* "YYYY-MM-DD" or "" */
	int line;       /* of its [[Reviewed]] header */
	int used;       /* matched a row's package */
};

enum au_state {
	AU_NONE,          /* no entry names the package */
	AU_ACCEPTED,      /* unknown or defective, and reviewed for this content */
	AU_OTHER_CONTENT, /* reviewed, but for another content: asked again */
	AU_NOT_NEEDED,    /* an entry for a row that passes on its own */
};

struct au_row {
	char id[AU_ID_LEN]; /* "" when not every source was read */
	const struct au_entry *entry;
	enum au_state state;
};

/* text (len bytes, hostile) as the file `name`; today "YYYY-MM-DD". */
int au_reviewed_parse(const char *name, const char *text, size_t len, const char *today,
		      struct au_reviewed *rv, struct gw_err *e);
/* Today in UTC, "YYYY-MM-DD". */
void au_today(char out[11]);

void au_content_id(const struct dp_pkg *p, char out[AU_ID_LEN]);
/* The package of row r (rows point into g). */
const struct dp_pkg *au_pkg_of(const struct dp_graph *g, const struct dp_audit_row *r);

/* Rows' ids and review states (out: a->nrows), notes for stale entries;
 * the exit code of the audit: 1 a defective row not accepted, 3 none but an
 * unknown row not accepted or a package go could not resolve, else 0. */
int au_apply(const struct dp_audit *a, const struct dp_graph *g, struct au_reviewed *rv, struct au_row *out);

/* A row that needs a person: not passing (a verdict but "defective, not
 * fixed" and "unknown" passes). */
int au_needs_review(const struct dp_audit_row *r);

/* Why pkg (n bytes) of g's unresolved list was not audited, "not audited:
 * ..." into out: go could not resolve it, or go listed a named package
 * with an error (its words, and the fix when gowrap knows it: cgo for a
 * target that links only through it). */
void au_unseen_why(const struct dp_graph *g, const char *pkg, size_t n, struct sb *out);

struct au_ctx {
	const struct dp_audit *a;
	const struct dp_graph *g;
	const struct au_row *st;
	const char *root; /* main module root, "" none */
	const char *version;
};
/* SARIF 2.1.0 of the rows into out. */
void au_sarif(const struct au_ctx *c, struct sb *out);
/* GitHub workflow commands (::error/::warning) of the rows into out. */
void au_github(const struct au_ctx *c, struct sb *out);
/* Where a row points: uri relative to %SRCROOT% (or GOMODCACHE when
 * *modcache), line (1 when none is known). */
struct au_loc {
	struct sb uri;
	int line, modcache;
};
void au_primary(const struct au_ctx *c, size_t i, struct au_loc *l);

#endif
