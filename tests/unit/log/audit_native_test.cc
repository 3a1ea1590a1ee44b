// The Native audit log entry, part by part, against ModSecurity v2's layout.
#include <regex>

#include "audit_test_util.h"

namespace rampart::testing {
namespace {

const char* kDenyRule =
    "SecRuleEngine On\n"
    "SecRequestBodyAccess On\n"
    "SecResponseBodyAccess On\n"
    "SecRule ARGS:a \"@streq x\" \"id:1,deny,msg:'bad a'\"\n";

TEST(AuditNative, PartAIsTimeIdAndAddresses) {
  auto cfg = load_rules(kDenyRule);
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  std::string e = native(ex, final_response(), "AZ");
  std::regex a(
      "--0badc0de-A--\n\\[\\d\\d/[A-Z][a-z]{2}/\\d{4}:\\d\\d:\\d\\d:\\d\\d\\.\\d{6} [+-]\\d{4}\\] "
      "TESTID 192\\.0\\.2\\.10 51234 127\\.0\\.0\\.1 80\n--0badc0de-Z--\n");
  EXPECT_TRUE(std::regex_match(e, a)) << e;
}

TEST(AuditNative, PartBIsRequestLineAndHeadersThenBlankLine) {
  auto cfg = load_rules(kDenyRule);
  Request req = get("a=x");
  req.headers.emplace_back("User-Agent", "curl/8");
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(), "ABZ");
  EXPECT_TRUE(has(e,
                  "\n--0badc0de-B--\nGET /index.html?a=x HTTP/1.1\nHost: www.example.com\n"
                  "User-Agent: curl/8\n\n--0badc0de-Z--\n"))
      << e;
}

TEST(AuditNative, PartCIsTheRequestBodyAsReceived) {
  auto cfg = load_rules(kDenyRule);
  Exchange ex(*cfg, post_form("a=x&b=%41"));
  ex.run();
  std::string e = native(ex, final_response(), "ACZ");
  EXPECT_TRUE(has(e, "\n--0badc0de-C--\na=x&b=%41\n--0badc0de-Z--\n")) << e;
  // I without multipart is logged as C, as v2 does.
  EXPECT_TRUE(has(native(ex, final_response(), "AIZ"), "-C--\na=x&b=%41\n")) << e;
  // No body read: no C at all.
  Exchange none(*cfg, get("a=y"));
  none.run();
  EXPECT_FALSE(has(native(none, final_response(200, "200 OK"), "ACZ"), "-C--"));
}

TEST(AuditNative, PartFIsStatusLineAndResponseHeaders) {
  auto cfg = load_rules(kDenyRule);
  Exchange ex(*cfg, get("a=ok"));
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AFZ");
  EXPECT_TRUE(
      has(e, "\n--0badc0de-F--\nHTTP/1.1 200 OK\nContent-Type: text/html\n\n--0badc0de-Z--"))
      << e;
  FinalResponse http09 = final_response(200, "200 OK");
  http09.protocol = "";  // HTTP/0.9: the part header alone, as in v2
  EXPECT_TRUE(has(native(ex, http09, "AFZ"), "-F--\n\n--0badc0de-Z--")) << e;
}

TEST(AuditNative, PartEIsTheBufferedResponseBodyAfterF) {
  auto cfg = load_rules(kDenyRule);
  Request req = get("a=ok");
  req.response_body = "<p>hi</p>";
  Exchange ex(*cfg, req);
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AEFHZ");
  size_t f = e.find("-F--"), body = e.find("-E--\n<p>hi</p>\n--0badc0de-H--");
  ASSERT_NE(body, std::string::npos) << e;
  EXPECT_LT(f, body);  // v2 writes F before E whatever the order in SecAuditLogParts
  EXPECT_TRUE(has(e, "Response-Body-Transformed: Dechunked\n")) << e;
}

TEST(AuditNative, PartHTrailer) {
  auto cfg = load_rules(std::string(kDenyRule) + "SecComponentSignature \"OWASP_CRS/4.28.0\"\n");
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  FinalResponse f = final_response();
  f.handler = "static-file";
  std::string e = native(ex, f, "AHZ");
  std::string alert = ex.log().lines.at(0);
  // v2 leaves [hostname], [uri] and [unique_id] to the error log.
  std::string message = alert.substr(13, alert.rfind(" [hostname \"") - 13);
  EXPECT_TRUE(has(e, "\n--0badc0de-H--\nMessage: " + message + "\n")) << e;
  EXPECT_FALSE(has(e, "[hostname ") || has(e, "[uri ") || has(e, "[unique_id ")) << e;
  EXPECT_TRUE(has(e, "\nAction: Intercepted (phase 2)\nApache-Handler: static-file\nStopwatch: "))
      << e;
  EXPECT_TRUE(
      std::regex_search(e, std::regex("\nStopwatch: \\d+ \\d+ \\(- - -\\)\nStopwatch2: "
                                      "\\d+ \\d+; combined=\\d+, p1=\\d+, p2=\\d+, "
                                      "p3=\\d+, p4=\\d+, p5=\\d+, sr=0, sw=0, l=0, gc=0\n")))
      << e;
  EXPECT_TRUE(has(e, "\nProducer: Rampart/"));
  EXPECT_TRUE(has(e, "; OWASP_CRS/4.28.0.\nServer: Apache\nEngine-Mode: \"ENABLED\"\n")) << e;
  EXPECT_FALSE(has(e, "Sanitised-"));
}

TEST(AuditNative, DetectionOnlyIsNotIntercepted) {
  auto cfg = load_rules(
      "SecRuleEngine DetectionOnly\nSecRule ARGS:a \"@streq x\" \"id:1,deny,msg:'bad a'\"\n");
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  std::string e = native(ex, final_response(200, "200 OK"), "AHZ");
  EXPECT_TRUE(has(e, "Message: Warning. String match \"x\" at ARGS:a.")) << e;
  EXPECT_FALSE(has(e, "Action: Intercepted"));
  EXPECT_TRUE(has(e, "Engine-Mode: \"DETECTION_ONLY\"\n"));
}

TEST(AuditNative, PartKListsMatchedRulesWithTheirDefaults) {
  auto cfg = load_rules(
      "SecRuleEngine On\n"
      "SecAction \"id:9,phase:1,nolog,pass,setvar:tx.x=1\"\n"
      "SecRule ARGS:a \"@streq x\" \"id:1,chain,deny\"\n"
      "SecRule ARGS:b \"@streq y\"\n"
      "SecRule ARGS:a \"@streq nomatch\" \"id:2,deny\"\n");
  Exchange ex(*cfg, get("a=x&b=y"));
  ex.run();
  std::string e = native(ex, final_response(), "AKZ");
  EXPECT_TRUE(has(e,
                  "\n--0badc0de-K--\n"
                  "SecAction \"phase:1,auditlog,id:9,nolog,pass,setvar:tx.x=1\"\n\n"
                  "SecRule \"ARGS:a\" \"@streq x\" \"phase:2,log,auditlog,id:1,chain,deny\"\n"
                  "SecRule \"ARGS:b\" \"@streq y\"\n\n"
                  "\n--0badc0de-Z--\n"))
      << e;
}

TEST(AuditNative, WhatOnlyTheConnectorKnows) {
  auto cfg = load_rules(kDenyRule);
  Exchange ex(*cfg, get("a=x"));  // denied in phase 2: the engine never saw a response body
  ex.run();
  FinalResponse f = final_response();
  f.apache_errors = {"[file \"log_sink.cc\"] [line 9] [level 3] ModSecurity: Access denied"};
  f.error_page_body = "<title>403 Forbidden</title>";
  f.headers = {{"Content-Length", "29"}, {"Content-Type", "text/html"}};
  std::string e = native(ex, f, "AEFHZ");
  EXPECT_TRUE(has(e,
                  "\n--0badc0de-F--\nHTTP/1.1 403 Forbidden\nContent-Length: 29\n"
                  "Content-Type: text/html\n\n--0badc0de-E--\n<title>403 Forbidden</title>\n"
                  "--0badc0de-H--\nMessage: "))
      << e;
  EXPECT_TRUE(has(e,
                  "\nApache-Error: [file \"log_sink.cc\"] [line 9] [level 3] ModSecurity: "
                  "Access denied\nAction: Intercepted (phase 2)\n"))
      << e;
  EXPECT_TRUE(has(e, "\nResponse-Body-Transformed: Dechunked\n")) << e;
}

TEST(AuditNative, BoundaryIsEightHexDigits) {
  for (int i = 0; i < 20; ++i) {
    std::string b = log::random_boundary();
    EXPECT_TRUE(std::regex_match(b, std::regex("[0-9a-f]{8}"))) << b;
  }
}

}  // namespace
}  // namespace rampart::testing
