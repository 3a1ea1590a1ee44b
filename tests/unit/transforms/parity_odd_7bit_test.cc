#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"ab", "ab", false},  // 'a' and 'b' have three bits set already
    {"abc", "ab\xe3", true},
    {"\0"sv, "\x80", true},
    // Like v2, the 8th bit of the input counts too: 0xe3 (five bits) loses its top bit.
    {"\xe3\x81", "c\x81", true},
    {"\x81", "\x81", false},
};

TEST(ParityOdd7bitTransform, ModSecurityCases) {
  ExpectCases("parityOdd7bit", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
