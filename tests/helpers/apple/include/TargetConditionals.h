/* Stand-in for Apple's TargetConditionals.h (tests only): what runtime/cgo asks.
 * The driver script defines GOWRAP_STANDIN_IPHONE=0 for macOS targets. */
#ifndef GOWRAP_STANDIN_TARGETCONDITIONALS_H
#define GOWRAP_STANDIN_TARGETCONDITIONALS_H
#ifndef GOWRAP_STANDIN_IPHONE
#define GOWRAP_STANDIN_IPHONE 1
#endif
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX (!GOWRAP_STANDIN_IPHONE)
#define TARGET_OS_IPHONE GOWRAP_STANDIN_IPHONE
#define TARGET_OS_IOS GOWRAP_STANDIN_IPHONE
#define TARGET_OS_TV 0
#define TARGET_OS_WATCH 0
#define TARGET_OS_SIMULATOR 0
#endif
