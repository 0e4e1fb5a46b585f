# gowrap — see README.md. `make` builds build/gowrap, build/shim/go, build/symcheck.
# Each module's sources are picked up by wildcard so modules never edit each other's lines.

CC      ?= cc
PREFIX  ?= /usr/local
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror
CPPFLAGS_ALL := -Icommon -Ishim -Ioverlay -Iverify -Icli -Ideps -I$(BUILD)/gen $(shell pkg-config --cflags libcjson libgit2 2>/dev/null)
CFLAGS_ALL   := $(CSTD) $(WARN) $(OPT) $(SAN) $(CFLAGS)
LDFLAGS_ALL  := $(SAN) $(LDFLAGS)

CJSON_LIBS := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
GIT2_LIBS  := $(shell pkg-config --libs libgit2 2>/dev/null || echo -lgit2)
CRYPTO_LIBS := $(shell pkg-config --libs libcrypto 2>/dev/null || echo -lcrypto)

COMMON_SRC  := $(wildcard common/*.c)
VERIFY_SRC  := $(filter-out verify/symcheck.c verify/fuzz_%.c,$(wildcard verify/*.c))
SHIMLIB_SRC := $(filter-out shim/gowrap.c,$(wildcard shim/*.c))
OVERLAY_SRC := $(wildcard overlay/*.c)
CLI_SRC     := $(wildcard cli/*.c)
TEMPLATES   := $(sort $(wildcard overlay/templates/*))
# deps/: CPU-feature code in dependencies (deps/README.md)
DEPS_SRC    := $(filter-out deps/toolexec.c,$(wildcard deps/*.c))
TEMPLATES   += $(sort $(wildcard deps/templates/*))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

COMMON_OBJ  := $(call obj,$(COMMON_SRC)) $(BUILD)/obj/gen/templates.o
VERIFY_OBJ  := $(call obj,$(VERIFY_SRC))
SHIMLIB_OBJ := $(call obj,$(SHIMLIB_SRC))
OVERLAY_OBJ := $(call obj,$(OVERLAY_SRC))
CLI_OBJ     := $(call obj,$(CLI_SRC))
DEPS_OBJ    := $(call obj,$(DEPS_SRC))

all: $(BUILD)/gowrap $(BUILD)/shim/go $(BUILD)/symcheck $(BUILD)/shim/gowrap-toolexec

$(BUILD)/obj/%.o: %.c $(wildcard */*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c -o $@ $<

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -O1 -o $@ $<

$(BUILD)/gen/templates.c: $(BUILD)/tools/embed $(TEMPLATES)
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(TEMPLATES)

$(BUILD)/obj/gen/templates.o: $(BUILD)/gen/templates.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c -o $@ $<

# The shim runs on every go call: it links only libc (it parses no JSON: that
# is the CLI's job, with cJSON; never libgit2), statically on Linux so no
# dynamic loader runs (sanitizer builds cannot be static). shim/README.md has
# the numbers.
SHIM_STATIC ?= $(if $(SAN),,$(if $(filter Linux,$(shell uname -s)),-static,))
$(BUILD)/shim/go: $(BUILD)/obj/shim/gowrap.o $(SHIMLIB_OBJ) $(VERIFY_OBJ) $(DEPS_OBJ) $(COMMON_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) $(SHIM_STATIC) -o $@ $^

$(BUILD)/gowrap: $(CLI_OBJ) $(OVERLAY_OBJ) $(SHIMLIB_OBJ) $(VERIFY_OBJ) $(DEPS_OBJ) $(COMMON_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CJSON_LIBS) $(GIT2_LIBS) $(CRYPTO_LIBS)

# The -toolexec program of deps/: runs once per tool call, so static and libc-only like the shim.
$(BUILD)/shim/gowrap-toolexec: $(BUILD)/obj/deps/toolexec.o $(DEPS_OBJ) $(COMMON_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) $(SHIM_STATIC) -o $@ $^

# The fix identity (deps/render.c) covers the code that picks and writes
# fixes, not only templates and table: any change to deps/ is a new
# build-cache identity. Content only, so every machine computes the same.
DEPS_SRC_ID := $(shell cat $(sort $(wildcard deps/*.c deps/*.h)) | cksum | tr ' ' '-')
$(BUILD)/obj/deps/render.o: $(wildcard deps/*.c deps/*.h)
$(BUILD)/obj/deps/render.o: CFLAGS_ALL += -DDP_SOURCE_ID='"$(DEPS_SRC_ID)"'

$(BUILD)/symcheck: $(BUILD)/obj/verify/symcheck.o $(VERIFY_OBJ) $(COMMON_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^

# Sanitizer build of everything, in its own tree.
asan:
	$(MAKE) BUILD=build-asan SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" OPT="-O1 -g"

FUZZ_SECONDS ?= 60
CI_FUZZ_SECONDS ?= 30
fuzz: $(BUILD)/fuzz/symcheck_fuzz
	bash tests/helpers/run-fuzz.sh $(BUILD)/fuzz/symcheck_fuzz $(FUZZ_SECONDS)

$(BUILD)/fuzz/symcheck_fuzz: verify/fuzz_symcheck.c $(VERIFY_SRC) $(COMMON_SRC) $(BUILD)/gen/templates.c
	@mkdir -p $(dir $@)
	clang $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(CPPFLAGS_ALL) -o $@ $^

test: all
	bash tests/run.sh

# The README's two set-up-and-run commands.
setup:
	bash scripts/setup.sh

check: setup
	$(MAKE) all
	$(MAKE) CC=clang BUILD=build-clang all
	$(MAKE) asan
	$(MAKE) fuzz FUZZ_SECONDS=$(CI_FUZZ_SECONDS)
	GOWRAP_BUILD=$(CURDIR)/build-asan bash tests/run.sh tests/verify.bats
	bash tests/run.sh

demo: setup
	$(MAKE) all
	bash examples/demo.sh

bench: all
	bash bench/run.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/gowrap
	install -m 0755 $(BUILD)/gowrap $(DESTDIR)$(PREFIX)/bin/gowrap
	install -m 0755 $(BUILD)/symcheck $(DESTDIR)$(PREFIX)/bin/symcheck
	install -m 0755 $(BUILD)/shim/go $(DESTDIR)$(PREFIX)/libexec/gowrap/go
	install -m 0755 $(BUILD)/shim/gowrap-toolexec $(DESTDIR)$(PREFIX)/libexec/gowrap/gowrap-toolexec

clean:
	rm -rf build build-asan build-clang

.PHONY: all asan fuzz test bench install clean setup check demo
