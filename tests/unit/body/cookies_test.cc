// REQUEST_COOKIES under SecCookieFormat 0 and 1 and SecCookieV0Separator, with the names and
// values Debian's mod_security2 2.9.7 gives for the same Cookie headers.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

std::string cookies(const std::string& header, const std::string& setup = "") {
  Request r = with_headers(Request(), {{"Cookie", header}});
  return seen("REQUEST_COOKIES", r, 1, setup);
}

TEST(CookiesV0, ValuesAreKeptAsSent) {
  EXPECT_EQ(cookies("a = 1 ; b=2;c=\"q;r\";;=5;d"),
            "[REQUEST_COOKIES:a = 1 ][REQUEST_COOKIES:b=2][REQUEST_COOKIES:c=\"q]"
            "[REQUEST_COOKIES:r\"=][REQUEST_COOKIES:d=]");
}

TEST(CookiesV0, SeparatorDirective) {
  EXPECT_EQ(cookies("a=1, b=2;c=3,$Version=1", "SecCookieV0Separator ,\n"),
            "[REQUEST_COOKIES:a=1][REQUEST_COOKIES:b=2;c=3][REQUEST_COOKIES:$Version=1]");
}

TEST(CookiesV0, SeparatorMustBeOneCharacter) {
  Config c;
  auto err = c.load_string("SecCookieV0Separator ;;\n", "/r.conf");
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->to_string().find("/r.conf:1: "), std::string::npos) << err->to_string();
  EXPECT_NE(err->message.find("single character"), std::string::npos) << err->message;
}

TEST(CookiesV1, QuotedValuesAndAttributesNamedAfterTheirCookie) {
  EXPECT_EQ(cookies("$Version=\"1\"; Customer=\"WILE_E_COYOTE\"; $Path=\"/acme\"; "
                    "Part = \"Rocket\" x ; $Path=/a, c=3;d; e = 5 5 ;f=\"unterminated",
                    "SecCookieFormat 1\n"),
            "[REQUEST_COOKIES:$Version=1][REQUEST_COOKIES:Customer=WILE_E_COYOTE]"
            "[REQUEST_COOKIES:$Customer_Path=/acme][REQUEST_COOKIES:Part=Rocket]"
            "[REQUEST_COOKIES:x=][REQUEST_COOKIES:$x_Path=/a][REQUEST_COOKIES:c=3]"
            "[REQUEST_COOKIES:d=][REQUEST_COOKIES:e=5 5][REQUEST_COOKIES:f=unterminated]");
}

TEST(CookiesV1, CommasSeparateAndQuotesProtect) {
  EXPECT_EQ(cookies("a=1, b=\"x;y\", =7, g=;h", "SecCookieFormat 1\n"),
            "[REQUEST_COOKIES:a=1][REQUEST_COOKIES:b=x;y][REQUEST_COOKIES:g=]"
            "[REQUEST_COOKIES:h=]");
  EXPECT_EQ(cookies("$Domain=x; a=\"\" ; b= \" q\"", "SecCookieFormat 1\n"),
            "[REQUEST_COOKIES:$Domain=x][REQUEST_COOKIES:a=][REQUEST_COOKIES:b= q]");
}

TEST(CookieFormat, OnlyZeroOrOne) {
  Config c;
  auto err = c.load_string("SecCookieFormat 2\n", "/r.conf");
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->message.find("takes 0"), std::string::npos) << err->message;
}

}  // namespace
}  // namespace rampart::testing
