// The JSON audit log entry (v2's sec_audit_logger_json keys) and its string escaping.
#include "audit_test_util.h"

namespace rampart::testing {
namespace {

std::string escaped(std::string_view s) {
  std::string out;
  log::json_string(out, s);
  return out;
}

TEST(AuditJsonEscape, EscapesAsYajl) {
  EXPECT_EQ(escaped("plain"), "\"plain\"");
  EXPECT_EQ(escaped("a\"b\\c/d"), "\"a\\\"b\\\\c/d\"");
  EXPECT_EQ(escaped("\b\f\n\r\t"), "\"\\b\\f\\n\\r\\t\"");
  EXPECT_EQ(escaped(std::string("\x01\x1f\0", 3)), "\"\\u0001\\u001f\\u0000\"");
}

TEST(AuditJsonEscape, KeepsValidUtf8AndEscapesOtherBytes) {
  EXPECT_EQ(escaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  EXPECT_EQ(escaped("\xff"), "\"\\u00ff\"");
  EXPECT_EQ(escaped("\xc3"), "\"\\u00c3\"");                        // cut short
  EXPECT_EQ(escaped("\xc0\xaf"), "\"\\u00c0\\u00af\"");             // overlong '/'
  EXPECT_EQ(escaped("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");  // surrogate
}

const char* kRules =
    "SecRuleEngine On\n"
    "SecRequestBodyAccess On\n"
    "SecRule ARGS:a \"@streq x\" \"id:7,rev:'2',ver:'v1',severity:2,tag:'t1',tag:'t2',"
    "deny,msg:'bad a'\"\n";

TEST(AuditJson, TopLevelKeysInV2Order) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, post_form("a=x"));
  ex.run();
  std::string j = json(ex, final_response(), "ABCFHKZ");
  EXPECT_EQ(j.rfind("{\"transaction\":{\"time\":\"", 0), 0u) << j;
  EXPECT_TRUE(has(j,
                  "\",\"transaction_id\":\"TESTID\",\"remote_address\":\"192.0.2.10\","
                  "\"remote_port\":51234,\"local_address\":\"127.0.0.1\",\"local_port\":80},"))
      << j;
  EXPECT_TRUE(has(j,
                  "\"request\":{\"request_line\":\"POST /index.html HTTP/1.1\",\"headers\":{"
                  "\"Host\":\"www.example.com\",\"Content-Type\":"
                  "\"application/x-www-form-urlencoded\"},\"body\":[\"a=x\"]},"))
      << j;
  EXPECT_TRUE(has(j, "\"response\":{\"protocol\":\"HTTP/1.1\",\"status\":403,\"headers\":{}},"))
      << j;
  EXPECT_TRUE(has(j, "\"audit_data\":{\"messages\":[\"Access denied with code 403 (phase 2). "))
      << j;
  // v2's action.message is the operator's message alone.
  EXPECT_TRUE(has(j,
                  "\"action\":{\"intercepted\":true,\"phase\":2,\"message\":\"String match "
                  "\\\"x\\\" at ARGS:a.\"}"))
      << j;
  EXPECT_TRUE(has(j, "\"stopwatch\":{\"p1\":")) << j;
  EXPECT_TRUE(has(j, "\"sr\":0,\"sw\":0,\"l\":0,\"gc\":0},\"producer\":\"Rampart/")) << j;
  // After v2's keys, Rampart's "why blocked" record (src/log/verdict.h).
  EXPECT_TRUE(has(j, "\"server\":\"Apache\",\"engine_mode\":\"ENABLED\",\"verdict\":{")) << j;
  EXPECT_TRUE(has(j,
                  "\"blocked\":true,\"phase\":2,\"status\":403,\"matches\":[{\"id\":\"7\","
                  "\"phase\":2,\"msg\":\"bad a\",\"severity\":\"CRITICAL\",\"target\":"
                  "\"ARGS:a\",\"value\":\"x\",\"score\":0}]}},"))
      << j;
  EXPECT_TRUE(has(j,
                  "\"matched_rules\":[{\"chain\":false,\"rules\":[{\"actionset\":{\"id\":\"7\","
                  "\"rev\":\"2\",\"version\":\"v1\",\"severity\":2,\"phase\":2,"
                  "\"is_chained\":false,\"tags\":[\"t1\",\"t2\"]},\"operator\":{\"operator\":"
                  "\"streq\",\"operator_param\":\"x\",\"target\":\"ARGS:a\",\"negated\":false},"
                  "\"config\":{\"filename\":\"/rules/test.conf\",\"line_num\":3},"
                  "\"unparsed\":\"SecRule \\\"ARGS:a\\\" \\\"@streq x\\\""))
      << j;
  EXPECT_EQ(j.back(), '}');
  EXPECT_EQ(j.find('\n'), std::string::npos) << "one line per entry";
}

TEST(AuditJson, ErrorMessagesAndErrorPage) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  FinalResponse f = final_response();
  f.apache_errors = {"[file \"log_sink.cc\"] [line 9] [level 3] ModSecurity: Access denied"};
  f.error_page_body = "denied";
  std::string j = json(ex, f, "AEHZ");
  EXPECT_TRUE(has(j,
                  "],\"error_messages\":[\"[file \\\"log_sink.cc\\\"] [line 9] [level 3] "
                  "ModSecurity: Access denied\"],\"action\":"))
      << j;
  EXPECT_TRUE(has(j, "\"response\":{\"body\":\"denied\"}")) << j;
  EXPECT_FALSE(has(j, "[hostname ")) << j;
}

TEST(AuditJson, PartsDecideTheKeys) {
  auto cfg = load_rules(kRules);
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  std::string j = json(ex, final_response(), "AZ");
  EXPECT_TRUE(has(j, ",\"request\":{},\"response\":{},\"audit_data\":{}}")) << j;
  EXPECT_FALSE(has(j, "matched_rules"));
}

TEST(AuditJson, ProducerIsAListWithComponentSignatures) {
  auto cfg = load_rules(std::string(kRules) + "SecComponentSignature \"OWASP_CRS/4.28.0\"\n");
  Exchange ex(*cfg, get("a=x"));
  ex.run();
  std::string j = json(ex, final_response(), "AHZ");
  EXPECT_TRUE(has(j, "\"producer\":[\"Rampart/")) << j;
  EXPECT_TRUE(has(j, "\",\"OWASP_CRS/4.28.0\"]")) << j;
}

TEST(AuditJson, ChainsAreOneEntryWithEveryLink) {
  auto cfg = load_rules(
      "SecRuleEngine On\nSecRule ARGS:a \"@streq x\" \"id:1,chain,deny\"\n"
      "SecRule ARGS:b \"!@streq z\"\n");
  Exchange ex(*cfg, get("a=x&b=y"));
  ex.run();
  std::string j = json(ex, final_response(), "AKZ");
  EXPECT_TRUE(has(j,
                  "\"matched_rules\":[{\"chain\":true,\"rules\":[{\"actionset\":{\"id\":\"1\","
                  "\"phase\":2,\"is_chained\":true,\"chain_starter\":true},"))
      << j;
  EXPECT_TRUE(has(j,
                  "{\"actionset\":{\"phase\":2,\"is_chained\":true},\"operator\":{\"operator\":"
                  "\"streq\",\"operator_param\":\"z\",\"target\":\"ARGS:b\",\"negated\":true}"))
      << j;
  EXPECT_TRUE(has(j, "],\"full_chain_match\":true}]}")) << j;
}

}  // namespace
}  // namespace rampart::testing
