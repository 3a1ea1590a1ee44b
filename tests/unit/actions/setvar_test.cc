// setvar: =, =+, =-, !name, no value, macros in name and value, atoi arithmetic.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

struct SetvarCase {
  const char* name;
  std::string actions;  // setvar actions run in one SecAction, in order
  std::string variable;
  std::string expected;  // "<unset>" when the variable must not exist
};

class Setvar : public ::testing::TestWithParam<SetvarCase> {};

TEST_P(Setvar, Result) {
  Outcome o = run_rules("SecAction \"id:1,pass,nolog," + GetParam().actions + "\"\n");
  EXPECT_EQ(o.tx(GetParam().variable), GetParam().expected) << GetParam().actions;
}

INSTANTIATE_TEST_SUITE_P(
    V2, Setvar,
    ::testing::Values(
        SetvarCase{"Set", "setvar:tx.a=5", "a", "5"},
        SetvarCase{"SetText", "setvar:'tx.a=hello world'", "a", "hello world"},
        SetvarCase{"SetEmpty", "setvar:tx.a=", "a", ""},
        SetvarCase{"NoValueMeansOne", "setvar:tx.flag", "flag", "1"},
        SetvarCase{"Overwrite", "setvar:tx.a=1,setvar:tx.a=2", "a", "2"},
        SetvarCase{"Add", "setvar:tx.a=5,setvar:tx.a=+3", "a", "8"},
        SetvarCase{"AddToMissing", "setvar:tx.a=+3", "a", "3"},
        SetvarCase{"Subtract", "setvar:tx.a=5,setvar:tx.a=-3", "a", "2"},
        SetvarCase{"SubtractFromMissing", "setvar:tx.a=-3", "a", "-3"},
        SetvarCase{"SubtractBelowZero", "setvar:tx.a=2,setvar:tx.a=-5", "a", "-3"},
        SetvarCase{"AddNegative", "setvar:tx.a=2,setvar:tx.a=+-5", "a", "-3"},
        SetvarCase{"NonNumericBaseIsZero", "setvar:tx.a=abc,setvar:tx.a=+2", "a", "2"},
        SetvarCase{"NonNumericDeltaIsZero", "setvar:tx.a=4,setvar:tx.a=+abc", "a", "4"},
        SetvarCase{"LeadingDigitsCount", "setvar:tx.a=12abc,setvar:tx.a=+1", "a", "13"},
        SetvarCase{"Delete", "setvar:tx.a=1,setvar:!tx.a", "a", "<unset>"},
        SetvarCase{"DeleteMissingIsFine", "setvar:!tx.nothere,setvar:tx.b=1", "b", "1"},
        SetvarCase{"NamesAreCaseInsensitive", "setvar:TX.Score=1,setvar:tx.score=+1", "SCORE", "2"},
        SetvarCase{"MacroInValue", "setvar:tx.inc=4,setvar:tx.a=1,setvar:tx.a=+%{tx.inc}", "a",
                   "5"},
        SetvarCase{"MacroInName", "setvar:tx.which=blue,setvar:tx.%{tx.which}_count=+1",
                   "blue_count", "1"},
        SetvarCase{"MacroWithText", "setvar:tx.x=7,setvar:'tx.msg=got %{tx.x} items'", "msg",
                   "got 7 items"},
        SetvarCase{"MissingMacroIsEmpty", "setvar:tx.a=+%{tx.nothing}", "a", "0"},
        SetvarCase{"CrsThresholdStyle",
                   "setvar:tx.critical_anomaly_score=5,setvar:tx.inbound_anomaly_score_pl1=0,"
                   "setvar:'tx.inbound_anomaly_score_pl1=+%{tx.critical_anomaly_score}'",
                   "inbound_anomaly_score_pl1", "5"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Setvar, RunsOncePerMatchingTarget) {
  Outcome o = run_rules("SecRule ARGS \"@rx attack\" \"id:1,pass,nolog,setvar:tx.score=+5\"\n",
                        get("a=attack&b=benign&c=attack&d=attack"));
  EXPECT_EQ(o.tx("score"), "15");
}

TEST(Setvar, NotRunWhenTheRuleDoesNotMatch) {
  Outcome o =
      run_rules("SecRule ARGS \"@rx attack\" \"id:1,pass,nolog,setvar:tx.score=+5\"\n", get("a=x"));
  EXPECT_EQ(o.tx("score"), "<unset>");
}

TEST(Setvar, MatchedVarNameInTheName) {
  Outcome o = run_rules(
      "SecRule ARGS_NAMES \"@unconditionalMatch\" "
      "\"id:1,pass,nolog,setvar:'tx.count_%{MATCHED_VAR_NAME}=+1'\"\n",
      get("a=1&a=2&b=3"));
  EXPECT_EQ(o.tx("count_ARGS_NAMES:a"), "2");
  EXPECT_EQ(o.tx("count_ARGS_NAMES:b"), "1");
}

TEST(Setvar, ValueIsVisibleToLaterRulesAndPhases) {
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:1,pass,nolog,setvar:tx.threshold=5"
SecRule TX:threshold "@gt 4" "id:2,phase:2,pass,nolog,setvar:tx.seen=1"
)R");
  EXPECT_EQ(o.tx("seen"), "1");
}

}  // namespace
}  // namespace rampart::testing
