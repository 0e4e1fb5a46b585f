/* frame.c — see patch_int.h: the one walk over a patch file's lines.
 *
 * A hunk's extent is its header's counts (`@@ -a,b +c,d @@`: b old lines, d
 * new ones), as in git apply and GNU patch, so a line like "--- x" inside a
 * hunk is a removed line, never a file header. Counts that lie either way
 * are refused: a body that ends early (a truncated hunk) and a line of a
 * hunk's kind right after its counted lines both name the hunk. Lines
 * outside file sections (a commit message, a diffstat, `diff -ruN` lines,
 * a mail signature) are not passed on; a `Gowrap-Go:` line among them limits
 * the patch to Go versions. */
#include "compat.h"
#include "patch_int.h"
#include "exitcodes.h"
#include "grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char fix_regen[] =
	"regenerate the patch with `git diff` or `diff -u` (unified format, -p1 paths)";

enum { S_OUT, S_GITHDR, S_PLAINHDR, S_HUNK, S_AFTER };

struct walk {
	const char *name;
	struct pt_frame *f;
	const char *p, *end;  /* the unread rest */
	const char *line;     /* the current line, without its newline */
	size_t len, line_no;
	int state;
	long old_left, new_left;
	size_t hunk_line;     /* the current hunk's header line */
	int counted;          /* the previous line was one of a hunk's lines */
};

int pt_refuse(struct gw_err *e, const char *name, size_t line_no, const char *fix, const char *fmt, ...)
{
	char why[900];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	struct sb what = SB_INIT;
	sb_adds(&what, "cannot use patch ");
	sb_add_printable(&what, name);
	if (line_no)
		gw_err_set(e, GW_EXIT_PATCH, what.buf, fix, "line %zu: %s", line_no, why);
	else
		gw_err_set(e, GW_EXIT_PATCH, what.buf, fix, "%s", why);
	sb_release(&what);
	return -1;
}

static int next_line(struct walk *w)
{
	if (w->p >= w->end)
		return 0;
	const char *nl = memchr(w->p, '\n', (size_t)(w->end - w->p));
	w->line = w->p;
	w->len = nl ? (size_t)(nl - w->p) : (size_t)(w->end - w->p);
	w->p = nl ? nl + 1 : w->end;
	w->line_no++;
	return 1;
}

static int starts(const struct walk *w, const char *s)
{
	size_t n = strlen(s);
	return w->len >= n && memcmp(w->line, s, n) == 0;
}

static void emit(struct walk *w, const char *s, size_t n)
{
	sb_add(&w->f->text, s, n);
	sb_addc(&w->f->text, '\n');
}

/* Bytes no patch of Go sources holds, refused before anything is read. */
static int check_bytes(const char *b, size_t n, const char *name, struct gw_err *e)
{
	size_t line = 1;
	for (size_t i = 0; i < n; i++) {
		if (b[i] == '\0')
			return pt_refuse(e, name, line, "give a text patch (binary files cannot be patched)",
					 "a NUL byte: this is not a text patch");
		if (b[i] == '\r' && i + 1 < n && b[i + 1] == '\n')
			return pt_refuse(e, name, line,
					 "convert it to LF line endings (dos2unix, or git config core.autocrlf false)",
					 "the line ends with CR LF: Go's sources use LF, so no context could match");
		line += b[i] == '\n';
	}
	return 0;
}

/* A decimal in [0, 2^31) at *s; -1 if none. */
static long number(const char **s, const char *end)
{
	long v = 0;
	const char *p = *s;
	if (p >= end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p >= '0' && *p <= '9') {
		v = v * 10 + (*p - '0');
		if (v >= 1L << 31)
			return -1;
		p++;
	}
	*s = p;
	return v;
}

/* "-a[,b]" or "+c[,d]": the count (1 when not given). */
static long range_count(const char **s, const char *end, char sign)
{
	if (*s >= end || **s != sign)
		return -1;
	(*s)++;
	if (number(s, end) < 0)
		return -1;
	if (*s < end && **s == ',') {
		(*s)++;
		return number(s, end);
	}
	return 1;
}

static int hunk_header(struct walk *w, struct gw_err *e)
{
	const char *s = w->line + 3, *end = w->line + w->len;
	long o = range_count(&s, end, '-');
	long nn = o < 0 || s >= end || *s++ != ' ' ? -1 : range_count(&s, end, '+');
	if (nn < 0 || end - s < 3 || memcmp(s, " @@", 3) != 0)
		return pt_refuse(e, w->name, w->line_no, fix_regen, "a malformed hunk header: %.*s",
				 (int)(w->len > 80 ? 80 : w->len), w->line);
	if (o == 0 && nn == 0)
		return pt_refuse(e, w->name, w->line_no, fix_regen, "a hunk that changes nothing (-0 +0)");
	struct pt_frame *f = w->f;
	if (f->nhunks >= PT_MAX_HUNKS)
		return pt_refuse(e, w->name, w->line_no, "split it into several patch files",
				 "more than %d hunks", PT_MAX_HUNKS);
	f->hunk_lines = gw_grow(f->hunk_lines, &f->hunkcap, f->nhunks + 1, sizeof *f->hunk_lines);
	f->hunk_lines[f->nhunks++] = w->line_no;
	f->secs[f->nsecs - 1].nhunks++;
	w->old_left = o;
	w->new_left = nn;
	w->hunk_line = w->line_no;
	w->state = S_HUNK;
	w->counted = 0;
	emit(w, w->line, w->len);
	return 0;
}

static int count_lie(struct walk *w, struct gw_err *e, const char *how)
{
	return pt_refuse(e, w->name, w->line_no, fix_regen,
			 "the hunk at line %zu %s (a truncated hunk, or hunk counts that lie)", w->hunk_line,
			 how);
}

/* One line of a hunk's body. An empty line is a context line whose only
 * byte is its newline (newer GNU diff writes them so), as git apply reads it. */
static int hunk_line(struct walk *w, struct gw_err *e)
{
	char op = w->len ? w->line[0] : ' ';
	if (op == '\\') {
		if (!w->counted)
			return count_lie(w, e, "has a \"\\ No newline\" line that follows no line");
		w->counted = 0;
		emit(w, w->line, w->len);
		return 0;
	}
	if ((op != ' ' && op != '-' && op != '+') || (op != '+' && !w->old_left) ||
	    (op != '-' && !w->new_left))
		return count_lie(w, e, "ends before the lines its header counts");
	if (op != '+')
		w->old_left--;
	if (op != '-')
		w->new_left--;
	w->counted = 1;
	if (w->len)
		emit(w, w->line, w->len);
	else
		emit(w, " ", 1);
	if (!w->old_left && !w->new_left)
		w->state = S_AFTER;
	return 0;
}

static struct pt_fsec *new_section(struct walk *w, int plain)
{
	struct pt_frame *f = w->f;
	f->secs = gw_grow(f->secs, &f->seccap, f->nsecs + 1, sizeof *f->secs);
	struct pt_fsec *s = &f->secs[f->nsecs++];
	*s = (struct pt_fsec){ .line_no = w->line_no, .plain = plain, .first_hunk = f->nhunks };
	return s;
}

/* A diff -u name ("--- NAME[\tTIMESTAMP]"): *path gets it -p1 stripped, or
 * NULL for /dev/null. */
static int plain_name(struct walk *w, const char *s, size_t n, char **path, struct gw_err *e)
{
	const char *tab = memchr(s, '\t', n);
	/* diff -N names a missing file with the epoch as its time (GNU patch
	 * reads that as "no file" too). */
	int epoch = tab && ((s + n - tab > 20 && !memcmp(tab + 1, "1970-01-01 00:00:00", 19)) ||
			    (s + n - tab > 11 && !memcmp(tab + 1, "1969-12-31 ", 11)));
	if (tab)
		n = (size_t)(tab - s);
	while (n && s[n - 1] == ' ')
		n--;
	*path = NULL;
	if ((n == 9 && memcmp(s, "/dev/null", 9) == 0) || epoch)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == '"' || s[i] == '\\' || s[i] == 0x7f)
			return pt_refuse(e, w->name, w->line_no, fix_regen,
					 "the file name holds a space, quote, backslash or control byte");
	if (n && s[0] == '/')
		return pt_refuse(e, w->name, w->line_no, "write -p1 paths (a/src/..., b/src/...)",
				 "an absolute path %.*s: a patch names files inside GOROOT", (int)n, s);
	const char *slash = memchr(s, '/', n);
	if (!slash || slash + 1 == s + n)
		return pt_refuse(e, w->name, w->line_no, "write -p1 paths (a/src/..., b/src/...)",
				 "the name %.*s has no first directory to strip (-p1)", (int)n, s);
	size_t k = (size_t)(s + n - slash - 1);
	*path = gw_xmalloc(k + 1);
	memcpy(*path, slash + 1, k);
	(*path)[k] = '\0';
	return 0;
}

/* "--- OLD" then "+++ NEW": a diff -u section, given the git header libgit2
 * needs (git's form of the same names, /dev/null as a new or deleted file). */
static int plain_section(struct walk *w, struct gw_err *e)
{
	char *old = NULL, *new = NULL;
	size_t minus_line = w->line_no;
	int rc = plain_name(w, w->line + 4, w->len - 4, &old, e);
	next_line(w);
	if (rc == 0)
		rc = plain_name(w, w->line + 4, w->len - 4, &new, e);
	if (rc == 0 && !old && !new)
		rc = pt_refuse(e, w->name, minus_line, fix_regen, "/dev/null on both sides names no file");
	if (rc == 0 && old && new && strcmp(old, new) != 0)
		rc = pt_refuse(e, w->name, minus_line,
			       "give the rename as a deleted file and a new file, or patch the file where it is",
			       "the old name %s and the new name %s differ: renames are refused", old, new);
	if (rc == 0) {
		struct pt_fsec *s = new_section(w, 1);
		s->line_no = minus_line;
		const char *p = old ? old : new;
		struct sb *t = &w->f->text;
		sb_addf(t, "diff --git a/%s b/%s\n", p, p);
		if (!old)
			sb_adds(t, "new file mode 100644\n");
		if (!new)
			sb_adds(t, "deleted file mode 100644\n");
		sb_addf(t, old ? "--- a/%s\n" : "--- /dev/null\n", p);
		sb_addf(t, new ? "+++ b/%s\n" : "+++ /dev/null\n", p);
		w->state = S_PLAINHDR;
	}
	free(old);
	free(new);
	return rc;
}

/* "Gowrap-Go: go1.26 go1.27.3": the Go versions the patch is for. */
static int trailer(struct walk *w, struct gw_err *e)
{
	static const char key[] = "gowrap-go:";
	size_t k = sizeof key - 1;
	if (w->len < k)
		return 0;
	for (size_t i = 0; i < k; i++)
		if ((w->line[i] | 0x20) != key[i] && w->line[i] != key[i])
			return 0;
	const char *s = w->line + k, *end = w->line + w->len;
	size_t found = 0;
	while (s < end) {
		size_t n = 0; /* the line is not NUL-terminated: bounded by end */
		while (s + n < end && s[n] != ' ' && s[n] != '\t' && s[n] != ',')
			n++;
		if (!n) {
			s++;
			continue;
		}
		const char *v = s + 4;
		int ok = n > 4 && memcmp(s, "go1.", 4) == 0 && number(&v, s + n) >= 0 &&
			 (v == s + n || (*v == '.' && (v++, number(&v, s + n) >= 0) && v == s + n));
		if (!ok)
			return pt_refuse(e, w->name, w->line_no, "write Gowrap-Go: go1.N or go1.N.M, several separated by spaces",
					 "the Gowrap-Go value %.*s is not a Go version", (int)(n > 40 ? 40 : n), s);
		gw_strv_addn(&w->f->versions, &w->f->nversions, s, n);
		found++;
		s += n;
	}
	if (!found)
		return pt_refuse(e, w->name, w->line_no, "write Gowrap-Go: go1.N or go1.N.M",
				 "a Gowrap-Go line without a version");
	return 0;
}

/* A line outside hunks: a file header, a hunk header, or text around them. */
static int other_line(struct walk *w, struct gw_err *e)
{
	if (starts(w, "diff --git ")) {
		new_section(w, 0);
		w->state = S_GITHDR;
		emit(w, w->line, w->len);
		return 0;
	}
	if (starts(w, "@@ -")) {
		if (w->state == S_OUT)
			return pt_refuse(e, w->name, w->line_no, fix_regen,
					 "a hunk header outside a file section (no ---/+++ lines before it)");
		return hunk_header(w, e);
	}
	if (w->state == S_PLAINHDR)
		return pt_refuse(e, w->name, w->line_no, fix_regen,
				 "the file header before this line is followed by no hunk (a hunk header with no body?)");
	if (w->state != S_GITHDR && starts(w, "--- ") && w->end - w->p >= 4 &&
	    memcmp(w->p, "+++ ", 4) == 0)
		return plain_section(w, e);
	if (w->state == S_GITHDR) {
		emit(w, w->line, w->len);
		return 0;
	}
	if (w->state == S_AFTER) {
		if (w->len && w->line[0] == '\\' && w->counted) {
			w->counted = 0;
			emit(w, w->line, w->len);
			return 0;
		}
		int sig = w->len == 3 && memcmp(w->line, "-- ", 3) == 0;
		if (!sig && w->len && strchr(" +-\\", w->line[0]))
			return count_lie(w, e, "is followed by more lines than its header counts");
		w->state = S_OUT;
	}
	return trailer(w, e);
}

int pt_frame(const char *b, size_t n, const char *name, struct pt_frame *f, struct gw_err *e)
{
	memset(f, 0, sizeof *f);
	sb_init(&f->text);
	if (n > PT_MAX_BYTES)
		return pt_refuse(e, name, 0, "split it into several patch files",
				 "larger than %zu MiB", PT_MAX_BYTES >> 20);
	if (check_bytes(b, n, name, e) < 0)
		return -1;
	struct walk w = { .name = name, .f = f, .p = b, .end = b + n, .state = S_OUT };
	/* GNU patch reads a last line without its newline as a line (with a
	 * warning), git apply calls the patch corrupt; gowrap reads it as a line
	 * and says so (pt_patch.no_final_newline). */
	f->no_final_newline = n && b[n - 1] != '\n';
	while (next_line(&w)) {
		int rc = w.state == S_HUNK ? hunk_line(&w, e) : other_line(&w, e);
		if (rc < 0)
			return -1;
	}
	if (w.state == S_HUNK)
		return count_lie(&w, e, "ends with the patch file, before the lines its header counts");
	if (w.state == S_PLAINHDR)
		return pt_refuse(e, name, w.line_no, fix_regen, "the last file header has no hunk");
	if (!f->nsecs)
		return pt_refuse(e, name, 0, fix_regen,
				 "no file section (diff --git, or ---/+++ lines and a hunk): not a unified diff");
	return 0;
}

void pt_frame_free(struct pt_frame *f)
{
	sb_release(&f->text);
	free(f->secs);
	free(f->hunk_lines);
	gw_strv_free(&f->versions, &f->nversions);
	memset(f, 0, sizeof *f);
}
