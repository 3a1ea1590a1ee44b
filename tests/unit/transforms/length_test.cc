#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "0", true},  // always "changed", even when the text happens to match
    {"ABCDE", "5", true},    {"Test\0Case"sv, "9", true},
    {"\xc3\xa9", "2", true},  // bytes, not characters
    {"1", "1", true},
};

TEST(LengthTransform, ModSecurityCases) {
  ExpectCases("length", kCases);
}

TEST(LengthTransform, CountsLongValues) {
  std::string out;
  ASSERT_TRUE(Apply("length", std::string(123456, 'x'), out));
  EXPECT_EQ(out, "123456");
}

}  // namespace
}  // namespace rampart::transforms::testing
