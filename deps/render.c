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

/* The fields v0.42.0's cpu_darwin_arm64.go (golang/sys@942780bb) asks
 * sysctl for, with its names in its order ("hw.optional." before each); the
 * four crypto bits it asserts are asserted by the template. */
static const struct {
	const char *field;
	const char *names[2];
} xsys_sysctl[] = {
	{ "HasSHA3", { "armv8_2_sha3", "arm.FEAT_SHA3" } },
	{ "HasSHA512", { "armv8_2_sha512", "arm.FEAT_SHA512" } },
	{ "HasCRC32", { "armv8_crc32", NULL } },
	{ "HasATOMICS", { "armv8_1_atomics", "arm.FEAT_LSE" } },
	{ "HasLRCPC", { "arm.FEAT_LRCPC", NULL } },
	{ "HasFPHP", { "neon_fp16", "arm.FEAT_FP16" } },
	{ "HasASIMDHP", { "neon_hpfp", "AdvSIMD_HPFPCvt" } },
	{ "HasASIMDRDM", { "arm.FEAT_RDM", NULL } },
	{ "HasASIMDDP", { "arm.FEAT_DotProd", NULL } },
	{ "HasASIMDFHM", { "armv8_2_fhm", "arm.FEAT_FHM" } },
	{ "HasI8MM", { "arm.FEAT_I8MM", NULL } },
	{ "HasJSCVT", { "arm.FEAT_JSCVT", NULL } },
	{ "HasFCMA", { "armv8_3_compnum", "arm.FEAT_FCMA" } },
	{ "HasDCPOP", { "arm.FEAT_DPB", NULL } },
	{ "HasEVTSTRM", { "arm.FEAT_ECV", NULL } },
	{ "HasDIT", { "arm.FEAT_DIT", NULL } },
};

#define STRUCT_LINE "var ARM64 struct {"

static void expand(struct sb *out, const char *t, size_t n, const char *fill);

static const char *tmpl_name(enum dp_fix fix)
{
	switch (fix) {
	case DP_FIX_CPU_IOS: return "dp_cpu_ios.go.tmpl";
	case DP_FIX_HWCAP: return "dp_hwcap_linux.go.tmpl";
	case DP_FIX_XSYS_IOS: return "dp_xsys_ios.go.tmpl";
	case DP_FIX_CPUID_IOS: return "dp_cpuid_marker.go.tmpl";
	case DP_FIX_XSYS_ANDROID: return "dp_xsys_android.go.tmpl";
	case DP_FIX_GVISOR: return "dp_gvisor_cpuid.go.tmpl";
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
	return fix == DP_FIX_HWCAP || fix == DP_FIX_GVISOR;
}

int dp_xsys_sysctl(unsigned opts)
{
	return (opts & DP_OPT_XSYS_ASM) && dp_features_darwin();
}

void dp_render_trampoline(struct sb *out)
{
	const struct gw_embedded *t = gw_embedded_find("dp_xsys_ios_trampoline.s.tmpl");
	if (t)
		expand(out, t->data, t->len, NULL);
}

/* Is one line of s (folded) exactly line? p: where it starts. */
static const char *line_at(const char *s, size_t n, const char *line)
{
	size_t ll = strlen(line);
	for (const char *p = s, *end = s + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		char f[128];
		if ((size_t)(le - p) < sizeof f && dp_fold(p, (size_t)(le - p), f) == ll && memcmp(f, line, ll) == 0)
			return p;
		p = nl ? nl + 1 : end;
	}
	return NULL;
}

const char *dp_xsys_struct_file(const char *const *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct sb b = SB_INIT;
		int hit = sb_read_file(&b, files[i], 1u << 20) == 0 && line_at(b.buf, b.len, STRUCT_LINE);
		sb_release(&b);
		if (hit)
			return files[i];
	}
	return NULL;
}

/* The struct's fields (the first word of each line up to the closing
 * brace, when the second is `bool`): bit i for xsys_sysctl[i]. */
static int xsys_fields(const char *s, size_t n, unsigned *have)
{
	const char *p = line_at(s, n, STRUCT_LINE), *end = s + n;
	if (!p)
		return -1;
	*have = 0;
	for (p = memchr(p, '\n', (size_t)(end - p)); p && ++p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		char f[256];
		if ((size_t)(le - p) >= sizeof f)
			return -1;
		size_t fl = dp_fold(p, (size_t)(le - p), f);
		if (fl == 1 && f[0] == '}')
			return 0;
		for (size_t i = 0; i < sizeof xsys_sysctl / sizeof xsys_sysctl[0]; i++) {
			size_t l = strlen(xsys_sysctl[i].field);
			if (fl > l + 5 && memcmp(f, xsys_sysctl[i].field, l) == 0 && memcmp(f + l, " bool", 5) == 0 &&
			    (f[l + 5] == 0 || f[l + 5] == ' '))
				*have |= 1u << i;
		}
		p = nl;
	}
	return -1; /* no closing brace */
}

static void xsys_fill(struct sb *out, unsigned have)
{
	for (size_t i = 0; i < sizeof xsys_sysctl / sizeof xsys_sysctl[0]; i++) {
		if (!(have & (1u << i)))
			continue;
		sb_addf(out, "\tARM64.%s = ", xsys_sysctl[i].field);
		for (size_t k = 0; k < 2 && xsys_sysctl[i].names[k]; k++)
			sb_addf(out, "%sgowrapSysctlEnabled(\"hw.optional.%s\\x00\")", k ? " || " : "",
				xsys_sysctl[i].names[k]);
		sb_adds(out, "\n");
	}
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
 * (common/marker.h, table.h), and the fill (hwcap's or x/sys's lines). */
static void expand(struct sb *out, const char *t, size_t n, const char *fill)
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
			sb_adds(out, fill ? fill : "");
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
	case DP_FIX_XSYS_ANDROID: *name = "gowrap_xsys_android.go"; break;
	case DP_FIX_GVISOR: *name = "gowrap_gvisor_cpuid.go"; break;
	default: *name = "gowrap_os_darwin_arm64.go"; break;
	}
	if (fix == DP_FIX_XSYS_IOS && dp_xsys_sysctl(opts)) {
		struct sb o = SB_INIT, fill = SB_INIT;
		unsigned have = 0;
		int rc = sb_read_file(&o, orig, 1u << 20) == 0 ? xsys_fields(o.buf, o.len, &have) : -1;
		sb_release(&o);
		if (rc < 0) {
			sb_addf(err, "%s: no `" STRUCT_LINE "` block closed by `}`", dp_base(orig));
			return -1;
		}
		xsys_fill(&fill, have);
		t = gw_embedded_find("dp_xsys_ios_sysctl.go.tmpl");
		if (!t) {
			sb_release(&fill);
			sb_adds(err, "no template for the x/sys sysctl fix");
			return -1;
		}
		expand(out, t->data, t->len, fill.buf);
		sb_release(&fill);
		return 0;
	}
	if (fix != DP_FIX_CPUID_IOS) {
		struct sb fill = SB_INIT;
		if (fix == DP_FIX_HWCAP)
			hwcap_fill(&fill, opts);
		expand(out, t->data, t->len, fill.buf);
		sb_release(&fill);
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
	expand(out, t->data, t->len, NULL);
	sb_release(&o);
	return 0;
}

void dp_fix_identity(char out[17])
{
	struct gw_sha1 c;
	char hex[41];
	static const enum dp_fix all[] = { DP_FIX_CPU_IOS, DP_FIX_HWCAP, DP_FIX_XSYS_IOS, DP_FIX_CPUID_IOS,
					   DP_FIX_XSYS_ANDROID, DP_FIX_GVISOR };
	gw_sha1_init(&c);
	gw_sha1_update(&c, "gowrap-deps " DP_FIX_VERSION "\n", sizeof("gowrap-deps " DP_FIX_VERSION "\n") - 1);
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		const struct gw_embedded *t = gw_embedded_find(tmpl_name(all[i]));
		if (t)
			gw_sha1_update(&c, t->data, t->len + 1);
	}
	static const char *const more[] = { "dp_xsys_ios_sysctl.go.tmpl", "dp_xsys_ios_trampoline.s.tmpl" };
	for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
		const struct gw_embedded *t = gw_embedded_find(more[i]);
		if (t)
			gw_sha1_update(&c, t->data, t->len + 1);
	}
	for (size_t i = 0; i < sizeof xsys_sysctl / sizeof xsys_sysctl[0]; i++)
		for (size_t k = 0; k < 2 && xsys_sysctl[i].names[k]; k++)
			gw_sha1_update(&c, xsys_sysctl[i].names[k], strlen(xsys_sysctl[i].names[k]) + 1);
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
