#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests.
    {"/* TestCase */", "", true},
    {"/*TestCase*/", "", true},
    {"Before/* TestCase */After", "BeforeAfter", true},
    {"Before TestCase */ After", "Before TestCase */ After", false},
    {"/* Test\r\nCase */", "", true},
    {"/*Before/* Test\r\nCase ", " ", true},
    {"Before /* Test\nCase ", "Before  ", true},
    {"Before/* T*/ /* e */ /* s */ /* t */\r\nCase ", "Before   \r\nCase ", true},
    {"Before /* */ ops */ Test\nCase ", "Before  ops */ Test\nCase ", true},
    {"/*Test\r\nCase */After", "After", true},
    {"Test\nCase /**/ After", "Test\nCase  After", true},
    {"Test/*\nCase */ After", "Test After", true},
    {"SELECT/**//**/UNION", "SELECTUNION", true},
    {"foo<!-- comment 1 --><!-- comment 2 -->bar", "foobar", true},
    // Either terminator closes either kind of comment.
    {"a<!-- x */b/* y -->c", "abc", true},
    {"a<!-- x", "a ", true},
    // "--" and '#' outside a comment end the value (line comments).
    {"1 OR 1=1 -- rest", "1 OR 1=1 ", true},
    {"1 OR 1=1 # rest", "1 OR 1=1 ", true},
    {"#", "", true},
    {"a/* -- # */b--c", "ab", true},
    {"a-b", "a-b", false},
    {"a*/b", "a*/b", false},
    {"a/\0*b*/"sv, "a/\0*b*/"sv, false},
    {"\xff/*\x80*/\xfe", "\xff\xfe", true},
};

TEST(RemoveCommentsTransform, ModSecurityCases) {
  ExpectCases("removeComments", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
