// SecRuleInheritance, SecInterceptOnError, SecRulePerfTime, SecServerSignature, SecSensorId,
// SecStatusEngine, the deprecated directives that warn, and the ones refused with a reason.
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

std::unique_ptr<Config> load(const std::string& text) {
  auto c = std::make_unique<Config>();
  auto err = c->load_string(text, "/rules/test.conf");
  EXPECT_FALSE(err.has_value()) << (err ? err->to_string() : "");
  return c;
}

TEST(RuleInheritance, OnByDefault) {
  auto parent = load("SecRuleEngine On\nSecRule ARGS \"@streq a\" \"id:1,phase:1,deny\"\n");
  auto child = load("SecRule ARGS \"@streq b\" \"id:2,phase:1,deny\"\n");
  EXPECT_EQ(Config::merge(*parent, *child)->rule_count(), 2u);
  auto explicit_on = load("SecRuleInheritance On\n");
  EXPECT_EQ(Config::merge(*parent, *explicit_on)->rule_count(), 1u);
}

TEST(RuleInheritance, OffStartsWithTheChildsRulesOnly) {
  auto parent = load("SecRuleEngine On\nSecRule ARGS \"@streq a\" \"id:1,phase:1,deny\"\n");
  auto child =
      load("SecRuleInheritance Off\nSecRule ARGS \"@streq b\" \"id:2,phase:1,deny,status:418\"\n");
  auto merged = Config::merge(*parent, *child);
  EXPECT_EQ(merged->rule_count(), 1u);
  EXPECT_EQ(merged->settings().engine_mode(), EngineMode::kOn);  // settings still inherit
  Exchange a(*merged, get("x=a"));
  EXPECT_FALSE(a.run().disruptive());
  Exchange b(*merged, get("x=b"));
  EXPECT_EQ(b.run().status, 418);
}

TEST(RuleInheritance, TakesOnOrOff) {
  EXPECT_NE(load_error("SecRuleInheritance maybe\n")
                .find("SecRuleInheritance takes On or Off, got 'maybe'"),
            std::string::npos);
}

// A regex past SecPcreMatchLimit is v2's operator failure.
const std::string kFailing =
    "SecRuleEngine On\nSecPcreMatchLimit 1000\n"
    "SecRule ARGS:q \"@rx ^(a|a)+$\" \"id:1,phase:1,pass,nolog\"\n"
    "SecRule ARGS:q \"@rx a\" \"id:2,phase:1,deny,status:418\"\n"
    "SecRule ARGS:q \"@rx a\" \"id:3,phase:2,deny,status:419\"\n";

TEST(InterceptOnError, OffGoesOnWithTheNextRule) {
  auto config = load_rules(kFailing);
  Exchange ex(*config, get("q=" + std::string(40, 'a') + "b"));
  EXPECT_EQ(ex.run().status, 418);
}

TEST(InterceptOnError, OnEndsThePhase) {
  auto config = load_rules("SecInterceptOnError On\n" + kFailing);
  Exchange ex(*config, get("q=" + std::string(40, 'a') + "b"));
  EXPECT_EQ(ex.run().status, 419);  // phase 1 stopped after rule 1; phase 2 still runs
  EXPECT_TRUE(ex.log().contains("Rule processing failed"));
}

TEST(RulePerfTime, RecordsSlowRulesInPerfRules) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRulePerfTime 1\nSecPcreMatchLimit 100000\n"
      "SecRule ARGS:q \"@rx ^(a|a)+$\" \"id:10,phase:1,pass,nolog\"\n"
      "SecRule &PERF_RULES \"@eq 0\" \"id:11,phase:1,deny,status:500\"\n"
      "SecRule PERF_RULES:10 \"@gt 0\" \"id:12,phase:1,deny,status:418\"\n");
  Exchange ex(*config, get("q=" + std::string(30, 'a') + "b"));
  EXPECT_EQ(ex.run().status, 418);
  ASSERT_FALSE(ex.state().perf_rules.empty());
  EXPECT_EQ(ex.state().perf_rules[0].first, "10");
}

TEST(RulePerfTime, WithoutItNothingIsRecorded) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRule ARGS \"@rx x\" \"id:10,phase:1,pass,nolog\"\n"
      "SecRule &PERF_RULES \"@eq 0\" \"id:11,phase:1,deny,status:418\"\n");
  Exchange ex(*config, get("q=x"));
  EXPECT_EQ(ex.run().status, 418);
}

TEST(RulePerfTime, TakesMicroseconds) {
  EXPECT_NE(
      load_error("SecRulePerfTime fast\n").find("SecRulePerfTime takes a time in microseconds"),
      std::string::npos);
  EXPECT_NE(load_error("SecRulePerfTime 0\n").find("positive"), std::string::npos);
}

TEST(ServerDirectives, StoredSettings) {
  auto c =
      load("SecServerSignature \"Microsoft-IIS/6.0\"\nSecSensorId sensor-7\nSecStatusEngine Off\n");
  EXPECT_EQ(c->settings().server_signature.value_or(""), "Microsoft-IIS/6.0");
  EXPECT_EQ(c->settings().sensor_id.value_or(""), "sensor-7");
  EXPECT_EQ(c->settings().status_engine, std::optional<bool>(false));
  EXPECT_TRUE(c->warnings().empty());
  auto child = load("SecRuleEngine On\n");
  EXPECT_EQ(Config::merge(*c, *child)->settings().server_signature.value_or(""),
            "Microsoft-IIS/6.0");
}

TEST(ServerDirectives, StatusEngineOnOnlyWarns) {
  auto c = load("SecStatusEngine On\n");
  ASSERT_EQ(c->warnings().size(), 1u);
  EXPECT_EQ(c->warnings()[0].to_string(),
            "/rules/test.conf:1: warning: SecStatusEngine On: Rampart never sends status reports; "
            "the setting has no effect");
}

TEST(DeprecatedDirectives, WarnAndLoad) {
  auto c = load(
      "SecCacheTransformations On \"minlen:64,maxlen:0\"\n"
      "SecGuardianLog \"|/usr/local/apache/bin/httpd-guardian\"\n");
  ASSERT_EQ(c->warnings().size(), 2u);
  EXPECT_NE(c->warnings()[0].to_string().find(
                "/rules/test.conf:1: warning: SecCacheTransformations is deprecated"),
            std::string::npos);
  EXPECT_NE(c->warnings()[1].to_string().find("/rules/test.conf:2: warning: SecGuardianLog is "
                                              "deprecated"),
            std::string::npos);
  EXPECT_NE(load_error("SecCacheTransformations sometimes\n").find("takes On or Off"),
            std::string::npos);
}

TEST(RefusedDirectives, ChrootSaysWhatToUseInstead) {
  EXPECT_NE(load_error("SecChrootDir /chroot\n").find("use httpd's own 'ChrootDir /chroot'"),
            std::string::npos);
}

TEST(ConnLimits, EngineAndLimits) {
  auto c = load("SecConnEngine On\nSecConnReadStateLimit 5\nSecConnWriteStateLimit 7\n");
  EXPECT_EQ(c->settings().conn_engine_mode(), EngineMode::kOn);
  EXPECT_EQ(c->settings().conn_state_limit(false, "192.0.2.1"), 5);
  EXPECT_EQ(c->settings().conn_state_limit(true, "192.0.2.1"), 7);
  auto none = load("SecConnEngine DetectionOnly\n");
  EXPECT_EQ(none->settings().conn_state_limit(false, "192.0.2.1"), 0);
  EXPECT_EQ(Config::merge(*c, *none)->settings().conn_state_limit(false, "192.0.2.1"), 5);
}

TEST(ConnLimits, IpMatchNarrowsWhoIsLimited) {
  auto exempt = load("SecConnReadStateLimit 5 \"!@ipMatch 127.0.0.1,10.0.0.0/8\"\n");
  EXPECT_EQ(exempt->settings().conn_state_limit(false, "127.0.0.1"), 0);
  EXPECT_EQ(exempt->settings().conn_state_limit(false, "10.1.2.3"), 0);
  EXPECT_EQ(exempt->settings().conn_state_limit(false, "192.0.2.1"), 5);
  auto only = load("SecConnWriteStateLimit 3 \"@ipMatch 192.0.2.0/24\"\n");
  EXPECT_EQ(only->settings().conn_state_limit(true, "192.0.2.9"), 3);
  EXPECT_EQ(only->settings().conn_state_limit(true, "198.51.100.1"), 0);
}

TEST(ConnLimits, DeprecatedSpellingsWarn) {
  auto c = load("SecReadStateLimit 4\nSecWriteStateLimit 6\n");
  EXPECT_EQ(c->settings().conn_state_limit(false, "192.0.2.1"), 4);
  EXPECT_EQ(c->settings().conn_state_limit(true, "192.0.2.1"), 6);
  ASSERT_EQ(c->warnings().size(), 2u);
  EXPECT_EQ(c->warnings()[0].to_string(),
            "/rules/test.conf:1: warning: SecReadStateLimit is deprecated: write "
            "SecConnReadStateLimit");
}

TEST(ConnLimits, Errors) {
  EXPECT_NE(load_error("SecConnEngine Sometimes\n")
                .find("SecConnEngine takes On, Off or "
                      "DetectionOnly"),
            std::string::npos);
  EXPECT_NE(load_error("SecConnReadStateLimit many\n").find("takes a number of connections"),
            std::string::npos);
  EXPECT_NE(load_error("SecConnReadStateLimit 5 \"@rx x\"\n").find("@ipMatch LIST"),
            std::string::npos);
  EXPECT_NE(load_error("SecConnReadStateLimit 5 \"@ipMatch 300.1.1.1\"\n")
                .find("SecConnReadStateLimit: "),
            std::string::npos);
}

}  // namespace
}  // namespace rampart::testing
