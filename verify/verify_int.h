/* verify_int.h — how the readers inside verify/ talk to each other.
 *
 * Promise: internal only (never included outside verify/). A reader fills a
 * vf_obj with the facts of one thin Mach-O; container.c groups objects into
 * slices; policy.c decides what each slice must show. Every reader returns 0
 * or -1 after writing a one-line reason into its struct sb *err. */
#ifndef GOWRAP_VERIFY_INT_H
#define GOWRAP_VERIFY_INT_H

#include "jsonw.h"
#include "span.h"
#include "strbuf.h"
#include "verify.h"

/* Function names whose presence proves internal/cpu reads sysctl on this
 * slice: upstream's detection (golang/go@8058a577), compiled only where
 * cpu_darwin.go / cpu_arm64_darwin.go build. Stock Go ≤ 1.27 never builds them
 * for ios or for darwin with the ios tag. */
extern const char *const vf_upstream_funcs[];

struct vf_want {
	const char *prefix;      /* marker prefix */
	size_t plen;
	char found[128];         /* marker name found, "" = none */
	int upstream;            /* one of vf_upstream_funcs seen */
	int no_upstream;         /* the prefix names darwin parity: its sysctl code is ours */
	void (*on_name)(void *ctx, const char *name, size_t n); /* vf_opts' */
	void *on_name_ctx;
};

struct vf_obj {
	uint32_t cputype, cpusubtype;
	uint32_t platform;
	int is_go;
	int upstream;
	char goversion[64];
	char marker[128];
	enum vf_found found_in;
};

/* container.c: what a file's first bytes say it is (too short = other). */
enum vf_kind { VF_KIND_OTHER, VF_KIND_MACHO, VF_KIND_FAT, VF_KIND_AR };
enum vf_kind vf_sniff(struct vf_span s);

/* macho.c: one thin Mach-O. */
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

/* A want for marker prefix (NULL: VF_DEFAULT_MARKER), every name also
 * handed to on_name(ctx, ...) when on_name is set. */
void vf_want_init(struct vf_want *want, const char *prefix,
		  void (*on_name)(void *ctx, const char *name, size_t n), void *ctx);

/* Does name (no leading '_') match want? Updates want. */
void vf_want_name(struct vf_want *want, const char *name, size_t n, int *is_marker);

/* policy.c */
void vf_apply_policy(struct vf_slice *s, enum vf_expect requested);
uint32_t vf_platform_from_dirname(const char *name);
int vf_is_ios_family(uint32_t platform);

/* elf.c: an ELF file (32/64-bit little-endian): its machine, every
 * function name (.symtab symbols, then .gopclntab) through want, where
 * want's marker was found and the .go.buildinfo section (len 0: none). */
struct vf_elf {
	uint32_t machine;        /* e_machine */
	int is64, has_pcln;
	enum vf_found found_in;
	struct vf_span buildinfo;
};
int vf_elf_read(struct vf_span s, struct vf_want *want, struct vf_elf *e, struct sb *err);
/* The same, for the names only. */
int vf_elf_names(struct vf_span s, struct vf_want *want, struct sb *err);

/* android.c: an ELF file as one slice of in, with hint as the platform when
 * its build info names no GOOS; the ELF policy applied. abi, when not NULL,
 * is the Android ABI directory it was found in, whose machine it must be. */
int vf_is_elf(struct vf_span s);
int vf_scan_elf(struct vf_input *in, struct vf_span s, uint32_t hint, const char *abi,
		const struct vf_opts *o, struct sb *err);
/* output.c asks android.c for an ELF slice's platform name, its part of the
 * text line (after the marker's verdict), its JSON and its cause. */
const char *vf_elf_platform_name(uint32_t platform);
void vf_elf_text(struct sb *out, const struct vf_slice *s);
void vf_elf_json(struct jw *w, const struct vf_slice *s);
/* 1 after writing why an ELF slice's copies fall short; 0 when its cause
 * is internal/cpu's marker (or it does not fail). */
int vf_elf_cause(struct sb *out, const struct vf_slice *s);

#endif
