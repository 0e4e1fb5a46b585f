/* elf.c — function names of an ELF64 little-endian file (linux/android
 * arm64 outputs), for per-package markers only.
 *
 * Promise: the same rules as the Mach-O readers: every offset and count
 * from the file goes through span.h; e_shnum is bounded by the bytes of the
 * section header table; a symbol's name offset must lie in its string
 * table; the .gopclntab reader is pclntab.c's. Names are handed to
 * want->on_name; no allocation is sized from the file. */
#include "compat.h"
#include <string.h>

#include "verify_int.h"

#define ELF_SHDR64 64u
#define ELF_SYM64 24u
#define SHT_SYMTAB 2u

static int shdr(struct vf_span s, uint64_t shoff, uint32_t i, uint32_t *name, uint32_t *type,
		uint64_t *off, uint64_t *size, uint32_t *link)
{
	uint64_t at = shoff + (uint64_t)i * ELF_SHDR64;
	return vf_get_u32le(s, at, name) || vf_get_u32le(s, at + 4, type) ||
	       vf_get_u64le(s, at + 0x18, off) || vf_get_u64le(s, at + 0x20, size) ||
	       vf_get_u32le(s, at + 0x28, link);
}

int vf_elf_names(struct vf_span s, struct vf_want *want, struct sb *err)
{
	uint64_t shoff, off, size, soff, ssize;
	uint32_t shentsize, shnum, shstrndx, name, type, link, d;
	struct vf_span shstr, sect, strs;

	if (s.len < 64 || memcmp(s.p, "\177ELF", 4) != 0) {
		sb_adds(err, "not an ELF file");
		return -1;
	}
	if (s.p[4] != 2 || s.p[5] != 1) {
		sb_adds(err, "only 64-bit little-endian ELF is read");
		return -1;
	}
	vf_get_u64le(s, 0x28, &shoff);
	vf_get_u16le(s, 0x3a, &shentsize);
	vf_get_u16le(s, 0x3c, &shnum);
	vf_get_u16le(s, 0x3e, &shstrndx);
	if (shentsize != ELF_SHDR64 || !vf_fits(s.len, shoff, (uint64_t)shnum * ELF_SHDR64) ||
	    shstrndx >= shnum) {
		sb_adds(err, "ELF section header table is malformed or outside the file");
		return -1;
	}
	if (shdr(s, shoff, shstrndx, &name, &type, &off, &size, &link) || vf_sub(s, off, size, &shstr)) {
		sb_adds(err, "ELF section name table outside the file");
		return -1;
	}
	for (uint32_t i = 0; i < shnum; i++) {
		const char *nm;
		size_t nl;
		if (shdr(s, shoff, i, &name, &type, &off, &size, &link) || vf_get_cstr(shstr, name, &nm, &nl))
			continue;
		if (type == 8 /* SHT_NOBITS */)
			continue;
		if (vf_sub(s, off, size, &sect)) {
			sb_addf(err, "ELF section %u lies outside the file", i);
			return -1;
		}
		if (type == SHT_SYMTAB) {
			if (link >= shnum || shdr(s, shoff, link, &d, &d, &soff, &ssize, &d) ||
			    vf_sub(s, soff, ssize, &strs)) {
				sb_adds(err, "ELF symbol table names a string table outside the file");
				return -1;
			}
			for (uint64_t k = 0; k + ELF_SYM64 <= size; k += ELF_SYM64) {
				uint32_t sn;
				const char *str;
				size_t n;
				int is_marker;
				vf_get_u32le(sect, k, &sn);
				if (sn && !vf_get_cstr(strs, sn, &str, &n))
					vf_want_name(want, str, n, &is_marker);
			}
		} else if (nl == 10 && memcmp(nm, ".gopclntab", 10) == 0) {
			if (vf_pclntab_scan(sect, want, err))
				return -1;
		}
	}
	return 0;
}
