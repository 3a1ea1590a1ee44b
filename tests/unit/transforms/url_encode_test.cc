#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"azAZ09*", "azAZ09*", false},
    {"Test Case", "Test+Case", true},
    {"a&b=c/d?e", "a%26b%3dc%2fd%3fe", true},
    {"-._~+", "%2d%2e%5f%7e%2b", true},  // only letters, digits and '*' are kept (v2)
    {"Test\0Case"sv, "Test%00Case", true},
    {"\x80\xff\xc3\xa9", "%80%ff%c3%a9", true},
    // From ModSecurity's tests: already-encoded or broken escapes are encoded again.
    {"% ", "%25+", true},
    {"%0g ", "%250g+", true},
    {"%", "%25", true},
    {"%%", "%25%25", true},
};

TEST(UrlEncodeTransform, ModSecurityCases) {
  ExpectCases("urlEncode", kCases);
}

TEST(UrlEncodeTransform, RoundTripsThroughUrlDecode) {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  std::string encoded, decoded;
  ASSERT_TRUE(Apply("urlEncode", all, encoded));
  ASSERT_TRUE(Apply("urlDecode", encoded, decoded));
  EXPECT_EQ(decoded, all);
}

}  // namespace
}  // namespace rampart::transforms::testing
