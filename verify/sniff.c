/* sniff.c — what a file's first bytes say it is, before any reader runs.
 *
 * Promise: only magic numbers are looked at (a too-short buffer or file is
 * none of them); nothing here trusts a count or an offset. Mach-O, fat and ar
 * choose the Mach-O readers (container.c), \177ELF the ELF reader
 * (elfslice.c), PK the zip reader (zipin.c); a Go package archive is one the
 * go shim need not check at all. */
#include "compat.h"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "macho_format.h"
#include "verify_int.h"

enum vf_kind vf_sniff(struct vf_span s)
{
	uint32_t le, be;
	if (s.len >= AR_MAGIC_LEN && memcmp(s.p, AR_MAGIC, AR_MAGIC_LEN) == 0)
		return VF_KIND_AR;
	if (vf_get_u32le(s, 0, &le) || vf_get_u32be(s, 0, &be))
		return VF_KIND_OTHER;
	if (be == FAT_MAGIC || be == FAT_MAGIC_64)
		return VF_KIND_FAT;
	if (le == MH_MAGIC || le == MH_MAGIC_64 || le == MH_CIGAM || le == MH_CIGAM_64)
		return VF_KIND_MACHO;
	return VF_KIND_OTHER;
}

int vf_is_elf(struct vf_span s)
{
	return s.len >= 4 && memcmp(s.p, "\177ELF", 4) == 0;
}

/* A zip (.aar, .apk) starts with a local file header, or is empty. */
int vf_is_zip_file(const char *path)
{
	unsigned char b[4];
	/* O_NONBLOCK: a FIFO reads as nothing at once, never waits for a writer */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t k;

	if (fd < 0)
		return 0;
	k = read(fd, b, sizeof b);
	close(fd);
	return k == 4 && b[0] == 'P' && b[1] == 'K' && ((b[2] == 3 && b[3] == 4) || (b[2] == 5 && b[3] == 6));
}

int vf_is_go_package_archive(const char *path)
{
	unsigned char b[AR_MAGIC_LEN + AR_NAME_LEN];
	size_t n = 0, k = strlen(AR_GO_PKGDEF);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0)
		return 0;
	while (n < sizeof b) {
		ssize_t r = read(fd, b + n, sizeof b - n);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n < sizeof b || memcmp(b, AR_MAGIC, AR_MAGIC_LEN) != 0 ||
	    memcmp(b + AR_MAGIC_LEN, AR_GO_PKGDEF, k) != 0)
		return 0;
	/* the rest of the name field is blank padding */
	for (size_t i = AR_MAGIC_LEN + k; i < sizeof b; i++)
		if (b[i] != ' ')
			return 0;
	return 1;
}
