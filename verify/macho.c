/* macho.c — facts of one thin Mach-O (executable, dylib or MH_OBJECT).
 *
 * Promise: reads the header, walks load commands within sizeofcmds (each at
 * least 8 bytes, inside the table, count bounded by the table's size), takes
 * the platform from LC_BUILD_VERSION or LC_VERSION_MIN_*, finds __gopclntab
 * and __go_buildinfo by section name (any segment), and hands every
 * function name of the symbol table, then of the pclntab, to want.c: the
 * marker is the symbol table's when it is there, else the pclntab's; the
 * known copies' names are looked for in both. Little-endian files only. */
#include "compat.h"
#include <string.h>

#include "macho_format.h"
#include "verify_int.h"

struct mh {
	struct vf_span s;
	int is64;
	uint32_t ncmds, sizeofcmds, hdrsize;
	int have_symtab;
	int have_platform; /* from LC_BUILD_VERSION or LC_VERSION_MIN_* */
	uint32_t symoff, nsyms, stroff, strsize;
	int have_pcln, have_bi;
	uint64_t pcln_off, pcln_size, bi_off, bi_size;
	struct vf_addrmap map;
};

static int name16_is(const unsigned char *field, const char *want)
{
	size_t n = strlen(want);
	/* Names are 16 bytes and need no NUL when they fill the field. */
	if (n > NAME16 || memcmp(field, want, n) != 0)
		return 0;
	return n == NAME16 || field[n] == 0;
}

static int section(struct mh *m, struct vf_span sec, struct sb *err)
{
	uint64_t addr, size;
	uint32_t off, flags, a32, s32, type;

	if (m->is64) {
		if (vf_get_u64le(sec, 32, &addr) || vf_get_u64le(sec, 40, &size) ||
		    vf_get_u32le(sec, 48, &off) || vf_get_u32le(sec, 64, &flags))
			return -1;
	} else {
		if (vf_get_u32le(sec, 32, &a32) || vf_get_u32le(sec, 36, &s32) ||
		    vf_get_u32le(sec, 40, &off) || vf_get_u32le(sec, 56, &flags))
			return -1;
		addr = a32;
		size = s32;
	}
	type = flags & SECTION_TYPE;
	if (type == S_ZEROFILL || type == S_GB_ZEROFILL || type == S_THREAD_LOCAL_ZEROFILL)
		return 0; /* no file bytes */
	if (m->map.n < sizeof m->map.sect / sizeof m->map.sect[0] && size) {
		m->map.sect[m->map.n].addr = addr;
		m->map.sect[m->map.n].size = size;
		m->map.sect[m->map.n].off = off;
		m->map.n++;
	}
	if (name16_is(sec.p, GO_SECT_PCLNTAB) || name16_is(sec.p, GO_SECT_BUILDINFO)) {
		int pc = name16_is(sec.p, GO_SECT_PCLNTAB);
		if (!vf_fits(m->s.len, off, size)) {
			sb_addf(err, "section %s (offset %u, size %llu) extends past the end of the file",
				pc ? GO_SECT_PCLNTAB : GO_SECT_BUILDINFO, off, (unsigned long long)size);
			return -1;
		}
		if (pc && !m->have_pcln) {
			m->have_pcln = 1;
			m->pcln_off = off;
			m->pcln_size = size;
		} else if (!pc && !m->have_bi) {
			m->have_bi = 1;
			m->bi_off = off;
			m->bi_size = size;
		}
	}
	return 0;
}

static int segment(struct mh *m, struct vf_span lc, struct sb *err)
{
	uint32_t hdr = m->is64 ? SEGMENT_64_CMD_SIZE : SEGMENT_CMD_SIZE;
	uint32_t secsz = m->is64 ? SECTION_64_SIZE : SECTION_SIZE;
	uint32_t nsects, i;
	struct vf_span sec;

	if (lc.len < hdr || vf_get_u32le(lc, m->is64 ? 64 : 48, &nsects)) {
		sb_addf(err, "segment command too small (cmdsize %zu)", lc.len);
		return -1;
	}
	/* nsects is bounded by the bytes the command actually holds. */
	if (nsects > (lc.len - hdr) / secsz) {
		sb_addf(err, "segment claims %u sections but cmdsize %zu holds %zu", nsects,
			lc.len, (lc.len - hdr) / secsz);
		return -1;
	}
	for (i = 0; i < nsects; i++) {
		if (vf_sub(lc, hdr + (uint64_t)i * secsz, secsz, &sec) || section(m, sec, err)) {
			if (!err->len)
				sb_addf(err, "section %u unreadable", i);
			return -1;
		}
	}
	return 0;
}

/* LC_SYMTAB: where the symbol and string tables are; read by symtab(). */
static int symtab_cmd(struct mh *m, struct vf_span lc, struct sb *err)
{
	if (m->have_symtab) {
		sb_adds(err, "more than one LC_SYMTAB");
		return -1;
	}
	if (lc.len < SYMTAB_CMD_SIZE) {
		sb_addf(err, "LC_SYMTAB cmdsize %zu too small", lc.len);
		return -1;
	}
	vf_get_u32le(lc, 8, &m->symoff);
	vf_get_u32le(lc, 12, &m->nsyms);
	vf_get_u32le(lc, 16, &m->stroff);
	vf_get_u32le(lc, 20, &m->strsize);
	m->have_symtab = 1;
	return 0;
}

/* LC_VERSION_MIN_*: the platform of a file older than LC_BUILD_VERSION. */
static int version_min(struct mh *m, struct vf_obj *obj, uint32_t cmd, struct vf_span lc,
		       struct sb *err)
{
	/* Before LC_BUILD_VERSION, an Intel slice with an iPhoneOS/tvOS
	 * minimum was the simulator. */
	int intel = (obj->cputype & ~CPU_ARCH_ABI64) == CPU_TYPE_X86;

	if (lc.len < VERSION_MIN_CMD_SIZE) {
		sb_addf(err, "LC_VERSION_MIN cmdsize %zu too small", lc.len);
		return -1;
	}
	if (m->have_platform)
		return 0;
	if (cmd == LC_VERSION_MIN_MACOSX)
		obj->platform = PLATFORM_MACOS;
	else if (cmd == LC_VERSION_MIN_IPHONEOS)
		obj->platform = intel ? PLATFORM_IOSSIMULATOR : PLATFORM_IOS;
	else if (cmd == LC_VERSION_MIN_TVOS)
		obj->platform = intel ? PLATFORM_TVOSSIMULATOR : PLATFORM_TVOS;
	else
		obj->platform = intel ? PLATFORM_WATCHOSSIMULATOR : PLATFORM_WATCHOS;
	m->have_platform = 1;
	return 0;
}

/* One load command (number i, kind cmd, its bytes lc); unknown kinds pass. */
static int load_command(struct mh *m, struct vf_obj *obj, uint32_t i, uint32_t cmd, struct vf_span lc,
			struct sb *err)
{
	switch (cmd) {
	case LC_SEGMENT:
	case LC_SEGMENT_64:
		if ((cmd == LC_SEGMENT_64) != m->is64) {
			sb_addf(err, "load command %u: segment kind does not match the header", i);
			return -1;
		}
		return segment(m, lc, err);
	case LC_SYMTAB:
		return symtab_cmd(m, lc, err);
	case LC_BUILD_VERSION:
		if (lc.len < BUILD_VERSION_CMD_SIZE) {
			sb_addf(err, "LC_BUILD_VERSION cmdsize %zu too small", lc.len);
			return -1;
		}
		/* A zippered binary has two; the first names the primary platform. */
		if (!m->have_platform) {
			vf_get_u32le(lc, 8, &obj->platform);
			m->have_platform = 1;
		}
		return 0;
	case LC_VERSION_MIN_MACOSX:
	case LC_VERSION_MIN_IPHONEOS:
	case LC_VERSION_MIN_TVOS:
	case LC_VERSION_MIN_WATCHOS:
		return version_min(m, obj, cmd, lc, err);
	default:
		return 0;
	}
}

static int load_commands(struct mh *m, struct vf_obj *obj, struct sb *err)
{
	struct vf_span cmds, lc;
	uint64_t off = 0;
	uint32_t i, cmd, cmdsize;

	if (vf_sub(m->s, m->hdrsize, m->sizeofcmds, &cmds)) {
		sb_addf(err, "load commands (%u bytes) extend past the end of the file", m->sizeofcmds);
		return -1;
	}
	if (m->ncmds > m->sizeofcmds / LOAD_COMMAND_SIZE) {
		sb_addf(err, "%u load commands cannot fit in %u bytes", m->ncmds, m->sizeofcmds);
		return -1;
	}
	for (i = 0; i < m->ncmds; i++) {
		if (vf_get_u32le(cmds, off, &cmd) || vf_get_u32le(cmds, off + 4, &cmdsize)) {
			sb_addf(err, "load command %u is truncated", i);
			return -1;
		}
		if (cmdsize < LOAD_COMMAND_SIZE || vf_sub(cmds, off, cmdsize, &lc)) {
			sb_addf(err, "load command %u has cmdsize %u (must be >= 8 and inside sizeofcmds)",
				i, cmdsize);
			return -1;
		}
		if (load_command(m, obj, i, cmd, lc, err))
			return -1;
		off += cmdsize;
	}
	return 0;
}

static int symtab(struct mh *m, struct vf_want *want, struct sb *err)
{
	struct vf_span syms, strs;
	uint32_t entsz = m->is64 ? NLIST_64_SIZE : NLIST_SIZE;
	uint32_t i, strx = 0;
	const char *name;
	size_t n;
	int is_marker;

	if (vf_sub(m->s, m->stroff, m->strsize, &strs)) {
		sb_addf(err, "string table (offset %u, size %u) extends past the end of the file",
			m->stroff, m->strsize);
		return -1;
	}
	if (vf_sub(m->s, m->symoff, (uint64_t)m->nsyms * entsz, &syms)) {
		sb_addf(err, "symbol table (%u symbols at offset %u) extends past the end of the file",
			m->nsyms, m->symoff);
		return -1;
	}
	for (i = 0; i < m->nsyms; i++) {
		const unsigned char *e = syms.p + (size_t)i * entsz;
		uint8_t type = e[4];
		if (type & N_STAB || (type & N_TYPE) != N_SECT)
			continue;
		vf_get_u32le(syms, (uint64_t)i * entsz, &strx);
		if (strx >= m->strsize) {
			sb_addf(err, "symbol %u names string offset %u past the string table (%u bytes)",
				i, strx, m->strsize);
			return -1;
		}
		if (vf_get_cstr(strs, strx, &name, &n))
			continue; /* unterminated last string: not a usable name */
		/* C-level names carry a leading '_' in Mach-O. */
		if (n < 2 || name[0] != '_')
			continue;
		vf_want_name(want, name + 1, n - 1, &is_marker);
	}
	return 0;
}

int vf_macho_read(struct vf_span s, const struct vf_opts *o, struct vf_obj *obj, struct sb *err)
{
	struct mh m;
	struct vf_want want;
	uint32_t magic, v;

	memset(&m, 0, sizeof m);
	memset(obj, 0, sizeof *obj);
	m.s = s;
	if (vf_get_u32le(s, 0, &magic)) {
		sb_adds(err, "file too short for a Mach-O header");
		return -1;
	}
	if (magic == MH_CIGAM || magic == MH_CIGAM_64) {
		sb_adds(err, "big-endian Mach-O is not supported");
		return -1;
	}
	if (magic != MH_MAGIC && magic != MH_MAGIC_64) {
		sb_addf(err, "not a Mach-O file (magic 0x%08x)", magic);
		return -1;
	}
	m.is64 = magic == MH_MAGIC_64;
	m.hdrsize = m.is64 ? MH_HEADER_64_SIZE : MH_HEADER_SIZE;
	if (s.len < m.hdrsize) {
		sb_addf(err, "Mach-O header truncated (%zu of %u bytes)", s.len, m.hdrsize);
		return -1;
	}
	vf_get_u32le(s, 4, &obj->cputype);
	vf_get_u32le(s, 8, &v);
	obj->cpusubtype = v & CPU_SUBTYPE_MASK;
	vf_get_u32le(s, 16, &m.ncmds);
	vf_get_u32le(s, 20, &m.sizeofcmds);
	if (load_commands(&m, obj, err))
		return -1;

	obj->is_go = m.have_pcln || m.have_bi;
	vf_want_init(&want, o ? o->marker : NULL, o ? o->on_name : NULL, o ? o->on_name_ctx : NULL);
	vf_want_patches(&want, o);
	if (m.have_symtab && symtab(&m, &want, err))
		return -1;
	if (want.found[0])
		obj->found_in = VF_FOUND_SYMTAB;
	/* the pclntab too, marker found or not: a stripped slice names the
	 * copies' functions only there, and its file table is where patch
	 * markers are asked */
	if (m.have_pcln) {
		struct vf_span pcln;
		int had = want.found[0] != 0;
		vf_sub(s, m.pcln_off, m.pcln_size, &pcln);
		if (vf_pclntab_scan(pcln, &want, err))
			return -1;
		if (want.found[0] && !had)
			obj->found_in = VF_FOUND_PCLNTAB;
	}
	memcpy(obj->marker, want.found, sizeof obj->marker);
	memcpy(obj->pm, want.pm, sizeof obj->pm);
	obj->upstream = want.upstream;
	obj->copy_code = want.copy_code;
	obj->copy_fixed = want.copy_fixed;
	obj->copy_exempt = want.copy_exempt;
	obj->naliases = vf_want_aliases(&want, obj->aliases, &obj->aliases_overflow);
	if (m.have_bi) {
		struct vf_span bi;
		vf_sub(s, m.bi_off, m.bi_size, &bi);
		vf_buildinfo_version(s, bi, &m.map, obj->goversion, sizeof obj->goversion);
	}
	return 0;
}
