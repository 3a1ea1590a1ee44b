#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"Test Case", "TestCase", true},
    {" \t\n\v\f\r\xa0", "", true},
    {"This is a test case with a tab \t, vtab \x0b, newline \x0a, return \x0d, formfeed \f,"
     " and a NUL\0 in it with a CRLF at the end.\x0d\x0a"sv,
     "Thisisatestcasewithatab,vtab,newline,return,formfeed,andaNUL\0initwithaCRLFattheend."sv,
     true},
    {"java\xa0script", "javascript", true},
    {"a\x85"
     "b",
     "a\x85"
     "b",
     false},
};

TEST(RemoveWhitespaceTransform, ModSecurityCases) {
  ExpectCases("removeWhitespace", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
