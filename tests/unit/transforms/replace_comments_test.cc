#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests.
    {"/* TestCase */", " ", true},
    {"/*TestCase*/", " ", true},
    {"Before/* TestCase */After", "Before After", true},
    {"Before /* TestCase */ After", "Before   After", true},
    {"/* Test\x0d\x0a"
     "Case */",
     " ", true},
    {"Before/* Test\x0d\x0a"
     "Case ",
     "Before ", true},
    {"Before /* Test\x0a"
     "Case ",
     "Before  ", true},
    {"Test\x0d\x0a"
     "Case */After",
     "Test\x0d\x0a"
     "Case */After",
     false},
    {"Test\x0a"
     "Case */ After",
     "Test\x0a"
     "Case */ After",
     false},
    // Consecutive comments give consecutive spaces; other comment styles are not touched.
    {"UNION/**//**/SELECT", "UNION  SELECT", true},
    {"/*/", " ", true},
    {"/**/", " ", true},
    {"a -- b # c <!-- d -->", "a -- b # c <!-- d -->", false},
    {"a/*\0*/b"sv, "a b", true},
    {"\xff/*\x80*/\xfe", "\xff \xfe", true},
};

TEST(ReplaceCommentsTransform, ModSecurityCases) {
  ExpectCases("replaceComments", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
