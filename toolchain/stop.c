/* stop.c — the one flag an interrupted `gowrap toolchain install`
 * sets (toolchain_parts.h): its own file, so the install that sets it and the tree
 * copy and hash loops that poll it depend on it, not on each other. */
#include "compat.h"
#include "toolchain_parts.h"

volatile sig_atomic_t tc_stop;

void tc_stop_on(int sig)
{
	tc_stop = sig;
}
