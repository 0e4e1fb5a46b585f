/* parse.c — pt_parse (patch.h): frame, libgit2, then gowrap's own rules on
 * the paths, which hold for both formats alike. */
#include "compat.h"
#include "patch_int.h"

#include <stdlib.h>
#include <string.h>

static const char fix_drop[] = "drop that file from the patch (GOWRAP_PATCHES patches Go's library sources)";

/* A GOROOT-relative path an overlay may replace: src/<something>, every
 * component a plain name (no "", ".", ".."), nothing of the toolchain's own
 * programs or of the files gowrap's internal/cpu overlay replaces. */
static int path_ok(const struct pt_patch *p, const struct pt_file *f, struct gw_err *e)
{
	const char *s = f->path;
	for (const char *c = s; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return pt_refuse(e, p->name, f->line_no, fix_drop,
					 "a file name holds a control byte (a tab, a newline)");
	for (const char *c = s; *c;) {
		size_t n = strcspn(c, "/");
		if (n == 0 || (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
			return pt_refuse(e, p->name, f->line_no, fix_drop,
					 "the path %s climbs out of GOROOT or is not clean (an empty, . or .. component)",
					 s);
		c += n;
		c += *c == '/';
	}
	if (s[0] == '/' || strncmp(s, "src/", 4) != 0 || !s[4])
		return pt_refuse(e, p->name, f->line_no, fix_drop,
				 "the path %s is outside GOROOT's src/ (write -p1 paths: a/src/..., b/src/...)", s);
	if (strncmp(s, "src/cmd/", 8) == 0)
		return pt_refuse(e, p->name, f->line_no, fix_drop,
				 "%s belongs to the toolchain's own programs, which go build never rebuilds "
				 "from source: an overlay cannot reach them", s);
	const char *dot = strrchr(s, '.');
	if (dot && !strchr(dot, '/') && (!strcmp(dot, ".h") || !strcmp(dot, ".hh") || !strcmp(dot, ".hpp") ||
					 !strcmp(dot, ".hxx")))
		return pt_refuse(e, p->name, f->line_no,
				 "put the definitions in the patched .s or .c file itself",
				 "%s is a header: the Go assembler opens #include files as named, in the "
				 "package's directory in GOROOT (cmd/go runs it there), so an overlay never "
				 "reaches a header it includes", s);
	if (strncmp(s, "src/internal/cpu/", 17) == 0)
		return pt_refuse(e, p->name, f->line_no, fix_drop,
				 "%s is in internal/cpu, whose files gowrap's own overlay replaces for the iOS "
				 "family; the two are not composed", s);
	return 0;
}

int pt_parse(const char *bytes, size_t n, const char *name, struct pt_patch *p, struct gw_err *e)
{
	memset(p, 0, sizeof *p);
	sb_init(&p->arena);
	p->name = gw_xstrdup(name);
	pt_patch_id(bytes, n, p->id);
	struct pt_frame f;
	int rc = pt_frame(bytes, n, name, &f, e);
	if (rc == 0)
		rc = pt_git_parse(&f, name, p, e);
	for (size_t i = 0; rc == 0 && i < p->nfiles; i++)
		rc = path_ok(p, &p->files[i], e);
	if (rc == 0) {
		p->versions = f.versions;
		p->nversions = f.nversions;
		f.versions = NULL;
		f.nversions = 0;
		p->no_final_newline = f.no_final_newline;
	}
	pt_frame_free(&f);
	return rc;
}

int pt_version_ok(const struct pt_patch *p, const char *goversion)
{
	return pt_versions_ok(p->versions, p->nversions, goversion);
}

void pt_patch_free(struct pt_patch *p)
{
	for (size_t i = 0; i < p->nfiles; i++) {
		free(p->files[i].path);
		free(p->files[i].hunks);
		free(p->files[i].lines);
	}
	free(p->files);
	free(p->name);
	sb_release(&p->arena);
	gw_strv_free(&p->versions, &p->nversions);
	memset(p, 0, sizeof *p);
}
