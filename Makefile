# gowrap — see README.md. `make` builds build/gowrap, build/shim/go, build/symcheck.
# Each module's sources are picked up by wildcard so modules never edit each other's lines.
#
# Platform differences live here and in common/compat.h, nowhere else. The
# target platform is OS (default: this machine's), so a cross build is
#   make OS=Darwin CC='clang -target arm64-apple-macos12 -isysroot SDK' \
#        LDFLAGS='-fuse-ld=lld -L<libs>' CFLAGS='-I<headers>'
# CPPFLAGS, CFLAGS and LDFLAGS given on the command line are added to every
# compile and link of the target programs; build-time tools use HOSTCC.

# `make` with no target builds the programs, whatever rule comes first.
.DEFAULT_GOAL := all

OS      ?= $(shell uname -s)
HOST_OS := $(shell uname -s)
CC      ?= cc
HOSTCC  ?= cc
HOSTCFLAGS ?=
PREFIX  ?= /usr/local
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CSTD    := -std=c11
WARN    := -Wall -Wextra -Werror

# Library flags come from pkg-config on a native build. A cross build cannot
# use this machine's .pc files (they name this machine's headers): the caller
# passes -I/-L in CFLAGS/LDFLAGS, or PKG_CONFIG=<a pkg-config for the target>.
ifeq ($(OS),$(HOST_OS))
PKG_CONFIG ?= pkg-config
else
PKG_CONFIG ?= false
# The host's GNU ar indexes only the host's object format; a Mach-O archive
# needs an index its linker can read. llvm-ar writes one for any format.
ifeq ($(origin AR),default)
AR := llvm-ar
endif
endif
pc_cflags = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pc_libs   = $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null || echo $(2))

# Version: `git describe` in a clone, else the release number below.
VERSION_FALLBACK := 0.1.0
GOWRAP_VERSION ?= $(or $(shell git describe --tags --always --dirty 2>/dev/null),$(VERSION_FALLBACK))

# The one set of flags every target compile and link uses. Include paths are
# per module (below): a module sees only the headers of the modules it may
# use, so crossing a boundary fails to compile (CONTRIBUTING.md, layering).
ALL_CPPFLAGS := -I$(BUILD)/gen $(CPPFLAGS)
LIB_CPPFLAGS := $(call pc_cflags,libcjson libgit2)
ALL_CFLAGS   := $(CSTD) $(WARN) $(OPT) $(SAN) $(CFLAGS)
ALL_LDFLAGS  := $(SAN) $(LDFLAGS)

CJSON_LIBS  := $(call pc_libs,libcjson,-lcjson)
GIT2_LIBS   := $(call pc_libs,libgit2,-lgit2)
# libzip: symcheck's .aar/.apk reader (verify/zipin.c), loaded by
# build/symcheck only, when it meets a zip (verify/ziplib.h). LIBZIP=no links verify/zipnone.c instead, which refuses
# every zip (exit 2): for a libc whose libzip is not installed (the musl build
# of `make portcheck`); never a release build.
LIBZIP      ?= yes
ZIP_CPPFLAGS := $(call pc_cflags,libzip)
ZIP_LIBS    := $(if $(filter no,$(LIBZIP)),,$(call pc_libs,libzip,-lzip))

# Modules, lowest first. Each may use the ones listed in its INC.
#   common  libc helpers, hashes, cache records (nothing)
#   gocmd   the real go: find it, ask it, where it runs   common
#   proto   the shim<->CLI protocols, both sides           common
#   verify  Mach-O/ELF/pclntab readers         common (+ libzip: zipin.c, symcheck only;
#                                              symcheck's --patches: patch/'s libc-only reader)
#   overlay GOROOT overlay generator, gowrap overlay's answer (with the
#           patches), a caller's -overlay merged  common gocmd proto patch (+ libgit2, cJSON)
#   patch   GOWRAP_PATCHES: read, apply exactly, kept as an overlay; refresh-patch
#                                              common gocmd (refresh.c) (+ libgit2: gitparse.c; cJSON: patched.c)
#   deps    the whole dependency fix           common gocmd verify
#   shim    the go shim                        common gocmd proto verify deps
#   toolchain  module -> real GOROOT + launcher  common gocmd (+ cJSON)
#   enable  every go through gowrap: go env file, launchers, state  common gocmd
#   doctor  gowrap doctor: is gowrap working here  common gocmd overlay patch enable
#   report  the CI report (gowrap report)      common verify (+ cJSON)
#   audit   gowrap audit's reviews and outputs common gocmd verify overlay deps
#   cli     the gowrap subcommands             everything (+ cJSON)
INC_common  := -Icommon
INC_gocmd   := -Icommon -Igocmd
INC_proto   := -Icommon -Iproto
INC_verify  := -Icommon -Iverify
INC_overlay := -Icommon -Igocmd -Iproto -Ipatch -Ioverlay $(LIB_CPPFLAGS)
INC_patch   := -Icommon -Igocmd -Ipatch $(LIB_CPPFLAGS)
INC_deps    := -Icommon -Igocmd -Iverify -Ideps
INC_shim    := -Icommon -Igocmd -Iproto -Iverify -Ideps -Ishim
INC_toolchain := -Icommon -Igocmd -Itoolchain $(LIB_CPPFLAGS)
INC_enable  := -Icommon -Igocmd -Ienable
INC_doctor  := -Icommon -Igocmd -Ioverlay -Ipatch -Ienable -Idoctor
INC_report  := -Icommon -Iverify -Ireport $(LIB_CPPFLAGS)
INC_audit   := -Icommon -Igocmd -Iverify -Ioverlay -Ideps -Iaudit
INC_cli     := -Icommon -Igocmd -Iproto -Iverify -Ideps -Ioverlay -Ipatch -Itoolchain -Ienable -Idoctor -Ireport -Iaudit -Icli $(LIB_CPPFLAGS)
INC_gen     := -Icommon

COMMON_SRC  := $(filter-out common/fuzz_%.c,$(wildcard common/*.c))
GOCMD_SRC   := $(wildcard gocmd/*.c)
PROTO_SRC   := $(filter-out proto/fuzz_%.c,$(wildcard proto/*.c))
VERIFY_SRC  := $(filter-out verify/symcheck%.c verify/fuzz_%.c verify/zip%.c,$(wildcard verify/*.c))
SHIMLIB_SRC := $(filter-out shim/gowrap.c shim/fuzz_%.c,$(wildcard shim/*.c))
OVERLAY_SRC := $(wildcard overlay/*.c)
PATCH_SRC   := $(filter-out patch/fuzz_%.c,$(wildcard patch/*.c))
TOOLCHAIN_SRC := $(wildcard toolchain/*.c)
ENABLE_SRC  := $(wildcard enable/*.c)
DOCTOR_SRC  := $(wildcard doctor/*.c)
REPORT_SRC  := $(wildcard report/*.c)
AUDIT_SRC   := $(wildcard audit/*.c)
CLI_SRC     := $(wildcard cli/*.c)
# deps/: CPU-feature code in dependencies (deps/README.md)
DEPS_SRC    := $(filter-out deps/toolexec.c,$(wildcard deps/*.c))
TEMPLATES   := $(sort $(wildcard overlay/templates/*)) $(sort $(wildcard deps/templates/*))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(wildcard tests/unit/*.c))

COMMON_OBJ  := $(call obj,$(COMMON_SRC)) $(BUILD)/obj/gen/templates.o
GOCMD_OBJ   := $(call obj,$(GOCMD_SRC))
PROTO_OBJ   := $(call obj,$(PROTO_SRC))
VERIFY_OBJ  := $(call obj,$(VERIFY_SRC))
SHIMLIB_OBJ := $(call obj,$(SHIMLIB_SRC))
OVERLAY_OBJ := $(call obj,$(OVERLAY_SRC))
PATCH_OBJ   := $(call obj,$(PATCH_SRC))
TOOLCHAIN_OBJ := $(call obj,$(TOOLCHAIN_SRC))
ENABLE_OBJ  := $(call obj,$(ENABLE_SRC))
DOCTOR_OBJ  := $(call obj,$(DOCTOR_SRC))
REPORT_OBJ  := $(call obj,$(REPORT_SRC))
AUDIT_OBJ   := $(call obj,$(AUDIT_SRC))
CLI_OBJ     := $(call obj,$(CLI_SRC))
DEPS_OBJ    := $(call obj,$(DEPS_SRC))
MAIN_OBJ    := $(BUILD)/obj/shim/gowrap.o $(BUILD)/obj/verify/symcheck.o $(BUILD)/obj/verify/symcheck_patches.o \
	       $(BUILD)/obj/deps/toolexec.o \
	       $(BUILD)/obj/verify/zipin.o $(BUILD)/obj/verify/ziplib.o $(BUILD)/obj/verify/zipnone.o
ALL_OBJ     := $(COMMON_OBJ) $(GOCMD_OBJ) $(PROTO_OBJ) $(VERIFY_OBJ) $(SHIMLIB_OBJ) $(OVERLAY_OBJ) $(CLI_OBJ) $(DEPS_OBJ) $(MAIN_OBJ)
ALL_OBJ     += $(PATCH_OBJ) $(TOOLCHAIN_OBJ) $(ENABLE_OBJ) $(DOCTOR_OBJ) $(REPORT_OBJ) $(AUDIT_OBJ)

# One static archive per module: a program links the archives it may use and
# the linker takes only the members it calls, so nothing is linked into a
# program that it does not use (the templates stay out of the shim and
# symcheck). Listed highest module first, for single-pass linkers.
lib = $(BUILD)/lib/lib$(1).a
$(BUILD)/lib/libcommon.a: $(COMMON_OBJ)
$(BUILD)/lib/libgocmd.a: $(GOCMD_OBJ)
$(BUILD)/lib/libproto.a: $(PROTO_OBJ)
$(BUILD)/lib/libverify.a: $(VERIFY_OBJ)
$(BUILD)/lib/liboverlay.a: $(OVERLAY_OBJ)
$(BUILD)/lib/libpatch.a: $(PATCH_OBJ)
$(BUILD)/lib/libdeps.a: $(DEPS_OBJ)
$(BUILD)/lib/libshim.a: $(SHIMLIB_OBJ)
$(BUILD)/lib/libtoolchain.a: $(TOOLCHAIN_OBJ)
$(BUILD)/lib/libenable.a: $(ENABLE_OBJ)
$(BUILD)/lib/libdoctor.a: $(DOCTOR_OBJ)
$(BUILD)/lib/libreport.a: $(REPORT_OBJ)
$(BUILD)/lib/libaudit.a: $(AUDIT_OBJ)
$(BUILD)/lib/lib%.a:
	@mkdir -p $(dir $@)
	@rm -f $@
	$(AR) rcs $@ $^

# programs: what make install installs, without the tests' unit drivers
# (the GitHub Action's install step builds this).
programs: $(BUILD)/gowrap $(BUILD)/shim/go $(BUILD)/symcheck $(BUILD)/shim/gowrap-toolexec

all: programs man $(UNIT_BIN)

# Every object, without linking (the portability check compiles the CLI's
# objects against musl, where cJSON/libgit2 cannot be linked).
objects: $(ALL_OBJ)

# Header dependencies from the compiler (-MMD -MP), so an edit to one header
# rebuilds only what includes it. The module is the object's first directory.
modinc = $(INC_$(firstword $(subst /, ,$(patsubst $(BUILD)/obj/%,%,$(1)))))
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(call modinc,$@) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(ALL_OBJ:.o=.d)

# version.h is rewritten only when the version changes, so `make` twice in a
# row rebuilds nothing.
$(BUILD)/gen/version.h: FORCE
	@mkdir -p $(dir $@)
	@printf '#define GOWRAP_VERSION "%s"\n' '$(GOWRAP_VERSION)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/obj/cli/main.o $(BUILD)/obj/cli/cmd_audit.o $(BUILD)/obj/verify/symcheck.o: $(BUILD)/gen/version.h

# A build-time tool runs here, on the build machine: HOSTCC, never CC (which
# may produce programs for another OS), and none of the target's flags.
$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CSTD) $(WARN) -O1 -Icommon $(HOSTCFLAGS) -o $@ $<

# The manual pages (build/man/): made by tools/mangen.c from the command
# table (cli/cmds.h, verify/symcheck_usage.h, common/exitcodes.h) and the
# hand-written prose of man/; a build-time tool like embed. A page's date is
# its last commit's, so the pages of one commit are the same bytes anywhere.
MAN_SRC  := $(sort $(wildcard man/*))
MAN_DATE ?= $(or $(shell git log -1 --format=%cs 2>/dev/null),2026-12-06)
$(BUILD)/tools/mangen: tools/mangen.c cli/cmds.h cli/cmdrefs.h common/usage.h common/exitcodes.h verify/symcheck_usage.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(CSTD) $(WARN) -O1 -Icommon -Icli -Iverify $(HOSTCFLAGS) -o $@ $<

$(BUILD)/man/.made: $(BUILD)/tools/mangen $(MAN_SRC) $(BUILD)/gen/version.h
	@rm -rf $(BUILD)/man.tmp && mkdir -p $(BUILD)/man.tmp
	$(BUILD)/tools/mangen $(BUILD)/man.tmp man '$(GOWRAP_VERSION)' '$(MAN_DATE)'
	@touch $(BUILD)/man.tmp/.made
	@rm -rf $(BUILD)/man && mv $(BUILD)/man.tmp $(BUILD)/man

man: $(BUILD)/man/.made

$(BUILD)/gen/templates.c: $(BUILD)/tools/embed $(TEMPLATES)
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(TEMPLATES)

$(BUILD)/obj/gen/templates.o: $(BUILD)/gen/templates.c
	@mkdir -p $(dir $@)
	$(CC) $(INC_gen) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# The shim runs on every go call: it links only libc (it parses no JSON: that
# is the CLI's job, with cJSON; never libgit2), statically on Linux so no
# dynamic loader runs (sanitizer builds cannot be static; macOS has no static
# executables at all). shim/README.md has the numbers.
SHIM_STATIC ?= $(if $(SAN),,$(if $(filter Linux,$(OS)),-static,))
SHIM_LIBS := $(foreach m,shim deps proto verify gocmd common,$(call lib,$(m)))
# On Linux the shim and gowrap-toolexec link musl, not glibc, when musl-gcc is
# here and CC is the default: a static glibc program spends 0.6 ms starting
# (its start-up code, not the program) and musl's 0.1 ms, and `gowrap enable`
# puts the shim in every go call (shim/README.md, "musl"). Their
# objects are compiled against musl's headers in a tree of their own by one
# sub-make; SHIM_LIBC=libc keeps them on CC's libc.
SHIM_MUSL_CC := $(if $(SAN),,$(if $(filter Linux,$(OS)),$(if $(filter default,$(origin CC)),$(shell command -v musl-gcc 2>/dev/null))))
SHIM_LIBC ?= $(if $(SHIM_MUSL_CC),musl,libc)
ifeq ($(SHIM_LIBC),musl)
ifeq ($(SHIM_MUSL_CC),)
$(error SHIM_LIBC=musl needs musl-gcc on Linux, the default CC and no SAN (fix: apt-get install musl-tools, or SHIM_LIBC=libc))
endif
MUSL_BUILD := $(BUILD)/musl
musl-programs: FORCE
	@$(MAKE) --no-print-directory BUILD=$(MUSL_BUILD) CC=$(SHIM_MUSL_CC) SHIM_LIBC=libc PKG_CONFIG=false LIBZIP=no shim-programs
$(BUILD)/shim/go $(BUILD)/shim/gowrap-toolexec: $(BUILD)/shim/%: musl-programs $(BUILD)/gen/shim-libc
	@mkdir -p $(dir $@)
	@cmp -s $(MUSL_BUILD)/shim/$* $@ || { echo "cp $(MUSL_BUILD)/shim/$* $@"; cp $(MUSL_BUILD)/shim/$* $@.tmp && mv $@.tmp $@; }
else
$(BUILD)/shim/go: $(BUILD)/obj/shim/gowrap.o $(SHIM_LIBS) $(BUILD)/gen/shim-libc
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(SHIM_STATIC) -o $@ $(filter-out %/shim-libc,$^)
endif
# The libc chosen, rewritten only when it changes (as version.h), so a build
# tree switched between SHIM_LIBC values links its shim again.
$(BUILD)/gen/shim-libc: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(SHIM_LIBC)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# (a recipe, so an up-to-date sub-make prints nothing)
shim-programs: $(BUILD)/shim/go $(BUILD)/shim/gowrap-toolexec
	@:

CLI_LIBS := $(foreach m,audit report doctor enable toolchain overlay patch deps proto verify gocmd common,$(call lib,$(m)))
$(BUILD)/gowrap: $(CLI_OBJ) $(CLI_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(CJSON_LIBS) $(GIT2_LIBS)

# The -toolexec program of deps/: runs once per tool call, so static and libc-only like the shim.
ifneq ($(SHIM_LIBC),musl)
$(BUILD)/shim/gowrap-toolexec: $(BUILD)/obj/deps/toolexec.o $(foreach m,deps verify gocmd common,$(call lib,$(m))) $(BUILD)/gen/shim-libc
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(SHIM_STATIC) -o $@ $(filter-out %/shim-libc,$^)
endif

# The fix identity (deps/render.c) covers the code that picks and writes
# fixes, not only templates and table: any change to deps/ is a new
# build-cache identity. Content only, so every machine computes the same.
DEPS_ID_SRC := $(sort $(wildcard deps/*.c deps/*.h)) common/sha1.c common/hash.h
DEPS_SRC_ID := $(shell cat $(DEPS_ID_SRC) | cksum | tr ' ' '-')
$(BUILD)/obj/deps/render.o: $(DEPS_ID_SRC)
$(BUILD)/obj/deps/render.o: ALL_CFLAGS += -DDP_SOURCE_ID='"$(DEPS_SRC_ID)"'

SYMCHECK_ZIP := $(addprefix $(BUILD)/obj/verify/,$(if $(filter no,$(LIBZIP)),zipnone.o,zipin.o ziplib.o))
$(BUILD)/obj/verify/zipin.o $(BUILD)/obj/verify/ziplib.o: ALL_CPPFLAGS += $(ZIP_CPPFLAGS)
# symcheck loads libzip when it first meets a zip (verify/ziplib.h says why),
# by the name the linker records for it: a probe linked as symcheck would be
# tells it (scripts/zipname.sh; once per build directory, as a link is).
DL_LIBS := $(if $(filter Linux,$(OS)),-ldl)
# LIBZIP=no links no libzip (portcheck's musl build compiles ziplib.c all the
# same, so it is held to strict POSIX too): no probe, a name that is never used.
$(BUILD)/gen/zipname.h: scripts/zipname.sh
	@mkdir -p $(dir $@)
ifeq ($(LIBZIP),no)
	@printf '#define VF_ZIP_LIB "libzip"\n' >$@
else
	@bash scripts/zipname.sh $@ $(CC) $(ALL_CPPFLAGS) $(ZIP_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -- $(ZIP_LIBS)
endif
$(BUILD)/obj/verify/ziplib.o: $(BUILD)/gen/zipname.h
# --patches reads patch files with patch/'s libc-only reader (touched.c,
# frame.c): the archive gives symcheck those members alone, never libgit2.
SYMCHECK_OBJ := $(BUILD)/obj/verify/symcheck.o $(BUILD)/obj/verify/symcheck_patches.o
$(SYMCHECK_OBJ): ALL_CPPFLAGS += -Ipatch
$(BUILD)/symcheck: $(SYMCHECK_OBJ) $(SYMCHECK_ZIP) $(foreach m,verify patch common,$(call lib,$(m)))
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(if $(filter no,$(LIBZIP)),,$(DL_LIBS))

# C unit drivers (tests/unit/*.c): each links what the shim links and is run
# by tests/unit.bats with inputs and expectations kept as data there.
UNIT_LIBS := $(foreach m,shim deps proto verify gocmd common,$(call lib,$(m)))
$(BUILD)/unit/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(UNIT_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(INC_shim) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(UNIT_LIBS)
# patchcheck drives patch/ (which the shim never links): libpatch and libgit2.
$(BUILD)/unit/patchcheck: tests/unit/patchcheck.c $(call lib,patch) $(call lib,common)
	@mkdir -p $(dir $@)
	$(CC) $(INC_patch) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(call lib,patch) $(call lib,common) $(GIT2_LIBS)
unit: $(UNIT_BIN)

# Sanitizer build of everything, in its own tree.
asan:
	$(MAKE) BUILD=build-asan SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" OPT="-O1 -g"

# Strict POSIX against musl: every module compiled with only what
# common/compat.h defines, -Werror; the libc-only programs linked and run.
portcheck:
	bash tools/portcheck.sh

# libFuzzer targets (ASan + UBSan), CONTRIBUTING.md "Fuzzing": symcheck's
# reader for FUZZ_SECONDS, then the command-line model, the record framing
# and the shim's readers of the CLI's replies for FUZZ_PARSER_SECONDS each:
# by default 2/5 of it (at least 1 s; CI's 20 s: 8 s each): none has more
# than a few hundred edges, all reached within a minute or two.
FUZZ_SECONDS ?= 60
FUZZ_PARSER_SECONDS ?= $(shell echo $$(( $(FUZZ_SECONDS) * 2 / 5 > 0 ? $(FUZZ_SECONDS) * 2 / 5 : 1 )))
CI_FUZZ_SECONDS ?= 20
FUZZ_PARSERS := cmdline record proto classify
FUZZ_CFLAGS := $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(CFLAGS) $(LDFLAGS)
fuzz: $(BUILD)/fuzz/symcheck_fuzz $(patsubst %,$(BUILD)/fuzz/%_fuzz,$(FUZZ_PARSERS))
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/symcheck_fuzz $(FUZZ_SECONDS)
	for t in $(FUZZ_PARSERS); do bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/$${t}_fuzz $(FUZZ_PARSER_SECONDS) || exit 1; done

$(BUILD)/fuzz/symcheck_fuzz: verify/fuzz_symcheck.c verify/zipin.c verify/ziplib.c $(VERIFY_SRC) $(COMMON_SRC) $(BUILD)/gen/templates.c \
		| $(BUILD)/gen/zipname.h
	@mkdir -p $(dir $@)
	clang $(INC_verify) $(ALL_CPPFLAGS) $(ZIP_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $^ $(DL_LIBS)

# The model alone (shim/cmdline.c and what it reads through gocmd/); its
# target lives in tests/ as the corpus driver does (it sets GOFLAGS).
$(BUILD)/fuzz/cmdline_fuzz: tests/fuzz/fuzz_cmdline.c shim/cmdline.c $(GOCMD_SRC) $(COMMON_SRC) $(BUILD)/gen/templates.c \
		$(wildcard shim/cmdline.h gocmd/*.h common/*.h)
	@mkdir -p $(dir $@)
	clang -Icommon -Igocmd -Ishim $(ALL_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $(filter %.c,$^)

$(BUILD)/fuzz/record_fuzz: common/fuzz_record.c $(COMMON_SRC) $(BUILD)/gen/templates.c $(wildcard common/*.h)
	@mkdir -p $(dir $@)
	clang $(INC_common) $(ALL_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $(filter %.c,$^)

$(BUILD)/fuzz/proto_fuzz: proto/fuzz_proto.c $(PROTO_SRC) $(COMMON_SRC) $(BUILD)/gen/templates.c \
		$(wildcard proto/*.h common/*.h)
	@mkdir -p $(dir $@)
	clang $(INC_proto) $(ALL_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $(filter %.c,$^)

# The rules of deps/ over hostile Go files (classify.c, and render.c for
# the fixes a class asks for); its target lives in tests/fuzz/.
$(BUILD)/fuzz/classify_fuzz: tests/fuzz/fuzz_classify.c $(DEPS_SRC) $(VERIFY_SRC) $(GOCMD_SRC) $(COMMON_SRC) \
		$(BUILD)/gen/templates.c $(wildcard deps/*.h verify/*.h gocmd/*.h common/*.h)
	@mkdir -p $(dir $@)
	clang $(INC_deps) $(ALL_CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $(filter %.c,$^)

# The diff parser of patch/ (frame.c, libgit2 through gitparse.c, the
# path rules) and the exact applier, under libFuzzer (seeds: tests/patches/).
fuzz-patch: $(BUILD)/fuzz/patch_fuzz
	bash tests/helpers/run-fuzz-patch.sh $(BUILD)/fuzz/patch_fuzz $(FUZZ_SECONDS)

# (patched.c, the set kept as an overlay in the cache, and refresh.c, GNU
# patch run on a scratch copy, are not the fuzzer's: they read no bytes of a
# patch themselves.)
$(BUILD)/fuzz/patch_fuzz: patch/fuzz_patch.c $(filter-out patch/patched.c patch/refresh.c,$(PATCH_SRC)) $(COMMON_SRC) $(BUILD)/gen/templates.c
	@mkdir -p $(dir $@)
	clang $(INC_patch) $(ALL_CPPFLAGS) $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GIT2_LIBS)

test: all
	bash tests/run.sh

# The fast tier, for the edit loop (CONTRIBUTING.md says when to run which):
# every C unit test, the table tests of the policy and memo logic, the
# layout/shape/errshape/docs checks and the suites that need no cold go
# build. `make check` is the whole truth.
QUICK_SUITES := unit layout errshape docs common cli verify shim_hardening
test-quick:
	$(MAKE) -j2 all
	bash tests/run.sh $(wildcard $(patsubst %,tests/%.bats,$(QUICK_SUITES)))

# What CI runs after scripts/setup.sh (README, .ci/run). It installs nothing.
# One C build per configuration, each reused by every suite that needs it:
# gcc (build/), clang (build-clang/), ASan+UBSan (build-asan/: the verify
# suite runs against it, not against build/ a second time: every other suite
# runs build/'s symcheck, and `make test` runs verify on build/); the musl build is
# tests/portability.bats's own `make portcheck` (it asserts on its output).
# Fuzzing (libFuzzer, which Apple's clang lacks) runs where it exists: on Linux.
# Each libFuzzer run is one process on one core: the five run in two lanes
# side by side (fuzz-lanes), each target for as long as `make fuzz` and
# `make fuzz-patch` give it. The suites run CHECK_JOBS at a time (3: with two,
# waits on qemu, links and go's serial steps left the cores idle 11% of the
# run; CONTRIBUTING.md has the figures).
CHECK_JOBS ?= 3
check:
	$(MAKE) -j2 all
	$(MAKE) -j2 CC=clang BUILD=build-clang all
	$(MAKE) -j2 asan
ifeq ($(HOST_OS),Linux)
	$(MAKE) -j2 $(FUZZ_BINS)
	$(MAKE) -j2 fuzz-lanes FUZZ_SECONDS=$(CI_FUZZ_SECONDS)
endif
	BATS_JOBS=$(CHECK_JOBS) bash tests/run.sh --all build-asan:tests/verify.bats

FUZZ_BINS := $(patsubst %,$(BUILD)/fuzz/%_fuzz,symcheck $(FUZZ_PARSERS) patch)
fuzz-lanes: fuzz-lane-a fuzz-lane-b
fuzz-lane-a: $(FUZZ_BINS)
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/symcheck_fuzz $(FUZZ_SECONDS)
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/cmdline_fuzz $(FUZZ_PARSER_SECONDS)
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/proto_fuzz $(FUZZ_PARSER_SECONDS)
fuzz-lane-b: $(FUZZ_BINS)
	bash tests/helpers/run-fuzz-patch.sh $(BUILD)/fuzz/patch_fuzz $(FUZZ_SECONDS)
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/record_fuzz $(FUZZ_PARSER_SECONDS)
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/classify_fuzz $(FUZZ_PARSER_SECONDS)

setup:
	bash scripts/setup.sh

demo: setup
	$(MAKE) all
	bash examples/demo.sh

bench: all
	bash bench/run.sh

install: programs man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/gowrap
	install -m 0755 $(BUILD)/gowrap $(DESTDIR)$(PREFIX)/bin/gowrap
	install -m 0755 $(BUILD)/symcheck $(DESTDIR)$(PREFIX)/bin/symcheck
	install -m 0755 $(BUILD)/shim/go $(DESTDIR)$(PREFIX)/libexec/gowrap/go
	install -m 0755 $(BUILD)/shim/gowrap-toolexec $(DESTDIR)$(PREFIX)/libexec/gowrap/gowrap-toolexec
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 0644 $(BUILD)/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 0644 $(BUILD)/man/*.5 $(DESTDIR)$(PREFIX)/share/man/man5/

clean:
	rm -rf build build-asan build-clang build-port

FORCE:

.PHONY: all programs man musl-programs shim-programs unit objects asan portcheck fuzz fuzz-patch fuzz-lanes fuzz-lane-a fuzz-lane-b test test-quick bench install clean setup check demo FORCE
