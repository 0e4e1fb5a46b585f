/* patches.c — `gowrap doctor`'s GOWRAP_PATCHES rows: every patch
 * file with its state for the toolchain in use (applies exactly, at an
 * offset, already in, skipped for another Go, refused and why), each file
 * section's offset and whether the patch was made for this file's blob.
 * Reads only: the set is applied in memory, nothing is written. */
#include "compat.h"
#include "doctor_parts.h"
#include "jsonw.h"
#include "pset.h"

#include <stdlib.h>
#include <string.h>

int doctor_patches(struct jw *w, struct sb *text, struct sb *problems, const char *goroot,
		   const char *goversion)
{
	const char *spec = getenv("GOWRAP_PATCHES");
	if (!spec || !*spec)
		return 0;
	struct pt_set s;
	struct gw_err e = { 0 };
	int bad = 0;
	jw_str(w, "patches_list", spec);
	jw_arr(w, "patches");
	if (pt_set_load(&s, spec, 1, &e) < 0 || pt_set_apply(&s, goroot, goversion, 1, &e) < 0) {
		char line[3200];
		gw_err_format(&e, line, sizeof line);
		sb_addf(problems, "%s; ", line);
		sb_addf(text, "    %s\n", line);
		bad = 1;
	}
	for (size_t i = 0; i < s.nitems; i++) {
		const struct pt_item *it = &s.items[i];
		char line[3200] = "";
		if (it->state == PP_REFUSED) {
			gw_err_format(&it->err, line, sizeof line);
			sb_addf(problems, "%s; ", line);
			bad = 1;
		}
		jw_obj(w, NULL);
		jw_str(w, "file", it->path);
		jw_str(w, "id", it->p.id[0] ? it->p.id : NULL);
		jw_str(w, "state", pt_pstate_name(it->state));
		jw_str(w, it->state == PP_REFUSED ? "error" : "note",
		       it->state == PP_REFUSED ? line : it->note.buf);
		jw_end(w);
		sb_addf(text, "    %s: %s%s%s\n", it->path, pt_pstate_name(it->state),
			line[0] || it->note.len ? ": " : "", line[0] ? line : it->note.buf);
	}
	jw_end(w);
	pt_set_free(&s);
	return bad ? -1 : 1;
}
