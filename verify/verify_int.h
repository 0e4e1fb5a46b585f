/* verify_int.h — how the files inside verify/ talk to each other.
 *
 * Promise: internal only (never included outside verify/). Three layers in
 * this order, a file using only its own layer and the ones before it
 * (results.h and span.h under all), for Mach-O and ELF alike —
 * tests/layout.bats checks the file graph:
 *   readers turn bytes into facts and never judge them: sniff.c (what a file
 *     is), want.c (which names are looked for), macho.c (one thin Mach-O into
 *     a vf_obj), pclntab.c, buildinfo.c, elf.c (an ELF file's names into a
 *     vf_elf), elfslice.c (an ELF file as one slice), container.c (fat and ar
 *     into slices), walk.c (paths and bundles into inputs);
 *   policy.c decides what each slice must show (expected, ok, the copies'
 *     fixes, the variant);
 *   output.c writes results (text, JSON, the one-line failure).
 * check.c joins them (vf_scan_path, vf_scan_buffer, vf_check_output), and
 * so do zipin.c for symcheck's .aar/.apk inputs and names.c for the
 * per-package markers. Every reader returns 0 or -1 after writing a
 * one-line reason into its struct sb *err. */
#ifndef GOWRAP_VERIFY_INT_H
#define GOWRAP_VERIFY_INT_H

#include <string.h>

#include "jsonw.h"
#include "results.h"
#include "span.h"
#include "strbuf.h"
#include "verify.h"

/* --- readers ------------------------------------------------------------ */

/* sniff.c: what a file's first bytes say it is (too short = other). */
enum vf_kind { VF_KIND_OTHER, VF_KIND_MACHO, VF_KIND_FAT, VF_KIND_AR };
enum vf_kind vf_sniff(struct vf_span s);
int vf_is_elf(struct vf_span s);
/* Does path start like a zip archive (zipin.c reads it; libc only here)? */
int vf_is_zip_file(const char *path);

/* want.c: function names whose presence proves internal/cpu reads sysctl on
 * this slice: upstream's detection (golang/go@8058a577), compiled only where
 * cpu_darwin.go / cpu_arm64_darwin.go build. Stock Go ≤ 1.27 never builds
 * them for ios or for darwin with the ios tag. */
extern const char *const vf_upstream_funcs[];

/* alias.c: a package under another path than a known copy's that may be
 * that copy (vendored, or holding its shape's names, marker or exempting
 * function). */
#define VF_MAX_CANDS 32
enum { SFX_SHAPE, SFX_EXEMPT, SFX_AEXEMPT, SFX_FIXED, SFX_KINDS };
struct vf_cand {
	char path[VF_ALIAS_PATH];
	size_t plen;
	unsigned char vendored; /* 1 + the copy its `/vendor/<path>` names, 0 none */
	int fixed;              /* <path>.gowrapMarkerV... seen */
	uint32_t shape;         /* bit shape_base[i] + j: vf_known_copies[i].shape[j] seen */
	uint32_t exempt, aexempt; /* bit i: copy i's exempt / android_exempt member seen */
};

struct vf_want {
	const char *prefix;      /* marker prefix */
	size_t plen;
	char found[128];         /* marker name found, "" = none */
	int upstream;            /* one of vf_upstream_funcs seen */
	int no_upstream;         /* the prefix names darwin parity: its sysctl code is ours */
	void (*on_name)(void *ctx, const char *name, size_t n); /* vf_opts' */
	void *on_name_ctx;
	const struct vf_pmark *pmarks; /* vf_opts' */
	size_t npmarks;
	unsigned char pm[VF_MAX_PMARKS]; /* VF_PM_NAMED, VF_PM_PRESENT */
	/* Bit i for vf_known_copies[i]: a function of its package seen, its
	 * fix's marker seen, its exempting function seen. */
	uint32_t copy_code, copy_fixed, copy_exempt;
	/* Set once by vf_want_init/vf_want_patches, so that a name costs a
	 * few compares and no strlen: a slice hands every name, thousands
	 * (bench/symcheck_cpu.sh). first: bit c when some name looked for
	 * starts with byte c (all bits for an empty prefix). */
	uint32_t ncopies;
	size_t copy_len[32], exempt_len[32], pm_len[VF_MAX_PMARKS];
	unsigned char first[32];
	/* alias.c: last, bit c when a member alias.c reads (a shape name, an
	 * exempting function, the marker's digits) ends with byte c; the
	 * candidates; shape_base/len place each copy's shape in vf_cand.shape. */
	unsigned char last[128]; /* vf_alias_pair's: bit h of the last two bytes' hash */
	struct { const char *s; unsigned char len, kind, idx; } sfx[40]; /* SFX_* */
	unsigned nsfx;
	const char *vpkg; /* the last package vf_alias_package read: its names skip it */
	size_t vplen;
	unsigned ncand;
	int cand_overflow;
	unsigned char shape_base[32], shape_len[32];
	const struct vf_shape *shape[32]; /* vf_shape_of each copy */
	/* last: vf_want_init clears what precedes it, cand_of each entry it
	 * takes (a c-archive's every member has a want of its own) */
	struct vf_cand cand[VF_MAX_CANDS];
};

/* alias.c: the suffixes and shapes looked for (vf_want_init calls it); a
 * name whose member may say something of a copy (by its last byte), and
 * the first name of each run of one package's names (a vendored copy's
 * any name); after the pclntab, the exempting functions inlined away
 * under a candidate's path; at the end, the candidates attributed (into
 * out[VF_MAX_ALIASES], their number returned; overflow set when some were
 * not kept); and an archive member's aliases merged into its slice's. */
const struct vf_shape *vf_shape_of(unsigned copy); /* NULL: the copy has none */
void vf_alias_init(struct vf_want *want);
void vf_alias_member(struct vf_want *want, const char *name, size_t n);
void vf_alias_package(struct vf_want *want, const char *name, size_t n);
void vf_alias_inlined(struct vf_want *want, int (*has)(const void *ctx, const char *name), const void *ctx);
unsigned vf_want_aliases(const struct vf_want *want, struct vf_alias *out, int *overflow);
void vf_alias_merge(struct vf_alias *dst, unsigned *n, int *overflow, const struct vf_alias *src, unsigned sn);

/* alias.c's filter: a name whose last two bytes hash to a bit of last may
 * end with a member it reads (a collision only costs a compare). */
static inline unsigned vf_alias_hash(char a, char b)
{
	return ((unsigned)(unsigned char)a * 31u + (unsigned char)b) & 1023u;
}
static inline void vf_alias_pair(struct vf_want *want, char a, char b)
{
	unsigned h = vf_alias_hash(a, b);
	want->last[h >> 3] |= (unsigned char)(1u << (h & 7));
}
static inline int vf_alias_pair_has(const struct vf_want *want, char a, char b)
{
	unsigned h = vf_alias_hash(a, b);
	return want->last[h >> 3] >> (h & 7) & 1;
}

/* A want for marker prefix (NULL: VF_DEFAULT_MARKER), every name also
 * handed to on_name(ctx, ...) when on_name is set. */
void vf_want_init(struct vf_want *want, const char *prefix,
		  void (*on_name)(void *ctx, const char *name, size_t n), void *ctx);

/* Look for o's patch markers too (o may be NULL: none). */
void vf_want_patches(struct vf_want *want, const struct vf_opts *o);

/* Does name (no leading '_') match want? Updates want, the known copies'
 * bits included: every reader hands every name, never stopping at the
 * marker, since any name may be a copy's. */
void vf_want_name_slow(struct vf_want *want, const char *name, size_t n, int *is_marker);
static inline void vf_want_name(struct vf_want *want, const char *name, size_t n, int *is_marker)
{
	*is_marker = 0;
	if (want->on_name)
		want->on_name(want->on_name_ctx, name, n);
	/* Most names start with a byte no name looked for starts with; the
	 * rest (and an empty name: an empty patch symbol's) are compared. */
	if (!n || want->first[(unsigned char)name[0] >> 3] >> ((unsigned char)name[0] & 7) & 1)
		vf_want_name_slow(want, name, n, is_marker);
	/* A known copy under another path: a member alias.c reads (by its last
	 * byte); any name of a vendored package, read once per run of one
	 * package's names (readers hand them in runs: a package's functions
	 * are laid out together). */
	if (n > 2 && vf_alias_pair_has(want, name[n - 2], name[n - 1]))
		vf_alias_member(want, name, n);
	if (!(want->vplen && n > want->vplen && name[want->vplen] == '.' &&
	      name[want->vplen - 1] == want->vpkg[want->vplen - 1] && !memcmp(name, want->vpkg, want->vplen)))
		vf_alias_package(want, name, n);
}
/* A file name from the pclntab's file table: is it one of a patch mark's? */
void vf_want_file(struct vf_want *want, const char *name, size_t n);
/* An inlined function keeps only its name in the pclntab's funcnametab:
 * has(ctx, name) says whether a name is there; the copies' exempting
 * functions are looked for so too. */
void vf_want_inlined(struct vf_want *want, int (*has)(const void *ctx, const char *name), const void *ctx);

/* macho.c: the facts of one thin Mach-O. */
struct vf_obj {
	uint32_t cputype, cpusubtype;
	uint32_t platform;
	int is_go;
	int upstream;
	uint32_t copy_code, copy_fixed, copy_exempt; /* vf_want's */
	struct vf_alias aliases[VF_MAX_ALIASES]; /* vf_want_aliases' */
	unsigned naliases;
	int aliases_overflow;
	char goversion[64];
	char marker[128];
	enum vf_found found_in;
	unsigned char pm[VF_MAX_PMARKS];
};
int vf_macho_read(struct vf_span s, const struct vf_opts *o, struct vf_obj *obj, struct sb *err);

/* pclntab.c: look through the function table for want's names. */
int vf_pclntab_scan(struct vf_span pcln, struct vf_want *want, struct sb *err);

/* buildinfo.c: Go version from __go_buildinfo. addr_to_off maps a virtual
 * address to a file offset for the pre-1.18 pointer form (may fail). */
struct vf_addrmap {
	size_t n;
	struct { uint64_t addr, size, off; } sect[64];
};
void vf_buildinfo_version(struct vf_span file, struct vf_span bi, const struct vf_addrmap *m,
			  char *out, size_t outsz);
/* The GOOS of an inline build info as an ELF platform (VF_PLATFORM_ANDROID,
 * _LINUX, _OTHER_ELF for another); 0 when it cannot be read. */
uint32_t vf_buildinfo_goos(struct vf_span bi);
/* The version of module mod (ml bytes) as an inline build info's module
 * lines name it: its `mod` or `dep` line, or the `=>` line replacing it.
 * VF_VER_OK with the version in out, VF_VER_DIR or VF_VER_OTHER with the
 * replacement's path; out is "" unless printable and shorter than outsz. */
enum vf_verstate vf_buildinfo_modver(struct vf_span bi, const char *mod, size_t ml, char *out,
				     size_t outsz);

/* elf.c: an ELF file (32/64-bit, either byte order): its machine, every
 * function name (.symtab symbols, then .gopclntab) through want, where
 * want's marker was found and the .go.buildinfo section (len 0: none). */
struct vf_elf {
	uint32_t machine;        /* e_machine */
	int is64, be, has_pcln;  /* ELFCLASS64, ELFDATA2MSB, a .gopclntab */
	enum vf_found found_in;
	struct vf_span buildinfo;
};
int vf_elf_read(struct vf_span s, struct vf_want *want, struct vf_elf *e, struct sb *err);
/* The same, for the names only. */
int vf_elf_names(struct vf_span s, struct vf_want *want, struct sb *err);

/* elfslice.c: an ELF file as one slice of in, with hint as the platform
 * when its build info names no GOOS. abi, when not NULL, is the Android ABI
 * directory it was found in, whose machine it must be. */
int vf_read_elf(struct vf_input *in, struct vf_span s, uint32_t hint, const char *abi,
		const struct vf_opts *o, struct sb *err);

/* container.c: an in-memory file (Mach-O, fat, ar, ELF) into in's slices;
 * hint is the platform for slices that name none (0 = none). -1 with
 * in->error set and no slices kept: a verdict never rests on half a file. */
int vf_read_buffer(struct vf_input *in, const void *data, size_t len, uint32_t hint,
		   const struct vf_opts *o);

/* walk.c: path (a file, .framework or .xcframework) into one input per file
 * found, appended to r. */
void vf_walk_path(struct vf_result *r, const char *path, const struct vf_opts *o);

/* --- policy.c ----------------------------------------------------------- */

/* Every slice of in: internal/cpu's marker under o->expect (auto: the
 * policy), for an ELF slice the known copies' fixes, and o's patch markers
 * where their files compiled (o may be NULL: auto, no patches). */
void vf_decide(struct vf_input *in, const struct vf_opts *o);

/* --- output_alias.c (used by output.c) ----------------------------------- */

/* Does the slice list an alias (asked, or undecided)? */
int vf_alias_shown(const struct vf_slice *s);
/* The asked aliases, `PATH fixed|NOT fixed`, each after *sep (then ", "). */
void vf_alias_text(struct sb *out, const struct vf_slice *s, const char **sep);
/* `; undecided: PATH (shaped like COPY), ...` where the slice has some. */
void vf_undecided_text(struct sb *out, const struct vf_slice *s);
/* The asked aliases as "deps" entries; the "undecided" array. */
void vf_alias_json(struct jw *w, const struct vf_slice *s);
void vf_undecided_json(struct jw *w, const struct vf_slice *s);
/* The unfixed aliases the family's sentence covers, the first after sep;
 * their number. */
int vf_alias_paths(struct sb *out, const struct vf_slice *s, const char *sep);
/* The unfixed aliases with a clause of their own (a why, a version rule). */
void vf_alias_own_why(struct sb *out, const struct vf_slice *s, const char **sep);
/* --strict's cause, after sep, when it failed the slice; 1 if written. */
int vf_undecided_cause(struct sb *out, const struct vf_slice *s, const char *sep);

#endif
