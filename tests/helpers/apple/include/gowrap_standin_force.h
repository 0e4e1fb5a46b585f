/* Forced into every C file the stand-in compiles (not .s files): Darwin-only
 * pthread calls runtime/cgo uses that musl's headers do not declare. */
#ifndef GOWRAP_STANDIN_FORCE_H
#define GOWRAP_STANDIN_FORCE_H
#include <pthread.h>
#include <stddef.h>
size_t pthread_get_stacksize_np(pthread_t);
void *pthread_get_stackaddr_np(pthread_t);
#endif
