#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"   TestCase", "   TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"TestCase    ", "TestCase", true},
    {"    TestCase    ", "    TestCase", true},
    {" \t Test \0 Case \t\r\n\v\f "sv, " \t Test \0 Case"sv, true},
    {"   ", "", true},
    {"a \0"sv, "a \0"sv, false},
    {"a \xa0", "a \xa0", false},
};

TEST(TrimRightTransform, ModSecurityCases) {
  ExpectCases("trimRight", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
