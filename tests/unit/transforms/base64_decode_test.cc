#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    // From ModSecurity's tests: padding variants and an encoded NUL.
    {"VGVzdENhc2U=", "TestCase", true},
    {"VGVzdENhc2Ux", "TestCase1", true},
    {"VGVzdENhc2UxMg==", "TestCase12", true},
    {"VGVzdABDYXNl", "Test\0Case"sv, true},
    {"VGVzdENhc2U", "TestCase", true},  // missing padding is fine
    {"YWRtaW46cGFzc3dvcmQ=", "admin:password", true},
    {"+/+/", "\xfb\xff\xbf", true},
    // Decoding stops at the first byte outside the alphabet ('=' and NUL included).
    {"VGVzdENhc2U=\0VGVzdENhc2U="sv, "TestCase", true},
    {"VGVz dENhc2U=", "Tes", true},
    {"VGVzdA==VGVzdA==", "Test", true},
    {"VGVzdA-_", "Test", true},  // the URL-safe alphabet is base64DecodeExt's
    {"!!!", "", true},
    {"=", "", true},
    {"Q", "", true},  // a lone sextet makes no byte
    {"QQ", "A", true},
    {"QUI", "AB", true},
    {"QUJDR", "ABC", true},
    {"\xff", "", true},
};

TEST(Base64DecodeTransform, ModSecurityCases) {
  ExpectCases("base64Decode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
