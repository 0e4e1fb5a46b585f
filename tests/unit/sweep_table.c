/* sweep_table — the version sweep held to the rules, for tests/sweep.bats:
 * every version the module proxy served of golang.org/x/sys/cpu and
 * github.com/klauspost/cpuid/v2, for each target of the dependency fix,
 * classified (classify.h) from the bytes deps/sweep.py recorded, must get
 * the verdict the checked-in table says. So a change to deps/table.c or
 * deps/classify.c that changes any served version's verdict fails here
 * until deps/sweep.py is run again and the new table read in its diff; no
 * module cache, go or network is needed. tests/unit/sweep/sweep.tsv, one
 * row per module, version, target ('#' lines aside):
 *     MODULE<TAB>VERSION<TAB>GOOS/GOARCH<TAB>VERDICT<TAB>FILE:BLOB,...
 * VERDICT: fix:RULE, right:RULE, none, unknown, or "-" (the package did not
 * list for the target: no files, nothing classified). FILE:BLOB: the
 * compiled files that hold one of the rules' words, their bytes in
 * FILES/BLOB ("-": none; a compiled file without a word holds no rule's
 * line). The family is the gate's: dp_family(GOOS, GOARCH, GOOS is ios),
 * a target of none is DP_FAM_OTHER.
 *     sweep_table TABLE [FILES]          check; FILES defaults to
 *                                        TABLE's directory/files
 *     sweep_table --print TABLE [FILES]  the rows with the verdict computed
 *                                        (the given one ignored but "-") and
 *                                        a sixth column: an unknown's why, or "-"
 *     sweep_table --rules                every rule of deps/table.c, one a
 *                                        line: NAME<TAB>FAMILIES<TAB>ROLE
 *                                        (families by name, comma-joined;
 *                                        tests/goos.bats walks them)
 * Check: one line per mismatch, then "N rows, M mismatches"; exit 1 if any
 * mismatched, 2 on a bad table or bytes missing. */
#include "compat.h"
#include "classify.h"
#include "deps.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 64

struct row {
	const char *f[5]; /* module, version, target, verdict, files */
	const char *name[MAX_FILES], *blob[MAX_FILES];
	size_t n;
	const char *dir; /* FILES */
	int line;
};

/* A compiled file's recorded bytes: FILES/BLOB (bytes missing: a bad table). */
static int read_of(const char *path, struct sb *out, void *arg)
{
	const struct row *r = arg;
	for (size_t i = 0; i < r->n; i++) {
		if (strcmp(r->name[i], path) != 0)
			continue;
		struct sb p = SB_INIT;
		sb_addf(&p, "%s/%s", r->dir, r->blob[i]);
		if (sb_read_file(out, p.buf, 1u << 24) < 0) {
			fprintf(stderr, "line %d: no bytes for %s (%s)\n", r->line, path, p.buf);
			exit(2);
		}
		sb_release(&p);
		return 0;
	}
	return -1;
}

static int split_row(char *s, struct row *r)
{
	size_t k = 0;
	r->f[k++] = s;
	for (char *p = s; *p; p++)
		if (*p == '\t') {
			if (k == 5)
				return -1;
			*p = 0;
			r->f[k++] = p + 1;
		}
	if (k != 5)
		return -1;
	for (size_t i = 0; i < 5; i++)
		if (!*r->f[i])
			return -1;
	r->n = 0;
	if (strcmp(r->f[4], "-") == 0)
		return 0;
	/* "name:blob,name:blob": split in place into a copy */
	char *files = gw_xstrdup(r->f[4]);
	for (char *p = files, *next; p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		char *colon = strchr(p, ':');
		if (!colon || colon == p || strlen(colon + 1) != 40 || r->n == MAX_FILES)
			return -1;
		*colon = 0;
		r->name[r->n] = p;
		r->blob[r->n++] = colon + 1;
	}
	return 0;
}

static int family_of(const char *target)
{
	char goos[32];
	const char *slash = strchr(target, '/');
	if (!slash || (size_t)(slash - target) >= sizeof goos)
		return -1;
	memcpy(goos, target, (size_t)(slash - target));
	goos[slash - target] = 0;
	int fam = dp_family(goos, slash + 1, strcmp(goos, "ios") == 0);
	return fam ? fam : DP_FAM_OTHER;
}

/* The classifier's verdict for a row: fix:RULE, right:RULE, none, unknown. */
static void verdict_of(struct row *r, int family, struct sb *out, struct sb *why)
{
	struct dp_class cl;
	dp_classify_by(r->name, r->n, family, read_of, r, &cl);
	if (cl.verdict == DP_V_FIX || cl.verdict == DP_V_RIGHT)
		sb_addf(out, "%s:%s", cl.verdict == DP_V_FIX ? "fix" : "right", cl.row->name);
	else
		sb_adds(out, cl.verdict == DP_V_NONE ? "none" : "unknown");
	sb_adds(why, cl.verdict == DP_V_UNKNOWN ? cl.why : "-");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--rules") == 0) {
		static const int fams[] = { DP_FAM_IOS, DP_FAM_LINUX, DP_FAM_ANDROID, DP_FAM_OTHER };
		for (const struct dp_row *r = dp_rows; r->name; r++) {
			const char *sep = "";
			printf("%s\t", r->name);
			for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++)
				if (r->families & fams[i]) {
					printf("%s%s", sep, dp_family_name(fams[i]));
					sep = ",";
				}
			printf("\t%s\n", r->role == DP_DEFECT ? "defect" : "right");
		}
		return 0;
	}
	int print = argc > 1 && strcmp(argv[1], "--print") == 0;
	if (argc - print < 2 || argc - print > 3) {
		fprintf(stderr, "usage: sweep_table [--print] TABLE [FILES]\n");
		return 2;
	}
	const char *table = argv[1 + print];
	struct sb dir = SB_INIT, text = SB_INIT;
	if (argc - print == 3) {
		sb_adds(&dir, argv[2 + print]);
	} else {
		const char *slash = strrchr(table, '/');
		if (slash)
			sb_add(&dir, table, (size_t)(slash - table + 1));
		sb_adds(&dir, "files");
	}
	if (sb_read_file(&text, table, 1u << 26) < 0 || !text.buf) {
		fprintf(stderr, "sweep_table: cannot read %s\n", table);
		return 2;
	}
	int line = 0, rows = 0, bad = 0;
	for (char *p = text.buf, *nl; p && *p; p = nl) {
		nl = strchr(p, '\n');
		if (nl)
			*nl++ = 0;
		line++;
		if (*p == '#' || !*p)
			continue;
		char *copy = gw_xstrdup(p);
		struct row r = { .dir = dir.buf, .line = line };
		int fam;
		if (split_row(p, &r) < 0 || (fam = family_of(r.f[2])) < 0) {
			fprintf(stderr, "line %d: not a sweep row: %s\n", line, copy);
			return 2;
		}
		struct sb got = SB_INIT, why = SB_INIT;
		if (strcmp(r.f[3], "-") == 0 && r.n == 0) {
			sb_adds(&got, "-"); /* did not list: nothing to classify */
			sb_adds(&why, "-");
		} else {
			verdict_of(&r, fam, &got, &why);
		}
		rows++;
		if (print) {
			printf("%s\t%s\t%s\t%s\t%s\t%s\n", r.f[0], r.f[1], r.f[2], got.buf, r.f[4], why.buf);
		} else if (strcmp(got.buf, r.f[3]) != 0) {
			bad++;
			printf("line %d: %s %s %s: %s, want %s%s%s\n", line, r.f[0], r.f[1], r.f[2], got.buf, r.f[3],
			       strcmp(why.buf, "-") ? ": " : "", strcmp(why.buf, "-") ? why.buf : "");
		}
		sb_release(&got);
		sb_release(&why);
		free(copy);
		if (r.n)
			free((char *)r.name[0]); /* split_row's copy of the files */
	}
	if (!print)
		printf("%d rows, %d mismatches\n", rows, bad);
	sb_release(&text);
	sb_release(&dir);
	return bad ? 1 : 0;
}
