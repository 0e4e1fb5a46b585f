/* results.h — what symcheck found: one vf_input per file read, one vf_slice
 * per architecture slice (Mach-O) or per ELF file.
 *
 * Promise: the types every file of verify/ shares, and their bookkeeping
 * (results.c); no reading, deciding or printing. A reader (verify_int.h)
 * fills a slice's facts — arch, platform, Go code, Go version, marker, where
 * it was found, upstream's detection, the copies' code, fixes, exempting
 * functions and modules' versions; policy.c alone writes the verdict —
 * expected, ok, want_variant, deps_asked, deps_want, deps_unread — and drops
 * upstream where a marker was found;
 * output.c only reads. */
#ifndef GOWRAP_VERIFY_RESULTS_H
#define GOWRAP_VERIFY_RESULTS_H

#include <stddef.h>
#include <stdint.h>

/* VF_EXPECT_IOS_BUILD (the go shim's request): the file was built for an
 * iOS-family arm64 target (GOOS=ios, or darwin with the ios tag), so each
 * arm64 Go slice needs the marker whatever platform its load commands name
 * (darwin + the ios tag links as macOS unless it is Catalyst), except where
 * upstream's detection is in the slice; other Go slices forbid it. */
enum vf_expect { VF_EXPECT_AUTO, VF_EXPECT_REQUIRED, VF_EXPECT_FORBIDDEN, VF_EXPECT_NONE,
		 VF_EXPECT_IOS_BUILD };
enum vf_found { VF_FOUND_NONE, VF_FOUND_SYMTAB, VF_FOUND_PCLNTAB };

/* A GOWRAP_PATCHES patch's marker in one package (patch/marker.c), and the
 * GOROOT files (src/...) whose code requires it: a slice whose Go pclntab
 * names one of them (as GOROOT/src/... or, built -trimpath, as the path
 * under src/) compiled it, so the marker, which compiles where they do and
 * is called from its package's init, must be there too. */
#define VF_MAX_PMARKS 256
struct vf_pmark {
	const char *symbol;       /* <import path>.gowrapPatch<id> */
	const char *patch;        /* the patch file, for messages */
	char *const *files;
	size_t nfiles;
	/* Is the mark asked of a slice of this Go version ("" unknown)? NULL: yes. */
	int (*applies)(const struct vf_pmark *m, const char *goversion);
	const void *ctx;
};
/* Per mark, in a slice: what the readers saw, then what policy.c asks. */
#define VF_PM_NAMED 1u     /* the pclntab names one of its files */
#define VF_PM_PRESENT 2u   /* a function of its name is here */
#define VF_PM_REQUIRED 4u  /* policy: it must be here */

/* A known copy's code under another package path than vf_copy.path
 * (alias.c reads them): vendored in GOPATH mode (`<importer>/vendor/<path>`),
 * or a fork or renamed module whose functions include every name of the
 * copy's shape (vf_copy.shape). how: VF_ALIAS_VENDOR, VF_ALIAS_CODE, or
 * VF_ALIAS_UNSURE — some of the shape's names, not all: code shaped like
 * the copy that symcheck cannot attribute (reported; --strict fails it). */
#define VF_MAX_ALIASES 16
#define VF_ALIAS_PATH 160
enum vf_alias_how { VF_ALIAS_VENDOR = 1, VF_ALIAS_CODE, VF_ALIAS_UNSURE };
#define VF_AL_FIXED 1u      /* <path>.gowrapMarkerV... is here */
#define VF_AL_EXEMPT 2u     /* the copy's exempting function, under this path */
#define VF_AL_EXEMPT_ANDROID 4u /* vf_copy.android_exempt, under this path */
#define VF_AL_WANT 8u       /* policy: its fix is asked here */
#define VF_AL_UNDECIDED 16u /* policy: shaped like a copy asked here, unfixed */
struct vf_alias {
	char path[VF_ALIAS_PATH];
	unsigned char copy;  /* vf_known_copies index */
	unsigned char how;   /* enum vf_alias_how */
	unsigned char flags; /* VF_AL_* */
};

struct vf_slice {
	uint32_t cputype, cpusubtype;
	uint32_t platform;       /* PLATFORM_*; 0 = unknown */
	int is_go;               /* has __gopclntab or __go_buildinfo */
	int upstream;            /* internal/cpu has darwin sysctl detection */
	int hidden;              /* lipo -hideARM64 entry */
	char goversion[64];      /* "" = none found */
	char marker[128];        /* full name of the marker function; "" = none */
	enum vf_found found_in;
	enum vf_expect expected; /* REQUIRED, FORBIDDEN or NONE after policy */
	int ok;
	const char *want_variant; /* the --variant this slice falls short of, else NULL */
	int elf;                 /* an ELF file (elfslice.c), else Mach-O */
	/* The known copies (vf_known_copies; bit i for entry i), read in ELF
	 * and Mach-O slices alike; policy.c says which are asked here. */
	int deps_asked;          /* some copy's fix is asked of this slice (policy.c) */
	uint32_t deps_want;      /* policy.c: the copies asked here (family, not exempt) */
	uint32_t deps_code;      /* the copy has functions here */
	uint32_t deps_fixed;     /* its <pkg>.gowrapMarkerV... is here */
	uint32_t deps_exempt;    /* its exempting function is here */
	/* Copies with a version rule (vf_copy.right_from), in ELF slices: their
	 * module's version as the build info names it (elfslice.c), VF_VER_*;
	 * ver holds the version (OK) or the replacement's path (DIR, OTHER),
	 * "" when it is not printable or longer than ver. */
	unsigned char deps_verstate[32];
	char deps_ver[32][48];
	uint32_t deps_unread;    /* policy.c: asked by version, and none readable */
	/* The known copies' code under other paths (alias.c); overflow: more
	 * such packages, or a longer path, than these hold (undecided). */
	struct vf_alias aliases[VF_MAX_ALIASES];
	unsigned naliases;
	int aliases_overflow;
	int undecided;           /* policy.c: some alias undecided, or the overflow, asked here; 2: --strict failed it */
	unsigned char pm[VF_MAX_PMARKS]; /* per vf_pmark of the check: VF_PM_* */
};

/* What the build info says of a module's version (vf_buildinfo_modver). */
enum vf_verstate {
	VF_VER_UNASKED,  /* not looked for (no version rule, a Mach-O slice) */
	VF_VER_OK,       /* a version of the module itself */
	VF_VER_NOINFO,   /* no module lines to read (no or an unreadable build info) */
	VF_VER_ABSENT,   /* the module lines name no such module */
	VF_VER_DIR,      /* replaced by a directory: its code has no version */
	VF_VER_OTHER,    /* replaced by another module, whose versions are its own */
	VF_VER_TWICE,    /* named twice: which line the linker's code came from is unknown */
};

/* Platforms of ELF slices, past Mach-O's PLATFORM_* numbers: GOOS from the
 * build info; ELF when it cannot be read (treated as linux/android: fail
 * closed); OTHER_ELF for another GOOS (no copy's fix asked). */
#define VF_PLATFORM_ANDROID 0x10001u
#define VF_PLATFORM_LINUX 0x10002u
#define VF_PLATFORM_ELF 0x10003u
#define VF_PLATFORM_OTHER_ELF 0x10004u

/* CPU types of ELF slices whose machine has no Mach-O CPU type (elfslice.c;
 * named as GOARCH by vf_arch_name), past every Mach-O cputype; another
 * machine is 0xff000000 | e_machine. */
#define VF_CPU_ELF 0xfe000000u
#define VF_CPU_PPC64 (VF_CPU_ELF | 1u)
#define VF_CPU_PPC64LE (VF_CPU_ELF | 2u)
#define VF_CPU_S390X (VF_CPU_ELF | 3u)
#define VF_CPU_MIPS (VF_CPU_ELF | 4u)
#define VF_CPU_MIPSLE (VF_CPU_ELF | 5u)
#define VF_CPU_MIPS64 (VF_CPU_ELF | 6u)
#define VF_CPU_MIPS64LE (VF_CPU_ELF | 7u)
#define VF_CPU_LOONG64 (VF_CPU_ELF | 8u)
#define VF_CPU_RISCV64 (VF_CPU_ELF | 9u)

struct vf_input {
	char *path;
	char *error;             /* one line, NULL when read fine */
	struct vf_slice *slices;
	size_t nslices, cap;
};

struct vf_result {
	struct vf_input *inputs;
	size_t n, cap;
	const struct vf_pmark *pmarks; /* the check's patch markers (output names them) */
	size_t npmarks;
};

/* A new input named path (copied) at the end of r, all else zero. */
struct vf_input *vf_result_add(struct vf_result *r, const char *path);
/* A new zeroed slice at the end of in. */
struct vf_slice *vf_input_add_slice(struct vf_input *in);

/* 0 all as expected, 1 some slice falls short, 2 some input unreadable. */
int vf_result_status(const struct vf_result *r);
void vf_result_release(struct vf_result *r);
void vf_input_release(struct vf_input *in);

#endif
