/* Stand-in for the NDK's android/log.h (tests only, tests/helpers/android):
 * what runtime/cgo's gcc_android.c uses. The priority values are the NDK's
 * (android_LogPriority); nothing built with the stand-in runs. */
#ifndef GOWRAP_STANDIN_ANDROID_LOG_H
#define GOWRAP_STANDIN_ANDROID_LOG_H
#include <stdarg.h>
typedef enum android_LogPriority {
	ANDROID_LOG_UNKNOWN = 0,
	ANDROID_LOG_DEFAULT,
	ANDROID_LOG_VERBOSE,
	ANDROID_LOG_DEBUG,
	ANDROID_LOG_INFO,
	ANDROID_LOG_WARN,
	ANDROID_LOG_ERROR,
	ANDROID_LOG_FATAL,
	ANDROID_LOG_SILENT,
} android_LogPriority;
int __android_log_write(int prio, const char *tag, const char *text);
int __android_log_print(int prio, const char *tag, const char *fmt, ...);
int __android_log_vprint(int prio, const char *tag, const char *fmt, va_list ap);
#endif
