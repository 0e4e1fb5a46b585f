/* The sysroot's libc.so (tests only, tests/helpers/android_run.bash): not
 * the C library (that is glibc's libc.so.6) but what runtime/cgo's inittls
 * (gcc_android.c) looks at: it dlopens "libc.so" and, if
 * android_get_device_api_level is there (Android Q and later), keeps g at
 * TLS_SLOT_APP, 2 words past the thread pointer; else it probes pthread keys.
 * arm and arm64: answered, and tests/helpers/android/bin/android-runcc gives
 * each executable a first TLS block right at that slot (glibc's pthread keys
 * lie below the thread pointer there: the probe finds none). amd64 and 386:
 * not answered, since TLS_SLOT_APP is glibc's tcbhead.self there, and the
 * probe finds the key in glibc's struct pthread above %fs:0 / %gs:0. */
#if defined(__aarch64__) || defined(__arm__)
int android_get_device_api_level(void)
{
	return 29;
}
#else
int gowrap_android_libc_standin;
#endif
