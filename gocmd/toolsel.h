/* toolsel.h — gowrap enabled through the go command's toolchain switch: is a
 * call reached, and which toolchain the user's own GOTOOLCHAIN picks.
 * Part of gocmd/ (used by the shim and by `gowrap enable`/`disable`/`doctor`).
 *
 * Promise: gw_enabled_name says whether a go started with this environment
 * switches to gowrap's launcher: the environment sets no GOTOOLCHAIN and the
 * go env file's (cmd/go's cfg.Getenv order) is a launcher name
 * `goX.Y.Z-gowrap`, which cmd/go's toolchain.Select runs from PATH with no
 * go.mod consulted (a name without +auto/+path). gw_user_toolchain gives the
 * GOTOOLCHAIN the user had before `gowrap enable` (the state file
 * `gotoolchain` line), else $GOROOT/go.env's, as go would have read it.
 * gw_select_local answers without running go whether that value, with the
 * go.work or go.mod found from dir, selects the invoking go itself, by
 * cmd/go's own rules (toolchain/select.go Select and modGoToolchain,
 * gover.Compare, gover.GoModLookup); 0 means ask go (another toolchain, or
 * a case these rules do not cover). Nothing here writes. */
#ifndef GOWRAP_GOCMD_TOOLSEL_H
#define GOWRAP_GOCMD_TOOLSEL_H

#include "strbuf.h"

#define GW_LAUNCHER_SUFFIX "-gowrap"
/* cmd/go's toolchain-switch variables (toolchain/select.go) */
#define GW_SWITCH_VERSION "GOTOOLCHAIN_INTERNAL_SWITCH_VERSION"
#define GW_SWITCH_COUNT "GOTOOLCHAIN_INTERNAL_SWITCH_COUNT"

/* 1 when name is a launcher's toolchain name: go<version>-gowrap. */
int gw_is_launcher_name(const char *name);

/* 1 with the launcher name in out (if non-NULL) when the go env file names
 * gowrap's launcher and the environment leaves GOTOOLCHAIN unset. */
int gw_enabled_name(const char *realgo, struct sb *out);

/* gowrap's own config directory (enable's state): $XDG_CONFIG_HOME/gowrap,
 * ~/.config/gowrap, ~/Library/Application Support/gowrap on macOS.
 * -1 when there is no HOME. */
int gw_enable_dir(struct sb *out);

/* The user's GOTOOLCHAIN before enable, else realgo's $GOROOT/go.env value
 * (as cmd/go falls back), else "". */
void gw_user_toolchain(const char *realgo, struct sb *out);

/* "go1.26.8" from go's $GOROOT/VERSION (what runtime.Version says for a
 * release, cmd/go's gover.LocalToolchain). 0, or -1 when unreadable. */
int gw_local_toolchain(const char *realgo, struct sb *out);

/* 1 when user (a GOTOOLCHAIN value) run from dir selects local (a name
 * like "go1.26.8"), 0 when go must be asked. */
int gw_select_local(const char *realgo, const char *user, const char *local, const char *dir);

/* GO111MODULE as modload's WillBeEnabled reads it from dir: 1 when
 * modules, and so the toolchain switch, are on. */
int gw_modules_on(const char *realgo, const char *dir);

/* gover.Compare of two Go versions without "go" ("1.21", "1.21rc1",
 * "1.26.8"): <0, 0, >0. Exposed for the unit table. */
int gw_gover_compare(const char *a, const char *b);

/* gover.FromToolchain: "go1.26.8-gowrap" -> "1.26.8" into out; 0, or -1
 * when name is not a toolchain name. */
int gw_gover_from_toolchain(const char *name, struct sb *out);

#endif
