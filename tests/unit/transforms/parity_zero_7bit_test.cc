#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"abc\0\x7f"sv, "abc\0\x7f"sv, false},
    {"\xe1\xe2"
     "c\x80\xff",
     "abc\0\x7f"sv, true},
};

TEST(ParityZero7bitTransform, ModSecurityCases) {
  ExpectCases("parityZero7bit", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
