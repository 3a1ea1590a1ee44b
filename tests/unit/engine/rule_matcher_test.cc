// RuleMatcher: ids and ranges, tags and msg by unanchored regex (a plain word as a substring).
#include "engine/rule_matcher.h"

#include <gtest/gtest.h>

#include "engine/regex.h"
#include "engine/rule.h"

namespace rampart::testing {
namespace {

Rule tagged(std::vector<std::string> tags, std::string msg = "") {
  Rule r;
  r.id = "941100";
  r.actions.tags = std::move(tags);
  if (!msg.empty()) r.actions.msg = MacroString(msg);
  return r;
}

bool matches(RuleMatcher::Kind kind, std::string_view spec, const Rule& r) {
  std::string error;
  auto m = RuleMatcher::make(kind, spec, error);
  EXPECT_TRUE(m) << error;
  RegexScratch scratch(1000, 1000);
  return m && m->matches(r, scratch);
}

TEST(RuleMatcher, PlainTagIsASubstring) {
  Rule r = tagged({"attack-xss", "xss-perf-disable", "OWASP_CRS"});
  EXPECT_TRUE(matches(RuleMatcher::Kind::kTag, "xss-perf-disable", r));
  EXPECT_TRUE(matches(RuleMatcher::Kind::kTag, "perf", r));  // unanchored, as v2's regex
  EXPECT_FALSE(matches(RuleMatcher::Kind::kTag, "XSS-PERF-DISABLE", r));  // case-sensitive
  EXPECT_FALSE(matches(RuleMatcher::Kind::kTag, "attack-sqli", r));
}

TEST(RuleMatcher, TagRegexStillARegex) {
  Rule r = tagged({"attack-xss", "OWASP_CRS/ATTACK-XSS"});
  EXPECT_TRUE(matches(RuleMatcher::Kind::kTag, "^attack-(xss|sqli)$", r));
  EXPECT_TRUE(matches(RuleMatcher::Kind::kTag, "OWASP_CRS/.*XSS", r));
  EXPECT_FALSE(matches(RuleMatcher::Kind::kTag, "^xss", r));
}

TEST(RuleMatcher, MsgAndIds) {
  Rule r = tagged({}, "XSS Filter - Category 1: Script Tag Vector");
  EXPECT_TRUE(matches(RuleMatcher::Kind::kMsg, "Script Tag", r));
  EXPECT_TRUE(matches(RuleMatcher::Kind::kMsg, "Category \\d", r));
  EXPECT_FALSE(matches(RuleMatcher::Kind::kMsg, "SQL", r));
  EXPECT_TRUE(matches(RuleMatcher::Kind::kId, "941100", r));
  EXPECT_TRUE(matches(RuleMatcher::Kind::kId, "941000-941999", r));
  EXPECT_FALSE(matches(RuleMatcher::Kind::kId, "942000-942999", r));
}

}  // namespace
}  // namespace rampart::testing
