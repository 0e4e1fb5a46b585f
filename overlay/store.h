/* store.h — the content-addressed overlay cache.
 *
 * Promise: ov_store_put writes each file of one overlay into
 * <cache>/overlay/<key>/ (directories 0700, files 0600, written atomically and
 * only when the bytes on disk differ), the JSON last, so a reader that finds
 * overlay.json finds every file it names. 32 concurrent writers of the same
 * key all succeed and leave the same bytes. */
#ifndef GOWRAP_OV_STORE_H
#define GOWRAP_OV_STORE_H

#include <stddef.h>

#include "report.h"
#include "strbuf.h"

struct ov_file {
	const char *name;    /* basename inside the key directory */
	const char *key;     /* GOROOT path it replaces (overlay JSON key) */
	struct sb content;
};

/* The key directory for these inputs: hash of key_text. */
int ov_store_dir(const char *cache, const char *key_text, struct sb *dir, struct gw_err *e);

/* Writes files, then overlay.json mapping each key to its file. json_path
 * receives the overlay's absolute path. */
int ov_store_put(const char *dir, struct ov_file *files, size_t n, struct sb *json_path,
		 struct gw_err *e);

#endif
