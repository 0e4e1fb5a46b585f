/* fuzz_patch.c — libFuzzer target over the diff parser and the applier.
 *
 * Promise: arbitrary bytes go through pt_parse (the framer, libgit2's
 * parser, the path rules); a patch that parses is applied, every file
 * section, to three bases — the file absent, a 64-line "line N" file, and
 * the input's own first kilobyte as a file — so ASan/UBSan see the exact
 * applier's search, its reverse pass and the result building; and through
 * pt_touched_read, symcheck's reading of them. Built and run
 * by `make fuzz-patch` (tests/helpers/run-fuzz-patch.sh), seeded from
 * tests/patches/. */
#include "compat.h"
#include "patch.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void apply_all(const struct pt_patch *p, const char *base, size_t n, int exists)
{
	struct sb out = SB_INIT;
	for (size_t i = 0; i < p->nfiles; i++) {
		struct pt_result r;
		int gone;
		pt_apply(p, &p->files[i], base, n, exists, &out, &gone, &r);
	}
	sb_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sb lines = SB_INIT;
	if (!lines.len)
		for (int i = 1; i <= 64; i++)
			sb_addf(&lines, "line %d\n", i);
	/* An exact-size heap copy, so ASan sees any read past the end. */
	char *b = malloc(size ? size : 1);
	if (size)
		memcpy(b, data, size);
	struct pt_patch p;
	struct gw_err e;
	if (pt_parse(b, size, "fuzz.patch", &p, &e) == 0) {
		apply_all(&p, NULL, 0, 0);
		apply_all(&p, lines.buf, lines.len, 1);
		apply_all(&p, b, size < 1024 ? size : 1024, 1);
		pt_version_ok(&p, "go1.26.8");
	}
	pt_patch_free(&p);
	/* symcheck --patches' libc-only reading of the same bytes */
	struct pt_touched t;
	if (pt_touched_read(b, size, "fuzz.patch", &t, &e) == 0) {
		pt_versions_ok(t.versions, t.nversions, "go1.26.8");
		pt_touched_free(&t);
	}
	free(b);
	return 0;
}
