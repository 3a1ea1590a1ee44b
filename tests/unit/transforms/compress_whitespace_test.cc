#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"Test Case", "Test Case", false},
    {" Test Case ", " Test Case ", false},
    // From ModSecurity's tests.
    {"  Test  \t   Case  ", " Test Case ", true},
    {"This is a   test case with a tab \t, vtab \x0b, newline \x0a, return \x0d, formfeed \f,"
     " and a NUL\0 in it with a CRLF at the end.\x0d\x0a"sv,
     "This is a test case with a tab , vtab , newline , return , formfeed , and a NUL\0 in it"
     " with a CRLF at the end. "sv,
     true},
    // A single non-space whitespace byte still becomes a space; so does 0xa0 (v2).
    {"a\tb", "a b", true},
    {"a\xa0"
     "b",
     "a b", true},
    {"a \xa0\r\n\v\f b", "a b", true},
    {"\n", " ", true},
    {"a\x85"
     "b\xc2",
     "a\x85"
     "b\xc2",
     false},  // other bytes >= 0x80 are not whitespace
};

TEST(CompressWhitespaceTransform, ModSecurityCases) {
  ExpectCases("compressWhitespace", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
