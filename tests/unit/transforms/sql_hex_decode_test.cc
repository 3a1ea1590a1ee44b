#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"0x414243", "ABC", true},  // the manual's example
    {"SELECT 0x61646D696E, 0X62", "SELECT admin, b", true},
    {"0x4142434", "ABC4", true},  // an odd last digit stays
    {"0x410x42", "AB", true},
    {"0x00410x", "\0A0x"sv, true},
    // "0x" without a full pair is kept.
    {"0x", "0x", false},
    {"0x4", "0x4", false},
    {"0xg1", "0xg1", false},
    {"x41 00x", "x41 00x", false},
    {"00x41", "0A", true},
    {"\xff"
     "0x41\x80",
     "\xff"
     "A\x80",
     true},
};

TEST(SqlHexDecodeTransform, ModSecurityCases) {
  ExpectCases("sqlHexDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
