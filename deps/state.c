/* state.c — see state.h. */
#include "compat.h"
#include "state.h"
#include "record.h"

#include <stdlib.h>
#include <string.h>

/* The record's lines are few (one per fixed package); a large one is not ours. */
#define DP_STATE_LIMIT (1u << 22)

int dp_state_open(const char *cache, struct dp_state *st, struct gw_err *e)
{
	sb_init(&st->dir);
	sb_init(&st->file);
	sb_init(&st->rel);
	if (gw_rec_private(cache, "deps/run", "state", &st->dir, &st->file, e) < 0)
		return -1;
	const char *d = strrchr(st->dir.buf, '/');
	sb_addf(&st->rel, "deps/run/%s/state", d ? d + 1 : st->dir.buf);
	return 0;
}

static void put_field(struct sb *s, const char *f)
{
	for (; *f; f++) {
		if (*f == '\t')
			sb_adds(s, "\\t");
		else if (*f == '\n')
			sb_adds(s, "\\n");
		else if (*f == '\\')
			sb_adds(s, "\\\\");
		else
			sb_addc(s, *f);
	}
}

void dp_state_note(const char *kind, const char *pkg, const char *detail)
{
	const char *path = getenv(DP_STATE_ENV);
	if (!path || !*path)
		return;
	struct sb s = SB_INIT;
	put_field(&s, kind);
	sb_addc(&s, '\t');
	put_field(&s, pkg);
	sb_addc(&s, '\t');
	put_field(&s, detail);
	sb_addc(&s, '\n');
	/* A record that cannot be written changes nothing about the compile:
	 * the shim's marker check still runs on what the build contains. */
	gw_rec_append(path, s.buf, s.len);
	sb_release(&s);
}

/* Undo put_field in place; -1 on a dangling or unknown escape. */
static int unescape(char *f)
{
	char *w = f;
	for (char *r = f; *r; r++) {
		if (*r != '\\') {
			*w++ = *r;
			continue;
		}
		r++;
		if (*r == 't')
			*w++ = '\t';
		else if (*r == 'n')
			*w++ = '\n';
		else if (*r == '\\')
			*w++ = '\\';
		else
			return -1;
	}
	*w = '\0';
	return 0;
}

int dp_state_read(const char *cache, struct dp_state *st, struct dp_records *out, struct gw_err *e)
{
	struct sb rec = SB_INIT;
	sb_init(&out->fixed);
	sb_init(&out->handed);
	sb_init(&out->dropped);
	sb_init(&out->unknown);
	int r = gw_rec_read_raw(cache, st->rel.buf, DP_STATE_LIMIT, &rec, e);
	gw_rec_private_remove(st->dir.buf, st->file.buf);
	if (r < 0) {
		sb_release(&rec);
		return -1;
	}
	for (char *p = rec.buf; r == 0 && *p;) {
		char *nl = strchr(p, '\n');
		if (!nl)
			break; /* a torn last line: its compile did not finish writing */
		*nl = 0;
		char *t1 = strchr(p, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (t1 && t2 && !strchr(t2 + 1, '\t')) {
			*t1 = *t2 = 0;
			/* fixed and unknown are one entry a line: a package name
			 * holding a newline is not one cmd/go can give (-p). */
			if (unescape(p) == 0 && unescape(t1 + 1) == 0 && unescape(t2 + 1) == 0 &&
			    !strchr(t1 + 1, '\n') && !strchr(t2 + 1, '\n')) {
				if (strcmp(p, "fixed") == 0)
					sb_addf(&out->fixed, "%s\n", t1 + 1);
				else if (strcmp(p, "handed") == 0)
					sb_addf(&out->handed, "%s\n", t1 + 1);
				else if (strcmp(p, "dropped") == 0)
					sb_addf(&out->dropped, "%s\n", t1 + 1);
				else if (strcmp(p, "unknown") == 0 || strcmp(p, "unfixable") == 0)
					sb_addf(&out->unknown, "%s: %s: %s\n", t1 + 1, p, t2 + 1);
			}
		}
		p = nl + 1;
	}
	sb_release(&rec);
	return 0;
}
