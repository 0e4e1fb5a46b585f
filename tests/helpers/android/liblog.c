/* liblog.so for the runnable Android stand-in (tests only,
 * tests/helpers/android/bin/android-runcc): what runtime/cgo (gcc_android.c:
 * fatalf) and Go's android code call, writing each message to stderr as
 * "P/tag: text" (P: logcat's priority letter) instead of to logcat. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static char prio_letter(int prio)
{
	static const char l[] = "??VDIWEFS";
	return prio >= 0 && prio < (int)sizeof(l) - 1 ? l[prio] : '?';
}

int __android_log_write(int prio, const char *tag, const char *text)
{
	return fprintf(stderr, "%c/%s: %s\n", prio_letter(prio), tag ? tag : "", text ? text : "");
}

int __android_log_vprint(int prio, const char *tag, const char *fmt, va_list ap)
{
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	return __android_log_write(prio, tag, buf);
}

int __android_log_print(int prio, const char *tag, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = __android_log_vprint(prio, tag, fmt, ap);
	va_end(ap);
	return n;
}

void __android_log_assert(const char *cond, const char *tag, const char *fmt, ...)
{
	va_list ap;
	char buf[1024] = "";
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(buf, sizeof buf, fmt, ap);
		va_end(ap);
	}
	__android_log_print(7, tag, "assertion failed: %s %s", cond ? cond : "", buf);
	abort();
}
