/* scan.c — the PATHs of `gowrap report`, read by symcheck itself.
 *
 * One `symcheck --json -- PATH...` run, with the symcheck installed beside
 * this gowrap (build/ and $PREFIX/bin alike): its readers, its policy, its
 * libzip, its JSON. Why a child and not verify's readers linked into the
 * CLI: verify/README.md, "How gowrap report reads what symcheck reads".
 * Its JSON is taken only when its exit status says the same thing (2 an
 * input unreadable, 1 a slice short, 0 neither); otherwise — symcheck
 * missing, killed, answering something else — every PATH is an unreadable
 * input saying why, so a broken checker can never pass a file. */
#include "compat.h"
#include "report_parts.h"
#include "runcmd.h"
#include "selfpath.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* symcheck's JSON for even 1,024 libraries of an archive is well below
 * this; more is not symcheck's JSON (and the capture drops the rest). */
#define SCAN_OUT_LIMIT ((size_t)64 << 20)

/* The exit status symcheck's JSON implies (vf_result_status's rule). */
static int json_status(const cJSON *root)
{
	const cJSON *in, *s;
	int st = 0;
	cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(root, "inputs")) {
		if (report_jstr(in, "error"))
			return 2;
		cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(in, "slices"))
			st |= report_jbool(s, "ok") != 1;
	}
	return st;
}

/* The symcheck beside the running gowrap. -1 when gowrap cannot find itself. */
static int symcheck_path(struct sb *p)
{
	if (gw_self_exe(p) < 0)
		return -1;
	char *slash = strrchr(p->buf, '/');
	if (!slash)
		return -1;
	p->len = (size_t)(slash - p->buf) + 1;
	p->buf[p->len] = '\0';
	sb_adds(p, "symcheck");
	return 0;
}

/* symcheck's answer as its JSON root, or NULL with why set. */
static cJSON *take_json(int st, const char *sc, struct sb *out, struct sb *err, struct sb *why)
{
	if (st < 0) {
		sb_addf(why, "symcheck cannot be run: %s: %s", sc, strerror(errno));
		return NULL;
	}
	if (WIFSIGNALED(st)) {
		sb_addf(why, "symcheck died of signal %d reading the files (%s)", WTERMSIG(st), sc);
		return NULL;
	}
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	cJSON *j = code >= 0 && code <= 2 ? cJSON_ParseWithLength(out->buf, out->len) : NULL;
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(j, "inputs"))) {
		sb_addf(why, "symcheck exited %d without its --json output (%s)", code, sc);
		if (*sb_first_line(err)) {
			sb_adds(why, ": ");
			sb_add_printable(why, err->buf);
		}
		cJSON_Delete(j);
		return NULL;
	}
	if (json_status(j) != code) {
		sb_addf(why, "symcheck exited %d, but its --json output says %d (%s)", code, json_status(j), sc);
		cJSON_Delete(j);
		return NULL;
	}
	return j;
}

/* Every PATH as an input that could not be checked, saying why. */
static cJSON *unchecked(const struct report *r, const char *why)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *inputs = cJSON_AddArrayToObject(root, "inputs");
	if (!inputs)
		gw_oom();
	for (size_t i = 0; i < r->npaths; i++) {
		cJSON *in = cJSON_CreateObject();
		if (!cJSON_AddStringToObject(in, "path", r->paths[i]) ||
		    !cJSON_AddStringToObject(in, "error", why) || !cJSON_AddArrayToObject(in, "slices") ||
		    !cJSON_AddItemToArray(inputs, in))
			gw_oom();
	}
	return root;
}

void report_scan_paths(struct report *r)
{
	static char opt_json[] = "--json", opt_end[] = "--";
	struct sb sc = SB_INIT, out = SB_INIT, err = SB_INIT, why = SB_INIT;
	char **argv = gw_xcalloc(r->npaths + 4, sizeof *argv);
	cJSON *root = NULL;

	if (symcheck_path(&sc) < 0) {
		sb_addf(&why, "symcheck cannot be run: gowrap cannot find its own path: %s", strerror(errno));
	} else {
		argv[0] = sc.buf;
		argv[1] = opt_json;
		argv[2] = opt_end;
		memcpy(argv + 3, r->paths, r->npaths * sizeof *argv);
		struct gw_cmd c = { argv, NULL, NULL, &out, &err, 1, SCAN_OUT_LIMIT };
		root = take_json(gw_run(&c), sc.buf, &out, &err, &why);
	}
	if (!cJSON_AddItemToArray(r->checks, root ? root : unchecked(r, why.buf)))
		gw_oom();
	free(argv);
	sb_release(&sc);
	sb_release(&out);
	sb_release(&err);
	sb_release(&why);
}
