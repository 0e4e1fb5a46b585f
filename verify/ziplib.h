/* ziplib.h — libzip, loaded the first time a zip archive is read.
 *
 * Promise: symcheck starts without libzip. Most runs read Mach-O files
 * only, and loading libzip also loads the libcrypto it links, whose
 * relocations cost more than a whole Mach-O check (3.1 M of the 3.7 M
 * instructions of a one-file run) — and a machine without libzip could not
 * start symcheck at all. vf_zip_lib() loads the library the build linked
 * its probe against (the name its linker recorded: build/gen/zipname.h) and
 * every function zipin.c calls, typed from <zip.h> itself; it returns NULL
 * with why set (the library, dlerror's text) when that fails, and the same
 * table on every later call. */
#ifndef GOWRAP_ZIPLIB_H
#define GOWRAP_ZIPLIB_H

#include <zip.h>

#include "strbuf.h"

/* Every libzip function zipin.c calls: X(name). */
#define VF_ZIP_FUNCS(X)                                                                            \
	X(zip_discard)                                                                             \
	X(zip_error_code_zip)                                                                      \
	X(zip_error_fini)                                                                          \
	X(zip_error_init)                                                                          \
	X(zip_error_strerror)                                                                      \
	X(zip_fclose)                                                                              \
	X(zip_file_strerror)                                                                       \
	X(zip_fopen_index)                                                                         \
	X(zip_fread)                                                                               \
	X(zip_get_name)                                                                            \
	X(zip_get_num_entries)                                                                     \
	X(zip_open_from_source)                                                                    \
	X(zip_source_buffer_create)                                                                \
	X(zip_source_free)                                                                         \
	X(zip_stat_index)                                                                          \
	X(zip_stat_init)                                                                           \
	X(zip_strerror)

struct vf_ziplib {
#define VF_ZIP_FIELD(f) __typeof__(f) *f;
	VF_ZIP_FUNCS(VF_ZIP_FIELD)
#undef VF_ZIP_FIELD
};

/* The library's name as the build recorded it (for messages). */
extern const char vf_zip_lib_name[];

const struct vf_ziplib *vf_zip_lib(struct sb *why);

#endif
