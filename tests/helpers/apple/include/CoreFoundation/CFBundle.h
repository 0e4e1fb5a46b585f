/* Stand-in for CoreFoundation (tests only): the handful of names
 * runtime/cgo/gcc_darwin_arm64.c uses. Nothing here is ever run. */
#ifndef GOWRAP_STANDIN_CFBUNDLE_H
#define GOWRAP_STANDIN_CFBUNDLE_H
#include <CoreFoundation/CFString.h>
typedef struct __CFBundle *CFBundleRef;
typedef const struct __CFURL *CFURLRef;
CFBundleRef CFBundleGetMainBundle(void);
CFURLRef CFBundleCopyResourceURL(CFBundleRef, CFStringRef, CFStringRef, CFStringRef);
CFStringRef CFURLGetString(CFURLRef);
const void *CFBundleGetValueForInfoDictionaryKey(CFBundleRef, CFStringRef);
#endif
