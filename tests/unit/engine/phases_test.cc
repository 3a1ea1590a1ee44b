// Phase order, engine modes, and what a disruption does to the phases after it.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

// Defined in reverse order: execution order must follow the phase numbers.
constexpr const char* kOrder = R"R(
SecAction "id:5,phase:5,pass,nolog,setvar:tx.order=%{tx.order}5"
SecAction "id:4,phase:4,pass,nolog,setvar:tx.order=%{tx.order}4"
SecAction "id:3,phase:3,pass,nolog,setvar:tx.order=%{tx.order}3"
SecAction "id:2,phase:2,pass,nolog,setvar:tx.order=%{tx.order}2"
SecAction "id:1,phase:1,pass,nolog,setvar:tx.order=%{tx.order}1"
SecAction "id:6,phase:2,pass,nolog,setvar:tx.order=%{tx.order}b"
)R";

TEST(Phases, RunInOrderAndRulesInDefinitionOrderWithinAPhase) {
  EXPECT_EQ(run_rules(kOrder).tx("order"), "12b345");
}

TEST(Phases, DetectionOnlyRunsEverythingAndNeverDisrupts) {
  Outcome o = run_exact(std::string("SecRuleEngine DetectionOnly\n") +
                        "SecRule REQUEST_URI \"@rx .\" \"id:100,phase:1,deny\"\n" + kOrder);
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_EQ(o.tx("order"), "12b345");
  ASSERT_EQ(o.lines().size(), 1u);
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. ", 0), 0u) << o.line(0);
}

TEST(Phases, EngineOffRunsNothing) {
  Outcome o = run_exact(std::string("SecRuleEngine Off\n") +
                        "SecRule REQUEST_URI \"@rx .\" \"id:100,phase:1,deny\"\n" + kOrder);
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.tx("order"), "<unset>");
  EXPECT_TRUE(o.lines().empty());
}

TEST(Phases, EngineOffIsTheDefault) {
  Outcome o =
      run_exact(std::string("SecRule REQUEST_URI \"@rx .\" \"id:100,phase:1,deny\"\n") + kOrder);
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.tx("order"), "<unset>");
}

TEST(Phases, DenyInPhase1SkipsTwoToFourButLoggingRuns) {
  Outcome o =
      run_rules(std::string("SecRule REQUEST_URI \"@rx .\" \"id:100,phase:1,deny\"\n") + kOrder);
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_EQ(o.tx("order"), "5");  // rule 1 comes after the deny in phase 1
}

TEST(Phases, DenyInPhase2SkipsThreeAndFour) {
  Outcome o =
      run_rules(std::string(kOrder) + "SecRule REQUEST_URI \"@rx .\" \"id:100,phase:2,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_EQ(o.tx("order"), "12b5");
}

TEST(Phases, DenyInPhase3And4) {
  EXPECT_EQ(
      run_rules(std::string(kOrder) + "SecRule REQUEST_URI \"@rx .\" \"id:100,phase:3,deny\"\n")
          .tx("order"),
      "12b35");
  Outcome o =
      run_rules(std::string(kOrder) + "SecRule REQUEST_URI \"@rx .\" \"id:100,phase:4,deny\"\n");
  EXPECT_EQ(o.tx("order"), "12b345");
  EXPECT_TRUE(o.logged("Access denied with code 403 (phase 4)."));
}

TEST(Phases, LoggingPhaseRulesLogWarnings) {
  Outcome o = run_rules("SecRule REQUEST_URI \"@rx .\" \"id:1,phase:5,pass\"\n");
  EXPECT_FALSE(o.result.disruptive());
  EXPECT_EQ(o.line(0).rfind("ModSecurity: Warning. ", 0), 0u) << o.line(0);
}

TEST(Phases, InterventionIsKeptAfterTheDisruptingPhase) {
  auto config = load_rules(
      "SecRuleEngine On\nSecRule REQUEST_URI \"@rx .\" \"id:1,phase:1,deny,status:401\"\n");
  Exchange ex(*config, Request());
  ex.run();
  EXPECT_EQ(ex.tx().intervention().kind, Intervention::Kind::kDeny);
  EXPECT_EQ(ex.tx().intervention().status, 401);
}

TEST(Phases, RulesSeeOnlyWhatTheirPhaseHas) {
  Request r = post_form("a=1");
  r.response_status = 404;
  const char* rules = R"R(
SecRule &ARGS_POST "@eq 0" "id:1,phase:1,pass,nolog,setvar:tx.p1_no_body=1"
SecRule &ARGS_POST "@eq 1" "id:2,phase:2,pass,nolog,setvar:tx.p2_body=1"
SecRule &RESPONSE_STATUS "@eq 0" "id:3,phase:2,pass,nolog,setvar:tx.p2_no_status=1"
SecRule RESPONSE_STATUS "@streq 404" "id:4,phase:3,pass,nolog,setvar:tx.p3_status=1"
)R";
  Outcome o = run_rules(rules, r);
  EXPECT_EQ(o.tx("p1_no_body"), "1");
  EXPECT_EQ(o.tx("p2_body"), "1");
  EXPECT_EQ(o.tx("p2_no_status"), "1");
  EXPECT_EQ(o.tx("p3_status"), "1");
}

TEST(Phases, TxSurvivesAcrossPhases) {
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:1,pass,nolog,setvar:tx.score=2"
SecAction "id:2,phase:2,pass,nolog,setvar:tx.score=+3"
SecRule TX:score "@gt 4" "id:3,phase:5,pass,nolog,setvar:tx.reported=1"
)R");
  EXPECT_EQ(o.tx("reported"), "1");
}

// ---- transformation cache ----

TEST(TransformCache, SameResultAsWithoutCache) {
  const char* rules = R"R(
SecRule ARGS "@streq a" "id:1,pass,nolog,t:none,t:urlDecodeUni,t:lowercase,setvar:tx.r1=+1"
SecRule ARGS "@streq A" "id:2,pass,nolog,t:none,t:lowercase,t:urlDecodeUni,setvar:tx.r2=+1"
SecRule ARGS "@streq a" "id:3,pass,nolog,t:none,t:urlDecodeUni,t:lowercase,setvar:tx.r3=+1"
SecRule ARGS "@streq %41" "id:4,pass,nolog,t:none,setvar:tx.r4=+1"
SecRule ARGS "@streq %41" "id:5,pass,nolog,t:none,t:lowercase,setvar:tx.r5=+1"
)R";
  // a and c have the same value, b a different one: the cache is keyed by value and pipeline.
  Outcome o = run_rules(rules, get("a=%2541&b=%2542&c=%2541"));
  EXPECT_EQ(o.tx("r1"), "2");
  EXPECT_EQ(o.tx("r2"), "2");
  EXPECT_EQ(o.tx("r3"), "2");
  EXPECT_EQ(o.tx("r4"), "2");
  EXPECT_EQ(o.tx("r5"), "2");
  // A fresh transaction (empty cache) gives the same.
  Outcome again = run_rules(rules, get("a=%2541&b=%2542&c=%2541"));
  EXPECT_EQ(again.tx("r1"), "2");
  EXPECT_EQ(again.tx("r2"), "2");
}

TEST(TransformCache, DefaultTransformsArePartOfThePipeline) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@streq abc" "id:1,phase:2,pass,nolog,t:lowercase,setvar:tx.r1=1"
SecDefaultAction "phase:2,log,pass,t:urlDecodeUni"
SecRule ARGS "@streq abc" "id:2,phase:2,nolog,t:lowercase,setvar:tx.r2=1"
SecRule ARGS "@streq %41bc" "id:3,phase:2,nolog,t:none,t:lowercase,setvar:tx.r3=1"
)R",
                        get("a=%2541BC"));
  EXPECT_EQ(o.tx("r1"), "<unset>");  // "%41bc"
  EXPECT_EQ(o.tx("r2"), "1");        // urlDecodeUni then lowercase
  EXPECT_EQ(o.tx("r3"), "1");
}

// A value the pipeline leaves as it is is cached without its output; a hit must still answer
// with that value, and a TX variable changed between two rules is looked up by its new text.
TEST(TransformCache, UnchangedValuesAndChangedVariables) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,setvar:tx.v=abc"
SecRule TX:v "@streq abc" "id:2,pass,nolog,t:lowercase,setvar:tx.r1=1"
SecRule TX:v "@streq abc" "id:3,pass,nolog,t:lowercase,setvar:tx.r2=1"
SecAction "id:4,pass,nolog,setvar:tx.v=ABC"
SecRule TX:v "@streq abc" "id:5,pass,nolog,t:lowercase,setvar:tx.r3=1"
SecRule TX:v "@streq ABC" "id:6,pass,nolog,t:trim,setvar:tx.r4=1"
SecRule TX:v "@streq ABC" "id:7,pass,nolog,t:trim,setvar:tx.r5=1"
)R");
  EXPECT_EQ(o.tx("r1"), "1");
  EXPECT_EQ(o.tx("r2"), "1");
  EXPECT_EQ(o.tx("r3"), "1");
  EXPECT_EQ(o.tx("r4"), "1");
  EXPECT_EQ(o.tx("r5"), "1");
}

}  // namespace
}  // namespace rampart::testing
