/* ziplib.c — libzip loaded on first use; see ziplib.h. */
#include "compat.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "zipname.h"
#include "ziplib.h"

const char vf_zip_lib_name[] = VF_ZIP_LIB;

const struct vf_ziplib *vf_zip_lib(struct sb *why)
{
	static struct vf_ziplib lib;
	static int state; /* 0 not tried, 1 loaded, -1 failed */
	static char err[512];

	if (state == 0) {
		/* RTLD_LOCAL: libzip's symbols (and libcrypto's) stay out of the
		 * way of anything else the process resolves. Never closed: the
		 * table points into it for the rest of the run. */
		void *h = dlopen(VF_ZIP_LIB, RTLD_NOW | RTLD_LOCAL);
		const char *missing = NULL;
		if (h) {
			/* The object pointer dlsym returns is converted as POSIX
			 * says it may be: through the function pointer's bytes. */
#define VF_ZIP_LOAD(f)                                                                             \
	if (!missing) {                                                                            \
		void *p = dlsym(h, #f);                                                            \
		if (p)                                                                             \
			memcpy(&lib.f, &p, sizeof p);                                              \
		else                                                                               \
			missing = #f;                                                              \
	}
			VF_ZIP_FUNCS(VF_ZIP_LOAD)
#undef VF_ZIP_LOAD
		}
		if (h && !missing) {
			state = 1;
		} else {
			const char *e = dlerror();
			state = -1;
			if (missing)
				snprintf(err, sizeof err, "%s has no %s", VF_ZIP_LIB, missing);
			else
				snprintf(err, sizeof err, "%s", e ? e : VF_ZIP_LIB);
		}
	}
	if (state < 0) {
		sb_addf(why, "libzip cannot be loaded: %s (fix: install the libzip symcheck was built "
			     "against — Debian and Ubuntu: libzip4 or libzip5, Homebrew: libzip — or build "
			     "symcheck again where libzip is installed)",
			err);
		return NULL;
	}
	return &lib;
}
