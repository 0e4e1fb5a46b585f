/* merge.c — see merge.h. */
#include "merge.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "sha256.h"
#include "workdir.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *absclean(const char *dir, const char *p)
{
	struct sb s = SB_INIT;
	shim_abs_path(&s, dir, p);
	shim_clean_path(s.buf);
	s.len = strlen(s.buf);
	return sb_detach(&s);
}

/* The Replace object of an overlay file, or NULL with e set. *doc owns it. */
static const cJSON *load_replace(const char *path, const char *shown, int caller,
				 cJSON **doc, struct gw_err *e)
{
	struct sb b = SB_INIT;
	*doc = NULL;
	if (sb_read_file(&b, path, 64u << 20) < 0) {
		int err = errno;
		sb_release(&b);
		if (!caller)
			return gw_err_set(e, GW_EXIT_INTERNAL, "cannot read gowrap's overlay",
					  "remove the gowrap cache directory and retry", "%s: %s", path,
					  strerror(err)), NULL;
		return gw_err_set(e, GW_EXIT_USER_OVERLAY, "cannot read your -overlay file",
				  "fix the -overlay path (relative paths are resolved against the go command's directory)",
				  "%s: %s", shown, strerror(err)), NULL;
	}
	*doc = cJSON_ParseWithLength(b.buf, b.len);
	sb_release(&b);
	const char *why = NULL;
	const cJSON *r = NULL;
	if (!cJSON_IsObject(*doc)) {
		why = "not a JSON object";
	} else {
		/* encoding/json matches field names case-insensitively, as cJSON does. */
		r = cJSON_GetObjectItem(*doc, "Replace");
		if (r && cJSON_IsNull(r))
			r = NULL;
		if (r && !cJSON_IsObject(r)) {
			why = "\"Replace\" is not an object";
		} else {
			const cJSON *it;
			cJSON_ArrayForEach(it, r)
				if (!cJSON_IsString(it) && !cJSON_IsNull(it))
					why = "a \"Replace\" value is not a string";
		}
	}
	if (why) {
		cJSON_Delete(*doc);
		*doc = NULL;
		return gw_err_set(e, caller ? GW_EXIT_USER_OVERLAY_JSON : GW_EXIT_INTERNAL,
				  caller ? "your -overlay file is not overlay JSON" : "gowrap's overlay is damaged",
				  caller ? "write {\"Replace\":{\"<path>\":\"<replacement>\"}} as `go help build` describes"
					 : "remove the gowrap cache directory and retry",
				  "%s: %s", shown, why), NULL;
	}
	return r ? r : cJSON_GetObjectItem(*doc, "Replace");
}

int shim_merge(const char *cache, const char *ours, const char *theirs, const char *effdir,
	       struct sb *out, struct gw_err *e)
{
	char *theirs_abs = absclean(effdir, theirs);
	cJSON *td = NULL, *od = NULL, *merged = NULL;
	int rc = -1;
	const cJSON *tr = load_replace(theirs_abs, theirs, 1, &td, e);
	if (!td)
		goto done;
	const cJSON *or = load_replace(ours, ours, 0, &od, e);
	if (!od)
		goto done;
	merged = cJSON_CreateObject();
	cJSON *rep = cJSON_AddObjectToObject(merged, "Replace");
	const cJSON *it;
	cJSON_ArrayForEach(it, tr) {
		if (!it->string[0])
			continue; /* go rejects an empty key itself; keep its message */
		char *k = absclean(effdir, it->string);
		const char *val = cJSON_IsString(it) ? it->valuestring : "";
		char *v = val[0] ? absclean(effdir, val) : gw_xstrdup("");
		/* Duplicate keys: the later one wins, as in Go's map decoding. */
		cJSON_DeleteItemFromObjectCaseSensitive(rep, k);
		cJSON_AddStringToObject(rep, k, v);
		free(k);
		free(v);
	}
	cJSON_ArrayForEach(it, or) {
		if (cJSON_GetObjectItemCaseSensitive(rep, it->string)) {
			gw_err_set(e, GW_EXIT_OVERLAY_CONFLICT, "overlay conflict",
				   "drop that entry from your overlay, or build without the shim (GOWRAP_GO=... go ...)",
				   "%s is replaced both by your overlay %s and by gowrap's %s",
				   it->string, theirs_abs, ours);
			goto done;
		}
		cJSON_AddStringToObject(rep, it->string, cJSON_IsString(it) ? it->valuestring : "");
	}
	char *text = cJSON_PrintUnformatted(merged);
	if (!text) {
		gw_err_set(e, GW_EXIT_INTERNAL, "cannot merge overlays", "free memory and retry", "out of memory");
		goto done;
	}
	size_t n = strlen(text);
	char hex[65];
	shim_sha256_hex(text, n, hex);
	struct sb dir = SB_INIT;
	gw_path_join(&dir, cache, "merged");
	gw_path_join(out, dir.buf, hex);
	sb_adds(out, ".json");
	struct stat st;
	/* Content-addressed: an existing file of the right size has these bytes. */
	if (stat(out->buf, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == n)
		rc = 0;
	else if (gw_mkdirs(dir.buf, 0700, e) == 0 && gw_write_atomic(out->buf, text, n, 0644, e) == 0)
		rc = 0;
	sb_release(&dir);
	cJSON_free(text);
done:
	free(theirs_abs);
	cJSON_Delete(td);
	cJSON_Delete(od);
	cJSON_Delete(merged);
	return rc;
}
