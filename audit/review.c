/* review.c — content ids and reviewed verdicts of gowrap audit's rows
 * (audit_parts.h). */
#include "compat.h"
#include "audit_parts.h"
#include "exitcodes.h"
#include "hash.h"
#include "runcmd.h"
#include "sources.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

void au_today(char out[11])
{
	time_t now = time(NULL);
	struct tm tm;
	if (!gmtime_r(&now, &tm) || strftime(out, 11, "%Y-%m-%d", &tm) != 10)
		memcpy(out, "9999-12-31", 11); /* no clock: every dated entry counts as past */
}

void au_module_root(const char *realgo, struct sb *root)
{
	char *argv[] = { (char *)realgo, "env", "GOMOD", NULL };
	struct sb out = SB_INIT, err = SB_INIT;
	struct gw_cmd c = { .argv = argv, .out = &out, .err = &err, .null_stdin = 1, .limit = 1 << 16 };
	int st = gw_run(&c);
	sb_reset(root);
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && out.buf) {
		const char *l = sb_first_line(&out);
		const char *slash = strrchr(l, '/');
		/* outside a module go answers "" or os.DevNull */
		if (slash && slash != l && strcmp(l, "/dev/null") != 0)
			sb_add(root, l, (size_t)(slash - l));
	}
	sb_release(&out);
	sb_release(&err);
}

int au_reviewed_load(const char *given, const char *root, struct au_reviewed *rv, struct gw_err *e)
{
	memset(rv, 0, sizeof *rv);
	struct sb path = SB_INIT, text = SB_INIT;
	struct stat st;
	if (given)
		sb_adds(&path, given);
	else if (root && root[0])
		sb_addf(&path, "%s/%s", root, AU_FILE_NAME);
	if (!path.len || (!given && lstat(path.buf, &st) < 0 && errno == ENOENT)) {
		sb_release(&path);
		return 0;
	}
	int rc = 0, sr = stat(path.buf, &st);
	if (sr < 0 || !S_ISREG(st.st_mode))
		rc = gw_err_set(e, GW_EXIT_REVIEWED, "cannot use the reviewed verdicts",
				"give --reviewed an existing file, or write " AU_FILE_NAME " in the module's root",
				"%s: %s", path.buf, sr < 0 ? strerror(errno) : "not a regular file");
	else if (sb_read_file(&text, path.buf, AU_MAX_BYTES) < 0)
		rc = gw_err_set(e, GW_EXIT_REVIEWED, "cannot use the reviewed verdicts",
				"make the file readable and at most 1 MiB", "%s: %s", path.buf,
				errno == EFBIG ? "larger than 1 MiB" : strerror(errno));
	if (rc == 0) {
		char today[11];
		au_today(today);
		rc = au_reviewed_parse(path.buf, text.buf ? text.buf : "", text.len, today, rv, e);
	}
	sb_release(&text);
	if (rc < 0) {
		sb_release(&path);
		au_reviewed_free(rv);
		return -1;
	}
	rv->path = sb_detach(&path);
	return 0;
}

void au_reviewed_free(struct au_reviewed *rv)
{
	for (size_t i = 0; i < rv->n; i++) {
		struct au_entry *x = &rv->v[i];
		free(x->pkg);
		free(x->reason);
		for (size_t j = 0; j < x->nids; j++)
			free(x->ids[j]);
		free(x->ids);
	}
	free(rv->v);
	free(rv->path);
	memset(rv, 0, sizeof *rv);
}

struct named {
	const char *name;
	char blob[41];
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

void au_content_id(const struct dp_pkg *p, char out[AU_ID_LEN])
{
	struct dp_srcs s;
	dp_srcs_read(p, &s);
	out[0] = 0;
	if (s.cut[0]) {
		dp_srcs_free(&s);
		return; /* what was not read is not in any id: never accepted */
	}
	struct named *v = gw_xcalloc(s.n + 1, sizeof *v);
	for (size_t i = 0; i < s.n; i++) {
		v[i].name = s.v[i].name;
		gw_blob_id(s.v[i].bytes.buf ? s.v[i].bytes.buf : "", s.v[i].bytes.len, v[i].blob);
	}
	qsort(v, s.n, sizeof *v, by_name);
	struct gw_sha256 h;
	gw_sha256_init(&h);
	for (size_t i = 0; i < s.n; i++) {
		gw_sha256_update(&h, v[i].blob, 40);
		gw_sha256_update(&h, " ", 1);
		gw_sha256_update(&h, v[i].name, strlen(v[i].name));
		gw_sha256_update(&h, "\n", 1);
	}
	free(v);
	unsigned char d[32];
	gw_sha256_final(&h, d);
	memcpy(out, "sha256:", 7);
	for (int i = 0; i < 32; i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", d[i]);
	dp_srcs_free(&s);
}

const struct dp_pkg *au_pkg_of(const struct dp_graph *g, const struct dp_audit_row *r)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->v[i].path == r->pkg || !strcmp(g->v[i].path, r->pkg))
			return &g->v[i];
	return NULL;
}

int au_needs_review(const struct dp_audit_row *r)
{
	return !strcmp(r->verdict, DP_AUDIT_DEFECTIVE) || !strcmp(r->verdict, DP_AUDIT_UNKNOWN);
}

static struct au_entry *entry_of(struct au_reviewed *rv, const char *pkg)
{
	for (size_t i = 0; rv && i < rv->n; i++)
		if (!strcmp(rv->v[i].pkg, pkg))
			return &rv->v[i];
	return NULL;
}

static enum au_state state_of(const struct dp_audit_row *r, const struct au_entry *x, const char *id)
{
	if (!x)
		return AU_NONE;
	if (!au_needs_review(r))
		return AU_NOT_NEEDED;
	for (size_t j = 0; id[0] && j < x->nids; j++)
		if (!strcmp(x->ids[j], id))
			return AU_ACCEPTED;
	return AU_OTHER_CONTENT;
}

int au_apply(const struct dp_audit *a, const struct dp_graph *g, struct au_reviewed *rv, struct au_row *out)
{
	int wrong = 0, unknown = 0;
	for (size_t i = 0; i < a->nrows; i++) {
		const struct dp_audit_row *r = &a->rows[i];
		const struct dp_pkg *p = au_pkg_of(g, r);
		struct au_entry *x = entry_of(rv, r->pkg);
		out[i].id[0] = 0;
		if (p)
			au_content_id(p, out[i].id);
		out[i].entry = x;
		out[i].state = state_of(r, x, out[i].id);
		if (x)
			x->used = 1;
		if (out[i].state == AU_ACCEPTED)
			continue;
		wrong |= r->wrong;
		unknown |= r->unknown || !strcmp(r->verdict, DP_AUDIT_UNKNOWN);
	}
	for (size_t i = 0; rv && i < rv->n; i++)
		if (!rv->v[i].used)
			gw_note("%s:%d: no CPU-feature package of this build is %s: the entry matches nothing (stale: "
				"remove it, or it is for another target)",
				rv->path, rv->v[i].line, rv->v[i].pkg);
	int unseen = g->unresolved.buf && g->unresolved.buf[0];
	return wrong ? 1 : unknown || unseen ? 3 : 0;
}

void au_unseen_why(const struct dp_graph *g, const char *pkg, size_t n, struct sb *out)
{
	const char *why;
	size_t nwhy;
	if (!dp_graph_loaderr(g, pkg, n, &why, &nwhy)) {
		sb_adds(out, "not audited: go could not resolve it (go list -e)");
		return;
	}
	sb_addf(out, "not audited: go could not load it for %s/%s: %.*s", g->goos, g->goarch, (int)nwhy, why);
	/* go's words for a target that links only externally (ios, android/arm,
	 * ...) when CGO_ENABLED is off: the build of such a target enables cgo,
	 * so the listing must too */
	static const char cgo[] = AU_CGO_OFF;
	if (nwhy >= sizeof cgo - 1 && gw_memmem(why, nwhy, cgo, sizeof cgo - 1))
		sb_adds(out, " (fix: set CGO_ENABLED=1, as this target's build does)");
	else
		sb_adds(out, " (fix: make `go list` load it for this target, as the build must)");
}
