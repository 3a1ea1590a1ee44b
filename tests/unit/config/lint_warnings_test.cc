// rampart lint's warnings (Config::lint()): rules that load but look wrong, each at its
// file:line; and the rule sets that must stay quiet.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "config/lint/checks.h"
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

// All warnings of `rules`, one per line; "load error: …" when they do not load.
std::string warnings(const std::string& rules) {
  Config config;
  auto err = config.load_string("SecRuleEngine On\n" + rules, "/rules/test.conf");
  if (!err) err = config.finish();
  if (err) return "load error: " + err->to_string();
  std::string out;
  for (const ConfigError& w : config.lint()) out += w.to_string() + "\n";
  return out;
}

bool warns(const std::string& rules, const std::string& needle) {
  return warnings(rules).find(needle) != std::string::npos;
}

TEST(LintWarnings, RulesThatCanNeverMatch) {
  EXPECT_TRUE(warns("SecRule ARGS \"@noMatch\" \"id:1,deny\"\n",
                    "/rules/test.conf:2: warning: this rule can never match: @noMatch"));
  EXPECT_TRUE(warns("SecRule ARGS \"!@unconditionalMatch\" \"id:1,deny\"\n",
                    "!@unconditionalMatch never matches"));
  EXPECT_TRUE(warns("SecRule &ARGS \"@lt 0\" \"id:1,deny\"\n", "is never negative"));
  EXPECT_TRUE(
      warns("SecRule RESPONSE_BODY \"@rx x\" \"id:1,phase:2,deny\"\n", "still empty in phase 2"));
  EXPECT_TRUE(
      warns("SecRule ARGS_POST \"@rx x\" \"id:1,phase:1,deny\"\n", "still empty in phase 1"));
  EXPECT_TRUE(
      warns("SecRule ARGS \"@rx a\" \"id:1,deny,chain\"\n"
            "  SecRule ARGS \"@noMatch\" \"\"\n",
            "/rules/test.conf:3: warning: this chain can never match"));
  // Fine: later phase, negated noMatch, a count compared with 0, response variables' counts.
  EXPECT_EQ(warnings("SecRule RESPONSE_BODY \"@rx x\" \"id:1,phase:4,deny\"\n"
                     "SecRule ARGS \"!@noMatch\" \"id:2,deny\"\n"
                     "SecRule &ARGS \"@eq 0\" \"id:3,deny\"\n"
                     "SecRule ARGS_POST|ARGS_GET \"@rx x\" \"id:4,phase:1,deny\"\n"),
            "");
}

TEST(LintWarnings, SkipAfterWithoutAFollowingMarker) {
  EXPECT_TRUE(
      warns("SecMarker END\n"
            "SecRule ARGS \"@rx a\" \"id:1,pass,skipAfter:END\"\n",
            "/rules/test.conf:3: warning: skipAfter:END names no SecMarker"));
  EXPECT_TRUE(warns("SecRule ARGS \"@rx a\" \"id:1,pass,skipAfter:NOWHERE\"\n", "NOWHERE"));
  // A rule id of another phase does not end a skip either.
  EXPECT_TRUE(
      warns("SecRule ARGS \"@rx a\" \"id:1,phase:2,pass,skipAfter:5\"\n"
            "SecRule ARGS \"@rx a\" \"id:5,phase:1,pass\"\n",
            "skipAfter:5"));
  EXPECT_EQ(warnings("SecRule ARGS \"@rx a\" \"id:1,pass,skipAfter:END\"\n"
                     "SecRule ARGS \"@rx a\" \"id:2,pass,skipAfter:3\"\n"
                     "SecRule ARGS \"@rx a\" \"id:3,pass\"\n"
                     "SecMarker END\n"),
            "");
}

TEST(LintWarnings, RedundantTransformations) {
  EXPECT_TRUE(warns("SecRule ARGS \"@rx a\" \"id:1,t:none,t:lowercase,t:lowercase\"\n",
                    "t:lowercase twice in a row"));
  EXPECT_TRUE(warns("SecRule ARGS \"@rx a\" \"id:1,t:none,t:uppercase,t:lowercase\"\n",
                    "t:uppercase is undone by the t:lowercase"));
  // Decoding twice is meaningful (double encoding), as is anything with a step between.
  EXPECT_EQ(warnings("SecRule ARGS \"@rx a\" \"id:1,t:none,t:urlDecode,t:urlDecode\"\n"
                     "SecRule ARGS \"@rx a\" \"id:2,t:none,t:trim,t:urlDecode,t:trim\"\n"),
            "");
}

TEST(LintWarnings, NestedQuantifiers) {
  for (const char* risky :
       {"(a+)+b", "(\\w+\\s?)*$", "(?:\\s*[a-z]+)*x", "((a+))+", "(a*){2,}", "(?:[^,]*)+;"}) {
    EXPECT_TRUE(lint::has_nested_quantifier(risky)) << risky;
  }
  // The last one is from CRS 942: its two required parts are disjoint classes.
  for (const char* safe :
       {"(a+b)+", "(?>a+)+", "(a++)+", "(a+)++", "(?:[^,]+,)*", "a+b+", "(a+){3}", "[(a+)+]",
        "(a*b)*", "\\(a+\\)+", "(?i)(?:foo|bar)+", "(a|b)*", "(?:[\\+\\-=@\\|]+[\\s\\x0b]+?)+"}) {
    EXPECT_FALSE(lint::has_nested_quantifier(safe)) << safe;
  }
  EXPECT_TRUE(warns("SecRule ARGS \"@rx (a+)+b\" \"id:1,deny\"\n",
                    "/rules/test.conf:2: warning: the regex repeats a group"));
}

TEST(LintWarnings, IdsInCrsRange) {
  EXPECT_TRUE(warns("SecRule ARGS \"@rx a\" \"id:942100,deny\"\n",
                    "rule id 942100 is in OWASP CRS's reserved range"));
  EXPECT_EQ(warnings("SecRule ARGS \"@rx a\" \"id:942100,deny,tag:'OWASP_CRS'\"\n"
                     "SecRule ARGS \"@rx a\" \"id:942101,deny,ver:'OWASP_CRS/4.28.0'\"\n"
                     "SecRule ARGS \"@rx a\" \"id:10001,deny\"\n"),
            "");
}

TEST(LintWarnings, DisruptiveActionInAChainLinkIsALoadError) {
  EXPECT_NE(warnings("SecRule ARGS \"@rx a\" \"id:1,pass,chain\"\n"
                     "  SecRule ARGS \"@rx b\" \"deny\"\n")
                .find("/rules/test.conf:3: disruptive actions can only be specified by the chain "
                      "starter"),
            std::string::npos);
}

// CRS must load without an error; its warnings are only those the checks are meant to find.
TEST(LintWarnings, CrsLoadsWithoutErrors) {
  const std::filesystem::path crs = RAMPART_CRS_DIR;
  if (!std::filesystem::exists(crs / "rules")) GTEST_SKIP() << "CRS not present";
  std::string text = "SecRuleEngine On\nInclude " + (crs / "crs-setup.conf.example").string() +
                     "\nInclude " + (crs / "rules/*.conf").string() + "\n";
  Config config;
  auto err = config.load_string(text, "/rules/crs.conf");
  if (!err) err = config.finish();
  ASSERT_FALSE(err.has_value()) << err->to_string();
  for (const ConfigError& w : config.lint()) {
    EXPECT_EQ(w.message.find("can never match"), std::string::npos) << w.to_string();
    EXPECT_EQ(w.message.find("skipAfter"), std::string::npos) << w.to_string();
    EXPECT_EQ(w.message.find("reserved range"), std::string::npos) << w.to_string();
  }
}

}  // namespace
}  // namespace rampart::testing
