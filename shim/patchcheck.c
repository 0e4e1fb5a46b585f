/* patchcheck.c — see patchcheck.h. */
#include "compat.h"
#include "patchcheck.h"
#include "exitcodes.h"
#include "strbuf.h"
#include "verify.h"

#include <stdlib.h>
#include <string.h>

/* The patch file whose id the symbol ends in ("state\tid\tfile" lines). */
static const char *patch_of(const struct gw_ovreply *ov, const char *symbol)
{
	const char *id = strstr(symbol, ".gowrapPatch");
	if (!id)
		return symbol;
	id += strlen(".gowrapPatch");
	for (size_t i = 0; i < ov->npatches; i++) {
		const char *t = strchr(ov->patches[i], '\t');
		size_t k = strlen(id);
		if (t && !strncmp(t + 1, id, k) && t[1 + k] == '\t')
			return t + 2 + k;
	}
	return symbol;
}

int shim_patch_check(const struct gw_ovreply *ov, const char *file, const char *fix, struct gw_err *e)
{
	if (!ov->npmarks)
		return 0;
	size_t n = ov->npmarks;
	struct vf_pmark *pm = gw_xcalloc(n, sizeof *pm);
	char **lines = gw_xcalloc(n, sizeof *lines);
	char ***files = gw_xcalloc(n, sizeof *files);
	/* "symbol\tsrc/a\tsrc/b": split in a copy; files point into it. */
	for (size_t i = 0; i < n; i++) {
		lines[i] = gw_xstrdup(ov->pmarks[i]);
		size_t nf = 0;
		for (const char *p = lines[i]; *p; p++)
			nf += *p == '\t';
		files[i] = gw_xcalloc(nf + 1, sizeof **files);
		char *p = strchr(lines[i], '\t');
		if (p)
			*p++ = '\0';
		pm[i].symbol = lines[i];
		pm[i].patch = patch_of(ov, lines[i]);
		while (p && *p) {
			char *t = strchr(p, '\t');
			if (t)
				*t++ = '\0';
			files[i][pm[i].nfiles++] = p;
			p = t;
		}
		pm[i].files = files[i];
	}
	struct sb why = SB_INIT;
	int r = vf_check_patches(file, pm, n, &why);
	if (r != 0)
		gw_err_set(e, GW_EXIT_VERIFY,
			   r == 1 ? "built output lacks a patch's marker" : "cannot read the built output",
			   fix, "%s", why.buf ? why.buf : file);
	sb_release(&why);
	for (size_t i = 0; i < n; i++) {
		free(lines[i]);
		free(files[i]);
	}
	free(lines);
	free(files);
	free(pm);
	return r ? -1 : 0;
}
