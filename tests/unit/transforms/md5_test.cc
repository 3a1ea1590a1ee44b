#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

// md5 yields the raw 16-byte digest; rules (and this test) hex-encode it afterwards.
std::string Md5Hex(std::string_view in) {
  std::string digest, hex;
  EXPECT_TRUE(Apply("md5", in, digest));
  EXPECT_EQ(digest.size(), 16u);
  EXPECT_TRUE(Apply("hexEncode", digest, hex));
  return hex;
}

TEST(Md5Transform, Rfc1321TestSuite) {
  EXPECT_EQ(Md5Hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(Md5Hex("a"), "0cc175b9c0f1b6a831c399e269772661");
  EXPECT_EQ(Md5Hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(Md5Hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(Md5Hex("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b");
  EXPECT_EQ(Md5Hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
            "d174ab98d277d9f5a5611c2c9f419d9f");
  EXPECT_EQ(
      Md5Hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
      "57edf4a22be3c955ac49da2e2107b67a");
}

TEST(Md5Transform, PaddingBoundariesAndBinaryInput) {
  // 55/56/64 bytes straddle the one- vs two-block padding; the values are well-known.
  EXPECT_EQ(Md5Hex(std::string(55, 'a')), "ef1772b6dff9a122358552954ad0df65");
  EXPECT_EQ(Md5Hex(std::string(56, 'a')), "3b0c8ac703f828b04c6c197006d17218");
  EXPECT_EQ(Md5Hex(std::string(64, 'a')), "014842d480b571495a4a0363793f7367");
  EXPECT_EQ(Md5Hex("Test\0Case"sv), Md5Hex("Test\0Case"sv));
  EXPECT_NE(Md5Hex("Test\0Case"sv), Md5Hex("Test"));
}

}  // namespace
}  // namespace rampart::transforms::testing
