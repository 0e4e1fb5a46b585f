/* installout.h — which files a call writes that the shim checks for the
 * marker: `go build -o` / `go test -c -o` (a file or a directory) and where
 * `go install` puts what it links.
 *
 * Promise: nothing is checked when GOWRAP_VERIFY=0; otherwise build and
 * test -c with -o, and install, are. shim_output_to_verify names -o's file
 * only when go wrote it in this call (its stat moved), it is a regular file
 * and not a Go package archive (no linked code). shim_install_dir gives the directory cmd/go installs commands in
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

#include "cmdline.h"
#include "strbuf.h"

struct shim_snapshot {
	struct shim_snap_file {
		char *name;
		struct stat st;
	} *f;
	size_t n, cap;
};

/* 0 and dir set, or -1 (no GOPATH and no HOME). */
int shim_install_dir(const char *realgo, const char *goos, const char *goarch, struct sb *dir);

void shim_snapshot_take(const char *dir, struct shim_snapshot *s);

/* The regular files of dir that are not in `before` with the same stat,
 * each as a full path (a NULL-terminated list, freed by shim_list_free). */
char **shim_snapshot_changed(const char *dir, const struct shim_snapshot *before);

/* build, or test -c, with an -o: one output (file or directory) to check. */
int shim_verify_wanted(const struct shim_cmdline *cl);
/* go install: what it links lands in shim_install_dir. */
int shim_install_verify_wanted(const struct shim_cmdline *cl);
/* 1 with dir set (absolute) when -o names a directory: each file go writes
 * there is checked; else 0 and dir empty. */
int shim_outdir_verify_wanted(const struct shim_cmdline *cl, const char *effdir, struct sb *dir);
/* 1 with out set when a successful call's -o file is to be checked. before:
 * that file's stat from before go ran (NULL: it did not exist). */
int shim_output_to_verify(const struct shim_cmdline *cl, const char *effdir,
			  const struct stat *before, struct sb *out);

void shim_snapshot_free(struct shim_snapshot *s);
void shim_list_free(char **v);

#endif
