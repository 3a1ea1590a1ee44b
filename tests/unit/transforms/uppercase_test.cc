#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TESTCASE", "TESTCASE", false},
    {"TEST\0CASE"sv, "TEST\0CASE"sv, false},
    {"TestCase", "TESTCASE", true},
    {"abcdefghijklmnopqrstuvwxyz@[`{", "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{", true},
    {"t\0c"sv, "T\0C"sv, true},
    {"\xe9t\xff", "\xe9T\xff", true},
    {"\xe9\xff", "\xe9\xff", false},
};

TEST(UppercaseTransform, ModSecurityCases) {
  ExpectCases("uppercase", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
