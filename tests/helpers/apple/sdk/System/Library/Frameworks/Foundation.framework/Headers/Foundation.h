/* Stand-in for Apple's Foundation (tests only): the declarations the
 * Objective-C glue that `gomobile bind -target ios` generates uses
 * (golang.org/x/mobile bind/objc/seq_darwin.m.support and the per-package
 * files gobind writes), so clang can compile that glue for an Apple target on
 * Linux. Nothing built with it is meant to run: the classes are declared, not
 * defined, and the objects' references to them stay undefined in the archive,
 * as they do in one built with Xcode. */
#ifndef GOWRAP_STANDIN_FOUNDATION_H
#define GOWRAP_STANDIN_FOUNDATION_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>
#include <stdlib.h>
#include <objc/objc.h>

#define FOUNDATION_EXPORT extern
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")

typedef unsigned long NSUInteger;
typedef long NSInteger;
typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange;
static inline NSRange NSMakeRange(NSUInteger loc, NSUInteger len) { NSRange r = {loc, len}; return r; }
typedef NSUInteger NSStringEncoding;
enum { NSUTF8StringEncoding = 4 };
typedef NSUInteger NSStringEncodingConversionOptions;
typedef struct _NSZone NSZone;

@class NSString;

@protocol NSObject
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)isEqual:(id)object;
- (NSUInteger)hash;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject> {
	Class isa;
}
+ (instancetype)alloc;
+ (instancetype)new;
+ (Class)class;
- (instancetype)init;
- (void)dealloc;
@end

@protocol NSCopying
- (id)copyWithZone:(NSZone *)zone;
@end

@interface NSString : NSObject <NSCopying>
+ (instancetype)stringWithFormat:(NSString *)format, ... __attribute__((format(__NSString__, 1, 2)));
- (instancetype)initWithBytesNoCopy:(void *)bytes length:(NSUInteger)len encoding:(NSStringEncoding)encoding freeWhenDone:(BOOL)freeBuffer;
- (instancetype)initWithBytes:(const void *)bytes length:(NSUInteger)len encoding:(NSStringEncoding)encoding;
- (instancetype)initWithUTF8String:(const char *)s;
- (NSUInteger)lengthOfBytesUsingEncoding:(NSStringEncoding)enc;
- (NSUInteger)length;
- (BOOL)getBytes:(void *)buffer maxLength:(NSUInteger)maxBufferCount usedLength:(NSUInteger *)usedBufferCount encoding:(NSStringEncoding)encoding options:(NSStringEncodingConversionOptions)options range:(NSRange)range remainingRange:(NSRange *)leftover;
- (const char *)UTF8String;
@end

@interface NSConstantString : NSString
@end

@interface NSData : NSObject <NSCopying>
+ (instancetype)dataWithBytesNoCopy:(void *)bytes length:(NSUInteger)length freeWhenDone:(BOOL)b;
+ (instancetype)dataWithBytes:(const void *)bytes length:(NSUInteger)length;
- (const void *)bytes;
- (NSUInteger)length;
@end

@interface NSMutableData : NSData
@end

@interface NSNumber : NSObject <NSCopying>
+ (NSNumber *)numberWithInt:(int)value;
+ (NSNumber *)numberWithLong:(long)value;
+ (NSNumber *)numberWithLongLong:(long long)value;
+ (NSNumber *)numberWithUnsignedInt:(unsigned int)value;
+ (NSNumber *)numberWithBool:(BOOL)value;
+ (NSNumber *)numberWithDouble:(double)value;
- (int)intValue;
- (long long)longLongValue;
@end

@interface NSValue : NSObject <NSCopying>
+ (NSValue *)valueWithPointer:(const void *)pointer;
- (void *)pointerValue;
@end

@interface NSDictionary : NSObject <NSCopying>
+ (instancetype)dictionaryWithObjects:(const id _Nonnull[])objects forKeys:(const id<NSCopying> _Nonnull[])keys count:(NSUInteger)cnt;
- (id)objectForKey:(id)aKey;
- (id)objectForKeyedSubscript:(id)key;
@end

@interface NSMutableDictionary : NSDictionary
- (void)setObject:(id)anObject forKey:(id<NSCopying>)aKey;
- (void)setObject:(id)obj forKeyedSubscript:(id<NSCopying>)key;
- (void)removeObjectForKey:(id)aKey;
@end

typedef NSString *NSErrorDomain;
@interface NSError : NSObject <NSCopying>
- (instancetype)initWithDomain:(NSErrorDomain)domain code:(NSInteger)code userInfo:(NSDictionary *)dict;
- (NSString *)localizedDescription;
@end
FOUNDATION_EXPORT NSString *const NSLocalizedDescriptionKey;

typedef NSString *NSExceptionName;
@interface NSException : NSObject <NSCopying>
+ (NSException *)exceptionWithName:(NSExceptionName)name reason:(NSString *)reason userInfo:(NSDictionary *)userInfo;
- (void)raise;
@end
FOUNDATION_EXPORT NSExceptionName const NSInternalInconsistencyException;

FOUNDATION_EXPORT void NSLog(NSString *format, ...) __attribute__((format(__NSString__, 1, 2)));
#endif
