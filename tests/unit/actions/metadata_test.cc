// Metadata actions: id, phase, msg, logdata, severity, tag, rev, ver, maturity, accuracy. They
// do nothing on their own and show up in the log line in v2's order.
#include <gtest/gtest.h>

#include <string>

#include "config/config_impl.h"
#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(IdAction, AppearsInTheLogLine) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:942100,pass\"\n", get("a=attack"));
  EXPECT_TRUE(o.logged("[id \"942100\"]")) << o.line(0);
}

struct PhaseCase {
  const char* value;
  int phase;
};

class PhaseAction : public ::testing::TestWithParam<PhaseCase> {};

TEST_P(PhaseAction, NumbersAndNames) {
  auto config = load_rules(std::string("SecRule REQUEST_URI \"@rx .\" \"id:1,pass,phase:") +
                           GetParam().value + "\"\n");
  EXPECT_EQ(config->impl().rules.at(0)->phase, GetParam().phase) << GetParam().value;
}

INSTANTIATE_TEST_SUITE_P(Values, PhaseAction,
                         ::testing::Values(PhaseCase{"1", 1}, PhaseCase{"2", 2}, PhaseCase{"3", 3},
                                           PhaseCase{"4", 4}, PhaseCase{"5", 5},
                                           PhaseCase{"request", 2}, PhaseCase{"response", 4},
                                           PhaseCase{"logging", 5}));

TEST(PhaseAction, DenyMessageNamesThePhase) {
  for (int phase = 1; phase <= 4; ++phase) {
    Outcome o = run_rules(
        "SecRule REQUEST_URI \"@rx .\" \"id:1,deny,phase:" + std::to_string(phase) + "\"\n");
    EXPECT_TRUE(o.logged("Access denied with code 403 (phase " + std::to_string(phase) + ")."))
        << o.line(0);
  }
}

TEST(MsgAction, MacrosExpandedWithTheMatch) {
  Outcome o = run_rules(
      "SecRule ARGS \"@streq attack\" \"id:1,pass,msg:'Found %{MATCHED_VAR} in "
      "%{MATCHED_VAR_NAME}'\"\n",
      get("q=attack"));
  EXPECT_TRUE(o.logged("[msg \"Found attack in ARGS:q\"]")) << o.line(0);
}

TEST(LogdataAction, MacrosExpandedWithTheMatch) {
  Outcome o = run_rules(
      "SecRule ARGS \"@rx (att)ack\" \"id:1,pass,capture,logdata:'Matched Data: %{TX.0} found "
      "within %{MATCHED_VAR_NAME}: %{MATCHED_VAR}'\"\n",
      get("q=xattacky"));
  EXPECT_TRUE(o.logged("[data \"Matched Data: attack found within ARGS:q: xattacky\"]"))
      << o.line(0);
}

struct SeverityCase {
  const char* value;
  const char* text;
};

class SeverityAction : public ::testing::TestWithParam<SeverityCase> {};

TEST_P(SeverityAction, LoggedAsText) {
  Outcome o = run_rules(std::string("SecRule ARGS \"@streq attack\" \"id:1,pass,severity:") +
                            GetParam().value + "\"\n",
                        get("a=attack"));
  EXPECT_TRUE(o.logged(std::string("[severity \"") + GetParam().text + "\"]")) << o.line(0);
}

INSTANTIATE_TEST_SUITE_P(
    Values, SeverityAction,
    ::testing::Values(SeverityCase{"0", "EMERGENCY"}, SeverityCase{"1", "ALERT"},
                      SeverityCase{"2", "CRITICAL"}, SeverityCase{"3", "ERROR"},
                      SeverityCase{"4", "WARNING"}, SeverityCase{"5", "NOTICE"},
                      SeverityCase{"6", "INFO"}, SeverityCase{"7", "DEBUG"},
                      SeverityCase{"EMERGENCY", "EMERGENCY"}, SeverityCase{"CRITICAL", "CRITICAL"},
                      SeverityCase{"critical", "CRITICAL"}, SeverityCase{"'WARNING'", "WARNING"},
                      SeverityCase{"Notice", "NOTICE"}));

TEST(TagAction, EveryTagInWrittenOrder) {
  Outcome o = run_rules(
      "SecRule ARGS \"@streq attack\" "
      "\"id:1,pass,tag:'application-multi',tag:'language-multi',tag:'attack-sqli'\"\n",
      get("a=attack"));
  EXPECT_TRUE(
      o.logged("[tag \"application-multi\"] [tag \"language-multi\"] [tag \"attack-sqli\"]"))
      << o.line(0);
}

TEST(MetadataOrder, RevMsgDataSeverityVerMaturityAccuracyTag) {
  // Written in a scrambled order; v2's msre_format_metadata has a fixed one.
  Outcome o = run_rules(
      "SecRule ARGS \"@streq attack\" \"id:1,pass,tag:'t',accuracy:8,maturity:9,ver:'V/1',"
      "severity:2,logdata:'d',msg:'m',rev:'3'\"\n",
      get("a=attack"));
  EXPECT_TRUE(
      o.logged("[id \"1\"] [rev \"3\"] [msg \"m\"] [data \"d\"] [severity \"CRITICAL\"] "
               "[ver \"V/1\"] [maturity \"9\"] [accuracy \"8\"] [tag \"t\"] [hostname"))
      << o.line(0);
}

TEST(MetadataOrder, UnsetFieldsAreLeftOut) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,pass\"\n", get("a=attack"));
  ASSERT_EQ(o.lines().size(), 1u);
  for (const char* field :
       {"[rev", "[msg", "[data", "[severity", "[ver", "[maturity", "[accuracy", "[tag"})
    EXPECT_EQ(o.line(0).find(field), std::string::npos) << field << " in " << o.line(0);
  EXPECT_NE(o.line(0).find("[id \"1\"] [hostname \"www.example.com\"]"), std::string::npos)
      << o.line(0);
}

TEST(MetadataInChain, StarterMetadataIsLogged) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@streq attack" "id:7,pass,msg:'starter',severity:WARNING,tag:'s',chain"
  SecRule ARGS:b "@streq two" "t:none"
)R",
                        get("a=attack&b=two"));
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_NE(o.line(0).find("[line \"4\"] [id \"7\"] [msg \"starter\"] [severity \"WARNING\"] "
                           "[tag \"s\"]"),
            std::string::npos)
      << o.line(0);
}

TEST(MetadataLastWins, SecondMsgReplacesFirst) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,pass,msg:'one',msg:'two'\"\n",
                        get("a=attack"));
  EXPECT_TRUE(o.logged("[msg \"two\"]")) << o.line(0);
  EXPECT_FALSE(o.logged("[msg \"one\"]"));
}

}  // namespace
}  // namespace rampart::testing
