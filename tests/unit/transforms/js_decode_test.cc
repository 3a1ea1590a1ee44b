#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests.
    {"\\a\\b\\f\\n\\r\\t\\v\\?\\'\\\"\\0\\12\\123\\x00\\xff\\u0021\\uff01",
     "\a\b\f\x0a\x0d\t\x0b?'\"\x00\x0a\x53\x00\xff\x21\x21"sv, true},
    {"\\a\\b\\f\\n\\r\\t\\v\0\\?\\'\\\"\\0\\12\\123\\x00\\xff\\u0021\\uff01"sv,
     "\a\b\f\x0a\x0d\t\x0b\0?'\"\x00\x0a\x53\x00\xff\x21\x21"sv, true},
    // \8 \9 are not octal; \666 is \66 + '6' (one byte only); bad \u and \x lose the backslash.
    {"\\8\\9\\666\\u00ag\\u00ga\\u0zaa\\uz0aa\\xag\\xga\\0123\\u00a",
     "89\x36"
     "6u00agu00gau0zaauz0aaxagxga\x0a"
     "3u00a",
     true},
    {"\\x", "x", true},
    {"\\x\\x0", "xx0", true},
    {"\\x\\x0\0"sv, "xx0\0"sv, true},
    {"\\u", "u", true},
    {"\\u\\u0\\u01\\u012", "uu0u01u012", true},
    {"\\u\\u0\\u01\\u012\0"sv, "uu0u01u012\0"sv, true},
    {"\\", "\\", false},  // a lone backslash at the end is kept
    {"abc\\", "abc\\", false},
    {"\\\0"sv, "\0"sv, true},
    // Full-width ASCII maps to ASCII, other code points keep their low byte.
    {"\\uFF41\\uff5e\\uff5f\\uff00\\u4142\\u00e9", "a~\x5f\x00\x42\xe9"sv, true},
    {"\\X41\\U0041", "X41U0041", true},  // only lowercase \x and \u are escapes
    {"\\377\\400\\3777",
     "\xff\x20"
     "0\xff"
     "7",
     true},
    {"\\/\\\\\\q", "/\\q", true},
    {"\\\xe9", "\xe9", true},
};

TEST(JsDecodeTransform, ModSecurityCases) {
  ExpectCases("jsDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
