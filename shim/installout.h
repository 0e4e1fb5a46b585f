/* installout.h — where `go install` puts what it links, so the shim can
 * check it as it checks `go build -o`.
 *
 * Promise: shim_install_dir gives the directory cmd/go installs commands in
 * for this target (load/pkg.go): GOBIN if set, else the first GOPATH entry's
 * bin (GOPATH defaults to $HOME/go); for a cross-compiled target (GOOS/GOARCH
 * not the host's) always <GOPATH>/bin/<GOOS>_<GOARCH> (go refuses GOBIN
 * there). Settings are read as cmd/go reads them (gosetting.h). A snapshot
 * records that directory's regular files and their stats, so that after go
 * ran, exactly the files it wrote (new or changed) are named. */
#ifndef GOWRAP_SHIM_INSTALLOUT_H
#define GOWRAP_SHIM_INSTALLOUT_H

#include <stddef.h>
#include <sys/stat.h>

#include "strbuf.h"

struct shim_snapshot {
	char **names;
	struct stat *st;
	size_t n;
};

/* 0 and dir set, or -1 (no GOPATH and no HOME). */
int shim_install_dir(const char *realgo, const char *goos, const char *goarch, struct sb *dir);

void shim_snapshot_take(const char *dir, struct shim_snapshot *s);

/* The regular files of dir that are not in `before` with the same stat,
 * each as a full path (a NULL-terminated list, freed by shim_list_free). */
char **shim_snapshot_changed(const char *dir, const struct shim_snapshot *before);

void shim_snapshot_free(struct shim_snapshot *s);
void shim_list_free(char **v);

#endif
