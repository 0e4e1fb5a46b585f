/* output.c — symcheck's text lines, its JSON, and the one-line failure.
 *
 * Promise: text is one line per slice (path, arch, platform, Go version,
 * where the marker was found, verdict) and one `symcheck: PATH: reason` line
 * per unreadable input; JSON follows one fixed schema (verify/README.md):
 * {"ok", "inputs": [{"path", "error", "slices": [{"arch", "platform",
 * "goversion", "marker", "found_in", "variant", "expected", "ok"}]}]};
 * "variant" is vf_slice_variant's word (policy.c), so a CI gate can require
 * one feature set. ELF slices add `; deps: PATH fixed|NOT fixed, ...` to
 * their line where a copy's fix is asked, and "deps_asked" and "deps" to
 * their JSON; Mach-O slices add both only where an asked copy has code. Slices asked for patch markers add `; patches: SYMBOL
 * ok|MISSING, ...` and "patches": [{"patch", "symbol", "required",
 * "present"}]. Output only reads results: every verdict is policy.c's. */
#include "compat.h"
#include <stdio.h>
#include <string.h>

#include "jsonw.h"
#include "macho_format.h"
#include "verify_int.h"

/* ELF slices (elfslice.c): their platforms' names, their part of the text
 * line (after the marker's verdict), their JSON and their cause. */
static const char *elf_platform_name(uint32_t p)
{
	return p == VF_PLATFORM_ANDROID ? "android" : p == VF_PLATFORM_LINUX ? "linux"
		: p == VF_PLATFORM_ELF ? "elf" : p == VF_PLATFORM_OTHER_ELF ? "other-elf" : NULL;
}

/* The copies a slice shows in its output: an ELF slice where asked, even
 * none (`deps: none`); a Mach-O slice only where an asked copy has code,
 * so a slice without one keeps the Apple line and schema unchanged. */
static int deps_shown(const struct vf_slice *s)
{
	return s->deps_asked && (s->elf || (s->deps_code & s->deps_want) || vf_alias_shown(s));
}

/* The copies listed: a Mach-O slice's asked ones with code; an ELF
 * slice's linux/android ones with code, asked or not (its JSON lists them
 * on every arch), and the others asked of it (x/sys/cpu on android arm64
 * before v0.42.0: a linux slice's x/sys/cpu, right there, is not listed). */
static uint32_t deps_listed(const struct vf_slice *s)
{
	uint32_t linux = 0;
	for (uint32_t i = 0; s->elf && i < 32 && vf_known_copies[i].path; i++)
		if (vf_known_copies[i].families & VF_COPY_LINUX)
			linux |= 1u << i;
	return s->deps_code & (s->elf ? linux | s->deps_want : s->deps_want);
}

/* Is copy i asked of ELF slice s by its module's version (android arm64)
 * rather than as a copy of internal/cpu (linux/android HWCap)? */
static int by_version(const struct vf_slice *s, uint32_t i)
{
	return s->elf && vf_known_copies[i].right_from && !(vf_known_copies[i].families & VF_COPY_LINUX);
}

/* Why copy i's module version, unread, shows nothing (policy.c's
 * deps_unread): the build info's answer, in words. */
static void unread_why(struct sb *out, const struct vf_slice *s, uint32_t i, const char *mod, int ml)
{
	const char *v = s->deps_ver[i];
	switch (s->deps_verstate[i]) {
	case VF_VER_NOINFO:
		sb_adds(out, "the file has no build info to read: built before Go 1.18, or its "
			     ".go.buildinfo section removed");
		break;
	case VF_VER_ABSENT:
		sb_addf(out, "the build info names no module %.*s", ml, mod);
		break;
	case VF_VER_DIR:
		sb_addf(out, "replaced by the directory %s, whose code has no version", *v ? v : "(unprintable)");
		break;
	case VF_VER_OTHER:
		sb_addf(out, "replaced by the module %s, whose versions are not %.*s's", *v ? v : "(unprintable)",
			ml, mod);
		break;
	case VF_VER_TWICE:
		sb_addf(out, "the build info names %.*s twice", ml, mod);
		break;
	default:
		if (*v)
			sb_addf(out, "\"%s\" is not a release version", v);
		else
			sb_adds(out, "its version is unprintable or longer than symcheck reads");
		break;
	}
}

/* Why copy i, asked by its module's version, falls short: the version
 * read and where its own detection starts, or why no version could be
 * read; what to do. */
static void version_why(struct sb *out, const struct vf_slice *s, uint32_t i)
{
	const struct vf_copy *c = &vf_known_copies[i];
	int ml = (int)strcspn(c->module, " ");
	char ab[32];
	const char *arch = vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab);

	if (s->deps_unread >> i & 1) {
		sb_addf(out, "without gowrap's dependency fix (no " GW_MARKER_FUNC "V... marker), and the version "
			     "of %.*s cannot be read (", ml, c->module);
		unread_why(out, s, i, c->module, ml);
		sb_addf(out, "), so nothing shows it is %s or later, the first whose own detection runs on "
			     "android %s; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not "
			     "0), or build with %.*s %s or later as a module version",
			c->right_from, arch, ml, c->module, c->right_from);
		return;
	}
	sb_addf(out, "%.*s %s without gowrap's dependency fix (no " GW_MARKER_FUNC "V... marker): before "
		     "%s its own detection does not run on android %s (every optional feature reads false); "
		     "build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0), "
		     "or require %.*s %s or later",
		ml, c->module, s->deps_ver[i], c->right_from, arch, ml, c->module, c->right_from);
}

/* `; deps: PATH fixed, PATH NOT fixed` (or `none`), where shown. */
static void deps_text(struct sb *out, const struct vf_slice *s)
{
	const char *sep = "";

	if (!deps_shown(s))
		return;
	sb_adds(out, "; deps: ");
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		if (!(deps_listed(s) >> i & 1))
			continue;
		sb_addf(out, "%s%s %s", sep, vf_known_copies[i].path,
			s->deps_fixed >> i & 1 ? "fixed" : "NOT fixed");
		sep = ", ";
	}
	vf_alias_text(out, s, &sep);
	if (!*sep)
		sb_adds(out, "none");
	vf_undecided_text(out, s);
}

/* "deps_asked": bool, "deps": [{"package", "fixed"}] (flat: the writer's
 * depth is bounded, JW_MAX_DEPTH), where shown. */
static void deps_json(struct jw *w, const struct vf_slice *s)
{
	if (!s->elf && !deps_shown(s))
		return;
	jw_bool(w, "deps_asked", s->deps_asked);
	jw_arr(w, "deps");
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		if (!(deps_listed(s) >> i & 1))
			continue;
		jw_obj(w, NULL);
		jw_str(w, "package", vf_known_copies[i].path);
		jw_bool(w, "fixed", s->deps_fixed >> i & 1);
		if (by_version(s, i)) {
			int read = s->deps_verstate[i] == VF_VER_OK && s->deps_ver[i][0];
			jw_str(w, "version", read ? s->deps_ver[i] : NULL);
			jw_str(w, "right_from", vf_known_copies[i].right_from);
		}
		if (vf_known_copies[i].why && !(s->deps_fixed >> i & 1))
			jw_str(w, "why", vf_known_copies[i].why);
		if (by_version(s, i) && !(s->deps_fixed >> i & 1)) {
			struct sb why = SB_INIT;
			version_why(&why, s, i);
			jw_str(w, "why", why.buf);
			sb_release(&why);
		}
		jw_end(w);
	}
	vf_alias_json(w, s);
	jw_end(w);
	vf_undecided_json(w, s);
}

/* Does internal/cpu's marker stand as expected? */
static int marker_ok(const struct vf_slice *s)
{
	return s->expected == VF_EXPECT_REQUIRED ? s->marker[0] != 0
	     : s->expected == VF_EXPECT_FORBIDDEN ? s->marker[0] == 0 : 1;
}

/* The copies' paths in mask, comma-separated. */
static void copy_paths(struct sb *out, uint32_t mask)
{
	const char *sep = "";
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		if (!(mask >> i & 1))
			continue;
		sb_addf(out, "%s%s", sep, vf_known_copies[i].path);
		sep = ", ";
	}
}

/* 1 after writing why a slice's copies fall short (0: none does): on
 * linux/android a copy of internal/cpu's HWCap stays 0, on the iOS family
 * nothing fills their features at all; a copy asked by its module's
 * version (android arm64), or with a why of its own (gVisor's cpuid on
 * linux arm64), says it after them. */
static int deps_cause(struct sb *out, const struct vf_slice *s)
{
	uint32_t missing = s->deps_code & ~s->deps_fixed & s->deps_want, byver = 0;
	char ab[32], pb[32];

	size_t at = out->len;

	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++)
		byver |= (uint32_t)(by_version(s, i) || vf_known_copies[i].why) << i;
	copy_paths(out, missing & ~byver);
	int generic = (missing & ~byver) != 0;
	generic |= vf_alias_paths(out, s, generic ? ", " : "") > 0;
	if (generic && s->elf)
		sb_addf(out, ": a copy of Go's internal/cpu without gowrap's dependency fix (no "
			     GW_MARKER_FUNC "V... marker), so its HWCap stays 0 on linux/android %s; "
			     "build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0)",
			vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab));
	else if (generic)
		sb_addf(out, ": CPU-feature code without gowrap's dependency fix (no "
			     GW_MARKER_FUNC "V... marker), so it detects no ARM64 features on %s %s; "
			     "build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0)",
			vf_platform_name(s->platform, pb, sizeof pb),
			vf_arch_name(s->cputype, s->cpusubtype, ab, sizeof ab));
	const char *sep = generic ? "; " : "";
	for (uint32_t i = 0; i < 32 && vf_known_copies[i].path; i++) {
		if (!((missing & byver) >> i & 1))
			continue;
		sb_addf(out, "%s%s: ", sep, vf_known_copies[i].path);
		if (vf_known_copies[i].why)
			sb_addf(out, "%s; build through the shim (gowrap's go first on PATH, GOWRAP_DEPS not 0)",
				vf_known_copies[i].why);
		else
			version_why(out, s, i);
		sep = "; ";
	}
	vf_alias_own_why(out, s, &sep);
	vf_undecided_cause(out, s, sep);
	return out->len > at;
}

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
	case VF_CPU_PPC64: return "ppc64";
	case VF_CPU_PPC64LE: return "ppc64le";
	case VF_CPU_S390X: return "s390x";
	case VF_CPU_MIPS: return "mips";
	case VF_CPU_MIPSLE: return "mipsle";
	case VF_CPU_MIPS64: return "mips64";
	case VF_CPU_MIPS64LE: return "mips64le";
	case VF_CPU_LOONG64: return "loong64";
	case VF_CPU_RISCV64: return "riscv64";
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
	if (elf_platform_name(p))
		return elf_platform_name(p);
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

/* Patch markers (vf_opts.pmarks): asked where their files compiled. */
static int pm_missing(const struct vf_slice *s, size_t i)
{
	return (s->pm[i] & VF_PM_REQUIRED) && !(s->pm[i] & VF_PM_PRESENT);
}

static size_t pm_count(const struct vf_result *r)
{
	return r->pmarks ? (r->npmarks < VF_MAX_PMARKS ? r->npmarks : VF_MAX_PMARKS) : 0;
}

/* `; patches: SYMBOL ok, SYMBOL MISSING` for the marks asked here. */
static void patches_text(struct sb *out, const struct vf_result *r, const struct vf_slice *s)
{
	const char *sep = "; patches: ";
	for (size_t i = 0; i < pm_count(r); i++) {
		if (!(s->pm[i] & VF_PM_REQUIRED))
			continue;
		sb_addf(out, "%s%s %s", sep, r->pmarks[i].symbol, pm_missing(s, i) ? "MISSING" : "ok");
		sep = ", ";
	}
}

static void patches_json(struct jw *w, const struct vf_result *r, const struct vf_slice *s)
{
	if (!pm_count(r))
		return;
	jw_arr(w, "patches");
	for (size_t i = 0; i < pm_count(r); i++) {
		jw_obj(w, NULL);
		jw_str(w, "patch", r->pmarks[i].patch);
		jw_str(w, "symbol", r->pmarks[i].symbol);
		jw_bool(w, "required", (s->pm[i] & VF_PM_REQUIRED) != 0);
		jw_bool(w, "present", (s->pm[i] & VF_PM_PRESENT) != 0);
		jw_end(w);
	}
	jw_end(w);
}

/* The first missing patch marker's cause; 0 when none is missing. */
static int patches_cause(struct sb *out, const struct vf_result *r, const struct vf_slice *s)
{
	for (size_t i = 0; i < pm_count(r); i++) {
		if (!pm_missing(s, i))
			continue;
		sb_addf(out, "patch %s: its marker %s is missing where a file it changes compiled: "
			     "the build did not apply it (bypassed the shim or GOWRAP_PATCHES, or another "
			     "GOROOT compiled)", r->pmarks[i].patch, r->pmarks[i].symbol);
		return 1;
	}
	return 0;
}

/* internal/cpu's cause first, then the copies', then the patches' (a
 * missing patch marker is named after internal/cpu's cause too: a build
 * that bypassed the shim lacks both; so are a Mach-O slice's copies, an
 * ELF slice's line keeping its one cause). */
static void add_cause(struct sb *out, const struct vf_result *r, const struct vf_slice *s)
{
	if (!marker_ok(s) || s->want_variant) {
		sb_adds(out, cause(s));
		struct sb more = SB_INIT;
		if (!s->elf && deps_cause(&more, s)) {
			sb_addf(out, "; %s", more.buf);
			sb_reset(&more);
		}
		if (patches_cause(&more, r, s))
			sb_addf(out, "; %s", more.buf);
		sb_release(&more);
	} else if (!deps_cause(out, s) && !patches_cause(out, r, s)) {
		sb_adds(out, cause(s));
	}
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
			deps_text(out, s);
			patches_text(out, r, s);
			sb_addf(out, ": %s", s->ok ? "ok" : "FAIL");
			if (!s->ok) {
				sb_adds(out, " (");
				add_cause(out, r, s);
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
			deps_json(&w, s);
			patches_json(&w, r, s);
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
			add_cause(out, r, s);
			return;
		}
	}
}
