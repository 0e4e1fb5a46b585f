/* embedded.c — lookup over the generated table (see embedded.h). */
#include "compat.h"
#include "embedded.h"

#include <string.h>

const struct gw_embedded *gw_embedded_find(const char *name)
{
	for (const struct gw_embedded *e = gw_embedded; e->name; e++)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}
