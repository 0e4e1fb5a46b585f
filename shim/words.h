/* words.h — splitting strings the way the go command does.
 *
 * Promise: shim_split_quoted is cmd/internal/quoted.Split (Go 1.21+ GOFLAGS):
 * fields separated by space/tab/CR/LF, a field that starts with ' or " runs to
 * the next same quote (no escapes); an unterminated quote is an error (-1).
 * shim_tags_has_ios answers whether a -tags value names the tag "ios", parsed
 * as cmd/go's tagsFlag does (comma list, or quoted space list for old style). */
#ifndef GOWRAP_SHIM_WORDS_H
#define GOWRAP_SHIM_WORDS_H

#include <stddef.h>

struct shim_words {
	char **v;     /* NULL-terminated; each separately allocated */
	size_t n;
};

int shim_split_quoted(const char *s, struct shim_words *out);
void shim_words_free(struct shim_words *w);

/* 1 if the tag list value contains "ios"; 0 if not; -1 on bad quoting. */
int shim_tags_has_ios(const char *value);

#endif
