#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"    TestCase", "TestCase", true},
    {"TestCase    ", "TestCase", true},
    {"    TestCase    ", "TestCase", true},
    {"    Test   Case    ", "Test   Case", true},
    {"    Test \0 Case    "sv, "Test \0 Case"sv, true},
    {" \t   Test \0 Case \t  \t   \r\n  "sv, "Test \0 Case"sv, true},
    {" \t\n\v\f\r", "", true},
    {"\0 a \0"sv, "\0 a \0"sv, false},  // NUL is not whitespace
    {"\xa0"
     "a\xa0",
     "\xa0"
     "a\xa0",
     false},  // nor is 0xa0 for trim (v2 uses isspace)
};

TEST(TrimTransform, ModSecurityCases) {
  ExpectCases("trim", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
