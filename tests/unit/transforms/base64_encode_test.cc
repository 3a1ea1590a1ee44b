#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "VGVzdENhc2U=", true},
    {"TestCase1", "VGVzdENhc2Ux", true},
    {"TestCase12", "VGVzdENhc2UxMg==", true},
    {"Test\0Case"sv, "VGVzdABDYXNl", true},
    {"f", "Zg==", true},
    {"fo", "Zm8=", true},
    {"foo", "Zm9v", true},
    {"foobar", "Zm9vYmFy", true},
    {"\xfb\xff\xbf", "+/+/", true},
    {"\0"sv, "AA==", true},
};

TEST(Base64EncodeTransform, ModSecurityCases) {
  ExpectCases("base64Encode", kCases);
}

TEST(Base64EncodeTransform, RoundTripsThroughBase64Decode) {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  std::string encoded, decoded;
  ASSERT_TRUE(Apply("base64Encode", all, encoded));
  ASSERT_TRUE(Apply("base64Decode", encoded, decoded));
  EXPECT_EQ(decoded, all);
}

}  // namespace
}  // namespace rampart::transforms::testing
