/* cmdrefs.h — GW_CMDS (cmds.h) as common/usage.h's rows: gw_cmdrefs[], one
 * struct gw_cmdref per command in the table's order, and gw_cmdgoflags[],
 * its GW_GOFLAGS column. Included by main.c (--help, `gowrap help`) and by
 * tools/mangen.c (the manual pages) only, so both read the same rows. */
#ifndef GOWRAP_CMDREFS_H
#define GOWRAP_CMDREFS_H

#include "cmds.h"
#include "usage.h"

#include <stddef.h>

#define GW_REF_OPT(n, a, h) { n, a, h },
#define GW_REF_EX(c, w) { c, w },
#define GW_REF_ARRAYS(name, fn, opts, ex, synopsis, summary, env, exits, flags)                            \
	static const struct gw_opt gw_opts_##fn[] = { opts(GW_REF_OPT){ NULL, NULL, NULL } };              \
	static const struct gw_example gw_ex_##fn[] = { ex(GW_REF_EX){ NULL, NULL } };
GW_CMDS(GW_REF_ARRAYS)
#undef GW_REF_ARRAYS

#define GW_REF_ROW(name, fn, opts, ex, synopsis, summary, env, exits, flags)                               \
	{ "gowrap", synopsis, summary, gw_opts_##fn, sizeof gw_opts_##fn / sizeof gw_opts_##fn[0] - 1, env,    \
	  exits, gw_ex_##fn, sizeof gw_ex_##fn / sizeof gw_ex_##fn[0] - 1, "gowrap-" name "(1)" },
static const struct gw_cmdref gw_cmdrefs[] = { GW_CMDS(GW_REF_ROW) };
#undef GW_REF_ROW

#define GW_REF_NAME(name, fn, opts, ex, synopsis, summary, env, exits, flags) name,
static const char *const gw_cmdnames[] = { GW_CMDS(GW_REF_NAME) };
#undef GW_REF_NAME

#define GW_REF_FLAGS(name, fn, opts, ex, synopsis, summary, env, exits, flags) flags,
static const int gw_cmdgoflags[] = { GW_CMDS(GW_REF_FLAGS) };
#undef GW_REF_FLAGS

#define GW_NCMDS (sizeof gw_cmdrefs / sizeof gw_cmdrefs[0])

#endif
