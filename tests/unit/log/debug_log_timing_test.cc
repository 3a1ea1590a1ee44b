// SecDebugLogLevel 9 explains each rule: every transformation step, the operator's result on
// each value, and how long the rule took, so a site owner can see why a rule matched or not.
#include <fstream>
#include <regex>
#include <sstream>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

std::string debug_log_of(const std::string& name, const std::string& rules, Request req,
                         int level = 9) {
  std::string path = ::testing::TempDir() + name;
  std::remove(path.c_str());
  auto config = load_rules("SecRuleEngine On\nSecDebugLog " + path + "\nSecDebugLogLevel " +
                           std::to_string(level) + "\n" + rules);
  Exchange ex(*config, std::move(req));
  ex.run();
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool has_line(const std::string& text, const std::string& pattern) {
  return std::regex_search(text, std::regex(pattern));
}

constexpr const char* kRules =
    "SecRule ARGS \"@rx evil\" \"id:7,phase:2,pass,log,t:none,t:lowercase,t:removeWhitespace\"\n"
    "SecRule ARGS \"@rx nothing\" \"id:8,phase:2,pass,log\"\n";

TEST(DebugLogTiming, EachRuleHasItsTimeAndResult) {
  std::string text = debug_log_of("rampart-timing-1.log", kRules, get("q=E%20Vil"));
  EXPECT_TRUE(has_line(text, R"(\[9\] Rule 7 \(/rules/test.conf:\d+\): matched in \d+ usec)"))
      << text;
  EXPECT_TRUE(has_line(text, R"(\[9\] Rule 8 \(/rules/test.conf:\d+\): no match in \d+ usec)"))
      << text;
}

TEST(DebugLogTiming, ShowsTheTransformationsAndTheOperatorOnEachValue) {
  std::string text = debug_log_of("rampart-timing-2.log", kRules, get("q=E%20Vil"));
  EXPECT_TRUE(has_line(text, R"(\[9\] T \(0\) lowercase: "e vil")")) << text;
  EXPECT_TRUE(has_line(text, R"(\[9\] T \(1\) removeWhitespace: "evil")")) << text;
  EXPECT_TRUE(has_line(
      text,
      R"(\[9\] Rule 7 \(\S+\): @rx on ARGS:q = "evil" after t:lowercase,removeWhitespace, -> match)"))
      << text;
  EXPECT_TRUE(
      has_line(text, R"(\[9\] Rule 8 \(\S+\): @rx on ARGS:q = "E Vil" after t:none -> no match)"))
      << text;
}

TEST(DebugLogTiming, ANegatedOperatorReportsTheRuleResult) {
  std::string text =
      debug_log_of("rampart-timing-3.log",
                   "SecRule ARGS \"!@rx ^[a-z]+$\" \"id:9,phase:2,pass,log\"\n", get("q=abc"));
  EXPECT_TRUE(has_line(text, R"(Rule 9 \(\S+\): @rx on ARGS:q = "abc" after t:none -> no match)"))
      << text;
  EXPECT_TRUE(has_line(text, R"(Rule 9 \(\S+\): no match in \d+ usec)")) << text;
}

TEST(DebugLogTiming, BelowLevelNineThereIsNoPerRuleTrace) {
  std::string text = debug_log_of("rampart-timing-4.log", kRules, get("q=evil"), 4);
  EXPECT_FALSE(has_line(text, "usec")) << text;
  EXPECT_FALSE(has_line(text, R"(T \(0\))")) << text;
  EXPECT_TRUE(has_line(text, R"(\[4\] Starting phase 2\.)")) << text;
}

}  // namespace
}  // namespace rampart::testing
