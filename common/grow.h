/* grow.h — the one way gowrap grows an array by hand (after git's ALLOC_GROW).
 *
 * Promise: gw_grow returns an array with room for at least need elements of
 * size bytes each, keeping the first *cap elements' bytes; *cap becomes the
 * new capacity. Capacity starts at 8 and doubles, so n appends cost O(n).
 * Every product is overflow-checked: an array that cannot grow (overflow or
 * out of memory) aborts with GW_EXIT_INTERNAL rather than returning, as the
 * gw_x* allocators of strbuf.h do, so callers never check.
 *
 *	v = gw_grow(v, &cap, n + 1, sizeof *v);
 *	v[n++] = x;
 */
#ifndef GOWRAP_GROW_H
#define GOWRAP_GROW_H

#include <stddef.h>

void *gw_grow(void *p, size_t *cap, size_t need, size_t size);

#endif
