/* render.c — see render.h. */
#include "compat.h"
#include "render.h"
#include "embedded.h"
#include "marker.h"
#include "hash.h"

#include <string.h>

static const char cpuid_needle[] = "c.featureSet.setIf(runtime.GOOS != \"ios\", AESARM, PMULL, SHA1, SHA2)";
static const char cpuid_repl[] = "c.featureSet.setIf(" GW_MARKER_FUNC DP_FIX_VERSION "(), AESARM, PMULL, SHA1, SHA2)";

static const char *tmpl_name(enum dp_fix fix)
{
	switch (fix) {
	case DP_FIX_CPU_IOS: return "dp_cpu_ios.go.tmpl";
	case DP_FIX_HWCAP: return "dp_hwcap_linux.go.tmpl";
	case DP_FIX_XSYS_IOS: return "dp_xsys_ios.go.tmpl";
	case DP_FIX_CPUID_IOS: return "dp_cpuid_marker.go.tmpl";
	case DP_FIX_NONE: break;
	}
	return NULL;
}

int dp_fix_replaces(enum dp_fix fix)
{
	return fix == DP_FIX_CPU_IOS || fix == DP_FIX_CPUID_IOS;
}

int dp_fix_has_bodyless(enum dp_fix fix)
{
	return fix == DP_FIX_HWCAP;
}

/* The templates' two placeholders: the marker function's name and the fix
 * version (common/marker.h, table.h). */
static void expand(struct sb *out, const char *t, size_t n)
{
	static const struct {
		const char *key, *val;
	} ph[] = { { "{{MARKER}}", GW_MARKER_FUNC DP_FIX_VERSION }, { "{{FIX_VERSION}}", DP_FIX_VERSION } };
	const char *end = t + n;
	while (t < end) {
		const char *k = strstr(t, "{{");
		size_t i = 0, kl = 0;
		for (; k && k < end && i < sizeof ph / sizeof ph[0]; i++) {
			kl = strlen(ph[i].key);
			if ((size_t)(end - k) >= kl && memcmp(k, ph[i].key, kl) == 0)
				break;
		}
		if (!k || k >= end) {
			sb_add(out, t, (size_t)(end - t));
			return;
		}
		sb_add(out, t, (size_t)(k - t) + (i == sizeof ph / sizeof ph[0] ? 2 : 0));
		if (i < sizeof ph / sizeof ph[0])
			sb_adds(out, ph[i].val);
		t = i < sizeof ph / sizeof ph[0] ? k + kl : k + 2;
	}
}

int dp_render(enum dp_fix fix, const char *orig, struct sb *out, const char **name, struct sb *err)
{
	const char *tn = tmpl_name(fix);
	const struct gw_embedded *t = tn ? gw_embedded_find(tn) : NULL;
	if (!t) {
		sb_addf(err, "no template for fix %d", (int)fix);
		return -1;
	}
	switch (fix) {
	case DP_FIX_CPU_IOS: *name = "gowrap_cpu_ios.go"; break;
	case DP_FIX_HWCAP: *name = "gowrap_hwcap_linux.go"; break;
	case DP_FIX_XSYS_IOS: *name = "gowrap_xsys_ios.go"; break;
	default: *name = "gowrap_os_darwin_arm64.go"; break;
	}
	if (fix != DP_FIX_CPUID_IOS) {
		expand(out, t->data, t->len);
		return 0;
	}
	/* The original's bytes were identified by blob id, so the needle is
	 * there exactly once; check anyway rather than trust. */
	struct sb o = SB_INIT;
	if (sb_read_file(&o, orig, 1u << 20) < 0) {
		sb_addf(err, "cannot read %s", orig);
		return -1;
	}
	const char *k = strstr(o.buf, cpuid_needle);
	if (!k || strstr(k + 1, cpuid_needle)) {
		sb_addf(err, "%s: the setIf line is not there exactly once", orig);
		sb_release(&o);
		return -1;
	}
	sb_add(out, o.buf, (size_t)(k - o.buf));
	sb_adds(out, cpuid_repl);
	sb_adds(out, k + sizeof cpuid_needle - 1);
	expand(out, t->data, t->len);
	sb_release(&o);
	return 0;
}

void dp_fix_identity(char out[17])
{
	struct gw_sha1 c;
	char hex[41];
	static const enum dp_fix all[] = { DP_FIX_CPU_IOS, DP_FIX_HWCAP, DP_FIX_XSYS_IOS, DP_FIX_CPUID_IOS };
	gw_sha1_init(&c);
	gw_sha1_update(&c, "gowrap-deps " DP_FIX_VERSION "\n", sizeof("gowrap-deps " DP_FIX_VERSION "\n") - 1);
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		const struct gw_embedded *t = gw_embedded_find(tmpl_name(all[i]));
		if (t)
			gw_sha1_update(&c, t->data, t->len + 1);
	}
	gw_sha1_update(&c, cpuid_repl, sizeof cpuid_repl);
#ifdef DP_SOURCE_ID
	gw_sha1_update(&c, DP_SOURCE_ID, sizeof DP_SOURCE_ID);
#endif
	for (const struct dp_row *r = dp_rows; r->blob; r++) {
		gw_sha1_update(&c, r->blob, strlen(r->blob) + 1);
		gw_sha1_update(&c, r->file, strlen(r->file) + 1);
		unsigned char b[3] = { (unsigned char)r->families, (unsigned char)r->role, (unsigned char)r->fix };
		gw_sha1_update(&c, b, sizeof b);
	}
	gw_sha1_hex(&c, hex);
	memcpy(out, hex, 16);
	out[16] = 0;
}
