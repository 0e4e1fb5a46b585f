/* fuzz_symcheck.c — libFuzzer target over symcheck's in-memory parser.
 *
 * Promise: feeds arbitrary bytes to vf_scan_buffer (the same path a mapped
 * file takes: fat, archive, Mach-O, pclntab, build info) and renders the
 * result as text and JSON, so ASan/UBSan see every reader and writer. Built
 * and run by `make fuzz` (tests/helpers/run-fuzz.sh). */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vf_result r = { NULL, 0, 0 };
	struct vf_opts o = { NULL, VF_EXPECT_AUTO, NULL, NULL };
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
	return 0;
}
