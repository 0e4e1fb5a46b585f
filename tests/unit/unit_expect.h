/* unit_expect.h — the table drivers' one way to compare (tests/unit/, each NAME.c):
 * an "expect:" line is key=value words, split as GOFLAGS is (quotes group:
 * "key=a value with spaces"); only the keys named are compared. A driver
 * answers each key through its field function (an unknown key: exit 2, a bad
 * table). Each mismatch prints one line "line N: CASE: key=GOT, want WANT".
 * Header-only: each driver is one program. */
#ifndef GOWRAP_TESTS_UNIT_EXPECT_H
#define GOWRAP_TESTS_UNIT_EXPECT_H

#include "strbuf.h"
#include "table.h"
#include "words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*ux_field_fn)(const char *key, struct sb *out, void *arg);

/* 1 when any key of expect disagrees, else 0. */
static inline int ux_expect(int line, const char *what, const char *expect, ux_field_fn field, void *arg)
{
	struct gw_words ex;
	if (gw_split_quoted(expect, &ex) < 0)
		exit(2);
	int bad = 0;
	for (size_t i = 0; i < ex.n; i++) {
		char *eq = strchr(ex.v[i], '=');
		if (!eq) {
			fprintf(stderr, "line %d: %s is not key=value\n", line, ex.v[i]);
			exit(2);
		}
		*eq = 0;
		struct sb got = SB_INIT;
		field(ex.v[i], &got, arg);
		if (strcmp(got.buf, eq + 1) != 0) {
			printf("line %d: %s: %s=%s, want %s\n", line, what, ex.v[i], got.buf, eq + 1);
			bad = 1;
		}
		sb_release(&got);
	}
	gw_words_free(&ex);
	return bad;
}

/* The value after "tag: " when line starts with it, else NULL. */
static inline const char *ux_tag(const char *line, const char *tag)
{
	size_t n = strlen(tag);
	return strncmp(line, tag, n) == 0 && line[n] == ':' && line[n + 1] == ' ' ? line + n + 2 : NULL;
}

/* The table's directory joined with name (a table names its data files
 * relative to itself). */
static inline char *ux_rel(const char *table, const char *name)
{
	struct sb p = SB_INIT;
	const char *slash = strrchr(table, '/');
	if (slash)
		sb_add(&p, table, (size_t)(slash - table + 1));
	sb_adds(&p, name);
	return sb_detach(&p);
}

static inline const char *ux_family_name(int family)
{
	return family == 0 ? "none" : dp_family_name(family);
}

#endif
