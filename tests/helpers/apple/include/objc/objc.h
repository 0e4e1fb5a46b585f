/* Stand-in for Apple's <objc/objc.h> (tests only): the Objective-C types the
 * C headers gobind writes (its universe header) include it for. In Objective-C
 * clang knows id, Class and SEL itself and accepts these typedefs again. */
#ifndef GOWRAP_STANDIN_OBJC_H
#define GOWRAP_STANDIN_OBJC_H
typedef struct objc_class *Class;
struct objc_object { Class isa; };
typedef struct objc_object *id;
typedef struct objc_selector *SEL;
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#ifndef nil
#define nil ((void *)0)
#endif
#endif
