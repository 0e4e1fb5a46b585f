/* verdict.c — what `gowrap report`'s evidence adds up to: the
 * counts over the log's calls and symcheck's inputs and slices, and the
 * verdict (report_parts.h). The one place both the summary (md.c)
 * and the run (run.c) take them from, so neither reads the other. */
#include "compat.h"
#include "report_parts.h"

#include <cjson/cJSON.h>

const char *report_jstr(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

int report_jbool(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

void report_count(struct report *r)
{
	const cJSON *c, *chk, *in, *s;
	cJSON_ArrayForEach(c, r->calls) {
		r->noverlay += report_jstr(c, "overlay") != NULL;
		r->ntoolexec += report_jbool(c, "deps_toolexec") == 1;
		r->nverified += report_jbool(c, "verified") == 1;
		r->ncallfail += report_jbool(c, "verified") == 0;
	}
	cJSON_ArrayForEach(chk, r->checks) {
		cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(chk, "inputs")) {
			r->ninputs++;
			r->ninputerr += report_jstr(in, "error") != NULL;
			cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(in, "slices")) {
				r->nslices++;
				r->nsliceok += report_jbool(s, "ok") == 1;
				r->nslicefail += report_jbool(s, "ok") != 1;
			}
		}
	}
}

int report_failed(const struct report *r)
{
	return r->ncallfail || r->nbad || r->nslicefail || r->ninputerr;
}
