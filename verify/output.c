/* output.c — symcheck's text lines, its JSON, and the one-line failure.
 *
 * Promise: text is one line per slice (path, arch, platform, Go version,
 * where the marker was found, verdict) and one `symcheck: PATH: reason` line
 * per unreadable input; JSON follows one fixed schema (verify/README.md):
 * {"ok", "inputs": [{"path", "error", "slices": [{"arch", "platform",
 * "goversion", "marker", "found_in", "variant", "expected", "ok"}]}]};
 * "variant" is vf_slice_variant's word (verify.h), so a CI gate can require
 * one feature set. */
#include "compat.h"
#include <stdio.h>
#include <string.h>

#include "jsonw.h"
#include "macho_format.h"
#include "verify_int.h"

const char *vf_arch_name(uint32_t cpu, uint32_t sub, char *buf, size_t n)
{
	switch (cpu) {
	case CPU_TYPE_ARM64:
		return sub == CPU_SUBTYPE_ARM64E ? "arm64e" : "arm64";
	case CPU_TYPE_X86_64:
		return sub == CPU_SUBTYPE_X86_64_H ? "x86_64h" : "x86_64";
	case CPU_TYPE_ARM64_32:
		return "arm64_32";
	case CPU_TYPE_X86:
		return "i386";
	case CPU_TYPE_ARM:
		return sub == CPU_SUBTYPE_ARM_V7S ? "armv7s" : sub == CPU_SUBTYPE_ARM_V7K ? "armv7k"
			: sub == CPU_SUBTYPE_ARM_V7 ? "armv7" : "arm";
	default:
		snprintf(buf, n, "cputype-0x%x", cpu);
		return buf;
	}
}

const char *vf_platform_name(uint32_t p, char *buf, size_t n)
{
	static const char *const names[] = {
		"unknown", "macos", "ios", "tvos", "watchos", "bridgeos", "maccatalyst",
		"ios-simulator", "tvos-simulator", "watchos-simulator", "driverkit",
		"visionos", "visionos-simulator",
	};
	if (p < sizeof names / sizeof names[0])
		return names[p];
	if (vf_elf_platform_name(p))
		return vf_elf_platform_name(p);
	snprintf(buf, n, "platform-%u", p);
	return buf;
}

const char *vf_expect_name(enum vf_expect e)
{
	return e == VF_EXPECT_REQUIRED ? "required" : e == VF_EXPECT_FORBIDDEN ? "forbidden"
		: e == VF_EXPECT_NONE ? "none" : "auto";
}

const char *vf_found_name(enum vf_found f)
{
	return f == VF_FOUND_SYMTAB ? "symtab" : f == VF_FOUND_PCLNTAB ? "pclntab" : NULL;
}

const char *vf_slice_variant(const struct vf_slice *s)
{
	static const size_t nd = sizeof VF_DARWIN_MARKER - 1, nc = sizeof VF_CRYPTO_MARKER - 1;
	if (!s->marker[0])
		return s->upstream ? "upstream" : NULL;
	if (!strncmp(s->marker, VF_DARWIN_MARKER, nd))
		return "darwin";
	if (!strncmp(s->marker, VF_CRYPTO_MARKER, nc))
		return "crypto";
	return "other";
}

static const char *cause(const struct vf_slice *s)
{
	if (s->want_variant && !strcmp(s->want_variant, "darwin"))
		return "not darwin parity: --variant darwin asks for Go's darwin detection (build "
		       "through the shim with GOWRAP_FEATURES unset or darwin)";
	if (s->want_variant)
		return "not the crypto feature set: --variant crypto asks for the four-bit overlay "
		       "(build through the shim with GOWRAP_FEATURES=crypto)";
	if (s->expected == VF_EXPECT_REQUIRED && s->platform == 0)
		return "marker missing and the platform is unknown (use --expect if this slice is not for iOS)";
	if (s->expected == VF_EXPECT_REQUIRED)
		return "marker missing: the overlay was not applied (keyed on another GOROOT, "
		       "dropped by a later -overlay, or the build bypassed the shim)";
	if (s->expected == VF_EXPECT_FORBIDDEN)
		return "marker present where it must not be: the overlay's build constraint leaked "
		       "beyond arm64 iOS-family targets";
	return "";
}

static void add_cause(struct sb *out, const struct vf_slice *s)
{
	if (!s->elf || !vf_elf_cause(out, s))
		sb_adds(out, cause(s));
}

void vf_format_text(struct sb *out, struct sb *errs, const struct vf_result *r)
{
	size_t i, j;
	char ab[32], pb[32];

	for (i = 0; i < r->n; i++) {
		const struct vf_input *in = &r->inputs[i];
		if (in->error) {
			sb_addf(errs ? errs : out, "symcheck: %s: %s\n", in->path, in->error);
			continue;
		}
		for (j = 0; j < in->nslices; j++) {
			const struct vf_slice *s = &in->slices[j];
			sb_addf(out, "%s: %s%s %s %s: ", in->path,
				vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab),
				s->hidden ? " (hidden)" : "", vf_platform_name(s->platform, pb, sizeof pb),
				s->goversion[0] ? s->goversion : s->is_go ? "go?" : "no-go");
			const char *v = vf_slice_variant(s), *in_ = vf_found_name(s->found_in);
			if (s->marker[0])
				sb_addf(out, "%s in %s", s->marker, in_ ? in_ : "?");
			else
				sb_adds(out, "no marker");
			if (v && s->marker[0] && strcmp(v, "other") != 0)
				sb_addf(out, " (%s)", !strcmp(v, "darwin") ? "darwin parity" : v);
			if (s->expected == VF_EXPECT_NONE && s->upstream)
				sb_adds(out, " (upstream detection)");
			sb_addf(out, ": %s", vf_expect_name(s->expected));
			if (s->elf)
				vf_elf_text(out, s);
			sb_addf(out, ": %s", s->ok ? "ok" : "FAIL");
			if (!s->ok) {
				sb_adds(out, " (");
				add_cause(out, s);
				sb_addc(out, ')');
			}
			sb_addc(out, '\n');
		}
	}
}

void vf_format_json(struct sb *out, const struct vf_result *r)
{
	char ab[32], pb[32];
	struct jw w;
	jw_init(&w, out, 1);
	jw_obj(&w, NULL);
	jw_bool(&w, "ok", vf_result_status(r) == 0);
	jw_arr(&w, "inputs");
	for (size_t i = 0; i < r->n; i++) {
		const struct vf_input *in = &r->inputs[i];
		jw_obj(&w, NULL);
		jw_str(&w, "path", in->path);
		jw_str(&w, "error", in->error);
		jw_arr(&w, "slices");
		for (size_t j = 0; j < in->nslices; j++) {
			const struct vf_slice *s = &in->slices[j];
			jw_obj(&w, NULL);
			jw_str(&w, "arch", vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab));
			jw_str(&w, "platform", vf_platform_name(s->platform, pb, sizeof pb));
			jw_str_or_null(&w, "goversion", s->goversion);
			jw_str_or_null(&w, "marker", s->marker);
			jw_str(&w, "found_in", s->marker[0] ? vf_found_name(s->found_in) : NULL);
			jw_str_or_null(&w, "variant", vf_slice_variant(s));
			jw_str(&w, "expected", vf_expect_name(s->expected));
			jw_bool(&w, "ok", s->ok);
			if (s->elf)
				vf_elf_json(&w, s);
			jw_end(&w);
		}
		jw_end(&w);
		jw_end(&w);
	}
	jw_end(&w);
	jw_end(&w);
	sb_addc(out, '\n');
}

void vf_first_failure(struct sb *out, const struct vf_result *r)
{
	size_t i, j;
	char ab[32], pb[32];

	for (i = 0; i < r->n; i++) {
		const struct vf_input *in = &r->inputs[i];
		if (in->error) {
			sb_addf(out, "%s: %s", in->path, in->error);
			return;
		}
		for (j = 0; j < in->nslices; j++) {
			const struct vf_slice *s = &in->slices[j];
			if (s->ok)
				continue;
			sb_addf(out, "%s: %s %s slice: ", in->path,
				vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab),
				vf_platform_name(s->platform, pb, sizeof pb));
			add_cause(out, s);
			return;
		}
	}
}
