#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    {"Test+Case", "Test Case", true},
    {"+", " ", true},
    {"%41%42%43", "ABC", true},
    {"%7e%7E%c3%A9", "~~\xc3\xa9", true},
    {"%00", "\0"sv, true},
    {"a%2Bb", "a+b", true},  // a decoded '+' is not turned into a space
    {"%2541", "%41", true},  // decoded once only
    // Invalid or truncated escapes stay as they are.
    {"%+", "% ", true},
    {"%%20", "% ", true},
    {"%0g%20", "%0g ", true},
    {"%0%20", "%0 ", true},
    {"%g0%20", "%g0 ", true},
    {"%u0041", "%u0041", false},  // %u is urlDecodeUni's business
    {"%0%1%2%3%4%5%6%7%8%9%0%a%b%c%d%e%f", "%0%1%2%3%4%5%6%7%8%9%0%a%b%c%d%e%f", false},
    {"%g0%g1%ga%gf", "%g0%g1%ga%gf", false},
    {"%", "%", false},
    {"%0", "%0", false},
    {"%%", "%%", false},
    {"%0g", "%0g", false},
    {"%gg", "%gg", false},
    {"abc%4", "abc%4", false},
    {"\xff%ff\x80", "\xff\xff\x80", true},
};

TEST(UrlDecodeTransform, ModSecurityCases) {
  ExpectCases("urlDecode", kCases);
}

TEST(UrlDecodeTransform, DecodesEveryByte) {
  std::string in, expected;
  for (int b = 0; b < 256; ++b) {
    const char* hex = "0123456789abcdef";
    in += '%';
    in += hex[b >> 4];
    in += hex[b & 15];
    expected += static_cast<char>(b);
  }
  std::string out;
  ASSERT_TRUE(Apply("urlDecode", in, out));
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace rampart::transforms::testing
