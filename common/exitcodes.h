/* exitcodes.h — every exit status gowrap itself chooses, in one place.
 *
 * Promise: the shim passes the real go's status through unchanged; when gowrap
 * itself stops a command it uses one of these, all >= 100 so they never collide
 * with the go command's own 0/1/2 (README "Exit codes" mirrors this table). */
#ifndef GOWRAP_EXITCODES_H
#define GOWRAP_EXITCODES_H

enum gw_exit {
	GW_OK = 0,
	GW_EXIT_USAGE = 2,          /* gowrap CLI misuse; `gowrap overlay` refusal */
	GW_EXIT_NO_REAL_GO = 100,   /* no real go found, or GOWRAP_GO not executable */
	GW_EXIT_SHIM_LOOP = 101,    /* only gowrap shims on PATH */
	GW_EXIT_USER_OVERLAY = 102, /* caller's -overlay file missing or unreadable */
	GW_EXIT_USER_OVERLAY_JSON = 103, /* caller's -overlay file is not overlay JSON */
	GW_EXIT_OVERLAY_CONFLICT = 104,  /* caller and gowrap replace the same path */
	GW_EXIT_MODCACHE_GOROOT = 105,   /* GOROOT beneath GOMODCACHE: go refuses overlays */
	GW_EXIT_CACHE = 106,        /* cache directory cannot be created or written */
	GW_EXIT_GOFLAGS = 107,      /* GOFLAGS has unbalanced quotes */
	GW_EXIT_OVERLAY_REFUSED = 108, /* internal/cpu variant unknown: no guessing */
	GW_EXIT_GO_QUERY = 109,     /* `go env` failed or answered nonsense */
	GW_EXIT_VERIFY = 110,       /* built output lacks the marker where required */
	GW_EXIT_INTERNAL = 111,     /* out of memory, fork failure and the like */
	GW_EXIT_TOOLCHAIN = 112,    /* `gowrap toolchain install` failed */
	GW_EXIT_TOOLCHAIN_SWITCH = 113, /* go install/run pkg@version would switch toolchains unknowably */
	GW_EXIT_DEPS_TOOLEXEC = 114, /* a dependency needs gowrap's -toolexec; the caller's cannot be composed */
	GW_EXIT_SETTING = 115,      /* a GOWRAP_* variable has a value gowrap does not know */
	GW_EXIT_PATCH = 116,        /* a GOWRAP_PATCHES patch cannot be read or does not apply exactly */
	GW_EXIT_ENABLE = 117,       /* `gowrap enable`/`disable` refused: nothing was changed */
	GW_EXIT_REVIEWED = 118,    /* gowrap audit: the reviewed-verdicts file is refused (malformed, a package twice, past its date) */
};

#endif
