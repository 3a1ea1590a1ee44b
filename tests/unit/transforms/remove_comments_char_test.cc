#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"UNI/**/ON SEL/*x*/ECT", "UNION SELxECT", true},
    {"/* TestCase */", " TestCase ", true},
    {"a--b#c", "abc", true},
    {"<!-- x -->", " x ", true},
    {"a-->b", "ab", true},  // "-->" as a whole, not "--" then '>'
    {"a-b*c/d<!e", "a-b*c/d<!e", false},
    {"---", "-", true},
    {"\xff#\x80", "\xff\x80", true},
};

TEST(RemoveCommentsCharTransform, ModSecurityCases) {
  ExpectCases("removeCommentsChar", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
