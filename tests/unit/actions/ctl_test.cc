// ctl: changes the configuration for the current transaction only; removals affect rules
// evaluated after the action, in this phase and later ones.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

TEST(Ctl, RuleEngineOffStopsLaterRules) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRule ARGS:off "@streq 1" "id:1,phase:1,pass,nolog,ctl:ruleEngine=Off"
SecRule ARGS "@rx attack" "id:2,phase:2,deny"
)R");
  Exchange off(*config, get("off=1&q=attack"));
  EXPECT_FALSE(off.run().disruptive());
  Exchange on(*config, get("q=attack"));
  EXPECT_EQ(on.run().status, 403);
}

TEST(Ctl, RuleEngineDetectionOnlyLogsWithoutBlocking) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleEngine=DetectionOnly"
SecRule ARGS "@rx attack" "id:2,phase:2,deny"
)R");
  Exchange ex(*config, get("q=attack"));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_TRUE(ex.log().contains("ModSecurity: Warning."));
}

TEST(Ctl, RuleRemoveByIdAndRange) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveById=10,ctl:ruleRemoveById=20-29"
SecRule ARGS "@rx a" "id:10,phase:2,deny"
SecRule ARGS "@rx a" "id:25,phase:2,deny"
SecRule ARGS "@rx a" "id:30,phase:2,deny,status:418"
)R");
  Exchange ex(*config, get("q=a"));
  EXPECT_EQ(ex.run().status, 418);
}

TEST(Ctl, RuleRemoveByTagTakesARegex) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveByTag=^attack-sql"
SecRule ARGS "@rx a" "id:10,phase:2,deny,tag:'attack-sqli'"
SecRule ARGS "@rx a" "id:11,phase:2,deny,status:418,tag:'attack-xss'"
)R");
  Exchange ex(*config, get("q=a"));
  EXPECT_EQ(ex.run().status, 418);
}

TEST(Ctl, RuleRemoveByMsg) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveByMsg=SQL"
SecRule ARGS "@rx a" "id:10,phase:2,deny,msg:'SQL injection'"
)R");
  Exchange ex(*config, get("q=a"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(Ctl, RemovalOnlyAffectsLaterRules) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRule ARGS "@rx a" "id:10,phase:1,pass,log"
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveById=10"
)R");
  Exchange ex(*config, get("q=a"));
  ex.run();
  EXPECT_EQ(ex.log().count("[id \"10\"]"), 1u);
}

TEST(Ctl, RuleRemoveTargetByIdDropsOneArgument) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveTargetById=10;ARGS:password"
SecRule ARGS "@rx '" "id:10,phase:2,deny"
)R");
  Exchange pw(*config, get("password=it's"));
  EXPECT_FALSE(pw.run().disruptive());
  Exchange other(*config, get("name=it's"));
  EXPECT_EQ(other.run().status, 403);
}

TEST(Ctl, RuleRemoveTargetByTagWholeVariable) {
  // CRS 941010 does this: ctl:ruleRemoveTargetByTag=xss-perf-disable;REQUEST_FILENAME
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveTargetByTag=xss-perf-disable;REQUEST_FILENAME"
SecRule REQUEST_FILENAME|ARGS "@rx <script" "id:10,phase:2,deny,tag:'xss-perf-disable'"
)R");
  Request in_path;
  in_path.path = "/<script>";
  Exchange path(*config, in_path);
  EXPECT_FALSE(path.run().disruptive());
  Exchange arg(*config, get("q=<script>"));
  EXPECT_EQ(arg.run().status, 403);
}

// Each rule remembers the last removal's answer (engine/matcher_memo.h): two removals that take
// turns, over several transactions, still each select only their own rules.
TEST(Ctl, RuleRemoveTargetByTagAnswersStayRightAcrossTransactions) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRule ARGS:skip "@streq a" "id:1,phase:1,pass,nolog,ctl:ruleRemoveTargetByTag=tag-a;REQUEST_FILENAME"
SecRule ARGS:skip "@streq b" "id:2,phase:1,pass,nolog,ctl:ruleRemoveTargetByTag=tag-b;REQUEST_FILENAME"
SecRule REQUEST_FILENAME "@rx <script" "id:10,phase:2,pass,log,tag:'tag-a'"
SecRule REQUEST_FILENAME "@rx <script" "id:11,phase:2,pass,log,tag:'tag-b'"
)R");
  for (int round = 0; round < 3; ++round) {
    for (std::string skip : {"a", "b", "none"}) {
      Request r = get("skip=" + skip);
      r.path = "/<script>";
      Exchange ex(*config, r);
      ex.run();
      SCOPED_TRACE("round " + std::to_string(round) + ", skip=" + skip);
      EXPECT_EQ(ex.log().contains("[id \"10\"]"), skip != "a");
      EXPECT_EQ(ex.log().contains("[id \"11\"]"), skip != "b");
    }
  }
}

TEST(Ctl, RuleRemoveTargetWithRegexKey) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecAction "id:1,phase:1,pass,nolog,ctl:ruleRemoveTargetById=10;ARGS:/^pass/"
SecRule ARGS "@rx '" "id:10,phase:2,deny"
)R");
  Exchange ex(*config, get("passwd=it's&password2=o'k"));
  EXPECT_FALSE(ex.run().disruptive());
}

TEST(Ctl, RequestBodyAccessOff) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRequestBodyAccess On
SecAction "id:1,phase:1,pass,nolog,ctl:requestBodyAccess=Off"
SecRule ARGS_POST "@rx '" "id:10,phase:2,deny"
)R");
  Exchange ex(*config, post_form("a=it's"));
  EXPECT_FALSE(ex.run().disruptive());
  EXPECT_FALSE(ex.tx().wants_request_body());
}

TEST(Ctl, RequestBodyProcessorUrlencodedParsesAnyContentType) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRequestBodyAccess On
SecRule REQUEST_HEADERS:Content-Type "@rx ^text/plain" "id:1,phase:1,pass,nolog,ctl:requestBodyProcessor=URLENCODED"
SecRule ARGS_POST:a "@streq 1" "id:10,phase:2,deny"
SecRule REQBODY_PROCESSOR "@streq URLENCODED" "id:11,phase:2,deny,status:418"
)R");
  Request r = post_form("a=1");
  r.headers[1].second = "text/plain";
  Exchange ex(*config, r);
  EXPECT_EQ(ex.run().status, 403);
}

TEST(Ctl, ForceRequestBodyVariable) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRequestBodyAccess On
SecAction "id:1,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On"
SecRule REQUEST_BODY "@contains hello" "id:10,phase:2,deny"
)R");
  Request r = post_form("hello");
  r.headers[1].second = "application/octet-stream";
  Exchange ex(*config, r);
  EXPECT_EQ(ex.run().status, 403);
}

TEST(Ctl, OverridesDoNotLeakIntoOtherTransactions) {
  auto config = load_rules(R"R(
SecRuleEngine On
SecRule ARGS:off "@streq 1" "id:1,phase:1,pass,nolog,ctl:ruleEngine=Off,ctl:ruleRemoveById=2"
SecRule ARGS "@rx attack" "id:2,phase:2,deny"
)R");
  Exchange first(*config, get("off=1&q=attack"));
  EXPECT_FALSE(first.run().disruptive());
  Exchange second(*config, get("q=attack"));
  EXPECT_EQ(second.run().status, 403);
}

TEST(CtlErrors, AreConfigErrors) {
  EXPECT_NE(load_error("SecAction \"id:1,ctl:noSuchOption=1\"\n")
                .find("unknown ctl option 'noSuchOption'"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:ruleEngine=Maybe\"\n").find("ctl:ruleEngine takes On"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:ruleRemoveById=abc\"\n").find("ctl:ruleRemoveById"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:ruleRemoveTargetById=10\"\n").find("<rule>;<target>"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:ruleRemoveByTag=(\"\n").find("bad regular expression"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:requestBodyProcessor=YAML\"\n")
                .find("unknown body processor"),
            std::string::npos);
  EXPECT_NE(load_error("SecAction \"id:1,ctl:requestBodyLimit=0\"\n").find("ctl:requestBodyLimit"),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
