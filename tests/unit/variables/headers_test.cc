// REQUEST_HEADERS, REQUEST_HEADERS_NAMES, REQUEST_COOKIES(_NAMES), RESPONSE_HEADERS(_NAMES).
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

Request with(std::vector<std::pair<std::string, std::string>> headers) {
  return with_headers(Request(), std::move(headers));
}

TEST(RequestHeaders, ValuesAndNames) {
  Request r = with({{"User-Agent", "curl/8"}, {"X-Forwarded-For", "10.0.0.1"}});
  EXPECT_EQ(seen("REQUEST_HEADERS", r),
            "[REQUEST_HEADERS:Host=www.example.com][REQUEST_HEADERS:User-Agent=curl/8]"
            "[REQUEST_HEADERS:X-Forwarded-For=10.0.0.1]");
  EXPECT_EQ(seen("REQUEST_HEADERS_NAMES", r),
            "[REQUEST_HEADERS_NAMES:Host=Host][REQUEST_HEADERS_NAMES:User-Agent=User-Agent]"
            "[REQUEST_HEADERS_NAMES:X-Forwarded-For=X-Forwarded-For]");
}

TEST(RequestHeaders, SelectorIsCaseInsensitive) {
  EXPECT_EQ(seen("REQUEST_HEADERS:user-agent", with({{"User-Agent", "curl/8"}})),
            "[REQUEST_HEADERS:User-Agent=curl/8]");
  EXPECT_EQ(seen("REQUEST_HEADERS:/^x-/", with({{"X-A", "1"}, {"Accept", "*/*"}})),
            "[REQUEST_HEADERS:X-A=1]");
  EXPECT_EQ(seen("&REQUEST_HEADERS:Content-Length", Request()),
            "[REQUEST_HEADERS:Content-Length=0]");
}

struct CookieCase {
  const char* name;
  std::string header;
  std::string values, names;
};

class Cookies : public ::testing::TestWithParam<CookieCase> {};

TEST_P(Cookies, Version0Parsing) {
  Request r = with({{"Cookie", GetParam().header}});
  EXPECT_EQ(seen("REQUEST_COOKIES", r), GetParam().values) << GetParam().header;
  EXPECT_EQ(seen("REQUEST_COOKIES_NAMES", r), GetParam().names) << GetParam().header;
}

INSTANTIATE_TEST_SUITE_P(
    V2, Cookies,
    ::testing::Values(CookieCase{"Simple", "a=1; b=2", "[REQUEST_COOKIES:a=1][REQUEST_COOKIES:b=2]",
                                 "[REQUEST_COOKIES_NAMES:a=a][REQUEST_COOKIES_NAMES:b=b]"},
                      CookieCase{"NoSpace", "a=1;b=2", "[REQUEST_COOKIES:a=1][REQUEST_COOKIES:b=2]",
                                 "[REQUEST_COOKIES_NAMES:a=a][REQUEST_COOKIES_NAMES:b=b]"},
                      CookieCase{"EqualsInValue", "session=x=y", "[REQUEST_COOKIES:session=x=y]",
                                 "[REQUEST_COOKIES_NAMES:session=session]"},
                      CookieCase{"ValueNotDecoded", "a=%41", "[REQUEST_COOKIES:a=%41]",
                                 "[REQUEST_COOKIES_NAMES:a=a]"},
                      CookieCase{"TrailingSemicolon", "a=1;", "[REQUEST_COOKIES:a=1]",
                                 "[REQUEST_COOKIES_NAMES:a=a]"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Cookies, CountAndSelector) {
  Request r = with({{"Cookie", "a=1; b=2; c=3"}});
  EXPECT_EQ(seen("&REQUEST_COOKIES", r), "[REQUEST_COOKIES=3]");
  EXPECT_EQ(seen("REQUEST_COOKIES:B", r), "[REQUEST_COOKIES:b=2]");
  EXPECT_EQ(seen("REQUEST_COOKIES|!REQUEST_COOKIES:/^[ab]$/", r), "[REQUEST_COOKIES:c=3]");
}

TEST(ResponseHeaders, AvailableFromPhase3) {
  Request r;
  r.response_headers = {{"Content-Type", "text/html"}, {"X-Powered-By", "PHP/8"}};
  EXPECT_EQ(seen("RESPONSE_HEADERS", r, 3),
            "[RESPONSE_HEADERS:Content-Type=text/html][RESPONSE_HEADERS:X-Powered-By=PHP/8]");
  EXPECT_EQ(seen("RESPONSE_HEADERS:x-powered-by", r, 3), "[RESPONSE_HEADERS:X-Powered-By=PHP/8]");
  EXPECT_EQ(seen("RESPONSE_HEADERS_NAMES", r, 3),
            "[RESPONSE_HEADERS_NAMES:Content-Type=Content-Type]"
            "[RESPONSE_HEADERS_NAMES:X-Powered-By=X-Powered-By]");
  EXPECT_EQ(seen("&RESPONSE_HEADERS", r, 2), "[RESPONSE_HEADERS=0]");
}

}  // namespace
}  // namespace rampart::testing
