/* elf.c — what an ELF file (linux/android outputs) says about its code:
 * every function name, the machine, and where Go's tables are.
 *
 * Promise: ELF of either class (32-, 64-bit) in either byte order (EI_DATA
 * 1 little, 2 big), as Go emits them: arm and 386 (32-bit LE), mips (32-bit
 * BE), mipsle, ppc64/s390x/mips64 (64-bit BE), ppc64le, mips64le, loong64,
 * riscv64, amd64, arm64. Every header field, section header and symbol is
 * read in the file's byte order, chosen once from e_ident. The same rules as
 * the Mach-O readers: every offset and count from the file goes through
 * span.h; e_shnum is bounded by the bytes of the section header table; a
 * symbol whose name lies outside its string table is skipped; the
 * .gopclntab reader is pclntab.c's (which tells its byte order from its own
 * magic). A file without section headers (or with extended numbering), or a
 * section whose name cannot be read, is refused rather than read as "no Go
 * code": whether it holds Go could not be told. Names are handed to
 * want->on_name; no allocation is sized from the file. */
#include "compat.h"
#include <string.h>

#include "verify_int.h"

#define ELF_EHDR32 52u
#define ELF_EHDR64 64u
#define SHT_SYMTAB 2u
#define SHT_NOBITS 8u

struct ehdr {
	int is64, be;
	uint64_t shoff;
	uint32_t shentsize, shnum, shstrndx;
};

struct shdr {
	uint32_t name, type, link;
	uint64_t off, size;
};

static int get_shdr(struct vf_span s, const struct ehdr *h, uint32_t i, struct shdr *o)
{
	uint64_t at = h->shoff + (uint64_t)i * h->shentsize;
	uint32_t off32, size32;
	int be = h->be;

	if (vf_get_u32bo(s, at, be, &o->name) || vf_get_u32bo(s, at + 4, be, &o->type))
		return -1;
	if (h->is64)
		return vf_get_u64bo(s, at + 0x18, be, &o->off) || vf_get_u64bo(s, at + 0x20, be, &o->size) ||
		       vf_get_u32bo(s, at + 0x28, be, &o->link);
	if (vf_get_u32bo(s, at + 0x10, be, &off32) || vf_get_u32bo(s, at + 0x14, be, &size32) ||
	    vf_get_u32bo(s, at + 0x18, be, &o->link))
		return -1;
	o->off = off32;
	o->size = size32;
	return 0;
}

/* The identification and the section header table's place. */
static int read_ehdr(struct vf_span s, struct ehdr *h, uint32_t *machine, struct sb *err)
{
	uint32_t off32;
	int be;

	if (s.len < 16 || memcmp(s.p, "\177ELF", 4) != 0) {
		sb_adds(err, "not an ELF file");
		return -1;
	}
	if (s.p[4] != 1 && s.p[4] != 2) {
		sb_addf(err, "ELF class %u is neither 32- nor 64-bit", s.p[4]);
		return -1;
	}
	if (s.p[5] != 1 && s.p[5] != 2) {
		sb_addf(err, "ELF byte order %u is neither little- nor big-endian", s.p[5]);
		return -1;
	}
	h->is64 = s.p[4] == 2;
	h->be = be = s.p[5] == 2;
	if (s.len < (h->is64 ? ELF_EHDR64 : ELF_EHDR32)) {
		sb_adds(err, "file too short for an ELF header");
		return -1;
	}
	/* The length check above covers every field read here. */
	vf_get_u16bo(s, 0x12, be, machine);
	if (h->is64) {
		vf_get_u64bo(s, 0x28, be, &h->shoff);
		vf_get_u16bo(s, 0x3a, be, &h->shentsize);
		vf_get_u16bo(s, 0x3c, be, &h->shnum);
		vf_get_u16bo(s, 0x3e, be, &h->shstrndx);
	} else {
		vf_get_u32bo(s, 0x20, be, &off32);
		h->shoff = off32;
		vf_get_u16bo(s, 0x2e, be, &h->shentsize);
		vf_get_u16bo(s, 0x30, be, &h->shnum);
		vf_get_u16bo(s, 0x32, be, &h->shstrndx);
	}
	if (h->shnum == 0) {
		sb_adds(err, "ELF file has no section headers (stripped of them, or extended numbering): "
			     "cannot tell whether it holds Go code");
		return -1;
	}
	if (h->shentsize != (h->is64 ? 64u : 40u) ||
	    !vf_fits(s.len, h->shoff, (uint64_t)h->shnum * h->shentsize) || h->shstrndx >= h->shnum) {
		sb_adds(err, "ELF section header table is malformed or outside the file");
		return -1;
	}
	return 0;
}

/* Every symbol's name in the symbol table sect, whose strings are section link. */
static int symtab(struct vf_span s, const struct ehdr *h, struct vf_span sect, uint32_t link,
		  struct vf_want *want, struct sb *err)
{
	uint64_t step = h->is64 ? 24 : 16;
	struct vf_span strs;
	struct shdr sh;

	if (link >= h->shnum || get_shdr(s, h, link, &sh) || vf_sub(s, sh.off, sh.size, &strs)) {
		sb_adds(err, "ELF symbol table names a string table outside the file");
		return -1;
	}
	for (uint64_t k = 0; k + step <= sect.len; k += step) {
		uint32_t sn = 0;
		const char *str;
		size_t n;
		int is_marker;
		vf_get_u32bo(sect, k, h->be, &sn);
		if (sn && !vf_get_cstr(strs, sn, &str, &n))
			vf_want_name(want, str, n, &is_marker);
	}
	return 0;
}

int vf_elf_read(struct vf_span s, struct vf_want *want, struct vf_elf *e, struct sb *err)
{
	struct ehdr h;
	struct shdr sh;
	struct vf_span shstr, sect, pcln = { NULL, 0 };
	int nsymtab = 0;

	memset(e, 0, sizeof *e);
	if (read_ehdr(s, &h, &e->machine, err))
		return -1;
	e->is64 = h.is64;
	e->be = h.be;
	if (get_shdr(s, &h, h.shstrndx, &sh) || vf_sub(s, sh.off, sh.size, &shstr)) {
		sb_adds(err, "ELF section name table outside the file");
		return -1;
	}
	for (uint32_t i = 0; i < h.shnum; i++) {
		const char *nm;
		size_t nl;
		/* A section whose name cannot be read could be .gopclntab: refused,
		 * so Go code is never taken for none. */
		if (get_shdr(s, &h, i, &sh) || vf_get_cstr(shstr, sh.name, &nm, &nl)) {
			sb_addf(err, "ELF section %u's name lies outside the section name table", i);
			return -1;
		}
		if (sh.type == SHT_NOBITS)
			continue;
		if (vf_sub(s, sh.off, sh.size, &sect)) {
			sb_addf(err, "ELF section %u lies outside the file", i);
			return -1;
		}
		if (sh.type == SHT_SYMTAB) {
			if (nsymtab++ || symtab(s, &h, sect, sh.link, want, err)) {
				if (nsymtab > 1)
					sb_adds(err, "ELF file has two symbol tables");
				return -1;
			}
		} else if (nl == 10 && memcmp(nm, ".gopclntab", 10) == 0) {
			if (e->has_pcln) {
				sb_adds(err, "ELF file has two .gopclntab sections");
				return -1;
			}
			pcln = sect;
			e->has_pcln = 1;
		} else if (nl == 13 && memcmp(nm, ".go.buildinfo", 13) == 0) {
			e->buildinfo = sect;
		}
	}
	if (want->found[0])
		e->found_in = VF_FOUND_SYMTAB;
	/* The function table after the symbols: a stripped file names its
	 * functions only there, and every name goes to on_name either way. */
	if (e->has_pcln) {
		int had = want->found[0] != 0;
		if (vf_pclntab_scan(pcln, want, err))
			return -1;
		if (want->found[0] && !had)
			e->found_in = VF_FOUND_PCLNTAB;
	}
	return 0;
}

int vf_elf_names(struct vf_span s, struct vf_want *want, struct sb *err)
{
	struct vf_elf e;
	return vf_elf_read(s, want, &e, err);
}
