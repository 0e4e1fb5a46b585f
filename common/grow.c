/* grow.c — see grow.h. */
#include "compat.h"
#include "grow.h"
#include "strbuf.h"

#include <stdint.h>

void *gw_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 8;

	if (need <= *cap)
		return p;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			gw_oom();
		c *= 2;
	}
	if (size && c > SIZE_MAX / size)
		gw_oom();
	p = gw_xrealloc(p, c * size);
	*cap = c;
	return p;
}
