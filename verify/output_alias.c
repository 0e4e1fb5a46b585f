/* output_alias.c — a known copy's code under another path, in symcheck's
 * output (output.c writes the rest of the line and JSON).
 *
 * Promise: an alias whose fix is asked (policy.c's VF_AL_WANT) is listed
 * after the known copies: its own path (vendored) or its path and the copy
 * whose code it holds (`P (code of K)`); in --json a "deps" entry whose
 * "package" is its path, with "copy_of" and "attributed" ("vendor",
 * "code"). What symcheck cannot attribute (VF_AL_UNDECIDED, the overflow)
 * is `; undecided: ...` and "undecided": [{"package", "shaped_like"}], a
 * cause only when --strict failed it. Output only reads results. */
#include "compat.h"
#include <string.h>

#include "jsonw.h"
#include "marker.h"
#include "verify_int.h"

#define OVERFLOW_WORDS "more packages shaped like known copies, or longer paths, than symcheck follows"
#define SHIM_FIX "build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0)"

int vf_alias_shown(const struct vf_slice *s)
{
	for (unsigned k = 0; k < s->naliases; k++)
		if (s->aliases[k].flags & (VF_AL_WANT | VF_AL_UNDECIDED))
			return 1;
	return s->undecided != 0;
}

static void alias_name(struct sb *out, const struct vf_alias *a)
{
	sb_adds(out, a->path);
	if (a->how == VF_ALIAS_CODE)
		sb_addf(out, " (code of %s)", vf_known_copies[a->copy].path);
}

void vf_alias_text(struct sb *out, const struct vf_slice *s, const char **sep)
{
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		if (!(a->flags & VF_AL_WANT))
			continue;
		sb_adds(out, *sep);
		alias_name(out, a);
		sb_adds(out, a->flags & VF_AL_FIXED ? " fixed" : " NOT fixed");
		*sep = ", ";
	}
}

void vf_undecided_text(struct sb *out, const struct vf_slice *s)
{
	const char *sep = "; undecided: ";
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		if (!(a->flags & VF_AL_UNDECIDED))
			continue;
		sb_addf(out, "%s%s (shaped like %s)", sep, a->path, vf_known_copies[a->copy].path);
		sep = ", ";
	}
	if (s->undecided && s->aliases_overflow)
		sb_addf(out, "%s%s", sep, OVERFLOW_WORDS);
}

void vf_alias_json(struct jw *w, const struct vf_slice *s)
{
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		if (!(a->flags & VF_AL_WANT))
			continue;
		jw_obj(w, NULL);
		jw_str(w, "package", a->path);
		jw_bool(w, "fixed", (a->flags & VF_AL_FIXED) != 0);
		jw_str(w, "copy_of", vf_known_copies[a->copy].path);
		jw_str(w, "attributed", a->how == VF_ALIAS_VENDOR ? "vendor" : "code");
		jw_end(w);
	}
}

void vf_undecided_json(struct jw *w, const struct vf_slice *s)
{
	if (!s->undecided)
		return;
	jw_arr(w, "undecided");
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		if (!(a->flags & VF_AL_UNDECIDED))
			continue;
		jw_obj(w, NULL);
		jw_str(w, "package", a->path);
		jw_str(w, "shaped_like", vf_known_copies[a->copy].path);
		jw_end(w);
	}
	if (s->aliases_overflow) {
		jw_obj(w, NULL);
		jw_str(w, "package", NULL);
		jw_str(w, "shaped_like", OVERFLOW_WORDS);
		jw_end(w);
	}
	jw_end(w);
}

/* Does an unfixed alias get a clause of its own (its copy has a why, or is
 * asked by its module's version here) rather than the family's sentence? */
static int own_clause(const struct vf_slice *s, const struct vf_copy *c)
{
	return c->why || (s->elf && c->right_from && !(c->families & VF_COPY_LINUX));
}

int vf_alias_paths(struct sb *out, const struct vf_slice *s, const char *sep)
{
	int n = 0;
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		if (!(a->flags & VF_AL_WANT) || (a->flags & VF_AL_FIXED) || own_clause(s, &vf_known_copies[a->copy]))
			continue;
		sb_adds(out, n++ ? ", " : sep);
		alias_name(out, a);
	}
	return n;
}

void vf_alias_own_why(struct sb *out, const struct vf_slice *s, const char **sep)
{
	for (unsigned k = 0; k < s->naliases; k++) {
		const struct vf_alias *a = &s->aliases[k];
		const struct vf_copy *c = &vf_known_copies[a->copy];
		const struct vf_shape *sh = vf_shape_of(a->copy);
		if (!(a->flags & VF_AL_WANT) || (a->flags & VF_AL_FIXED) || !own_clause(s, c))
			continue;
		sb_addf(out, "%s%s: ", *sep, a->path);
		if (c->why)
			sb_addf(out, "%s; " SHIM_FIX, c->why);
		else
			sb_addf(out, "%s's code under another path without gowrap's dependency fix (no "
				     GW_MARKER_FUNC "V... marker); no module version is read under another path, and "
				     "%s.%s, which links where its own detection runs on android arm64, is not here; "
				     SHIM_FIX, c->path, a->path, sh && sh->android_exempt ? sh->android_exempt : "?");
		*sep = "; ";
	}
}

int vf_undecided_cause(struct sb *out, const struct vf_slice *s, const char *sep)
{
	if (s->undecided != 2)
		return 0;
	sb_addf(out, "%scode shaped like a known copy that symcheck cannot attribute, without gowrap's "
		     "dependency fix (--strict fails it): ", sep);
	struct sb list = SB_INIT;
	vf_undecided_text(&list, s);
	sb_adds(out, list.buf + strlen("; undecided: "));
	sb_release(&list);
	sb_adds(out, "; " SHIM_FIX ", or check the package's code by hand");
	return 1;
}
