/* macho_format.h — every binary-format constant symcheck reads, in one place
 * (as LLVM's BinaryFormat/MachO.h): Mach-O, fat, Darwin ar, Go's pclntab and
 * build info. Constants only, no logic.
 *
 * Sources: cctools include/mach-o/{loader,fat}.h, LLVM BinaryFormat/MachO.h,
 * golang/go src/debug/{macho,gosym,buildinfo}. */
#ifndef GOWRAP_MACHO_FORMAT_H
#define GOWRAP_MACHO_FORMAT_H

/* Fat (universal) headers are big-endian. */
#define FAT_MAGIC           0xcafebabeu
#define FAT_MAGIC_64        0xcafebabfu
#define FAT_HEADER_SIZE     8u
#define FAT_ARCH_SIZE       20u   /* cputype, cpusubtype, offset, size, align */
#define FAT_ARCH_64_SIZE    32u   /* same with 64-bit offset/size, reserved */
#define FAT_MAX_ALIGN       15u   /* cctools MAXSECTALIGN */
/* 0xcafebabe is also Java's class magic; LLVM calls it fat only below this. */
#define FAT_JAVA_LIMIT      43u

/* Thin Mach-O: little-endian only (every Apple target Go supports). */
#define MH_MAGIC            0xfeedfaceu
#define MH_CIGAM            0xcefaedfeu
#define MH_MAGIC_64         0xfeedfacfu
#define MH_CIGAM_64         0xcffaedfeu
#define MH_HEADER_SIZE      28u
#define MH_HEADER_64_SIZE   32u
#define MH_OBJECT           0x1u

#define LC_SEGMENT          0x1u
#define LC_SYMTAB           0x2u
#define LC_SEGMENT_64       0x19u
#define LC_VERSION_MIN_MACOSX   0x24u
#define LC_VERSION_MIN_IPHONEOS 0x25u
#define LC_VERSION_MIN_TVOS     0x2fu
#define LC_VERSION_MIN_WATCHOS  0x30u
#define LC_BUILD_VERSION    0x32u

#define LOAD_COMMAND_SIZE   8u    /* cmd, cmdsize */
#define SEGMENT_CMD_SIZE    56u
#define SEGMENT_64_CMD_SIZE 72u
#define SECTION_SIZE        68u
#define SECTION_64_SIZE     80u
#define SYMTAB_CMD_SIZE     24u
#define BUILD_VERSION_CMD_SIZE 24u
#define VERSION_MIN_CMD_SIZE   16u
#define NAME16              16u   /* segname/sectname: may lack a NUL */

#define SECTION_TYPE        0xffu
#define S_ZEROFILL          0x1u
#define S_GB_ZEROFILL       0xcu
#define S_THREAD_LOCAL_ZEROFILL 0x12u

#define NLIST_SIZE          12u
#define NLIST_64_SIZE       16u
#define N_STAB              0xe0u
#define N_TYPE              0x0eu
#define N_SECT              0x0eu

#define PLATFORM_MACOS              1u
#define PLATFORM_IOS                2u
#define PLATFORM_TVOS               3u
#define PLATFORM_WATCHOS            4u
#define PLATFORM_BRIDGEOS           5u
#define PLATFORM_MACCATALYST        6u
#define PLATFORM_IOSSIMULATOR       7u
#define PLATFORM_TVOSSIMULATOR      8u
#define PLATFORM_WATCHOSSIMULATOR   9u
#define PLATFORM_DRIVERKIT          10u
#define PLATFORM_VISIONOS           11u
#define PLATFORM_VISIONOSSIMULATOR  12u

#define CPU_ARCH_ABI64      0x01000000u
#define CPU_ARCH_ABI64_32   0x02000000u
#define CPU_TYPE_X86        7u
#define CPU_TYPE_ARM        12u
#define CPU_TYPE_X86_64     (CPU_TYPE_X86 | CPU_ARCH_ABI64)
#define CPU_TYPE_ARM64      (CPU_TYPE_ARM | CPU_ARCH_ABI64)
#define CPU_TYPE_ARM64_32   (CPU_TYPE_ARM | CPU_ARCH_ABI64_32)
#define CPU_SUBTYPE_MASK    0x00ffffffu
#define CPU_SUBTYPE_ARM64E  2u
#define CPU_SUBTYPE_X86_64_H 8u
#define CPU_SUBTYPE_ARM_V7  9u
#define CPU_SUBTYPE_ARM_V7S 11u
#define CPU_SUBTYPE_ARM_V7K 12u

/* Darwin (BSD) ar. */
#define AR_MAGIC            "!<arch>\n"
#define AR_MAGIC_LEN        8u
#define AR_HDR_SIZE         60u
#define AR_NAME_LEN         16u
#define AR_SIZE_OFF         48u
#define AR_SIZE_LEN         10u
#define AR_FMAG_OFF         58u
#define AR_FMAG             "`\n"
#define AR_BSD_LONGNAME     "#1/"   /* name length; name leads the data */
#define AR_SYMDEF_PREFIX    "__.SYMDEF"
#define AR_GO_PKGDEF        "__.PKGDEF"  /* first member of a Go package archive */

/* Go pclntab (runtime/symtab.go, debug/gosym/pclntab.go). */
#define GO_PCLN_MAGIC_116   0xfffffffau  /* Go 1.16, 1.17 */
#define GO_PCLN_MAGIC_118   0xfffffff0u  /* Go 1.18, 1.19 */
#define GO_PCLN_MAGIC_120   0xfffffff1u  /* Go 1.20 .. 1.27 */
#define GO_PCLN_HDR_FIXED   8u           /* magic, 2 pad, minLC, ptrSize */
#define GO_SECT_PCLNTAB     "__gopclntab"
#define GO_SECT_BUILDINFO   "__go_buildinfo"

/* Go build info (debug/buildinfo). */
#define GO_BUILDINFO_MAGIC      "\xff Go buildinf:"
#define GO_BUILDINFO_MAGIC_LEN  14u
#define GO_BUILDINFO_HDR        32u
#define GO_BUILDINFO_FLAG_BE    0x1u
#define GO_BUILDINFO_FLAG_INLINE 0x2u   /* Go 1.18+: varint-prefixed strings */

#endif
