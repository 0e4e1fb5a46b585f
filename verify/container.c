/* container.c — from a file's bytes to per-architecture slices of facts.
 *
 * Promise: a file is a thin Mach-O, a fat file (FAT_MAGIC / FAT_MAGIC_64,
 * including lipo's hidden extra arm64 entries) or a Darwin ar archive, and a
 * fat slice may be a Mach-O or an archive; nothing nests deeper
 * (the shape fat -> archive -> member is fixed in code; there is no
 * recursion). Fat slices must lie inside the file, past the fat header,
 * aligned, without overlapping each other. Every archive member is read,
 * because Go's function symbols in go.o are local and __.SYMDEF lists only
 * external ones. Members are grouped by CPU type into one slice each; an
 * ELF file is elfslice.c's one slice. No verdict is given here (policy.c). */
#include "compat.h"
#include <stdlib.h>
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

#define MAX_FAT_ARCH 64   /* real files hold a handful; bounds the overlap check */
#define MAX_HIDDEN    4
#define MAX_ARCH_GROUPS 8

/* Say where inside the file a reader failed: "fat slice 1: archive member
 * 3: symbol table ...". */
static int prefix_err(struct sb *err, const char *where, uint64_t idx)
{
	struct sb t = SB_INIT;
	sb_addf(&t, "%s %llu: ", where, (unsigned long long)idx);
	sb_add(&t, err->buf, err->len);
	sb_reset(err);
	sb_add(err, t.buf, t.len);
	sb_release(&t);
	return -1;
}

/* Objects of one archive (or one thin file) grouped by CPU type. */
struct group {
	uint32_t cputype, cpusubtype;
	int any;
	struct vf_obj agg;
	uint32_t go_platform;    /* platform of a member holding Go code */
	uint32_t plat;           /* platform the other members agree on */
	int plat_conflict;
};

struct groups {
	struct group g[MAX_ARCH_GROUPS];
	size_t n;
};

static int add_obj(struct groups *gs, const struct vf_obj *o, struct sb *err)
{
	struct group *g = NULL;
	size_t i;

	for (i = 0; i < gs->n; i++)
		if (gs->g[i].cputype == o->cputype)
			g = &gs->g[i];
	if (!g) {
		if (gs->n == MAX_ARCH_GROUPS) {
			sb_addf(err, "more than %d CPU types in one archive", MAX_ARCH_GROUPS);
			return -1;
		}
		g = &gs->g[gs->n++];
		memset(g, 0, sizeof *g);
		g->cputype = o->cputype;
		g->cpusubtype = o->cpusubtype;
	}
	g->any = 1;
	g->agg.is_go |= o->is_go;
	g->agg.upstream |= o->upstream;
	g->agg.copy_code |= o->copy_code;
	g->agg.copy_fixed |= o->copy_fixed;
	g->agg.copy_exempt |= o->copy_exempt;
	g->agg.aliases_overflow |= o->aliases_overflow;
	vf_alias_merge(g->agg.aliases, &g->agg.naliases, &g->agg.aliases_overflow, o->aliases, o->naliases);
	for (i = 0; i < VF_MAX_PMARKS; i++)
		g->agg.pm[i] |= o->pm[i];
	if (!g->agg.goversion[0])
		memcpy(g->agg.goversion, o->goversion, sizeof o->goversion);
	/* Prefer a symbol-table hit; it names the function for certain. */
	if (o->marker[0] && (!g->agg.marker[0] ||
			     (g->agg.found_in == VF_FOUND_PCLNTAB && o->found_in == VF_FOUND_SYMTAB))) {
		memcpy(g->agg.marker, o->marker, sizeof o->marker);
		g->agg.found_in = o->found_in;
	}
	if (o->platform) {
		if (o->is_go && !g->go_platform)
			g->go_platform = o->platform;
		if (!g->plat)
			g->plat = o->platform;
		else if (g->plat != o->platform)
			g->plat_conflict = 1;
	}
	return 0;
}

static void emit(struct vf_input *in, struct groups *gs, uint32_t hint, int hidden)
{
	size_t i;
	for (i = 0; i < gs->n; i++) {
		struct group *g = &gs->g[i];
		struct vf_slice *s = vf_input_add_slice(in);
		s->cputype = g->cputype;
		s->cpusubtype = g->cpusubtype;
		/* The Go object's own platform wins (go.o of a Catalyst build says
		 * macCatalyst); else what the members agree on; else the bundle's
		 * directory name; else unknown. */
		if (g->go_platform)
			s->platform = g->go_platform;
		else if (g->plat && !g->plat_conflict)
			s->platform = g->plat;
		else
			s->platform = hint;
		s->is_go = g->agg.is_go;
		s->upstream = g->agg.upstream;
		s->deps_code = g->agg.copy_code;
		s->deps_fixed = g->agg.copy_fixed;
		s->deps_exempt = g->agg.copy_exempt;
		memcpy(s->aliases, g->agg.aliases, sizeof s->aliases);
		s->naliases = g->agg.naliases;
		s->aliases_overflow = g->agg.aliases_overflow;
		s->hidden = hidden;
		memcpy(s->goversion, g->agg.goversion, sizeof s->goversion);
		memcpy(s->marker, g->agg.marker, sizeof s->marker);
		s->found_in = g->agg.found_in;
		memcpy(s->pm, g->agg.pm, sizeof s->pm);
	}
}

/* Strict decimal: digits then only spaces, at least one digit, no overflow. */
static int ar_decimal(const unsigned char *f, size_t n, uint64_t *v)
{
	size_t i = 0;
	uint64_t x = 0;
	if (n == 0 || f[0] < '0' || f[0] > '9')
		return -1;
	for (; i < n && f[i] >= '0' && f[i] <= '9'; i++) {
		if (x > (UINT64_MAX - 9) / 10)
			return -1;
		x = x * 10 + (uint64_t)(f[i] - '0');
	}
	for (; i < n; i++)
		if (f[i] != ' ')
			return -1;
	*v = x;
	return 0;
}

static int scan_ar(struct vf_span s, const struct vf_opts *o, struct groups *gs, struct sb *err)
{
	uint64_t off = AR_MAGIC_LEN, size, nlen, nmembers = 0;
	struct vf_span hdr, data, body;
	struct vf_obj obj;

	/* Every turn advances by at least AR_HDR_SIZE, so this ends. */
	while (off < s.len) {
		int symdef;
		nmembers++;
		if (vf_sub(s, off, AR_HDR_SIZE, &hdr)) {
			sb_addf(err, "archive member header at offset %llu is truncated",
				(unsigned long long)off);
			return -1;
		}
		if (memcmp(hdr.p + AR_FMAG_OFF, AR_FMAG, 2) != 0) {
			sb_addf(err, "archive member header at offset %llu lacks its end marker",
				(unsigned long long)off);
			return -1;
		}
		if (ar_decimal(hdr.p + AR_SIZE_OFF, AR_SIZE_LEN, &size) ||
		    vf_sub(s, off + AR_HDR_SIZE, size, &data)) {
			sb_addf(err, "archive member at offset %llu has a bad or too large size field",
				(unsigned long long)off);
			return -1;
		}
		body = data;
		symdef = 0;
		if (memcmp(hdr.p, AR_BSD_LONGNAME, 3) == 0) {
			if (ar_decimal(hdr.p + 3, AR_NAME_LEN - 3, &nlen) || nlen > size) {
				sb_addf(err, "archive member at offset %llu has a bad #1/ name length",
					(unsigned long long)off);
				return -1;
			}
			vf_sub(data, nlen, size - nlen, &body);
			symdef = nlen >= 9 && memcmp(data.p, AR_SYMDEF_PREFIX, 9) == 0;
		} else {
			symdef = memcmp(hdr.p, AR_SYMDEF_PREFIX, 9) == 0 || hdr.p[0] == '/';
		}
		if (!symdef) {
			switch (vf_sniff(body)) {
			case VF_KIND_MACHO:
				if (vf_macho_read(body, o, &obj, err))
					return prefix_err(err, "archive member", nmembers);
				if (add_obj(gs, &obj, err))
					return -1;
				break;
			case VF_KIND_FAT:
				sb_addf(err, "archive member %llu is a fat file (nesting not allowed)",
					(unsigned long long)nmembers);
				return -1;
			case VF_KIND_AR:
				sb_addf(err, "archive member %llu is an archive (nesting not allowed)",
					(unsigned long long)nmembers);
				return -1;
			default:
				break; /* not an object: nothing to check */
			}
		}
		off += AR_HDR_SIZE + size;
		off += off & 1;
	}
	if (!gs->n) {
		sb_adds(err, "archive holds no Mach-O objects");
		return -1;
	}
	return 0;
}

/* A thin Mach-O or an archive, as a whole file or as one fat slice. */
static int scan_thin(struct vf_span s, enum vf_kind k, const struct vf_opts *o, struct groups *gs,
		     struct sb *err)
{
	struct vf_obj obj;
	if (k == VF_KIND_AR)
		return scan_ar(s, o, gs, err);
	if (vf_macho_read(s, o, &obj, err))
		return -1;
	return add_obj(gs, &obj, err);
}

struct fat_ent {
	uint32_t cputype, cpusubtype, align;
	uint64_t off, size;
	int hidden;
};

static int read_fat_ent(struct vf_span s, int is64, uint64_t at, struct fat_ent *e)
{
	uint32_t o32, s32;
	memset(e, 0, sizeof *e);
	if (vf_get_u32be(s, at, &e->cputype) || vf_get_u32be(s, at + 4, &e->cpusubtype))
		return -1;
	e->cpusubtype &= CPU_SUBTYPE_MASK;
	if (is64)
		return vf_get_u64be(s, at + 8, &e->off) || vf_get_u64be(s, at + 16, &e->size) ||
		       vf_get_u32be(s, at + 24, &e->align);
	if (vf_get_u32be(s, at + 8, &o32) || vf_get_u32be(s, at + 12, &s32) ||
	    vf_get_u32be(s, at + 16, &e->align))
		return -1;
	e->off = o32;
	e->size = s32;
	return 0;
}

static int check_fat_ent(struct vf_span s, const struct fat_ent *e, uint64_t hdr_end, size_t i,
			 struct sb *err)
{
	if (e->off < hdr_end) {
		sb_addf(err, "fat slice %zu starts inside the fat header (offset %llu)", i,
			(unsigned long long)e->off);
		return -1;
	}
	if (e->size == 0 || !vf_fits(s.len, e->off, e->size)) {
		sb_addf(err, "fat slice %zu (offset %llu, size %llu) is empty or past the end of the file",
			i, (unsigned long long)e->off, (unsigned long long)e->size);
		return -1;
	}
	if (e->align > FAT_MAX_ALIGN || e->off % ((uint64_t)1 << e->align)) {
		sb_addf(err, "fat slice %zu has alignment 2^%u that its offset does not meet", i,
			e->align);
		return -1;
	}
	return 0;
}

/* The fat header's entries, counted and hidden, each checked on its own:
 * ents gets up to MAX_FAT_ARCH + MAX_HIDDEN of them, *total says how many. */
static int fat_entries(struct vf_span s, struct fat_ent *ents, size_t *total, struct sb *err)
{
	uint32_t magic = 0, n, entsz;
	uint64_t hdr_end, first = UINT64_MAX;
	size_t i;
	int is64;

	vf_get_u32be(s, 0, &magic);
	if (vf_get_u32be(s, 4, &n)) {
		sb_adds(err, "fat header truncated");
		return -1;
	}
	is64 = magic == FAT_MAGIC_64;
	entsz = is64 ? FAT_ARCH_64_SIZE : FAT_ARCH_SIZE;
	if (!is64 && n >= FAT_JAVA_LIMIT) {
		sb_addf(err, "0xcafebabe with %u entries is not a fat Mach-O (a Java class?)", n);
		return -1;
	}
	if (n == 0 || n > MAX_FAT_ARCH) {
		sb_addf(err, "fat header claims %u slices (expected 1..%d)", n, MAX_FAT_ARCH);
		return -1;
	}
	hdr_end = FAT_HEADER_SIZE + (uint64_t)n * entsz;
	if (hdr_end > s.len) {
		sb_addf(err, "fat header claims %u slices but the file ends at %zu bytes", n, s.len);
		return -1;
	}
	for (i = 0; i < n; i++) {
		read_fat_ent(s, is64, FAT_HEADER_SIZE + i * entsz, &ents[i]);
		if (check_fat_ent(s, &ents[i], hdr_end, i, err))
			return -1;
		if (ents[i].off < first)
			first = ents[i].off;
	}
	*total = n;
	/* lipo -hideARM64 writes arm64 entries after nfat_arch; they lie
	 * between the counted entries and the first slice. */
	while (*total < n + MAX_HIDDEN) {
		struct fat_ent h;
		uint64_t at = FAT_HEADER_SIZE + *total * entsz;
		if (at + entsz > first || read_fat_ent(s, is64, at, &h) ||
		    h.cputype != CPU_TYPE_ARM64 || check_fat_ent(s, &h, at + entsz, *total, err)) {
			sb_reset(err);
			break;
		}
		h.hidden = 1;
		ents[(*total)++] = h;
	}
	return 0;
}

/* No two slices share bytes or an architecture. */
static int fat_disjoint(const struct fat_ent *ents, size_t total, struct sb *err)
{
	size_t i, j;

	for (i = 0; i < total; i++)
		for (j = i + 1; j < total; j++) {
			if (ents[i].off < ents[j].off + ents[j].size &&
			    ents[j].off < ents[i].off + ents[i].size) {
				sb_addf(err, "fat slices %zu and %zu overlap", i, j);
				return -1;
			}
			if (ents[i].cputype == ents[j].cputype &&
			    ents[i].cpusubtype == ents[j].cpusubtype) {
				sb_addf(err, "fat slices %zu and %zu have the same architecture", i, j);
				return -1;
			}
		}
	return 0;
}

/* Fat slice i (entry e): a thin Mach-O or an archive of e's CPU type. */
static int fat_slice(struct vf_input *in, struct vf_span s, const struct fat_ent *e, size_t i,
		     uint32_t hint, const struct vf_opts *o, struct sb *err)
{
	struct vf_span sl;
	struct groups gs;
	enum vf_kind k;
	size_t g;

	vf_sub(s, e->off, e->size, &sl);
	k = vf_sniff(sl);
	if (k == VF_KIND_FAT) {
		sb_addf(err, "fat slice %zu is itself a fat file (nesting not allowed)", i);
		return -1;
	}
	if (k == VF_KIND_OTHER) {
		sb_addf(err, "fat slice %zu is neither Mach-O nor an archive", i);
		return -1;
	}
	memset(&gs, 0, sizeof gs);
	if (scan_thin(sl, k, o, &gs, err))
		return prefix_err(err, "fat slice", i);
	for (g = 0; g < gs.n; g++)
		if (gs.g[g].cputype != e->cputype) {
			sb_addf(err, "fat slice %zu holds CPU type 0x%x, its entry says 0x%x", i,
				gs.g[g].cputype, e->cputype);
			return -1;
		}
	emit(in, &gs, hint, e->hidden);
	return 0;
}

static int scan_fat(struct vf_input *in, struct vf_span s, uint32_t hint, const struct vf_opts *o,
		    struct sb *err)
{
	struct fat_ent ents[MAX_FAT_ARCH + MAX_HIDDEN];
	size_t i, total;

	if (fat_entries(s, ents, &total, err) || fat_disjoint(ents, total, err))
		return -1;
	for (i = 0; i < total; i++)
		if (fat_slice(in, s, &ents[i], i, hint, o, err))
			return -1;
	return 0;
}

int vf_read_buffer(struct vf_input *in, const void *data, size_t len, uint32_t hint,
		   const struct vf_opts *o)
{
	struct vf_span s = { data, len };
	struct sb err = SB_INIT;
	struct groups gs;
	enum vf_kind k = vf_sniff(s);
	int rc;

	memset(&gs, 0, sizeof gs);
	if (k == VF_KIND_FAT) {
		rc = scan_fat(in, s, hint, o, &err);
	} else if (k == VF_KIND_OTHER && vf_is_elf(s)) {
		rc = vf_read_elf(in, s, hint, NULL, o, &err);
	} else if (k == VF_KIND_OTHER) {
		sb_adds(&err, len < 8 ? "file too short to be Mach-O, ELF, fat or an archive"
			      : len >= 4 && !memcmp(data, "PK\3\4", 4)
				      ? "a zip archive (.aar, .apk): only symcheck reads these"
				      : "not a Mach-O, ELF, fat or archive file");
		rc = -1;
	} else {
		rc = scan_thin(s, k, o, &gs, &err);
		if (!rc)
			emit(in, &gs, hint, 0);
	}
	if (rc) {
		/* One bad slice makes the file unreadable as a whole: drop partial
		 * results so a verdict never rests on half a file. */
		in->nslices = 0;
		free(in->error);
		in->error = sb_detach(&err);
		return -1;
	}
	sb_release(&err);
	return 0;
}
