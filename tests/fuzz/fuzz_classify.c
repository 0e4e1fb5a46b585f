/* fuzz_classify.c — libFuzzer target over the rules of deps/ (classify.h):
 * the bytes of a compile's Go files are hostile.
 *
 * Promise: splits each input at NUL bytes into up to eight "files" and
 * holds them to the rules with dp_classify_by (each file's bytes from the
 * input, never from disk) for every family, then renders the fix the class
 * asks for (all but cpuid's, which reads its file from disk), and the x/sys
 * sysctl fix over the first file as its struct (written to a scratch file
 * dp_render reads, one per process, rewritten in place: rendered, or refused
 * with a reason); ASan and UBSan see every read. What classify.h promises is
 * checked, aborting when broken so libFuzzer reports it: a FIX or RIGHT
 * class has its rule and its trigger's file index inside the input; an
 * UNKNOWN one has a reason; a NONE one neither; the words test (a property
 * of the table, not of the input) holds, checked at the first input. It
 * lives in tests/ beside fuzz_cmdline.c. Built and run by `make fuzz`
 * (tests/helpers/run-fuzz.sh); seeded from tests/unit/graph/files and
 * tests/unit/sweep/files (the real files the rules were read in). */
#include "compat.h"
#include <stddef.h>
#include <stdint.h>

#include "classify.h"
#include "render.h"
#include "strbuf.h"
#include "table.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXF 8

struct in {
	const uint8_t *p[MAXF];
	size_t n[MAXF];
};

static void require(int ok)
{
	if (!ok)
		abort();
}

/* "f<i>" names file i of the input. Grown once to the file's size: each
 * doubling is a fresh allocation, which ASan's quarantine never reuses. */
static int read_in(const char *path, struct sb *out, void *arg)
{
	const struct in *in = arg;
	int i = path[1] - '0';
	if (path[0] != 'f' || i < 0 || i >= MAXF)
		return -1;
	sb_grow(out, in->n[i]);
	sb_add(out, in->p[i], in->n[i]);
	return 0;
}

/* The scratch file dp_render reads the struct from: made once, in /dev/shm
 * where there is one (a memory file system), kept open and rewritten in
 * place. Truncating and closing a file on ext4 each input started its
 * writeback (auto_da_alloc): most of an input's time went to the disk.
 * With classify.c's index of the rules' lines, measured here under ASan
 * (run-fuzz.sh's seeds and dictionary, -seed=1, 20 s, three rounds
 * alternated): 166 inputs a second before, 1,960 after (median), coverage
 * 273 -> 285 counters in the same time. */
static char path[64];
static int scratch = -1;

static void remove_scratch(void)
{
	unlink(path);
}

static int scratch_put(const uint8_t *p, size_t n)
{
	if (scratch < 0) {
		struct stat st;
		const char *dir = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
		snprintf(path, sizeof path, "%s/gowrap-fuzz-xsys-%ld.go", dir, (long)getpid());
		scratch = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
		if (scratch < 0)
			return -1;
		atexit(remove_scratch);
	}
	return pwrite(scratch, p, n, 0) == (ssize_t)n && ftruncate(scratch, (off_t)n) == 0 ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[MAXF] = { "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7" };
	static const int fams[] = { DP_FAM_IOS, DP_FAM_LINUX, DP_FAM_OTHER };
	struct in in = { { 0 }, { 0 } };
	size_t nf = 0, at = 0;
	while (nf < MAXF && at <= size) {
		const uint8_t *z = at < size ? memchr(data + at, 0, size - at) : NULL;
		size_t n = z ? (size_t)(z - (data + at)) : size - at;
		in.p[nf] = data + at;
		in.n[nf++] = n;
		at += n + 1;
		if (!z)
			break;
	}
	static int words_ok; /* a property of the table: checked once */
	if (!words_ok) {
		char why[400];
		require(dp_rules_words(why, sizeof why) == 0);
		words_ok = 1;
		setenv("GOWRAP_FEATURES", "darwin", 1); /* the sysctl fix's feature set */
	}
	for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++) {
		struct dp_class cl;
		dp_classify_by(names, nf, fams[f], read_in, &in, &cl);
		switch (cl.verdict) {
		case DP_V_FIX:
		case DP_V_RIGHT:
			require(cl.row != NULL && cl.file_idx >= 0 && (size_t)cl.file_idx < nf);
			require((cl.row->role == DP_DEFECT) == (cl.verdict == DP_V_FIX));
			break;
		case DP_V_UNKNOWN:
			require(cl.why[0] != 0 && cl.row == NULL);
			break;
		case DP_V_NONE:
			require(cl.row == NULL && cl.why[0] == 0 && cl.file_idx == -1);
			break;
		}
		if (cl.verdict != DP_V_FIX || cl.row->fix == DP_FIX_CPUID_IOS)
			continue; /* cpuid's fix reads its file from disk: not here */
		struct sb out = SB_INIT, err = SB_INIT;
		const char *name;
		require(dp_render(cl.row->fix, "/nonexistent", dp_fix_opts(&cl), &out, &name, &err) == 0);
		require(out.len > 0 && strstr(out.buf, "gowrapMarker") != NULL);
		sb_release(&out);
		sb_release(&err);
	}
	/* the x/sys sysctl fix reads the fields of `var ARM64 struct {` */
	if (scratch_put(in.p[0], in.n[0]) == 0) {
		struct sb out = SB_INIT, err = SB_INIT;
		const char *name;
		if (dp_render(DP_FIX_XSYS_IOS, path, DP_OPT_XSYS_ASM, &out, &name, &err) == 0)
			require(strstr(out.buf, "gowrapSysctlEnabled") != NULL && err.len == 0);
		else
			require(err.len > 0 && out.len == 0);
		sb_release(&out);
		sb_release(&err);
	}
	return 0;
}
