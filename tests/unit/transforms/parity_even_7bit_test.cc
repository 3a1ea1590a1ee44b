#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    // From ModSecurity's tests (7-bit input, where the parity bit is well defined).
    {"cefijloqrtwx03569ABDGHKMNPSUVYZ", "cefijloqrtwx03569ABDGHKMNPSUVYZ", false},
    {"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
     "\xe1\xe2"
     "c\xe4"
     "ef\xe7\xe8ij\xebl\xed\xeeo\xf0qr\xf3t\xf5\xf6wx\xf9\xfa"
     "0\xb1\xb2"
     "3\xb4"
     "56\xb7\xb8"
     "9AB\xc3"
     "D\xc5\xc6GH\xc9\xcaK\xccMN\xcfP\xd1\xd2S\xd4UV"
     "\xd7\xd8YZ",
     true},
    {"a\0b"sv, "\xe1\0\xe2"sv, true},
    // Like v2, the 8th bit of the input counts too: 0xe1 has even parity already, so it
    // becomes 'a', while 0x80 (one bit) keeps its top bit.
    {"\xe1\x80", "a\x80", true},
};

TEST(ParityEven7bitTransform, ModSecurityCases) {
  ExpectCases("parityEven7bit", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
