/* compat.h — the one place for platform differences (the way git keeps
 * git-compat-util.h). Every .c file includes it FIRST, before any system
 * header, because feature-test macros only count when they precede the first
 * system #include.
 *
 * Promise: modules see POSIX.1-2008 and nothing else, on glibc, musl and
 * macOS 12+ alike; anything beyond that is a gw_* function or macro declared
 * here with a fallback, implemented in compat.c — the only file allowed
 * _GNU_SOURCE. The ordinary build (glibc) and `make portcheck` (musl, part of
 * `make check`) compile every module with only these macros and -Werror, so a
 * call outside POSIX in a module fails the build here instead of on a Mac.
 *
 * What Darwin declares (apple-oss-distributions/xnu bsd/sys/fcntl.h and
 * bsd/sys/stat.h; Libc's string.h for memmem and unistd.h for mkdtemp, both in
 * their `__DARWIN_C_LEVEL >= __DARWIN_C_FULL` blocks):
 * - _POSIX_C_SOURCE alone hides every non-POSIX declaration, and also some
 *   that POSIX.1-2008 has: O_NOFOLLOW sits under
 *   `!defined(_POSIX_C_SOURCE) || defined(_DARWIN_C_SOURCE)`, and memmem
 *   and mkdtemp are likewise hidden. Hence _DARWIN_C_SOURCE next to
 *   _POSIX_C_SOURCE (glibc's _DEFAULT_SOURCE means
 *   nothing there). O_DIRECTORY/O_CLOEXEC/openat/fstatat/fdopendir need only
 *   `__DARWIN_C_LEVEL >= 200809L`.
 * - struct stat: with _DARWIN_C_SOURCE the times are st_mtimespec /
 *   st_ctimespec; under strict POSIX they are st_mtime + st_mtimensec. There
 *   is no st_mtim (POSIX.1-2008's name, which glibc and musl use): hence
 *   GW_ST_MTIM / GW_ST_CTIM.
 * - no pipe2, syncfs or copy_file_range; no /proc (_NSGetExecutablePath from
 *   <mach-o/dyld.h> instead).
 * glibc declares st_mtim, O_NOFOLLOW, mkdtemp under _POSIX_C_SOURCE 200809L;
 * pipe2, memmem, syncfs, copy_file_range only with _GNU_SOURCE. musl is the
 * same except that it declares pipe2 (POSIX.1-2024) unconditionally. */
#ifndef GOWRAP_COMPAT_H
#define GOWRAP_COMPAT_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
/* POSIX.1-2008 with its XSI option: realpath() is XSI, and glibc and musl
 * hide it under _POSIX_C_SOURCE alone. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#if defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE 1
#endif

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The host's GOOS/GOARCH as the go command would default them. */
#if defined(__APPLE__)
#define HOST_GOOS "darwin"
#elif defined(__linux__)
#define HOST_GOOS "linux"
#elif defined(__FreeBSD__)
#define HOST_GOOS "freebsd"
#else
#define HOST_GOOS "unknown"
#endif
#if defined(__aarch64__)
#define HOST_GOARCH "arm64"
#elif defined(__x86_64__)
#define HOST_GOARCH "amd64"
#else
#define HOST_GOARCH "unknown"
#endif

/* struct timespec of a struct stat's modification / status-change time. */
#if defined(__APPLE__)
#define GW_ST_MTIM(st) ((st)->st_mtimespec)
#define GW_ST_CTIM(st) ((st)->st_ctimespec)
#else
#define GW_ST_MTIM(st) ((st)->st_mtim)
#define GW_ST_CTIM(st) ((st)->st_ctim)
#endif

/* pipe() with both ends close-on-exec: pipe2(O_CLOEXEC) on Linux; elsewhere
 * pipe() + fcntl(FD_CLOEXEC). The fallback has a window in which a fork from
 * another thread would inherit the fds; gowrap forks from one thread only. */
int gw_pipe_cloexec(int fds[2]);

/* memmem: libc's where it has one (glibc, musl, macOS 10.7+), else a plain
 * loop. */
void *gw_memmem(const void *hay, size_t haylen, const void *needle, size_t needlelen);

/* In-kernel copy of up to len bytes from in to out at their file offsets
 * (Linux copy_file_range). Elsewhere -1 with errno ENOSYS, before touching
 * either file, so callers fall back to read/write. */
ssize_t gw_copy_file_range(int in, int out, size_t len);

/* Flush the filesystem holding fd to disk: syncfs(fd) on Linux, sync()
 * elsewhere (macOS has no per-filesystem sync). */
int gw_syncfs(int fd);

/* A path naming the running executable, for stat() or realpath(): the
 * literal "/proc/self/exe" on Linux, _NSGetExecutablePath on macOS. -1 when
 * it does not fit or the platform has no way. */
int gw_exe_path(char *buf, size_t size);

#endif
