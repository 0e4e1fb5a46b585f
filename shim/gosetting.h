/* gosetting.h — one go setting read where cmd/go reads it (cfg.Getenv).
 *
 * Promise: the environment variable if non-empty, else the last NAME= line
 * of the `go env -w` file (shim_goenv_file), else of $GOROOT/go.env (GOROOT
 * from the environment, else the real go's own install: bin/go's
 * grandparent, symlinks resolved), else "" — without running go. The caller
 * frees the result. */
#ifndef GOWRAP_SHIM_GOSETTING_H
#define GOWRAP_SHIM_GOSETTING_H

char *shim_go_setting(const char *realgo, const char *name);

#endif
