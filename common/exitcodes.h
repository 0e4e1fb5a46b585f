/* exitcodes.h — every exit status gowrap, symcheck and the GitHub Action
 * choose, in one table.
 *
 * Promise: the shim passes the real go's status through unchanged; when gowrap
 * itself stops a command it uses one of these. The codes of a stop (>= 100)
 * never collide with the go command's own 0/1/2; 1, 2 and 3 are the answers
 * of the commands that check something (doctor, audit, symcheck, report) and
 * of a wrong command line. GW_EXITS is the one list: the enum below, the
 * EXIT STATUS of every manual page (tools/mangen.c) and the docs check
 * (tools/docscheck.py) are made from it or held to it. Each row: the name,
 * the code, one line for the manual. GW_ACTION_MODES says which codes each
 * mode of the GitHub Action (action.yml, scripts/action-*.sh) exits with,
 * GW_SHIM_EXITS those the go shim stops with. */
#ifndef GOWRAP_EXITCODES_H
#define GOWRAP_EXITCODES_H

#define GW_EXITS(X)                                                                                           \
	X(GW_OK, 0, "success; for a check, nothing failed")                                                   \
	X(GW_EXIT_FOUND, 1, "a check found something: doctor a broken link of the chain, audit a package "   \
			    "that stays defective, symcheck a slice short of its policy; the Action's install "  \
			    "step could not install gowrap")                                                    \
	X(GW_EXIT_USAGE, 2, "a command called wrongly (the line names what, and --help shows the usage); "   \
			    "symcheck: an input it cannot read; report: a FILE it cannot read or write; the "    \
			    "Action: an unknown mode, or no install step before report or audit")                 \
	X(GW_EXIT_AUDIT_UNKNOWN, 3, "audit: nothing defective, but a package is unknown or go could not "     \
				    "resolve one")                                                              \
	X(GW_EXIT_NO_REAL_GO, 100, "no real go found, or GOWRAP_GO is not executable")                        \
	X(GW_EXIT_SHIM_LOOP, 101, "the shim would loop: only gowrap shims on PATH, or GOWRAP_GO names one")   \
	X(GW_EXIT_USER_OVERLAY, 102, "the caller's -overlay file is missing or unreadable")                   \
	X(GW_EXIT_USER_OVERLAY_JSON, 103, "the caller's -overlay file is not overlay JSON")                   \
	X(GW_EXIT_OVERLAY_CONFLICT, 104, "the caller's overlay and gowrap's replace the same file")           \
	X(GW_EXIT_MODCACHE_GOROOT, 105, "the GOROOT lies beneath GOMODCACHE, where go refuses overlays")      \
	X(GW_EXIT_CACHE, 106, "the cache directory cannot be created or written, or is not the caller's alone") \
	X(GW_EXIT_GOFLAGS, 107, "GOFLAGS has unbalanced quotes")                                              \
	X(GW_EXIT_OVERLAY_REFUSED, 108, "the overlay generator refused this GOROOT (unknown internal/cpu "     \
					"variant, modified checkout, not a GOROOT)")                             \
	X(GW_EXIT_GO_QUERY, 109, "go env or go list failed, or answered nonsense")                            \
	X(GW_EXIT_VERIFY, 110, "the built output lacks the marker in a slice that needs it")                  \
	X(GW_EXIT_INTERNAL, 111, "internal failure (out of memory, fork)")                                    \
	X(GW_EXIT_TOOLCHAIN, 112, "gowrap toolchain install failed")                                          \
	X(GW_EXIT_TOOLCHAIN_SWITCH, 113, "go install/run pkg@version may switch to a toolchain gowrap "       \
					 "cannot know")                                                          \
	X(GW_EXIT_DEPS_TOOLEXEC, 114, "a dependency needs gowrap's -toolexec and the caller's cannot be "     \
				      "composed with it")                                                        \
	X(GW_EXIT_SETTING, 115, "a GOWRAP_* variable has a value gowrap does not know")                       \
	X(GW_EXIT_PATCH, 116, "a GOWRAP_PATCHES patch cannot be read, is refused, or does not apply exactly") \
	X(GW_EXIT_ENABLE, 117, "gowrap enable or disable refused or failed; nothing was changed")             \
	X(GW_EXIT_REVIEWED, 118, "audit: the reviewed-verdicts file is refused whole (malformed, a package "  \
				 "twice, past its date, unreadable)")

/* The codes the go shim stops a go command with (it passes go's own status
 * through otherwise): the shim's rows of the manual's EXIT STATUS. */
#define GW_SHIM_EXITS "100 101 102 103 104 105 106 107 108 109 110 111 113 114 115 116"

/* The GitHub Action's modes: the mode, the codes its step exits with. */
#define GW_ACTION_MODES(M)                                                                                    \
	M("install", "0 1 2")                                                                                 \
	M("report", "0 2 110")                                                                                \
	M("audit", "0 1 2 3 109 118")

#define GW_EXIT_ENUM(name, code, meaning) name = code,
enum gw_exit { GW_EXITS(GW_EXIT_ENUM) };
#undef GW_EXIT_ENUM

#endif
