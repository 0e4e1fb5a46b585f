/* ovanswer.h — what `gowrap overlay` answers for one GOROOT (answer.c),
 * also the go shim's ask on its cache miss (proto/proto_overlay.h).
 *
 * Promise: ov_answer prints the absolute path of the overlay JSON for the
 * toolchain the real go uses here (or for goroot), of the feature set in
 * o.features — with patches, GOWRAP_PATCHES applied after gowrap's own
 * entries (patch/patched.h); with no_cpu, the patches alone — or with json
 * exactly one JSON object on stdout, or with shim the line reply the shim
 * reads (the shim links no JSON parser, so the overlay's replacement files
 * are read here, with cJSON). A refusal is printed in the same form, then
 * as the one error line. Its exit code: 0, or the exitcodes.h code of what
 * stopped it, the same the shim stops with: 108 refused (unknown
 * internal/cpu variant, modified checkout), 105 GOROOT beneath GOMODCACHE,
 * 106 cache, 100/101 no real go, 109 go env, the patches' own (116, ...). */
#ifndef GOWRAP_OVANSWER_H
#define GOWRAP_OVANSWER_H

#include "overlay.h"

struct ov_ask {
	const char *goroot;     /* NULL: the real go's (`go env`) */
	const char *gomodcache; /* with goroot: the shim's; NULL: go's default */
	const char *patches;    /* a GOWRAP_PATCHES list, or NULL */
	const char *goversion;  /* with goroot: `go env GOVERSION`, else VERSION */
	int json, shim, no_cpu;
	struct ov_opts o;       /* features, allow_modified, cache_dir */
};

/* Everything asked, answered on stdout; the exit code. */
int ov_answer(struct ov_ask *a);

#endif
