// The error-log line: exact format, field order, escaping, [data] truncation, severity text.
#include "log/alert.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(AlertLine, FullLineByteForByte) {
  Outcome o = run_exact(
      "SecRuleEngine On\n"
      "SecRule ARGS:a \"@rx att\" \"id:1000,phase:2,deny,rev:'2',msg:'Attack %{MATCHED_VAR}',"
      "logdata:'data %{MATCHED_VAR_NAME}',severity:CRITICAL,ver:'OWASP_CRS/4.28.0',maturity:9,"
      "accuracy:8,tag:'t1',tag:'t2'\"\n",
      get("a=attack"));
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_EQ(o.line(0),
            "ModSecurity: Access denied with code 403 (phase 2). Pattern match \"att\" at ARGS:a. "
            "[file \"/rules/test.conf\"] [line \"2\"] [id \"1000\"] [rev \"2\"] "
            "[msg \"Attack attack\"] [data \"data ARGS:a\"] [severity \"CRITICAL\"] "
            "[ver \"OWASP_CRS/4.28.0\"] [maturity \"9\"] [accuracy \"8\"] [tag \"t1\"] "
            "[tag \"t2\"] [hostname \"www.example.com\"] [uri \"/index.html\"] "
            "[unique_id \"TESTID\"]");
}

TEST(AlertLine, MinimalRule) {
  Outcome o = run_exact("SecRuleEngine On\nSecRule ARGS:a \"@rx att\" \"id:1\"\n", get("a=attack"));
  EXPECT_EQ(o.line(0),
            "ModSecurity: Warning. Pattern match \"att\" at ARGS:a. [file \"/rules/test.conf\"] "
            "[line \"2\"] [id \"1\"] [hostname \"www.example.com\"] [uri \"/index.html\"] "
            "[unique_id \"TESTID\"]");
}

TEST(AlertLine, SecActionMessage) {
  Outcome o = run_exact("SecRuleEngine On\nSecAction \"id:5,phase:1,pass,msg:'hi'\"\n");
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. Unconditional match in SecAction. [file", 0), 0u)
      << o.line(0);
}

TEST(AlertLine, NegatedOperatorMessage) {
  Outcome o =
      run_exact("SecRuleEngine On\nSecRule ARGS:a \"!@rx ^[a-z]+$\" \"id:1\"\n", get("a=ABC"));
  EXPECT_NE(o.line(0).find("Warning. Match of \"rx ^[a-z]+$\" against \"ARGS:a\" required. "),
            std::string::npos)
      << o.line(0);
}

TEST(AlertLine, DetectionOnlyDenyIsAWarning) {
  Outcome o = run_exact("SecRuleEngine DetectionOnly\nSecRule ARGS:a \"@rx att\" \"id:1,deny\"\n",
                        get("a=attack"));
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. Pattern match", 0), 0u) << o.line(0);
}

TEST(AlertLine, MsgAndTagAreEscaped) {
  Outcome o = run_exact(
      "SecRuleEngine On\n"
      "SecRule ARGS:a \"@rx att\" \"id:1,msg:'say \\\"%{MATCHED_VAR}\\\"',tag:'a\\\\b'\"\n",
      get("a=att%0a%22"));
  EXPECT_NE(o.line(0).find("[msg \"say \\\"att\\n\\\"\\\"\"]"), std::string::npos) << o.line(0);
  EXPECT_NE(o.line(0).find("[tag \"a\\\\b\"]"), std::string::npos) << o.line(0);
}

TEST(AlertLine, DataIsHexEscaped) {
  Outcome o = run_exact(
      "SecRuleEngine On\n"
      "SecRule ARGS:a \"@rx att\" \"id:1,logdata:'%{MATCHED_VAR}'\"\n",
      get("a=att%22%5c%0a%ff"));
  EXPECT_NE(o.line(0).find("[data \"att\\x22\\x5c\\x0a\\xff\"]"), std::string::npos) << o.line(0);
}

TEST(AlertLine, DataCutAt521Characters) {
  std::string value(600, 'a');
  Outcome o =
      run_exact("SecRuleEngine On\nSecRule ARGS:a \"@rx a\" \"id:1,logdata:'%{MATCHED_VAR}'\"\n",
                get("a=" + value));
  // " [data \"" is 8 characters: 509 data bytes remain before the ellipsis.
  std::string expected = " [data \"" + std::string(509, 'a') + "...\"] [hostname";
  EXPECT_NE(o.line(0).find(expected), std::string::npos) << o.line(0);
}

TEST(AlertLine, DataOf521CharactersIsKept) {
  std::string value(511, 'a');  // 8 + 511 + 2 = 521
  Outcome o =
      run_exact("SecRuleEngine On\nSecRule ARGS:a \"@rx a\" \"id:1,logdata:'%{MATCHED_VAR}'\"\n",
                get("a=" + value));
  EXPECT_NE(o.line(0).find(" [data \"" + value + "\"] [hostname"), std::string::npos);
}

TEST(AlertLine, HostnameAndUriComeFromTheTransaction) {
  auto config = load_rules("SecRuleEngine On\nSecRule ARGS:a \"@rx x\" \"id:1\"\n");
  Request r = get("a=x");
  Exchange ex(*config, r);
  ex.tx().set_hostname("shop.example.org");
  ex.tx().set_uri("/a%20b", "a=x", "/a b");
  ex.run();
  ASSERT_EQ(ex.log().lines.size(), 1u);
  EXPECT_NE(ex.log().lines[0].find("[hostname \"shop.example.org\"] [uri \"/a b\"]"),
            std::string::npos)
      << ex.log().lines[0];
}

TEST(AlertLineV2, RuleMessageIsNotEscapedTwice) {
  Outcome o = run_exact("SecRuleEngine On\nSecRule ARGS:a \"@rx a\\d\" \"id:1\"\n", get("a=a1"));
  EXPECT_NE(o.line(0).find("Warning. Pattern match \"a\\\\d\" at ARGS:a. [file"), std::string::npos)
      << o.line(0);
}

// ---- the escape functions ----

struct EscapeCase {
  std::string input, escape, escape_nq, escape_hex;
};

class Escape : public ::testing::TestWithParam<EscapeCase> {};

TEST_P(Escape, AsV2) {
  EXPECT_EQ(log::escape(GetParam().input), GetParam().escape);
  EXPECT_EQ(log::escape_hex(GetParam().input), GetParam().escape_hex);
}

INSTANTIATE_TEST_SUITE_P(
    V2, Escape,
    ::testing::Values(
        EscapeCase{"plain text", "plain text", "plain text", "plain text"},
        EscapeCase{"", "", "", ""},
        EscapeCase{"\"ab\\", "\\\"ab\\\\", "\"ab\\\\", "\\x22ab\\x5c"},  // escapes at both ends
        EscapeCase{"a\"b", "a\\\"b", "a\"b", "a\\x22b"},
        EscapeCase{"a\\b", "a\\\\b", "a\\\\b", "a\\x5cb"},
        EscapeCase{"\b\n\r\t\v", "\\b\\n\\r\\t\\v", "\\b\\n\\r\\t\\v", "\\x08\\x0a\\x0d\\x09\\x0b"},
        EscapeCase{std::string("\x01\x1f\x7f\xff", 4), "\\x01\\x1f\\x7f\\xff",
                   "\\x01\\x1f\\x7f\\xff", "\\x01\\x1f\\x7f\\xff"},
        EscapeCase{std::string("a\0b", 3), "a\\x00b", "a\\x00b", "a\\x00b"},
        EscapeCase{"[x]: (y)?", "[x]: (y)?", "[x]: (y)?", "[x]: (y)?"},
        EscapeCase{"caf\xc3\xa9", "caf\\xc3\\xa9", "caf\\xc3\\xa9", "caf\\xc3\\xa9"}));

}  // namespace
}  // namespace rampart::testing
