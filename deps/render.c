/* render.c — see render.h. */
#include "compat.h"
#include "render.h"
#include "embedded.h"
#include "marker.h"
#include "hash.h"

#include <stdlib.h>
#include <string.h>

#define MARKER GW_MARKER_FUNC DP_FIX_VERSION

/* cpuid's two ios lines and what each becomes. The setIf always (the four
 * bits every arm64 Apple device has); the sysctl gate only for macOS parity,
 * so GOWRAP_FEATURES=crypto keeps the four bits alone, as in std. */
static const char setif_needle[] = "c.featureSet.setIf(runtime.GOOS != \"ios\", AESARM, PMULL, SHA1, SHA2)";
static const char setif_repl[] = "c.featureSet.setIf(" MARKER "(), AESARM, PMULL, SHA1, SHA2)";
static const char sysctl_needle[] = "if runtime.GOOS != \"ios\" {";
static const char sysctl_repl[] = "if " MARKER "() {";

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

int dp_features_darwin(void)
{
	const char *v = getenv("GOWRAP_FEATURES");
	return !(v && strcmp(v, "crypto") == 0);
}

unsigned dp_fix_opts(const struct dp_class *cl)
{
	unsigned o = 0;
	if (dp_class_has(cl, "var HWCap2 uint"))
		o |= DP_OPT_HWCAP2;
	if (dp_class_has(cl, "var Platform string"))
		o |= DP_OPT_PLATFORM;
	if (dp_class_has(cl, sysctl_needle))
		o |= DP_OPT_SYSCTL;
	return o;
}

/* The fill of the copy's variables, each only while still zero. */
static void hwcap_fill(struct sb *out, unsigned opts)
{
	sb_adds(out, "\tif HWCap == 0 {\n\t\tHWCap = uint(gowrapAuxvValue(auxv, gowrapAT_HWCAP))\n\t}\n");
	if (opts & DP_OPT_HWCAP2)
		sb_adds(out, "\tif HWCap2 == 0 {\n\t\tHWCap2 = uint(gowrapAuxvValue(auxv, gowrapAT_HWCAP2))\n\t}\n");
	if (opts & DP_OPT_PLATFORM)
		sb_adds(out, "\tif Platform == \"\" {\n\t\tPlatform = gowrapAuxvString(gowrapAuxvValue(auxv, "
			     "gowrapAT_PLATFORM))\n\t}\n");
}

/* The templates' placeholders: the marker function's name, the fix version
 * (common/marker.h, table.h), and the hwcap fill. */
static void expand(struct sb *out, const char *t, size_t n, unsigned opts)
{
	static const char *const keys[] = { "{{MARKER}}", "{{FIX_VERSION}}", "{{FILL}}" };
	const char *end = t + n;
	while (t < end) {
		const char *k = gw_memmem(t, (size_t)(end - t), "{{", 2);
		if (!k) {
			sb_add(out, t, (size_t)(end - t));
			return;
		}
		sb_add(out, t, (size_t)(k - t));
		size_t i = 0, kl = 0;
		for (; i < sizeof keys / sizeof keys[0]; i++) {
			kl = strlen(keys[i]);
			if ((size_t)(end - k) >= kl && memcmp(k, keys[i], kl) == 0)
				break;
		}
		if (i == 0)
			sb_adds(out, MARKER);
		else if (i == 1)
			sb_adds(out, DP_FIX_VERSION);
		else if (i == 2)
			hwcap_fill(out, opts);
		else {
			sb_add(out, k, 2);
			t = k + 2;
			continue;
		}
		t = k + kl;
	}
}

/* Replace needle (there exactly once in s) by repl; -1 when it is not. */
static int replace_once(struct sb *s, const char *needle, const char *repl)
{
	char *k = strstr(s->buf, needle);
	if (!k || strstr(k + 1, needle))
		return -1;
	struct sb o = SB_INIT;
	sb_add(&o, s->buf, (size_t)(k - s->buf));
	sb_adds(&o, repl);
	sb_adds(&o, k + strlen(needle));
	sb_release(s);
	*s = o;
	return 0;
}

int dp_render(enum dp_fix fix, const char *orig, unsigned opts, struct sb *out, const char **name,
	      struct sb *err)
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
		expand(out, t->data, t->len, opts);
		return 0;
	}
	/* The rule counted these lines in the whole compile; each edit checks
	 * that its line is in this file, once, rather than trust. */
	struct sb o = SB_INIT;
	if (sb_read_file(&o, orig, 1u << 20) < 0) {
		sb_addf(err, "cannot read %s", orig);
		return -1;
	}
	if (replace_once(&o, setif_needle, setif_repl) < 0) {
		sb_addf(err, "%s: the setIf line is not there exactly once", dp_base(orig));
		sb_release(&o);
		return -1;
	}
	if ((opts & DP_OPT_SYSCTL) && dp_features_darwin() && replace_once(&o, sysctl_needle, sysctl_repl) < 0) {
		sb_addf(err, "%s: the ios line of the sysctl detection is not there exactly once", dp_base(orig));
		sb_release(&o);
		return -1;
	}
	sb_add(out, o.buf, o.len);
	expand(out, t->data, t->len, opts);
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
	gw_sha1_update(&c, setif_repl, sizeof setif_repl);
	gw_sha1_update(&c, sysctl_repl, sizeof sysctl_repl);
	/* cpuid's output differs by feature set */
	gw_sha1_update(&c, dp_features_darwin() ? "darwin" : "crypto", 7);
#ifdef DP_SOURCE_ID
	gw_sha1_update(&c, DP_SOURCE_ID, sizeof DP_SOURCE_ID);
#endif
	for (const struct dp_row *r = dp_rows; r->name; r++) {
		gw_sha1_update(&c, r->name, strlen(r->name) + 1);
		for (size_t l = 0; l < DP_MAX_LINES && r->lines[l].text; l++) {
			gw_sha1_update(&c, r->lines[l].text, strlen(r->lines[l].text) + 1);
			unsigned char need = (unsigned char)r->lines[l].need;
			gw_sha1_update(&c, &need, 1);
		}
		for (const char *const *w = r->whole; w && *w; w++)
			gw_sha1_update(&c, *w, strlen(*w) + 1);
		unsigned char b[3] = { (unsigned char)r->families, (unsigned char)r->role, (unsigned char)r->fix };
		gw_sha1_update(&c, b, sizeof b);
	}
	gw_sha1_hex(&c, hex);
	memcpy(out, hex, 16);
	out[16] = 0;
}
