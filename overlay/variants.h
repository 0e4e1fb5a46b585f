/* variants.h — the known-variants table: which bytes of internal/cpu gowrap
 * has seen, in which Go versions, and what it does with them.
 *
 * Promise: the table is data only, kept in one place (variants.c). A row is
 * found by the git blob id of $GOROOT/src/internal/cpu/cpu_arm64_other.go; a
 * row's `constraint` is the exact //go:build expression that file carries, so
 * the generator can re-check the bytes it derives from. Nothing outside the
 * table is ever treated as known. The darwin-parity overlay adds a second
 * table, of the darwin files it copies (ov_darwin_rows). */
#ifndef GOWRAP_OV_VARIANTS_H
#define GOWRAP_OV_VARIANTS_H

enum ov_action {
	OV_APPLY,      /* iOS reaches the empty osInit: overlay it */
	OV_NOT_NEEDED, /* the toolchain already detects features on iOS */
};

struct ov_variant {
	const char *id;         /* stable row name, reported as "variant" */
	const char *blob;       /* git blob id of cpu_arm64_other.go */
	const char *versions;   /* Go releases that shipped these bytes */
	const char *constraint; /* its //go:build expression, verbatim */
	enum ov_action action;
	const char *confirmed;  /* how the row was checked (README) */
};

/* NULL when the blob id is not in the table. */
const struct ov_variant *ov_variant_by_blob(const char *blob_hex);

/* The table itself, terminated by a row whose id is NULL (for doctor/README). */
extern const struct ov_variant ov_variants[];

/* The darwin files the darwin-parity overlay copies for the iOS family: a
 * row is found by the blob ids of cpu_arm64_darwin.go (osInit) and
 * cpu_darwin.go (the sysctl plumbing), and belongs to exactly one
 * cpu_arm64_other.go row, so a GOROOT mixing releases is refused too. The
 * constraints are the files' //go:build expressions, verbatim. */
struct ov_darwin_files {
	const char *id;                /* stable row name, e.g. "darwin-go1.26" */
	const char *other_id;          /* the ov_variant row of the same releases */
	const char *a64_blob;          /* cpu_arm64_darwin.go */
	const char *a64_constraint;
	const char *darwin_blob;       /* cpu_darwin.go; NULL: the release has none */
	const char *darwin_constraint;
	const char *versions;
	const char *confirmed;
};

/* NULL when the pair is not in the table (darwin_blob "" when the file is
 * absent). */
const struct ov_darwin_files *ov_darwin_files_by_blob(const char *a64_blob, const char *darwin_blob);

extern const struct ov_darwin_files ov_darwin_rows[];

#endif
