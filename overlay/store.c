/* store.c — see store.h. */
#include "compat.h"
#include "store.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "jsonw.h"
#include "gitobj.h"
#include "trust.h"

#include <stdlib.h>
#include <string.h>

int ov_store_dir(const char *cache, const char *key_text, struct sb *dir, struct gw_err *e)
{
	char id[41];
	/* A git blob hash is enough for addressing: the name only has to tell
	 * inputs apart. What protects the content is common/trust.c (the cache is
	 * the caller's alone) and the byte comparison before a cached file is
	 * reused, not the strength of this hash. libgit2 already computes it. */
	if (ov_blob_id(key_text, strlen(key_text), id, e) < 0)
		return -1;
	sb_reset(dir);
	gw_path_join(dir, cache, "overlay");
	sb_addc(dir, '/');
	sb_adds(dir, id);
	return 0;
}

/* Write only when the bytes differ: a warm call then touches nothing, and the
 * mtime of a file Go already hashed never moves. A file that is not ours
 * alone is refused (trust.h), never trusted for its bytes. */
static int put_file(const char *path, const struct sb *content, struct gw_err *e)
{
	struct sb cur = SB_INIT;
	int r = gw_read_trusted(path, 16u << 20, &cur, e);
	int same = r == 0 && cur.len == content->len &&
		   memcmp(cur.buf, content->buf, content->len) == 0;
	sb_release(&cur);
	if (r < 0)
		return -1;
	if (same)
		return 0;
	return gw_write_atomic(path, content->buf, content->len, 0600, e);
}

/* The key directory and overlay/ above it are ours alone. */
static int trust_dirs(const char *dir, struct gw_err *e)
{
	struct sb parent = SB_INIT;
	sb_adds(&parent, dir);
	char *slash = strrchr(parent.buf, '/');
	if (slash && slash != parent.buf)
		*slash = '\0';
	int rc = gw_trust_subdir(parent.buf, e) < 0 || gw_trust_subdir(dir, e) < 0 ? -1 : 0;
	sb_release(&parent);
	return rc;
}

int ov_store_put(const char *dir, struct ov_file *files, size_t n, struct sb *json_path,
		 struct gw_err *e)
{
	if (gw_mkdirs(dir, 0700, e) < 0 || trust_dirs(dir, e) < 0)
		return -1;
	struct sb json = SB_INIT, path = SB_INIT;
	struct jw w;
	jw_init(&w, &json, 0);
	jw_obj(&w, NULL);
	jw_obj(&w, "Replace");
	for (size_t i = 0; i < n; i++) {
		sb_reset(&path);
		gw_path_join(&path, dir, files[i].name);
		if (put_file(path.buf, &files[i].content, e) < 0)
			goto fail;
		jw_str(&w, files[i].key, path.buf);
	}
	jw_end(&w);
	jw_end(&w);
	sb_addc(&json, '\n');
	sb_reset(&path);
	gw_path_join(&path, dir, "overlay.json");
	if (put_file(path.buf, &json, e) < 0)
		goto fail;
	sb_reset(json_path);
	sb_adds(json_path, path.buf);
	sb_release(&json);
	sb_release(&path);
	return 0;
fail:
	sb_release(&json);
	sb_release(&path);
	return -1;
}
