/* copies_check — holds verify/copies.c (the import paths symcheck requires a
 * dependency fix of) and deps/table.c (the rules deps/ fixes by) to each
 * other, for tests/unit.bats. Every known copy asked on linux/android must
 * come from a module a linux/android defect rule of a copy of Go's
 * internal/cpu names — the `(<module> <version>, ...)` of its versions —
 * and every module such a rule names must be the module of such a copy;
 * every copy asked on iOS must come from a module an iOS defect rule names
 * (in parentheses, or the versions it was read in); every path must lie in
 * its module; every copy asked on android arm64 by its module's version
 * must come from the module an android defect rule was read in, and every
 * such rule's module must be one of those. So a copy added to one table
 * only is named here. Prints one
 * line per drift, then "N copies, M rows, K drifts"; exits 1 on any drift. */
#include "compat.h"
#include "table.h"
#include "verify.h"

#include <stdio.h>
#include <string.h>

static int linux_copy_row(const struct dp_row *r)
{
	return r->kind == DP_KIND_CPUCOPY && (r->families & DP_FAM_LINUX) && r->role == DP_DEFECT;
}

/* Is "<module> <version>" (n bytes at m) among row r's parenthesised ones? */
static int row_names(const struct dp_row *r, const char *m, size_t n)
{
	const char *open = strchr(r->versions, '('), *close = open ? strchr(open, ')') : NULL;
	for (const char *p = open && close ? open + 1 : NULL; p && p < close;) {
		size_t k = strcspn(p, ",)");
		if (k == n && memcmp(p, m, n) == 0)
			return 1;
		p += k;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return 0;
}

/* Is "<module> <version>" m one the iOS defect row r was read in or names? */
static int ios_row_names(const struct dp_row *r, const char *m)
{
	size_t n = strlen(m);
	if (!(r->families & DP_FAM_IOS) || r->role != DP_DEFECT)
		return 0;
	return row_names(r, m, n) || (strncmp(r->versions, m, n) == 0 && r->versions[n] == ' ');
}

/* Does the android defect row r's versions ("<module> <versions> ...")
 * start with the module path of m ("<module> <versions>")? */
static int android_row_module(const struct dp_row *r, const char *m)
{
	size_t n = strcspn(m, " ");
	return (r->families & DP_FAM_ANDROID) && r->role == DP_DEFECT && strncmp(r->versions, m, n) == 0 &&
	       r->versions[n] == ' ';
}

/* A linux-only defect rule of a package that is no copy of internal/cpu
 * (gVisor's cpuid): its parenthesised modules are linux arm64 copies'. */
static int linux_pkg_row(const struct dp_row *r)
{
	return r->kind != DP_KIND_CPUCOPY && r->families == DP_FAM_LINUX && r->role == DP_DEFECT;
}

/* Is "<module> <version>" (n bytes) a linux arm64 copy's module? */
static int arm64_copy_has(const char *module, size_t n)
{
	for (size_t i = 0; vf_known_copies[i].path; i++)
		if ((vf_known_copies[i].families & VF_COPY_LINUX_ARM64) && strlen(vf_known_copies[i].module) == n &&
		    memcmp(vf_known_copies[i].module, module, n) == 0)
			return 1;
	return 0;
}

/* A linux/android copy's module (only those answer a linux/android row). */
static int copy_has(const char *module, size_t n)
{
	for (size_t i = 0; vf_known_copies[i].path; i++)
		if ((vf_known_copies[i].families & VF_COPY_LINUX) && strlen(vf_known_copies[i].module) == n &&
		    memcmp(vf_known_copies[i].module, module, n) == 0)
			return 1;
	return 0;
}

static int check_copy(const struct vf_copy *c)
{
	const char *sp = strchr(c->module, ' ');
	size_t ml = sp ? (size_t)(sp - c->module) : strlen(c->module);
	int bad = 0, named = 0, ios_named = 0, android_named = 0, arm64_named = 0;

	for (const struct dp_row *r = dp_rows; r->name; r++) {
		named |= linux_copy_row(r) && row_names(r, c->module, strlen(c->module));
		arm64_named |= linux_pkg_row(r) && row_names(r, c->module, strlen(c->module));
		ios_named |= ios_row_names(r, c->module);
		android_named |= android_row_module(r, c->module);
	}
	if ((c->families & VF_COPY_ANDROID_ARM64) && (!android_named || !c->right_from)) {
		printf("verify/copies.c: %s is asked on android arm64, but no android defect rule of "
		       "deps/table.c was read in %.*s (or it names no first right version)\n", c->path,
		       (int)strcspn(c->module, " "), c->module);
		bad++;
	}
	if ((c->families & VF_COPY_LINUX) && !named) {
		printf("verify/copies.c: %s comes from %s, which no linux/android rule of a copy of "
		       "internal/cpu in deps/table.c names\n", c->path, c->module);
		bad++;
	}
	if ((c->families & VF_COPY_IOS) && !ios_named) {
		printf("verify/copies.c: %s comes from %s, which no iOS defect rule of deps/table.c names\n",
		       c->path, c->module);
		bad++;
	}
	if ((c->families & VF_COPY_LINUX_ARM64) && (!arm64_named || !c->why)) {
		printf("verify/copies.c: %s is asked on linux arm64, but no linux defect rule of deps/table.c "
		       "names %s (or it says no why)\n", c->path, c->module);
		bad++;
	}
	if (!(c->families & (VF_COPY_LINUX | VF_COPY_IOS | VF_COPY_LINUX_ARM64))) {
		printf("verify/copies.c: %s is asked on no family\n", c->path);
		bad++;
	}
	if (!sp || strncmp(c->path, c->module, ml) != 0 || (c->path[ml] && c->path[ml] != '/')) {
		printf("verify/copies.c: %s is not a package of the module version %s\n", c->path,
		       c->module);
		bad++;
	}
	return bad;
}

/* Each "<module> <version>" inside the row's parentheses. */
static int check_row(const struct dp_row *r)
{
	const char *open = strchr(r->versions, '('), *close = open ? strchr(open, ')') : NULL;
	int bad = 0;

	for (const char *p = open && close ? open + 1 : NULL; p && p < close;) {
		size_t n = strcspn(p, ",)");
		if (linux_pkg_row(r) ? !arm64_copy_has(p, n) : !copy_has(p, n)) {
			printf("deps/table.c: rule %s names %.*s, which no known copy in verify/copies.c "
			       "comes from\n", r->name, (int)n, p);
			bad++;
		}
		p += n;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return bad;
}

int main(void)
{
	size_t ncopies = 0, nrows = 0;
	int drifts = 0;

	for (const struct vf_copy *c = vf_known_copies; c->path; c++, ncopies++) {
		drifts += check_copy(c);
		for (const struct vf_copy *d = vf_known_copies; d < c; d++)
			if (strcmp(c->path, d->path) == 0) {
				printf("verify/copies.c: %s is listed twice\n", c->path);
				drifts++;
			}
	}
	if (ncopies > 32) {
		printf("verify/copies.c: %zu copies, more than the 32 a slice keeps a bit for\n", ncopies);
		drifts++;
	}
	for (const struct dp_row *r = dp_rows; r->name; r++) {
		if (linux_copy_row(r) || linux_pkg_row(r)) {
			nrows++;
			drifts += check_row(r);
		}
		if ((r->families & DP_FAM_ANDROID) && r->role == DP_DEFECT && r->kind != DP_KIND_CPUCOPY) {
			int asked = 0;
			nrows++;
			for (const struct vf_copy *c = vf_known_copies; c->path; c++)
				asked |= (c->families & VF_COPY_ANDROID_ARM64) && android_row_module(r, c->module);
			if (!asked) {
				printf("deps/table.c: android rule %s was read in a module symcheck never asks on "
				       "android arm64 (verify/copies.c)\n", r->name);
				drifts++;
			}
		}
	}
	printf("%zu copies, %zu rows, %d drifts\n", ncopies, nrows, drifts);
	return drifts ? 1 : 0;
}
