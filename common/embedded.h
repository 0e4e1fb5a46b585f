/* embedded.h — files compiled into the binary by tools/embed.c (templates).
 *
 * Promise: gw_embedded is terminated by an entry whose name is NULL; data is
 * NUL-terminated after len bytes. gw_embedded_find returns NULL when absent. */
#ifndef GOWRAP_EMBEDDED_H
#define GOWRAP_EMBEDDED_H

#include <stddef.h>

struct gw_embedded {
	const char *name;
	const char *data;
	size_t len;
};

extern const struct gw_embedded gw_embedded[];

const struct gw_embedded *gw_embedded_find(const char *name);

#endif
