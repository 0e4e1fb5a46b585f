/* features.c — the two feature sets: their names, what an osInit sets, and
 * who reads each bit (see feature_sets.h).
 *
 * The readers are read from Go 1.26.8's and 1.27.3's sources (grep for
 * `ARM64.Has` and `ARM64Has` outside cmd/ and internal/cpu/): they say where
 * a detected bit makes a difference, for doctor and the README. */
#include "compat.h"
#include "feature_sets.h"

#include <stdlib.h>
#include <string.h>

#include "exitcodes.h"

static const char *const names[] = { [OV_FEATURES_DARWIN] = "darwin", [OV_FEATURES_CRYPTO] = "crypto" };

int ov_features_parse(const char *s, enum ov_features *out)
{
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(s, names[i]) == 0) {
			*out = (enum ov_features)i;
			return 0;
		}
	return -1;
}

const char *ov_features_name(enum ov_features f)
{
	return names[f];
}

int ov_features_from_env(enum ov_features *out, struct gw_err *e)
{
	const char *v = getenv("GOWRAP_FEATURES");
	*out = OV_FEATURES_DARWIN;
	/* Empty is unset, as go treats its own variables. */
	if (!v || !*v || ov_features_parse(v, out) == 0)
		return 0;
	return gw_err_set(e, GW_EXIT_SETTING, "unknown GOWRAP_FEATURES",
			  "set GOWRAP_FEATURES=darwin (the default: macOS parity) or GOWRAP_FEATURES=crypto "
			  "(the four ARMv8.0 crypto bits only), or unset it",
			  "GOWRAP_FEATURES=%.64s names no feature set", v);
}

static const struct {
	const char *bit, *readers;
} readers[] = {
	{ "HasAES", "crypto/aes and AES-GCM (crypto/internal/fips140/aes, aes/gcm), crypto/tls "
		    "(AES-GCM preferred over ChaCha20), AES map hashing (runtime; Go 1.27: "
		    "internal/runtime/maps)" },
	{ "HasPMULL", "AES-GCM (crypto/internal/fips140/aes/gcm), crypto/tls; Go 1.27 with "
		      "GOEXPERIMENT=simd: simd/archsimd ARM64.PMULL() and simd" },
	{ "HasSHA1", "crypto/sha1" },
	{ "HasSHA2", "crypto/sha256 (crypto/internal/fips140/sha256)" },
	{ "HasSHA512", "crypto/sha512 (crypto/internal/fips140/sha512)" },
	{ "HasSHA3", "crypto/sha3 (crypto/internal/fips140/sha3), only when runtime.GOOS is darwin: "
		     "Mac Catalyst, not GOOS=ios" },
	{ "HasCRC32", "hash/crc32 (IEEE and Castagnoli)" },
	{ "HasATOMICS", "the runtime's atomics (LSE instead of LL/SC: runtime, "
			"internal/runtime/atomic)" },
	{ "HasDIT", "crypto/subtle.WithDataIndependentTiming and the runtime "
		    "(internal/runtime/sys.DITSupported)" },
	{ "HasSB", "internal/runtime/sys EnableDIT's barrier, assembled for GOOS_darwin only: Mac "
		   "Catalyst, not GOOS=ios" },
};

const char *ov_bit_readers(const char *bit)
{
	for (size_t i = 0; i < sizeof readers / sizeof *readers; i++)
		if (strcmp(readers[i].bit, bit) == 0)
			return readers[i].readers;
	return "";
}

/* One `\tARM64.HasX = <rhs>` line into bits[*nbits]; other lines are skipped. */
static void parse_line(const char *line, size_t n, struct ov_bit *bits, size_t *nbits, size_t max)
{
	static const char lhs[] = "\tARM64.Has", sysctl[] = "sysctlEnabled([]byte(\"";
	if (n < sizeof lhs - 1 || memcmp(line, lhs, sizeof lhs - 1) != 0 || *nbits == max)
		return;
	const char *name = line + 7, *eq = memchr(line, '=', n), *end = line + n;
	if (!eq || eq < name + 4)
		return;
	struct ov_bit *b = &bits[*nbits];
	size_t k = (size_t)(eq - 1 - name);
	if (k >= sizeof b->name)
		return;
	memcpy(b->name, name, k);
	b->name[k] = '\0';
	const char *rhs = eq + 2, *s = gw_memmem(rhs, (size_t)(end - rhs), sysctl, sizeof sysctl - 1);
	b->sysctl[0] = '\0';
	if (s) {
		s += sizeof sysctl - 1;
		const char *q = gw_memmem(s, (size_t)(end - s), "\\x00", 4);
		if (!q || (size_t)(q - s) >= sizeof b->sysctl)
			return;
		memcpy(b->sysctl, s, (size_t)(q - s));
		b->sysctl[q - s] = '\0';
	} else if ((size_t)(end - rhs) != 4 || memcmp(rhs, "true", 4) != 0) {
		return; /* neither asserted nor detected: not a bit the overlay sets */
	}
	(*nbits)++;
}

size_t ov_bits_parse(const char *src, size_t len, struct ov_bit *bits, size_t max)
{
	size_t nbits = 0;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(src + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (src + i)) : len - i;
		parse_line(src + i, n, bits, &nbits, max);
		i += n + 1;
	}
	return nbits;
}
