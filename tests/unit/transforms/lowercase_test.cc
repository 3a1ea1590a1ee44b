#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"testcase", "testcase", false},
    {"test\0case"sv, "test\0case"sv, false},
    {"TestCase", "testcase", true},
    {"ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{", "abcdefghijklmnopqrstuvwxyz@[`{", true},
    {"T\0C"sv, "t\0c"sv, true},
    {"\xc3\x89T\xa0", "\xc3\x89t\xa0", true},  // bytes >= 0x80 are not letters in the C locale
    {"\xc3\x89\xde", "\xc3\x89\xde", false},
};

TEST(LowercaseTransform, ModSecurityCases) {
  ExpectCases("lowercase", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
