// SecRuleRemoveByTag/ByMsg, SecRuleUpdateTargetById/ByTag/ByMsg and SecRuleUpdateActionById:
// they change rules already defined, and a child context changes its own copies only.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

constexpr const char* kRules = R"R(
SecRuleEngine On
SecRule ARGS "@rx '" "id:942100,phase:2,deny,msg:'SQL Injection Attack',tag:'attack-sqli'"
SecRule ARGS "@rx <script" "id:941100,phase:2,deny,status:418,msg:'XSS Attack',tag:'attack-xss'"
)R";

TEST(SecRuleRemoveByTag, RemovesMatchingRules) {
  auto config = load_rules(std::string(kRules) + "SecRuleRemoveByTag ^attack-sql\n");
  Exchange sqli(*config, get("q=it's"));
  EXPECT_FALSE(sqli.run().disruptive());
  Exchange xss(*config, get("q=<script>"));
  EXPECT_EQ(xss.run().status, 418);
}

TEST(SecRuleRemoveByMsg, RemovesMatchingRules) {
  auto config = load_rules(std::string(kRules) + "SecRuleRemoveByMsg \"XSS\"\n");
  Exchange xss(*config, get("q=<script>"));
  EXPECT_FALSE(xss.run().disruptive());
}

TEST(SecRuleUpdateTargetById, AddsAnExclusion) {
  // The REQUEST-999 pattern: exclude one argument from one rule.
  auto config = load_rules(std::string(kRules) + "SecRuleUpdateTargetById 942100 \"!ARGS:password\"\n");
  Exchange pw(*config, get("password=it's"));
  EXPECT_FALSE(pw.run().disruptive());
  Exchange other(*config, get("name=it's"));
  EXPECT_EQ(other.run().status, 403);
}

TEST(SecRuleUpdateTargetById, RegexExclusionAndRange) {
  auto config = load_rules(std::string(kRules) +
                           "SecRuleUpdateTargetById 941000-942999 \"!ARGS:/^_ga(?:_\\w+)?$/\"\n");
  Exchange ex(*config, get("_ga_X1=it's<script>"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(SecRuleUpdateTargetById, AddsATarget) {
  auto config = load_rules(std::string(kRules) + "SecRuleUpdateTargetById 942100 REQUEST_HEADERS:X-Q\n");
  Request r;
  r.headers.emplace_back("X-Q", "it's");
  Exchange ex(*config, r);
  EXPECT_EQ(ex.run().status, 403);
}

TEST(SecRuleUpdateTargetById, ReplacesATarget) {
  auto config = load_rules(std::string(kRules) + "SecRuleUpdateTargetById 942100 ARGS_GET ARGS\n");
  Exchange get_arg(*config, get("q=it's"));
  EXPECT_EQ(get_arg.run().status, 403);
  Exchange post_arg(*config, post_form("q=it's"));
  EXPECT_FALSE(post_arg.run().disruptive());
}

TEST(SecRuleUpdateTargetById, UnknownTargetToReplaceIsAnError) {
  EXPECT_NE(load_error(std::string(kRules) + "SecRuleUpdateTargetById 942100 ARGS_GET XML\n")
                .find("has no target 'XML' to replace"),
            std::string::npos);
}

TEST(SecRuleUpdateTargetByTag, UpdatesEveryTaggedRule) {
  auto config =
      load_rules(std::string(kRules) + "SecRuleUpdateTargetByTag attack- \"!ARGS:comment\"\n");
  Exchange ex(*config, get("comment=it's<script>"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(SecRuleUpdateTargetByMsg, UpdatesRulesByMessage) {
  auto config = load_rules(std::string(kRules) + "SecRuleUpdateTargetByMsg XSS \"!ARGS:html\"\n");
  Exchange ex(*config, get("html=<script>"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(SecRuleUpdateActionById, ReplacesTheDisruptiveActionAndStatus) {
  auto config = load_rules(std::string(kRules) + "SecRuleUpdateActionById 942100 \"pass,nolog\"\n");
  Exchange ex(*config, get("q=it's"));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_TRUE(ex.log().lines.empty());
}

TEST(SecRuleUpdateActionById, ReplacesMsgAndAddsTags) {
  auto config = load_rules(std::string(kRules) +
                           "SecRuleUpdateActionById 942100 \"msg:'Changed',tag:'extra'\"\n");
  Exchange ex(*config, get("q=it's"));
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_TRUE(ex.log().contains("[msg \"Changed\"]"));
  EXPECT_TRUE(ex.log().contains("[tag \"attack-sqli\"] [tag \"extra\"]"));
}

TEST(SecRuleUpdateActionById, CannotChangeIdOrPhase) {
  EXPECT_NE(load_error(std::string(kRules) + "SecRuleUpdateActionById 942100 \"phase:1\"\n")
                .find("cannot change a rule's id or phase"),
            std::string::npos);
}

TEST(RuleUpdates, ChildContextDoesNotChangeTheParent) {
  auto parent = load_rules(kRules);
  Config child;
  ASSERT_FALSE(child.load_string("SecRuleUpdateTargetById 942100 \"!ARGS:password\"\n"
                                 "SecRuleRemoveByTag attack-xss\n",
                                 "/rules/child.conf"));
  // The child's directives act on the rules it inherits when httpd merges the contexts.
  auto merged = Config::merge(*parent, child);
  Exchange in_child(*merged, get("password=it's&x=<script>"));
  EXPECT_FALSE(in_child.run().disruptive());
  Exchange in_parent(*parent, get("password=it's"));
  EXPECT_EQ(in_parent.run().status, 403);
  Exchange xss_in_parent(*parent, get("x=<script>"));
  EXPECT_EQ(xss_in_parent.run().status, 418);
}

TEST(RuleUpdates, ChainedRuleKeepsWorkingAfterUpdate) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRule ARGS:a "@streq 1" "id:10,phase:2,deny,msg:'rule %{RULE.id}',chain"
    SecRule ARGS:b "@streq 2"
SecRuleUpdateTargetById 10 "!ARGS:ignored"
)R");
  Exchange ex(*config, get("a=1&b=2"));
  EXPECT_EQ(ex.run().status, 403);
  EXPECT_TRUE(ex.log().contains("[msg \"rule 10\"]"));
}

}  // namespace
}  // namespace rampart::testing
