/* Stand-in wrapper (tests only, tests/helpers/android): bionic declares
 * getnameinfo's buffer lengths as size_t (net/cgo_resold.go, built for
 * android, passes C.size_t); musl's x86_64 header says socklen_t. */
#ifndef GOWRAP_STANDIN_NETDB_H
#define GOWRAP_STANDIN_NETDB_H
#define getnameinfo gowrap_standin_musl_getnameinfo
#include_next <netdb.h>
#undef getnameinfo
int getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, size_t hostlen,
		char *serv, size_t servlen, int flags);
#endif
