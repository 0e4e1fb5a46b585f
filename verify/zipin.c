/* zipin.c — Android packages (.aar, .apk) through libzip; see zipin.h.
 *
 * libzip (a well-kept reader: zip64, data descriptors, every compression
 * method Android tooling writes) does the zip format. ZIP_CHECKCONS makes it
 * check the central directory against the local headers and refuse two
 * entries of one name (which would let the copy Android loads differ from
 * the one read here). This file decides which members Android would load and
 * bounds what is read. */
#include "compat.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "grow.h"
#include "verify_int.h"
#include "zipin.h"
#include "ziplib.h"

#define MAX_ENTRIES 200000u     /* a large APK holds a few thousand */
#define MAX_LIBS 1024u          /* 4 ABIs x a few hundred libraries */
#define MAX_TOTAL (8ull << 30)  /* all of one archive's libraries together */
#define CHUNK (1u << 16)

/* libzip, loaded by vf_scan_zip_buffer before anything below runs. */
static const struct vf_ziplib *Z;

struct lib {
	zip_uint64_t index;
	const char *name;        /* libzip's, valid while the archive is open */
	char abi[32];            /* "" when longer: then any machine is taken */
};

/* A name that leaves the archive's root where it is extracted: absolute,
 * a `..` component, or a backslash (a separator on Windows). */
static int climbs(const char *name)
{
	if (name[0] == '/' || strchr(name, '\\'))
		return 1;
	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 2 && p[0] == '.' && p[1] == '.')
			return 1;
		p += n + (p[n] == '/');
	}
	return 0;
}

/* jni/<abi>/lib*.so (an .aar) or lib/<abi>/lib*.so (an .apk): the ones
 * Android loads (deeper names are never extracted). 1 and l->abi set. */
static int is_lib(const char *name, struct lib *l)
{
	if (strncmp(name, "jni/", 4) != 0 && strncmp(name, "lib/", 4) != 0)
		return 0;
	const char *abi = name + 4, *slash = strchr(abi, '/');
	if (!slash || slash == abi)
		return 0;
	const char *file = slash + 1;
	size_t fl = strlen(file), al = (size_t)(slash - abi);
	if (strchr(file, '/') || fl < 6 || strncmp(file, "lib", 3) != 0 || strcmp(file + fl - 3, ".so") != 0)
		return 0;
	l->abi[0] = 0;
	if (al < sizeof l->abi) {
		memcpy(l->abi, abi, al);
		l->abi[al] = 0;
	}
	return 1;
}

/* Every library member, after every name was checked; -1 with err set. */
static int list_libs(zip_t *za, struct lib **libs, size_t *n, struct sb *err)
{
	zip_int64_t total = Z->zip_get_num_entries(za, 0);
	size_t cap = 0;

	if (total < 0 || (zip_uint64_t)total > MAX_ENTRIES) {
		sb_addf(err, "zip archive with %lld entries (symcheck reads at most %u)", (long long)total,
			MAX_ENTRIES);
		return -1;
	}
	for (zip_uint64_t i = 0; i < (zip_uint64_t)total; i++) {
		const char *name = Z->zip_get_name(za, i, ZIP_FL_ENC_RAW);
		struct lib l;
		if (!name) {
			sb_addf(err, "zip entry %llu has no readable name: %s", (unsigned long long)i,
				Z->zip_strerror(za));
			return -1;
		}
		if (climbs(name)) {
			sb_adds(err, "zip entry name leaves the archive (absolute, .. or \\): ");
			sb_add_printable(err, name);
			return -1;
		}
		if (!is_lib(name, &l))
			continue;
		if (*n == MAX_LIBS) {
			sb_addf(err, "zip archive holds more than %u native libraries", MAX_LIBS);
			return -1;
		}
		l.index = i;
		l.name = name;
		*libs = gw_grow(*libs, &cap, *n + 1, sizeof **libs);
		(*libs)[(*n)++] = l;
	}
	if (!*n) {
		sb_adds(err, "zip archive holds no native library (jni/<abi>/lib*.so of an .aar, "
			     "lib/<abi>/lib*.so of an .apk)");
		return -1;
	}
	return 0;
}

/* Read to the end, asking for one byte past what the member declares: one
 * that yields it is larger than it says, and reaching the end is what makes
 * libzip check the CRC and the size. Memory follows the bytes that come. */
static int read_all(zip_file_t *zf, uint64_t size, unsigned char **buf, uint64_t *got,
		    struct sb *err)
{
	size_t cap = 0;

	for (;;) {
		uint64_t want = size + 1 - *got;
		if (want > CHUNK)
			want = CHUNK;
		*buf = gw_grow(*buf, &cap, (size_t)(*got + want), 1);
		zip_int64_t k = Z->zip_fread(zf, *buf + *got, want);
		if (k < 0) {
			sb_addf(err, "cannot be read: %s", Z->zip_file_strerror(zf));
			return -1;
		}
		if (k == 0)
			break;
		*got += (uint64_t)k;
		/* Android loads only ELF: a member that does not start as one
		 * is refused before the rest of it is inflated. */
		if (*got >= 4 && *got == (uint64_t)k && !vf_is_elf((struct vf_span){ *buf, 4 })) {
			sb_adds(err, "not an ELF file (Android loads only ELF libraries)");
			return -1;
		}
		if (*got > size) {
			sb_addf(err, "holds more than the %llu bytes it declares", (unsigned long long)size);
			return -1;
		}
	}
	if (*got < size) {
		sb_addf(err, "holds %llu of the %llu bytes it declares", (unsigned long long)*got,
			(unsigned long long)size);
		return -1;
	}
	return 0;
}

static int read_member(zip_t *za, const struct lib *l, uint64_t max, uint64_t *total,
		       unsigned char **buf, uint64_t *got, struct sb *err)
{
	zip_stat_t st;
	zip_file_t *zf;
	int rc;

	Z->zip_stat_init(&st);
	if (Z->zip_stat_index(za, l->index, 0, &st) || !(st.valid & ZIP_STAT_SIZE)) {
		sb_addf(err, "cannot be read: %s", Z->zip_strerror(za));
		return -1;
	}
	if (st.size > max || st.size > MAX_TOTAL - *total) {
		sb_addf(err, "declares %llu bytes, more than symcheck reads (%llu per library, %llu per archive)",
			(unsigned long long)st.size, (unsigned long long)max, MAX_TOTAL);
		return -1;
	}
	zf = Z->zip_fopen_index(za, l->index, 0);
	if (!zf) {
		sb_addf(err, "cannot be opened: %s", Z->zip_strerror(za));
		return -1;
	}
	rc = read_all(zf, st.size, buf, got, err);
	Z->zip_fclose(zf);
	*total += *got;
	return rc;
}

/* A readable member is an input of its own, ZIP!/MEMBER; one that cannot be
 * read makes the archive unreadable, naming the member. */
static void scan_member(struct vf_result *r, zip_t *za, const char *zpath, const struct lib *l,
			const struct vf_opts *o, uint64_t max, uint64_t *total)
{
	struct sb name = SB_INIT, why = SB_INIT, path = SB_INIT;
	struct vf_input in = { NULL, NULL, NULL, 0, 0 };
	unsigned char *buf = NULL;
	uint64_t got = 0;

	sb_add_printable(&name, l->name);
	sb_addf(&path, "%s!/%s", zpath, name.buf);
	in.path = sb_detach(&path);
	if (!read_member(za, l, max, total, &buf, &got, &why)) {
		struct vf_span s = { buf, (size_t)got };
		if (!vf_is_elf(s))
			sb_adds(&why, "not an ELF file (Android loads only ELF libraries)");
		else if (!vf_read_elf(&in, s, VF_PLATFORM_ANDROID, l->abi[0] ? l->abi : NULL, o, &why))
			vf_decide(&in, o);
	}
	if (why.len) {
		struct sb e = SB_INIT;
		sb_addf(&e, "%s: %s", name.buf, why.buf);
		vf_result_add(r, zpath)->error = sb_detach(&e);
		vf_input_release(&in);
	} else {
		r->inputs = gw_grow(r->inputs, &r->cap, r->n + 1, sizeof *r->inputs);
		r->inputs[r->n++] = in;
	}
	free(buf);
	sb_release(&why);
	sb_release(&name);
}

void vf_scan_zip_buffer(struct vf_result *r, const char *path, const void *data, size_t len,
			const struct vf_opts *o, uint64_t max_member)
{
	struct sb err = SB_INIT;
	struct lib *libs = NULL;
	size_t n = 0;
	uint64_t total = 0;
	zip_error_t ze;
	zip_source_t *src;
	zip_t *za = NULL;

	if (!(Z = vf_zip_lib(&err))) {
		vf_result_add(r, path)->error = sb_detach(&err);
		return;
	}
	Z->zip_error_init(&ze);
	src = len ? Z->zip_source_buffer_create(data, len, 0, &ze) : NULL;
	if (src && !(za = Z->zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze)))
		Z->zip_source_free(src);
	if (!za && Z->zip_error_code_zip(&ze) == ZIP_ER_EXISTS)
		sb_adds(&err, "zip archive holds two entries of one name (which one a reader takes differs)");
	else if (!za)
		sb_addf(&err, "not a zip archive libzip can read: %s", len ? Z->zip_error_strerror(&ze) : "empty");
	else if (!list_libs(za, &libs, &n, &err))
		for (size_t i = 0; i < n; i++)
			scan_member(r, za, path, &libs[i], o, max_member, &total);
	if (err.len)
		vf_result_add(r, path)->error = sb_detach(&err);
	if (za)
		Z->zip_discard(za);
	Z->zip_error_fini(&ze);
	free(libs);
	sb_release(&err);
}

void vf_scan_any(struct vf_result *r, const char *path, const struct vf_opts *o)
{
	struct stat st;
	int fd;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || !vf_is_zip_file(path)) {
		vf_scan_path(r, path, o);
		return;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map = fd < 0 || fstat(fd, &st) ? MAP_FAILED
			: mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	int e = errno;
	if (fd >= 0)
		close(fd);
	if (map == MAP_FAILED) {
		struct sb m = SB_INIT;
		sb_addf(&m, "cannot map: %s", strerror(e));
		vf_result_add(r, path)->error = sb_detach(&m);
		return;
	}
	vf_scan_zip_buffer(r, path, map, (size_t)st.st_size, o, VF_ZIP_MAX_MEMBER);
	munmap(map, (size_t)st.st_size);
}
