/* audit_out.h — what `gowrap audit` adds to deps/audit.h's rows, and how it
 * prints them: the id of the content each row was decided on, the verdicts
 * a person reviewed (gowrap-audit.toml), and the text, JSON, SARIF and
 * GitHub forms of the rows (README.md here says how).
 *
 * Promise: a row's content id is "sha256:" and the SHA-256 of the lines
 * "<git blob id> <name>\n", sorted by name, of every source the package
 * compiles for this target as audit reads them (deps/sources.h: Go,
 * assembly, C and the headers they #include; names relative to the
 * module's root), so the same files give the same id on any machine and a
 * changed file, a file added or removed, or another target's file set gives
 * another. A package whose sources were not all read (a limit of
 * sources.h) has no id and is never accepted. A reviewed-verdicts file is
 * read whole or refused whole (GW_EXIT_REVIEWED, one line naming file and
 * line): a subset of TOML (README "Reviewed verdicts"), a package named
 * twice, an entry past its date — nothing is accepted from a file that is
 * refused. An entry accepts a row only when its package and one of its
 * content ids are the row's own; every entry that matches no row is named
 * (gw_note). JSON and SARIF are written through common/jsonw.h only. */
#ifndef GOWRAP_AUDIT_OUT_H
#define GOWRAP_AUDIT_OUT_H

#include <stddef.h>

#include "graph.h"
#include "report.h"
#include "strbuf.h"

#define AU_FILE_NAME "gowrap-audit.toml"

struct au_entry;
struct au_reviewed {
	struct au_entry *v;
	size_t n, cap;
	char *path; /* the file in effect; NULL: none */
};

/* The main module's root, for the default file and SARIF's %SRCROOT%
 * (`go env GOMOD`); "" outside a module. */
void au_module_root(const char *realgo, struct sb *root);

/* The file `given` (--reviewed), else AU_FILE_NAME in root when it exists.
 * 0 (rv->path NULL: no file in effect), or -1 with e (GW_EXIT_REVIEWED). */
int au_reviewed_load(const char *given, const char *root, struct au_reviewed *rv, struct gw_err *e);
void au_reviewed_free(struct au_reviewed *rv);

/* go's words for a target that links only through cgo, listed with cgo off */
#define AU_CGO_OFF "requires external (cgo) linking, but cgo is not enabled"

enum au_format { AU_TEXT, AU_JSON, AU_SARIF, AU_GITHUB };

struct au_print {
	enum au_format fmt;
	int ids;             /* text: every row's content id (--ids) */
	const char *root;    /* main module root (au_module_root), "" none */
	const char *version; /* gowrap's, for SARIF's tool */
};

/* g's rows (deps/audit.h; std's internal/cpu on the iOS family "fixed" only
 * when the overlay generator answers for the toolchain go env names, read
 * only, as doctor asks), their ids and reviews against rv, printed on stdout
 * in o's form; the exit code: 1 a defective row not accepted, 3 none but an
 * unknown row not accepted or a package go could not resolve, else 0. */
int au_report(const char *realgo, const struct au_print *o, struct dp_graph *g, struct au_reviewed *rv);

struct au_run {
	enum au_format fmt;
	int ids;              /* --ids */
	const char *reviewed; /* --reviewed FILE, else NULL */
	const char *version;  /* gowrap's, for SARIF's tool */
};

/* `gowrap audit` after its command line (run.c): the real go, the main
 * module's root, the reviewed-verdicts file (read before go lists anything:
 * a refused one stops there, 118), the build's packages listed with args
 * (the build flags and patterns not gowrap's, in this directory and
 * environment; 109 when go list fails or the patterns match no package),
 * then au_report. Returns the exit status, any error printed. */
int au_audit(const struct au_run *o, char **args, size_t n);

#endif
