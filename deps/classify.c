/* classify.c — see classify.h. */
#include "compat.h"
#include "classify.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Go source files of CPU-feature code are a few KB; generated tables reach a
 * few MB. A file larger than this is read as holding no rule's line. */
#define DP_FILE_LIMIT (16u << 20)
#define DP_MAX_ROWS 32
/* A folded line longer than this is no rule's line. */
#define DP_LINE_MAX 200

/* A compile is searched line by line only if one of its files holds one of
 * the triggers' words (one memmem each per file: most compiles stop there),
 * and then only the files that hold one of all the lines' words. Every rule
 * line holds a word of `words`, every trigger one of `trigger_words`
 * (tests/unit.bats: "rules: every line holds a word"). */
static const char *const defect_trigger_words[] = { "HWCap", "osInit", "doinit", "featureSet", NULL };
static const char *const trigger_words[] = { "HWCap", "osInit", "doinit", "featureSet", "darwinSysctlEnabled",
					     "readHWCAP", "detectOS", "/proc/self/auxv", "processOptions",
					     "func Auxv()", NULL };
static const char *const words[] = { "HWCap", "osInit", "doinit", "setMinimalFeatures", "ARM64",
				     "featureSet", "darwinSysctlEnabled", "readHWCAP", "detectOS",
				     "/proc/self/auxv", "processOptions", "func Auxv()", "Platform", "runtime.GOOS != \"ios\"",
				     "hwCap", "\"openbsd\"", "\"freebsd\"", NULL };

const char *dp_base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

size_t dp_fold(const char *line, size_t n, char *out)
{
	size_t i = 0, o = 0;
	while (i < n && (line[i] == ' ' || line[i] == '\t'))
		i++;
	while (n > i && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		n--;
	for (; i < n; i++) {
		if (line[i] == ' ' || line[i] == '\t') {
			if (o && out[o - 1] == ' ')
				continue;
			out[o++] = ' ';
		} else {
			out[o++] = line[i];
		}
	}
	out[o] = 0;
	return o;
}

static int has_word(const char *const *list, const char *buf, size_t n)
{
	for (size_t w = 0; list[w]; w++)
		if (gw_memmem(buf, n, list[w], strlen(list[w])))
			return 1;
	return 0;
}

/* Code lines of a file, for a rule's `whole`: not blank, not a comment, not
 * the package clause. A block comment is code here, so a file with one is
 * never whole. */
static int is_code(const char *f)
{
	return *f && strncmp(f, "//", 2) != 0 && strncmp(f, "package ", 8) != 0;
}

/* The lines of the rules that apply, hashed (open addressing, twice as many
 * slots as lines can be): a line of a compile costs one fold and one probe,
 * not a compare with every line of every rule. slot: row * DP_MAX_LINES +
 * line + 1, 0 empty; first: bit c when some rule line starts with byte c. */
#define DP_INDEX_SLOTS (2 * DP_MAX_ROWS * DP_MAX_LINES)

struct scan {
	unsigned count[DP_MAX_ROWS][DP_MAX_LINES];
	int trigger_file[DP_MAX_ROWS];
	unsigned whole_bad[DP_MAX_ROWS]; /* the trigger's file is not the row's whole */
	uint16_t slot[DP_INDEX_SLOTS];
	uint32_t hash[DP_INDEX_SLOTS];
	unsigned char first[32];
};

static int rule_applies(const struct dp_row *r, int family)
{
	return (r->families & family) != 0 && (!(family & DP_DEFECTS_ONLY) || r->role == DP_DEFECT);
}

static uint32_t line_hash(const char *s) /* FNV-1a */
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void index_rules(struct scan *s, int family)
{
	memset(s->slot, 0, sizeof s->slot);
	memset(s->first, 0, sizeof s->first);
	for (size_t r = 0; dp_rows[r].name && r < DP_MAX_ROWS; r++) {
		if (!rule_applies(&dp_rows[r], family))
			continue;
		for (size_t l = 0; l < DP_MAX_LINES && dp_rows[r].lines[l].text; l++) {
			const char *t = dp_rows[r].lines[l].text;
			uint32_t h = line_hash(t), i = h % DP_INDEX_SLOTS;
			while (s->slot[i])
				i = (i + 1) % DP_INDEX_SLOTS;
			s->slot[i] = (uint16_t)(r * DP_MAX_LINES + l + 1);
			s->hash[i] = h;
			s->first[(unsigned char)t[0] >> 3] |= (unsigned char)(1u << ((unsigned char)t[0] & 7));
		}
	}
}

/* Count folded line f (its file: idx) for every rule line it is. */
static void count_line(struct scan *s, const char *f, int idx)
{
	uint32_t h = line_hash(f);
	for (uint32_t i = h % DP_INDEX_SLOTS; s->slot[i]; i = (i + 1) % DP_INDEX_SLOTS) {
		size_t r = (size_t)(s->slot[i] - 1) / DP_MAX_LINES, l = (size_t)(s->slot[i] - 1) % DP_MAX_LINES;
		if (s->hash[i] != h || strcmp(f, dp_rows[r].lines[l].text) != 0)
			continue;
		s->count[r][l]++;
		if (l == 0)
			s->trigger_file[r] = idx;
	}
}

/* One file: count every rule line; check `whole` for rules triggered here. */
static void scan_file(struct scan *s, const char *buf, size_t n, int idx, int family)
{
	for (size_t at = 0; at < n;) {
		const char *nl = memchr(buf + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (buf + at)) : n - at, b = at;
		while (b < at + len && (buf[b] == ' ' || buf[b] == '\t'))
			b++;
		/* a line is folded only if it starts as some rule line does */
		if (len <= DP_LINE_MAX * 2 && b < at + len &&
		    (s->first[(unsigned char)buf[b] >> 3] >> ((unsigned char)buf[b] & 7) & 1)) {
			char tmp[DP_LINE_MAX * 2 + 1];
			if (dp_fold(buf + at, len, tmp) <= DP_LINE_MAX)
				count_line(s, tmp, idx);
		}
		at += len + 1;
	}
	/* `whole`: the code lines of the trigger's file, in order */
	for (size_t r = 0; dp_rows[r].name && r < DP_MAX_ROWS; r++) {
		const char *const *w = dp_rows[r].whole;
		if (!w || s->trigger_file[r] != idx || !rule_applies(&dp_rows[r], family))
			continue;
		size_t k = 0;
		int bad = 0;
		for (size_t at = 0; at < n && !bad;) {
			const char *nl = memchr(buf + at, '\n', n - at);
			size_t len = nl ? (size_t)(nl - (buf + at)) : n - at;
			char tmp[DP_LINE_MAX * 2 + 1];
			if (len > DP_LINE_MAX * 2) {
				bad = 1;
				break;
			}
			dp_fold(buf + at, len, tmp);
			if (is_code(tmp)) {
				if (!w[k] || strcmp(tmp, w[k]) != 0)
					bad = 1;
				else
					k++;
			}
			at += len + 1;
		}
		if (bad || w[k])
			s->whole_bad[r] = 1;
	}
}

static int read_file(const char *path, struct sb *out, void *arg)
{
	(void)arg;
	return sb_read_file(out, path, DP_FILE_LIMIT);
}

void dp_classify(const char *const *files, size_t nfiles, int family, struct dp_class *out)
{
	dp_classify_by(files, nfiles, family, read_file, NULL, out);
}

/* Why a triggered rule does not hold (0 when it does). */
static int mismatch(const struct scan *s, size_t r, char *why, size_t wn)
{
	const struct dp_row *row = &dp_rows[r];
	for (size_t l = 0; l < DP_MAX_LINES && row->lines[l].text; l++) {
		unsigned c = s->count[r][l];
		enum dp_need need = row->lines[l].need;
		int ok = need == DP_ONCE ? c == 1 : need == DP_OPTIONAL ? c <= 1 : c == 0;
		if (!ok) {
			snprintf(why, wn, "rule %s: `%.100s` is there %u times, %s", row->name, row->lines[l].text, c,
				 need == DP_NEVER ? "the rule allows none" : need == DP_ONCE ? "the rule needs it once"
											  : "the rule allows it once at most");
			return 1;
		}
	}
	if (s->whole_bad[r]) {
		snprintf(why, wn, "rule %s: the file holding `%.100s` holds other code as well", row->name,
			 row->lines[0].text);
		return 1;
	}
	return 0;
}

void dp_classify_by(const char *const *files, size_t nfiles, int family, dp_read_fn read, void *arg,
		    struct dp_class *out)
{
	static struct scan s; /* large; one classification at a time */
	memset(out, 0, sizeof *out);
	memset(s.count, 0, sizeof s.count); /* the index is cleared when a compile is searched */
	memset(s.whole_bad, 0, sizeof s.whole_bad);
	out->verdict = DP_V_NONE;
	out->file_idx = -1;
	for (size_t r = 0; r < DP_MAX_ROWS; r++)
		s.trigger_file[r] = -1;
	struct sb buf = SB_INIT;
	int triggered = 0;
	const char *const *triggers = family & DP_DEFECTS_ONLY ? defect_trigger_words : trigger_words;
	for (size_t i = 0; i < nfiles && !triggered; i++) {
		sb_reset(&buf);
		if (read(files[i], &buf, arg) == 0 && buf.buf && has_word(triggers, buf.buf, buf.len))
			triggered = 1;
	}
	if (triggered)
		index_rules(&s, family);
	for (size_t i = 0; i < nfiles && triggered; i++) {
		sb_reset(&buf);
		if (read(files[i], &buf, arg) < 0 || !buf.buf || !has_word(words, buf.buf, buf.len))
			continue;
		scan_file(&s, buf.buf, buf.len, (int)i, family);
	}
	sb_release(&buf);

	const struct dp_row *pick = NULL;
	size_t pick_r = 0;
	char why[sizeof out->why] = "";
	for (size_t r = 0; dp_rows[r].name && r < DP_MAX_ROWS; r++) {
		if (!rule_applies(&dp_rows[r], family) || s.count[r][0] == 0)
			continue;
		char w[sizeof out->why];
		if (mismatch(&s, r, w, sizeof w)) {
			if (!why[0])
				memcpy(why, w, sizeof why);
			continue;
		}
		/* A defect outranks a right rule. */
		if (!pick || (pick->role == DP_RIGHT && dp_rows[r].role == DP_DEFECT)) {
			pick = &dp_rows[r];
			pick_r = r;
		}
	}
	if (pick) {
		out->verdict = pick->role == DP_DEFECT ? DP_V_FIX : DP_V_RIGHT;
		out->row = pick;
		out->file_idx = s.trigger_file[pick_r];
		for (size_t l = 0; l < DP_MAX_LINES && pick->lines[l].text; l++)
			if (s.count[pick_r][l])
				out->present |= 1u << l;
	} else if (why[0]) {
		out->verdict = DP_V_UNKNOWN;
		memcpy(out->why, why, sizeof out->why);
		for (size_t r = 0; dp_rows[r].name && r < DP_MAX_ROWS; r++)
			if (rule_applies(&dp_rows[r], family) && s.count[r][0]) {
				out->file_idx = s.trigger_file[r];
				break;
			}
	}
	if (out->file_idx >= 0)
		snprintf(out->file, sizeof out->file, "%s", dp_base(files[out->file_idx]));
}

int dp_class_has(const struct dp_class *c, const char *text)
{
	if (!c->row)
		return 0;
	for (size_t l = 0; l < DP_MAX_LINES && c->row->lines[l].text; l++)
		if (strcmp(c->row->lines[l].text, text) == 0)
			return (c->present >> l) & 1;
	return 0;
}

int dp_rules_words(char *why, size_t wn)
{
	for (const struct dp_row *r = dp_rows; r->name; r++)
		for (size_t l = 0; l < DP_MAX_LINES && r->lines[l].text; l++) {
			const char *const *list = l > 0 ? words : r->role == DP_DEFECT ? defect_trigger_words
										: trigger_words;
			int ok = 0;
			for (size_t w = 0; list[w] && !ok; w++)
				ok = strstr(r->lines[l].text, list[w]) != NULL;
			if (!ok) {
				snprintf(why, wn, "rule %s: `%s` holds none of the %s words", r->name,
					 r->lines[l].text, l > 0 ? "line" : r->role == DP_DEFECT ? "defect trigger" : "trigger");
				return -1;
			}
		}
	return 0;
}
