#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"5465737443617365", "TestCase", true},
    {"546573740043617365", "Test\0Case"sv, true},
    {"00ff80", "\x00\xff\x80"sv, true},
    {"4A4b4C", "JKL", true},
    {"414", "A", true},  // a final odd digit is dropped
    {"4", "", true},
    // Pairs are not validated: v2's unchecked conversion gives 'z' the value 35, 'g' 16.
    {"0z", "#", true},
    {"g0", "\x00"sv, true},
    {"01234567890a0z01234567890a", "\x01#Eg\x89\x0a#\x01#Eg\x89\x0a", true},
};

TEST(HexDecodeTransform, ModSecurityCases) {
  ExpectCases("hexDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
