/* words.h — splitting strings the way the go command does.
 *
 * Promise: gw_split_quoted is cmd/internal/quoted.Split (Go 1.21+ GOFLAGS):
 * fields separated by space/tab/CR/LF, a field that starts with ' or " runs to
 * the next same quote (no escapes); an unterminated quote is an error (-1).
 * gw_tags_has_ios answers whether a -tags value names the tag "ios", parsed
 * as cmd/go's tagsFlag does (comma list, or quoted space list for old style). */
#ifndef GOWRAP_GOCMD_WORDS_H
#define GOWRAP_GOCMD_WORDS_H

#include <stddef.h>

struct gw_words {
	char **v;     /* NULL-terminated; each separately allocated */
	size_t n;
};

int gw_split_quoted(const char *s, struct gw_words *out);
void gw_words_free(struct gw_words *w);

/* 1 if the tag list value contains "ios"; 0 if not; -1 on bad quoting. */
int gw_tags_has_ios(const char *value);

#endif
