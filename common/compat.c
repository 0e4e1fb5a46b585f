/* compat.c — see compat.h. The only file built with the platform's
 * extensions switched on: _GNU_SOURCE makes glibc and musl declare pipe2,
 * syncfs, copy_file_range and memmem; it must come before compat.h (which
 * includes system headers). Darwin needs nothing more than compat.h's
 * _DARWIN_C_SOURCE. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "compat.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <stdint.h>
#endif

int gw_pipe_cloexec(int fds[2])
{
#if defined(__linux__)
	return pipe2(fds, O_CLOEXEC);
#else
	if (pipe(fds) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		if (fcntl(fds[i], F_SETFD, FD_CLOEXEC) < 0) {
			int e = errno;
			close(fds[0]);
			close(fds[1]);
			errno = e;
			return -1;
		}
	}
	return 0;
#endif
}

void *gw_memmem(const void *hay, size_t haylen, const void *needle, size_t needlelen)
{
#if defined(__linux__) || defined(__APPLE__)
	return memmem(hay, haylen, needle, needlelen);
#else
	const unsigned char *h = hay;
	if (needlelen == 0)
		return (void *)h;
	for (size_t i = 0; needlelen <= haylen && i <= haylen - needlelen; i++)
		if (h[i] == *(const unsigned char *)needle && !memcmp(h + i, needle, needlelen))
			return (void *)(h + i);
	return NULL;
#endif
}

ssize_t gw_copy_file_range(int in, int out, size_t len)
{
#if defined(__linux__)
	return copy_file_range(in, NULL, out, NULL, len, 0);
#else
	(void)in;
	(void)out;
	(void)len;
	errno = ENOSYS;
	return -1;
#endif
}

int gw_syncfs(int fd)
{
#if defined(__linux__)
	return syncfs(fd);
#else
	(void)fd;
	sync();
	return 0;
#endif
}

int gw_exe_path(char *buf, size_t size)
{
#if defined(__APPLE__)
	uint32_t n = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
	return _NSGetExecutablePath(buf, &n) == 0 ? 0 : -1;
#elif defined(__linux__)
	static const char self[] = "/proc/self/exe";
	if (size < sizeof self)
		return -1;
	memcpy(buf, self, sizeof self);
	return 0;
#else
	(void)buf;
	(void)size;
	errno = ENOSYS;
	return -1;
#endif
}
