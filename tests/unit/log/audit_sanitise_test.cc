// sanitiseArg, sanitiseMatched, sanitiseMatchedBytes, sanitiseRequestHeader and
// sanitiseResponseHeader: '*' of the same length in the entry, names listed in part H.
#include "audit_test_util.h"

namespace rampart::testing {
namespace {

TEST(AuditSanitise, ArgInRequestLineAndBody) {
  auto cfg = load_rules(
      "SecRuleEngine On\nSecRequestBodyAccess On\n"
      "SecAction \"id:1,phase:1,pass,nolog,sanitiseArg:pwd,sanitizeArg:PIN\"\n");
  Request req = post_form("user=bob&pwd=s%65cret&pin=1234");
  req.query = "pwd=abc&x=1";
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "ABCHZ");
  EXPECT_TRUE(has(e, "POST /index.html?pwd=***&x=1 HTTP/1.1\n")) << e;
  EXPECT_TRUE(has(e, "-C--\nuser=bob&pwd=********&pin=****\n")) << e;
  EXPECT_TRUE(has(e, "\nSanitised-Args: \"pwd\", \"PIN\".\n")) << e;
  std::string j = json(ex, final_response(200, "200 OK"), "ABCHZ");
  EXPECT_TRUE(has(j, "\"body\":[\"user=bob&pwd=********&pin=****\"]")) << j;
  EXPECT_TRUE(has(j, "\"sanitized\":{\"args\":[\"pwd\",\"PIN\"]}")) << j;
  // The transaction itself keeps the real value: later rules see it.
  EXPECT_EQ(ex.state().request_body, "user=bob&pwd=s%65cret&pin=1234");
}

TEST(AuditSanitise, Headers) {
  auto cfg = load_rules(
      "SecRuleEngine On\n"
      "SecAction \"id:1,phase:1,pass,nolog,sanitiseRequestHeader:authorization,"
      "sanitiseResponseHeader:Set-Cookie\"\n");
  Request req = get("");
  req.headers.emplace_back("Authorization", "Basic Ym9iOnNlY3JldA==");
  req.response_headers.emplace_back("Set-Cookie", "sid=42");
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "ABFHZ");
  EXPECT_TRUE(has(e, "\nAuthorization: **********************\n")) << e;
  EXPECT_TRUE(has(e, "\nSet-Cookie: ******\n")) << e;
  EXPECT_TRUE(has(e,
                  "Sanitised-Request-Headers: \"authorization\".\n"
                  "Sanitised-Response-Headers: \"Set-Cookie\".\n"))
      << e;
}

TEST(AuditSanitise, MatchedVariable) {
  auto cfg = load_rules(
      "SecRuleEngine On\n"
      "SecRule ARGS|REQUEST_HEADERS \"@contains secret\" \"id:1,phase:1,pass,sanitiseMatched\"\n");
  Request req = get("q=topsecret&r=1");
  req.headers.emplace_back("X-Token", "secret-token");
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "ABHZ");
  EXPECT_TRUE(has(e, "GET /index.html?q=*********&r=1 HTTP/1.1\n")) << e;
  EXPECT_TRUE(has(e, "\nX-Token: ************\n")) << e;
  EXPECT_TRUE(has(e, "Sanitised-Args: \"q\".\nSanitised-Request-Headers: \"X-Token\".\n")) << e;
}

TEST(AuditSanitise, MatchedBytesKeepsTheEnds) {
  auto cfg = load_rules(
      "SecRuleEngine On\n"
      "SecRule ARGS:cc \"@rx ^\\d+$\" \"id:1,phase:1,pass,sanitiseMatchedBytes:2/4\"\n"
      "SecRule REQUEST_HEADERS:X-Key \"@rx .\" \"id:2,phase:1,pass,sanitiseMatchedBytes\"\n");
  Request req = get("cc=4111111111111111&n=1");
  req.headers.emplace_back("X-Key", "abc");
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "ABZ");
  EXPECT_TRUE(has(e, "?cc=41**********1111&n=1 ")) << e;
  EXPECT_TRUE(has(e, "\nX-Key: ***\n")) << e;
}

TEST(AuditSanitise, BadMatchedBytesValueIsAConfigError) {
  EXPECT_NE(load_error("SecAction \"id:1,sanitiseMatchedBytes:4\""), "");
  EXPECT_NE(load_error("SecAction \"id:1,sanitiseArg\""), "");
}

}  // namespace
}  // namespace rampart::testing
