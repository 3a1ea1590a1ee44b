#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"xyz", "78797a", true},
    {"TestCase", "5465737443617365", true},
    {"Test\0Case"sv, "546573740043617365", true},
    {"\x00\x7f\x80\xab\xff"sv, "007f80abff", true},  // lowercase digits, as CRS expects
};

TEST(HexEncodeTransform, ModSecurityCases) {
  ExpectCases("hexEncode", kCases);
}

TEST(HexEncodeTransform, RoundTripsThroughHexDecode) {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  std::string encoded, decoded;
  ASSERT_TRUE(Apply("hexEncode", all, encoded));
  ASSERT_TRUE(Apply("hexDecode", encoded, decoded));
  EXPECT_EQ(decoded, all);
}

}  // namespace
}  // namespace rampart::transforms::testing
