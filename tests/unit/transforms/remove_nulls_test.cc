#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test Case\xff", "Test Case\xff", false},
    {"Test\0Case"sv, "TestCase", true},
    {"\0Test\0\0Case\0"sv, "TestCase", true},
    {"\0\0\0"sv, "", true},
    {"\xff\0\x80"sv, "\xff\x80", true},
};

TEST(RemoveNullsTransform, ModSecurityCases) {
  ExpectCases("removeNulls", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
