/* Stand-in for Apple's <os/log.h> (tests only): what golang.org/x/mobile's
 * internal/mobileinit (mobileinit_ios.go) uses, so `gomobile bind -target ios`
 * compiles on Linux. Declared, not defined: nothing built with it runs. */
#ifndef GOWRAP_STANDIN_OS_LOG_H
#define GOWRAP_STANDIN_OS_LOG_H
typedef struct os_log_s *os_log_t;
typedef unsigned char os_log_type_t;
#define OS_LOG_TYPE_DEFAULT ((os_log_type_t)0x00)
extern os_log_t os_log_create(const char *subsystem, const char *category);
extern void _os_log_impl(void *dso, os_log_t log, os_log_type_t type, const char *format, ...);
#define os_log(log, format, ...) _os_log_impl((void *)0, (log), OS_LOG_TYPE_DEFAULT, (format), ##__VA_ARGS__)
#endif
