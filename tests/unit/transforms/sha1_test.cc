#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

// sha1 yields the raw 20-byte digest; rules (and this test) hex-encode it afterwards.
std::string Sha1Hex(std::string_view in) {
  std::string digest, hex;
  EXPECT_TRUE(Apply("sha1", in, digest));
  EXPECT_EQ(digest.size(), 20u);
  EXPECT_TRUE(Apply("hexEncode", digest, hex));
  return hex;
}

std::string Repeat(std::string_view s, int n) {
  std::string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

TEST(Sha1Transform, Rfc3174TestVectors) {
  EXPECT_EQ(Sha1Hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(Sha1Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  EXPECT_EQ(Sha1Hex(std::string(1000000, 'a')), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  EXPECT_EQ(Sha1Hex(Repeat("0123456701234567012345670123456701234567012345670123456701234567", 10)),
            "dea356a2cddd90c7a7ecedc5ebb563934f460452");
}

TEST(Sha1Transform, EmptyAndBinaryInput) {
  EXPECT_EQ(Sha1Hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  EXPECT_EQ(Sha1Hex("The quick brown fox jumps over the lazy dog"),
            "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12");
  EXPECT_NE(Sha1Hex("Test\0Case"sv), Sha1Hex("Test"));
}

}  // namespace
}  // namespace rampart::transforms::testing
