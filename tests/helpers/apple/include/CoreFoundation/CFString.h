/* Stand-in for CoreFoundation/CFString.h (tests only). */
#ifndef GOWRAP_STANDIN_CFSTRING_H
#define GOWRAP_STANDIN_CFSTRING_H
typedef unsigned char Boolean;
typedef long CFIndex;
typedef unsigned int CFStringEncoding;
typedef const struct __CFString *CFStringRef;
typedef const void *CFTypeRef;
#define kCFStringEncodingUTF8 0x08000100
CFStringRef __CFStringMakeConstantString(const char *);
#define CFSTR(s) __CFStringMakeConstantString(s)
Boolean CFStringGetCString(CFStringRef, char *, CFIndex, CFStringEncoding);
void CFRelease(CFTypeRef);
#endif
