/* zipnone.c — vf_scan_any for a symcheck built without libzip
 * (`make LIBZIP=no`: the musl build of `make portcheck`, where only glibc's
 * libzip exists). A zip is refused as unreadable (exit 2), so such a build
 * can never pass an .aar or .apk it did not read. */
#include "compat.h"

#include "verify_int.h"
#include "zipin.h"

void vf_scan_any(struct vf_result *r, const char *path, const struct vf_opts *o)
{
	if (!vf_is_zip_file(path)) {
		vf_scan_path(r, path, o);
		return;
	}
	vf_result_add(r, path)->error =
		gw_xstrdup("a zip archive, and this symcheck was built without libzip "
			   "(make LIBZIP=no): rebuild it with libzip to read .aar and .apk files");
}
