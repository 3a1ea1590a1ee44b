#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test Case", true},
    {"\0Test\0\0Case\0"sv, " Test  Case ", true},
    {"\xff\0\x80"sv, "\xff \x80", true},
};

TEST(ReplaceNullsTransform, ModSecurityCases) {
  ExpectCases("replaceNulls", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
