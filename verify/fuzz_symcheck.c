/* fuzz_symcheck.c — libFuzzer target over symcheck's in-memory parser.
 *
 * Promise: feeds arbitrary bytes to vf_scan_buffer (the same path a mapped
 * file takes: fat, archive, Mach-O, pclntab, build info) and renders the
 * result as text and JSON, so ASan/UBSan see every reader and writer; and the
 * same bytes to the ELF reader behind `symcheck --markers` (vf_elf_names),
 * once as they are and once with an ELF identification put in front (the
 * class and byte order picked by the input's size: 64-bit LE, 64-bit BE,
 * 32-bit BE, 32-bit LE, one call each run), so the fuzzer reaches the
 * section walk of every class and byte order without first having to find
 * the magic; and to the zip reader of .aar/.apk files (zipin.c, libzip
 * reading from memory), whose libraries go through the ELF slice reader
 * (elfslice.c), with a 1 MiB cap per member so each run stays fast. A
 * patch marker is asked throughout, so the pclntab's file table is read. Built and
 * run by `make fuzz` (tests/helpers/run-fuzz.sh). */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "verify.h"
#include "verify_int.h"
#include "zipin.h"

#include <stdlib.h>
#include <string.h>

/* One patch mark, so every pclntab's file table is read too. */
static char *const fuzz_files[] = { "src/runtime/sys_linux_arm64.s" };
static const struct vf_pmark fuzz_marks[] = {
	{ .symbol = "runtime.gowrapPatch000000000000", .patch = "fuzz.patch", .files = fuzz_files, .nfiles = 1 },
};

static void count_name(void *ctx, const char *name, size_t n)
{
	(void)name;
	*(size_t *)ctx += n;
}

static void fuzz_elf(const uint8_t *data, size_t size)
{
	size_t total = 0;
	struct vf_want want;
	vf_want_init(&want, NULL, count_name, &total);
	struct sb err = SB_INIT;
	vf_elf_names((struct vf_span){ data, size }, &want, &err);
	sb_release(&err);

	/* The identification in front: an exact-size heap copy, so ASan sees
	 * any read past the end. */
	static const uint8_t classes[4][2] = { { 2, 1 }, { 2, 2 }, { 1, 2 }, { 1, 1 } };
	uint8_t ident[6] = { 0x7f, 'E', 'L', 'F', 0, 0 };
	memcpy(ident + 4, classes[size % 4], 2);
	uint8_t *copy = malloc(size + sizeof ident);
	if (!copy)
		return;
	memcpy(copy, ident, sizeof ident);
	if (size)
		memcpy(copy + sizeof ident, data, size);
	memset(&want.found, 0, sizeof want.found);
	vf_elf_names((struct vf_span){ copy, size + sizeof ident }, &want, &err);
	sb_release(&err);
	free(copy);
}

/* The zip path, rendered as symcheck renders it. */
static void fuzz_zip(const uint8_t *data, size_t size)
{
	struct vf_result r = { 0 };
	struct vf_opts o = { .expect = VF_EXPECT_AUTO, .pmarks = fuzz_marks, .npmarks = 1 };
	struct sb out = SB_INIT;

	vf_scan_zip_buffer(&r, "fuzz.aar", data, size, &o, 1u << 20);
	vf_format_json(&out, &r);
	vf_format_text(&out, NULL, &r);
	vf_first_failure(&out, &r);
	sb_release(&out);
	vf_result_release(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vf_result r = { 0 };
	struct vf_opts o = { .expect = VF_EXPECT_AUTO, .pmarks = fuzz_marks, .npmarks = 1 };
	struct vf_input in = { "fuzz", NULL, NULL, 0, 0 };
	struct sb out = SB_INIT;

	/* The hint exercises the fallback platform for objects naming none. */
	vf_scan_buffer(&in, data, size, size & 1 ? 2 : 0, &o);
	r.inputs = &in;
	r.n = r.cap = 1;
	vf_format_json(&out, &r);
	vf_format_text(&out, NULL, &r);
	vf_first_failure(&out, &r);
	sb_release(&out);
	in.path = NULL; /* not ours to free */
	vf_input_release(&in);
	fuzz_elf(data, size);
	fuzz_zip(data, size);
	return 0;
}
