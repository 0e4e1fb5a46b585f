/* pclntab.c — find functions by name in Go's pclntab (Go 1.16 .. 1.27).
 *
 * Promise: validates the header (magic, zero pad, ptrSize 4/8, table offsets
 * ordered and inside the section, nfunc bounded by the function table's
 * bytes), then visits every functab entry's name once. Names are read only
 * from funcnametab, each bounded by the table's end; with patch markers
 * asked, every file-table name goes to vf_want_file. Stripping a binary
 * (-ldflags=-s, strip) leaves this section intact, which is why the marker
 * can still be found here. The linker writes the table in the target's byte
 * order (big-endian on ppc64, s390x, mips, mips64), its magic included, so
 * the magic read either way tells the order of every later word, as
 * debug/gosym does. Layouts: debug/gosym/pclntab.go. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

/* An inlined function keeps its name in funcnametab (the inline tree refers
 * to it) without a functab entry; look for it as a whole NUL-delimited name.
 * memmem on the whole name, not memchr on its first byte: most names start
 * with a byte these names start with ('i', 'g'), and every slice is asked
 * (bench/symcheck_cpu.sh). */
static int nametab_has(struct vf_span tab, const char *name)
{
	size_t n = strlen(name);
	const unsigned char *p = tab.p, *end = tab.p + tab.len;

	while (n && p < end && (size_t)(end - p) >= n) {
		const unsigned char *hit = gw_memmem(p, (size_t)(end - p), name, n);
		if (!hit)
			return 0;
		if ((hit == tab.p || hit[-1] == 0) && ((size_t)(end - hit) == n || hit[n] == 0))
			return 1;
		p = hit + 1;
	}
	return 0;
}

/* The header's facts the walks need. */
struct pcln {
	int old;          /* Go 1.16 layout */
	int be;           /* big-endian words */
	unsigned ptr;     /* pointer size */
	uint64_t nfunc, funcname, cu, filetab, pctab, pcln;
};

/* Magic, padding, sizes and the table offsets, in order inside pc. */
static int known_magic(uint32_t m)
{
	return m == GO_PCLN_MAGIC_116 || m == GO_PCLN_MAGIC_118 || m == GO_PCLN_MAGIC_120;
}

static int pcln_header(struct vf_span pc, struct pcln *h, struct sb *err)
{
	uint32_t magic, bemagic;
	unsigned minlc, nwords;
	uint64_t w[8], i;

	if (vf_get_u32le(pc, 0, &magic) || vf_get_u32be(pc, 0, &bemagic) || pc.len < GO_PCLN_HDR_FIXED) {
		sb_addf(err, "pclntab too short (%zu bytes)", pc.len);
		return -1;
	}
	/* No magic reads as another's byte-swapped, so one order matches. */
	h->be = !known_magic(magic) && known_magic(bemagic);
	if (h->be)
		magic = bemagic;
	if (!known_magic(magic)) {
		sb_addf(err, "pclntab magic 0x%08x is not a Go 1.16-1.27 layout", magic);
		return -1;
	}
	h->old = magic == GO_PCLN_MAGIC_116;
	minlc = pc.p[6];
	h->ptr = pc.p[7];
	if (pc.p[4] || pc.p[5] || (h->ptr != 4 && h->ptr != 8) || (minlc != 1 && minlc != 2 && minlc != 4)) {
		sb_adds(err, "pclntab header has bad padding, pointer size or instruction size");
		return -1;
	}
	/* 1.16: nfunc nfiles funcname cu filetab pctab pcln; 1.18+ adds textStart
	 * after nfiles. */
	nwords = h->old ? 7 : 8;
	for (i = 0; i < nwords; i++)
		if (vf_get_word(pc, GO_PCLN_HDR_FIXED + i * h->ptr, h->ptr, h->be, &w[i])) {
			sb_adds(err, "pclntab header truncated");
			return -1;
		}
	h->nfunc = w[0];
	h->funcname = w[h->old ? 2 : 3];
	h->cu = w[h->old ? 3 : 4];
	h->filetab = w[h->old ? 4 : 5];
	h->pctab = w[h->old ? 5 : 6];
	h->pcln = w[h->old ? 6 : 7];
	if (!(GO_PCLN_HDR_FIXED + (uint64_t)nwords * h->ptr <= h->funcname && h->funcname <= h->cu &&
	      h->cu <= h->filetab && h->filetab <= h->pctab && h->pctab <= h->pcln && h->pcln <= pc.len)) {
		sb_adds(err, "pclntab table offsets out of order or past the section end");
		return -1;
	}
	return 0;
}

static int nametab_has_ctx(const void *ctx, const char *name)
{
	return nametab_has(*(const struct vf_span *)ctx, name);
}

/* Every name of the file table (filetab: NUL-terminated names, from Go
 * 1.16; the compilation units' tables point into it) to want. The header
 * check put [filetab, pctab) inside the section; an unterminated last name
 * ends at the table's end. */
static void file_names(struct vf_span pc, const struct pcln *h, struct vf_want *want)
{
	const char *p = (const char *)pc.p + h->filetab, *end = (const char *)pc.p + h->pctab;
	while (p < end) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		if (n)
			vf_want_file(want, p, n);
		p += n + 1;
	}
}

int vf_pclntab_scan(struct vf_span pc, struct vf_want *want, struct sb *err)
{
	uint32_t v;
	unsigned fieldsz;
	uint64_t nameoff_at, tabsz, i;
	struct vf_span names, functab;
	struct pcln h;
	int is_marker;

	if (pcln_header(pc, &h, err))
		return -1;
	vf_sub(pc, h.funcname, h.cu - h.funcname, &names);
	/* functab: nfunc pairs plus the end entry. Field size is a pointer
	 * before 1.18, a uint32 offset from 1.18. */
	fieldsz = h.old ? h.ptr : 4;
	if (h.nfunc > (pc.len - h.pcln) / (2u * fieldsz)) {
		sb_addf(err, "pclntab claims %llu functions, more than its function table holds",
			(unsigned long long)h.nfunc);
		return -1;
	}
	tabsz = (h.nfunc * 2 + 1) * fieldsz;
	if (vf_sub(pc, h.pcln, tabsz, &functab)) {
		sb_adds(err, "pclntab function table extends past the section end");
		return -1;
	}
	nameoff_at = h.old ? h.ptr : 4; /* _func: entry (uintptr | uint32), then nameOff */
	for (i = 0; i < h.nfunc; i++) {
		uint64_t funcoff;
		const char *name;
		size_t n;
		if (vf_get_word(functab, (2 * i + 1) * fieldsz, fieldsz, h.be, &funcoff) ||
		    funcoff > pc.len || vf_get_u32bo(pc, h.pcln + funcoff + nameoff_at, h.be, &v)) {
			sb_addf(err, "pclntab function %llu points outside the section",
				(unsigned long long)i);
			return -1;
		}
		if ((int32_t)v < 0 || vf_get_cstr(names, v, &name, &n)) {
			sb_addf(err, "pclntab function %llu has name offset %d outside funcnametab",
				(unsigned long long)i, (int32_t)v);
			return -1;
		}
		vf_want_name(want, name, n, &is_marker);
	}
	if (want->npmarks)
		file_names(pc, &h, want);
	vf_want_inlined(want, nametab_has_ctx, &names);
	if (!want->found[0] && !want->upstream && !want->no_upstream)
		for (i = 0; vf_upstream_funcs[i]; i++)
			if (nametab_has(names, vf_upstream_funcs[i]))
				want->upstream = 1;
	return 0;
}
