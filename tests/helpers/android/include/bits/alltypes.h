/* Stand-in wrapper (tests only, tests/helpers/android): the musl headers on
 * this machine are x86_64's, where wchar_t is int; on aarch64 it is unsigned
 * int, as clang's stddef.h says for the android target. Defined here first
 * (C11 allows the same typedef twice), so musl's own is skipped. No include
 * guard: musl includes this once per set of __NEED_ macros. */
#if defined(__NEED_wchar_t) && !defined(__DEFINED_wchar_t)
typedef __WCHAR_TYPE__ wchar_t;
#define __DEFINED_wchar_t
#endif
#include_next <bits/alltypes.h>
