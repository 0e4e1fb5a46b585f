/* compose.c — see compose.h. */
#include "compat.h"
#include "compose.h"
#include "classify.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "pathwalk.h"
#include "report.h"
#include "state.h"
#include "strbuf.h"
#include "words.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct gw_words next;
static int loaded, active;

static void load(void)
{
	if (loaded)
		return;
	loaded = 1;
	const char *v = getenv(DP_NEXT_ENV);
	if (!v || !*v || gw_split_quoted(v, &next) < 0 || next.n == 0)
		return;
	/* cmd/go runs the -toolexec command through exec.Command: a bare
	 * name is looked up on PATH. */
	if (!strchr(next.v[0], '/')) {
		struct sb found = SB_INIT;
		if (gw_path_find(getenv("PATH"), next.v[0], GW_PATH_ABSOLUTE_ONLY, NULL, NULL, &found) == 0) {
			free(next.v[0]);
			next.v[0] = sb_detach(&found);
		}
		sb_release(&found);
	}
	active = 1;
}

int dp_next_active(void)
{
	load();
	return active;
}

char **dp_next_argv(char **tool)
{
	load();
	if (!active)
		return tool;
	size_t n = 0;
	while (tool[n])
		n++;
	char **v = gw_xcalloc(next.n + n + 1, sizeof *v);
	for (size_t i = 0; i < next.n; i++)
		v[i] = next.v[i];
	for (size_t i = 0; i < n; i++)
		v[next.n + i] = tool[i];
	return v;
}

void dp_hand_over(char **tool, const char *pkg, const char *fixfile)
{
	const char *state = getenv(DP_STATE_ENV);
	const char *slash = state ? strrchr(state, '/') : NULL;
	if (!slash)
		return; /* no stage to give: the check then finds no "fixed" (110) */
	struct sb stage = SB_INIT;
	sb_add(&stage, state, (size_t)(slash - state));
	sb_adds(&stage, "/compile");
	setenv(DP_INNER_TOOL_ENV, tool[0], 1);
	setenv(DP_INNER_FILE_ENV, fixfile, 1);
	setenv(DP_INNER_PKG_ENV, pkg, 1);
	tool[0] = sb_detach(&stage);
}

int dp_inner_wanted(const char *argv0)
{
	const char *t = getenv(DP_INNER_TOOL_ENV);
	return t && *t && strcmp(dp_base(argv0), "compile") == 0;
}

int dp_inner_main(int argc, char **argv)
{
	char *tool = gw_xstrdup(getenv(DP_INNER_TOOL_ENV));
	const char *file = getenv(DP_INNER_FILE_ENV), *pkg = getenv(DP_INNER_PKG_ENV);
	int seen = 0;
	/* The go files are the trailing arguments; the caller's tool may have
	 * rewritten them elsewhere (garble keeps base names). */
	for (int i = argc - 1; i > 0 && file && !seen; i--) {
		size_t l = strlen(argv[i]);
		if (l <= 3 || strcmp(argv[i] + l - 3, ".go") != 0)
			break;
		seen = strcmp(dp_base(argv[i]), file) == 0;
	}
	dp_state_note(seen ? "fixed" : "dropped", pkg ? pkg : "?", "compiler stage");
	if (!seen) {
		/* Compiling it anyway would put an unfixed object into the build
		 * cache under the composed identity, where no later check could
		 * tell it from a fixed one (an obfuscating tool hides the marker). */
		struct sb te = SB_INIT, pk = SB_INIT;
		sb_add_printable(&te, getenv(DP_NEXT_ENV) ? getenv(DP_NEXT_ENV) : "?");
		sb_add_printable(&pk, pkg ? pkg : "?");
		exit(gw_fail(GW_EXIT_VERIFY, "cannot compile with the dependency fix",
			     "use a -toolexec that runs the tool it is given with the files it is given (they "
			     "may be rewritten, not dropped), or set GOWRAP_DEPS=0",
			     "your -toolexec=%s dropped gowrap's file %s from the compile of %s", te.buf,
			     file ? file : "?", pk.buf));
	}
	unsetenv(DP_INNER_TOOL_ENV);
	unsetenv(DP_INNER_FILE_ENV);
	unsetenv(DP_INNER_PKG_ENV);
	argv[0] = tool;
	execv(tool, argv);
	exit(gw_fail(GW_EXIT_INTERNAL, "cannot run the Go compiler", "check the Go installation", "%s: %s", tool,
		     strerror(errno)));
}
