/* graph_table — drives the gate's policy without a go build, for
 * tests/unit.bats: the parser of `go list -deps` replies (graph.h), the
 * classifier (classify.h) and the answer the gate acts on
 * (dp_graph_answer), over replies recorded from the real go
 * (tests/unit/graph/record.py) with the blob ids of their files recorded
 * beside them and the bytes of each file that holds a rule's word under
 * graph/files/<blob>, so no module cache or GOROOT is read (a file not
 * recorded holds no rule's line). tests/unit/graph.table:
 *     blobs: graph/blobs     recorded "PATH<TAB>BLOB" lines (added up)
 *     list: graph/x.list     the reply of the next cases ("-": an empty one)
 *     line: TEXT             or a reply built a line at a time (\t \x1f \x1e
 *                            \\ escapes); list or line after an expect starts anew
 *     family: ios|linux      the family the gate classifies for
 *     blob: PATH BLOB        for the next expect only (BLOB "-": unreadable)
 *     expect: key=value ...  (unit_expect.h)
 * Paths are relative to the table's directory. Also: --template prints the
 * `go list -f` template, --words whether every rule line holds a word the
 * classifier searches files for (and every rule of audit's deps/evidence.c a
 * line with a word that gets a package's sources read). Prints one line per mismatch, then "N cases, N failed"; exit
 * 1 if any failed, 2 on a bad table. */
#include "compat.h"
#include "graph.h"
#include "seen.h"
#include "unit_expect.h"

struct blobs {
	char **path, **id;
	size_t n, nid;
};

struct gcase {
	struct dp_graph g;
	int rc;
	struct sb why, pkgs, unknown;
	int family;
	const struct blobs *rec, *over;
	const char *files; /* the directory of recorded bytes, by blob id */
};

static const char *lookup(const struct blobs *b, const char *path)
{
	for (size_t i = b->n; i-- > 0;)
		if (strcmp(b->path[i], path) == 0)
			return b->id[i];
	return NULL;
}

/* The recorded bytes of a file (an override first): graph/files/<blob>;
 * "-" cannot be read; a file with no recorded bytes holds no rule's line. */
static int read_of(const char *path, struct sb *out, void *arg)
{
	const struct gcase *c = arg;
	const char *id = lookup(c->over, path);
	if (!id)
		id = lookup(c->rec, path);
	if (id && strcmp(id, "-") == 0)
		return -1;
	if (!id || strlen(id) != 40)
		return 0;
	struct sb p = SB_INIT;
	sb_addf(&p, "%s/%s", c->files, id);
	if (sb_read_file(out, p.buf, 1u << 22) < 0)
		sb_reset(out); /* an id with no bytes here holds no rule's line */
	sb_release(&p);
	return 0;
}

static void add_blob(struct blobs *b, const char *path, const char *id)
{
	gw_strv_add(&b->path, &b->n, path);
	gw_strv_add(&b->id, &b->nid, id);
}

static void load_blobs(struct blobs *b, const char *file)
{
	struct sb s = SB_INIT;
	if (sb_read_file(&s, file, 1u << 22) < 0)
		exit(2);
	for (char *p = s.buf; *p;) {
		char *nl = strchr(p, '\n'), *tab = strchr(p, '\t');
		if (!nl || !tab || tab > nl)
			exit(2);
		*nl = *tab = 0;
		add_blob(b, p, tab + 1);
		p = nl + 1;
	}
	sb_release(&s);
}

static const struct dp_pkg *find(const struct dp_graph *g, const char *path)
{
	for (size_t i = 0; i < g->n; i++)
		if (strcmp(g->v[i].path, path) == 0)
			return &g->v[i];
	return NULL;
}

static void verdict(const struct gcase *c, const struct dp_pkg *p, struct sb *out)
{
	struct dp_class cl;
	dp_graph_classify_by(p, c->family, read_of, (void *)c, &cl);
	if (cl.verdict == DP_V_FIX)
		sb_addf(out, "fix:%s", dp_fix_name(cl.row->fix));
	else
		sb_adds(out, cl.verdict == DP_V_RIGHT ? "right" : cl.verdict == DP_V_NONE ? "none" : "unknown");
}

/* One package's key ("verdict:PKG", "files:PKG", ...). */
static void pkg_field(const struct gcase *c, const char *key, const char *pkg, struct sb *out)
{
	const struct dp_pkg *p = find(&c->g, pkg);
	if (!p) {
		sb_adds(out, "absent");
		return;
	}
	if (!strcmp(key, "verdict"))
		verdict(c, p, out);
	else if (!strcmp(key, "std"))
		sb_addf(out, "%d", p->std);
	else if (!strcmp(key, "mod"))
		sb_adds(out, p->mod[0] ? p->mod : "-");
	else if (!strcmp(key, "dir"))
		sb_adds(out, p->dir);
	else if (!strcmp(key, "frozen"))
		sb_adds(out, p->frozen[0] ? p->frozen : "-");
	else if (!strcmp(key, "gomod"))
		sb_adds(out, p->gomod[0] ? p->gomod : "-");
	else if (!strcmp(key, "files"))
		for (size_t i = 0; i < p->nfiles; i++)
			sb_addf(out, "%s%s", i ? "," : "", p->files[i]);
	else {
		fprintf(stderr, "unknown key %s:\n", key);
		exit(2);
	}
}

/* A list of lines, joined by sep ("-" when empty). */
static void joined(const char *lines, char sep, struct sb *out)
{
	if (!*lines)
		sb_adds(out, "-");
	for (const char *q = lines; *q; q++)
		if (*q != '\n')
			sb_addc(out, *q);
		else if (q[1])
			sb_addc(out, sep);
}

static void field(const char *key, struct sb *out, void *arg)
{
	const struct gcase *c = arg;
	char *colon = strchr(key, ':');
	size_t nstd = 0;
	if (colon) {
		*colon = 0;
		pkg_field(c, key, colon + 1, out);
		*colon = ':';
	} else if (!strcmp(key, "error")) {
		sb_adds(out, c->rc < 0 ? c->why.buf : "-");
	} else if (!strcmp(key, "target")) {
		sb_addf(out, "%s/%s", c->g.goos, c->g.goarch);
	} else if (!strcmp(key, "tags")) {
		sb_adds(out, c->g.tags && *c->g.tags ? c->g.tags : "-");
	} else if (!strcmp(key, "n") || !strcmp(key, "nstd")) {
		for (size_t i = 0; i < c->g.n; i++)
			nstd += c->g.v[i].std;
		sb_addf(out, "%zu", !strcmp(key, "n") ? c->g.n : nstd);
	} else if (!strcmp(key, "fix")) {
		joined(c->pkgs.buf, ',', out);
	} else if (!strcmp(key, "unknown")) {
		joined(c->unknown.buf, ';', out);
	} else {
		fprintf(stderr, "unknown key %s\n", key);
		exit(2);
	}
}

/* A line: of the table, its escapes undone, as one reply line. */
static void add_reply_line(struct sb *reply, const char *t)
{
	for (; *t; t++) {
		if (*t != '\\') {
			sb_addc(reply, *t);
			continue;
		}
		t++;
		if (*t == 't')
			sb_addc(reply, '\t');
		else if (*t == '\\')
			sb_addc(reply, '\\');
		else if (*t == 'x' && t[1] == '1' && (t[2] == 'f' || t[2] == 'e')) {
			sb_addc(reply, t[2] == 'f' ? '\x1f' : '\x1e');
			t += 2;
		} else
			exit(2);
	}
	sb_addc(reply, '\n');
}

static int run_case(int line, const char *reply, int family, const struct blobs *rec,
		    const struct blobs *over, const char *files, const char *expect)
{
	struct gcase c = { .why = SB_INIT, .pkgs = SB_INIT, .unknown = SB_INIT, .family = family,
			   .rec = rec, .over = over, .files = files };
	char *text = gw_xstrdup(reply);
	memset(&c.g, 0, sizeof c.g);
	c.rc = dp_graph_parse(text, &c.g, &c.why);
	if (c.rc == 0)
		dp_graph_answer(&c.g, family, read_of, &c, &c.pkgs, &c.unknown);
	char what[64];
	snprintf(what, sizeof what, "%s", family == DP_FAM_IOS ? "ios" : "linux");
	int bad = ux_expect(line, what, expect, field, &c);
	dp_graph_free(&c.g);
	free(text);
	sb_release(&c.why);
	sb_release(&c.pkgs);
	sb_release(&c.unknown);
	return bad;
}

static int modes(const char *arg)
{
	if (!strcmp(arg, "--words")) {
		/* table.c's rules, and audit's (evidence.c): a rule none of whose
		 * lines holds a word would never be read */
		char why[400];
		if (dp_rules_words(why, sizeof why) < 0 || dp_seen_rules_words(why, sizeof why) < 0) {
			printf("%s\n", why);
			return 1;
		}
		printf("every rule line holds a word\n");
		return 0;
	}
	printf("%s\n", dp_graph_template());
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	if (!strcmp(argv[1], "--template") || !strcmp(argv[1], "--words"))
		return modes(argv[1]);
	char *files = ux_rel(argv[1], "graph/files");
	FILE *f = fopen(argv[1], "r");
	if (!f)
		return 2;
	struct blobs rec = { 0 }, over = { 0 };
	struct sb reply = SB_INIT;
	char buf[8192];
	const char *v;
	int line = 0, fails = 0, cases = 0, family = 0, fresh = 1;
	while (fgets(buf, sizeof buf, f)) {
		line++;
		buf[strcspn(buf, "\n")] = 0;
		if (buf[0] == '#' || !buf[0])
			continue;
		if ((v = ux_tag(buf, "blobs"))) {
			char *p = ux_rel(argv[1], v);
			load_blobs(&rec, p);
			free(p);
		} else if ((v = ux_tag(buf, "list"))) {
			if (fresh)
				sb_reset(&reply);
			fresh = 0;
			char *p = ux_rel(argv[1], v);
			if (strcmp(v, "-") != 0 && sb_read_file(&reply, p, 1u << 24) < 0)
				return 2;
			free(p);
		} else if ((v = ux_tag(buf, "line"))) {
			if (fresh)
				sb_reset(&reply);
			fresh = 0;
			add_reply_line(&reply, v);
		} else if ((v = ux_tag(buf, "family"))) {
			family = !strcmp(v, "ios") ? DP_FAM_IOS : !strcmp(v, "linux") ? DP_FAM_LINUX : -1;
			if (family < 0)
				return 2;
		} else if ((v = ux_tag(buf, "blob"))) {
			char path[4096], id[64];
			if (sscanf(v, "%4095s %63s", path, id) != 2)
				return 2;
			add_blob(&over, path, id);
		} else if ((v = ux_tag(buf, "expect"))) {
			if (!family)
				return 2;
			fails += run_case(line, reply.buf, family, &rec, &over, files, v);
			cases++;
			gw_strv_free(&over.path, &over.n);
			gw_strv_free(&over.id, &over.nid);
			fresh = 1;
		} else {
			fprintf(stderr, "line %d: not a table line\n", line);
			return 2;
		}
	}
	fclose(f);
	free(files);
	printf("%d cases, %d failed\n", cases, fails);
	return fails ? 1 : 0;
}
