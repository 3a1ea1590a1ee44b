#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests.
    {"\\a\\b\\f\\n\\r\\t\\v\\?\\'\\\"\\0\\12\\123\\x00\\xff",
     "\a\b\f\x0a\x0d\t\x0b?'\"\x00\x0a\x53\x00\xff"sv, true},
    {"\\a\\b\\f\\n\\r\\t\\v\0\\?\\'\\\"\\0\\12\\123\\x00\\xff"sv,
     "\a\b\f\x0a\x0d\t\x0b\0?'\"\x00\x0a\x53\x00\xff"sv, true},
    // \8 \9 are not octal, \666 keeps its low byte 0xb6, \0123 is \012 + '3'.
    {"\\8\\9\\666\\xag\\xga\\0123",
     "89\xb6xagxga\x0a"
     "3",
     true},
    {"\\x", "x", true},
    {"\\x\\x0", "xx0", true},
    {"\\x\\x0\0"sv, "xx0\0"sv, true},
    {"\\0", "\0"sv, true},
    {"\\01", "\x01", true},
    {"\\012", "\x0a", true},
    {"\\", "\\", false},
    {"\\\0"sv, "\0"sv, true},
    {"\\X41\\x4a\\\\", "AJ\\", true},
    {"\\u0041\\q", "u0041q", true},  // no \u in C: only the backslash goes
    {"a\\\xe9", "a\xe9", true},
};

TEST(EscapeSeqDecodeTransform, ModSecurityCases) {
  ExpectCases("escapeSeqDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
