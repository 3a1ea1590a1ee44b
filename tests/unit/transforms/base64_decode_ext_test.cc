#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"VGVzdENhc2U=", "TestCase", true},
    {"VGVzdENhc2UxMg==", "TestCase12", true},
    {"VGVzdABDYXNl", "Test\0Case"sv, true},
    // Bytes outside the alphabet are skipped instead of ending the decode.
    {"VGVz dENh\r\nc2U=", "TestCase", true},
    {"V.G!V@z$d%E^N&h*c(2)U", "TestCase", true},
    {"VGVz\0dENhc2U="sv, "TestCase", true},
    {"VGVz\xff\x80"
     "dENhc2U=",
     "TestCase", true},
    {"!!!", "", true},
    // The URL-safe alphabet (JWT) decodes too: '-' is '+', '_' is '/'.
    {"eyJwIjoieHh-IiwiYWxnIjoibm9uZSIsInR5cCI6IkpXVCJ9",
     "{\"p\":\"xx~\",\"alg\":\"none\",\"typ\":\"JWT\"}", true},
    {"-_-_", "\xfb\xff\xbf", true},
    // '=' after a lone first sextet of a quantum (and not before another '=') invalidates all.
    {"dzBzV==YWxlcnQoMSk=", "", true},
    {"Q=Q", "", true},
    {"QQ==", "A", true},
    {"QUJD=REVG", "ABCDEF", true},  // '=' elsewhere is only skipped
};

TEST(Base64DecodeExtTransform, ModSecurityCases) {
  ExpectCases("base64DecodeExt", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
