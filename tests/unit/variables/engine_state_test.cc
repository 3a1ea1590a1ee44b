// TX, MATCHED_VAR(S)(_NAME(S)), HIGHEST_SEVERITY, ENV and XML.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

TEST(TxCollection, ValuesInInsertionOrder) {
  EXPECT_EQ(seen("TX", Request(), 2, "SecAction \"id:1,pass,nolog,setvar:tx.b=2,setvar:tx.a=1\"\n"),
            "[TX:b=2][TX:a=1]");
}

TEST(TxCollection, KeyIsCaseInsensitive) {
  EXPECT_EQ(seen("&TX:SCORE", Request(), 2, "SecAction \"id:1,pass,nolog,setvar:tx.score=7\"\n"),
            "[TX:SCORE=1]");
}

// The rule's key is folded once when it loads; the stored name may be in any case.
TEST(TxCollection, KeyFindsANameStoredInAnyCase) {
  const std::string setup =
      "SecAction \"id:1,pass,nolog,setvar:tx.Mixed_Case_Name_Of_Length_30=7\"\n";
  EXPECT_EQ(seen("TX:mixed_case_name_of_length_30", Request(), 2, setup),
            "[TX:Mixed_Case_Name_Of_Length_30=7]");
  EXPECT_EQ(seen("TX:MIXED_CASE_NAME_OF_LENGTH_30", Request(), 2, setup),
            "[TX:Mixed_Case_Name_Of_Length_30=7]");
  EXPECT_EQ(seen("TX:MIXED_CASE_NAME_OF_LENGTH_31", Request(), 2, setup), "<unset>");
}

TEST(TxCollectionV2, NameIsTheStoredName) {
  EXPECT_EQ(seen("TX:SCORE", Request(), 2, "SecAction \"id:1,pass,nolog,setvar:tx.score=7\"\n"),
            "[TX:score=7]");
}

TEST(MatchedVar, LastMatchedValueAndName) {
  Outcome o = run_rules(
      "SecRule ARGS \"@rx ^x\" \"id:1,pass,nolog,setvar:tx.v=%{MATCHED_VAR},"
      "setvar:tx.n=%{MATCHED_VAR_NAME}\"\n",
      get("a=x1&b=y&c=x2"));
  EXPECT_EQ(o.tx("v"), "x2");
  EXPECT_EQ(o.tx("n"), "ARGS:c");
}

TEST(MatchedVars, AllMatchesOfTheRuleSoFar) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@rx ^x" "id:1,pass,nolog,chain"
  SecRule MATCHED_VARS "@unconditionalMatch" "setvar:'tx.seen=%{tx.seen}[%{MATCHED_VAR}]'"
)R",
                        get("a=x1&b=y&c=x2"));
  EXPECT_EQ(o.tx("seen"), "[x1][x2]");
}

TEST(MatchedVars, NamesCollection) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@rx ^x" "id:1,pass,nolog,chain"
  SecRule MATCHED_VARS_NAMES "@unconditionalMatch" "setvar:'tx.seen=%{tx.seen}[%{MATCHED_VAR}]'"
)R",
                        get("a=x1&b=y&c=x2"));
  EXPECT_EQ(o.tx("seen"), "[ARGS:a][ARGS:c]");
}

TEST(MatchedVars, ClearedBetweenRules) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@rx ^x" "id:1,pass,nolog"
SecRule &MATCHED_VARS "@eq 0" "id:2,pass,nolog,setvar:tx.cleared=1"
)R",
                        get("a=x1"));
  EXPECT_EQ(o.tx("cleared"), "1");
}

TEST(MatchedVarsV2, FieldKeepsTheOriginalName) {
  Outcome o = run_rules(R"R(
SecRule ARGS "@rx ^x" "id:1,pass,chain"
  SecRule MATCHED_VARS "@rx ^x" "setvar:tx.n=%{MATCHED_VAR_NAME}"
)R",
                        get("a=x1"));
  EXPECT_EQ(o.tx("n"), "ARGS:a");
  EXPECT_TRUE(o.logged("Pattern match \"^x\" at ARGS:a.")) << o.line(0);
  Outcome names = run_rules(R"R(
SecRule ARGS "@rx ^x" "id:1,pass,nolog,chain"
  SecRule MATCHED_VARS_NAMES "@rx ^ARGS" "setvar:tx.n=%{MATCHED_VAR_NAME}"
)R",
                            get("a=x1"));
  EXPECT_EQ(names.tx("n"), "ARGS:a");
}

TEST(HighestSeverity, LowestNumberSeenSoFar) {
  EXPECT_EQ(seen("HIGHEST_SEVERITY"), "[HIGHEST_SEVERITY=255]");
  Outcome o = run_rules(R"R(
SecAction "id:1,phase:1,pass,nolog,severity:WARNING"
SecAction "id:2,phase:1,pass,nolog,severity:CRITICAL"
SecAction "id:3,phase:1,pass,nolog,severity:NOTICE"
SecRule HIGHEST_SEVERITY "@unconditionalMatch" "id:4,phase:1,pass,nolog,setvar:tx.hs=%{MATCHED_VAR}"
)R");
  EXPECT_EQ(o.tx("hs"), "2");
}

TEST(Env, SelectedByName) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule ENV:app_env \"@unconditionalMatch\" "
      "\"id:1,phase:1,pass,nolog,setvar:tx.v=%{MATCHED_VAR},setvar:tx.n=%{MATCHED_VAR_NAME}\"\n"
      "SecRule &ENV:missing \"@eq 0\" \"id:2,phase:1,pass,nolog,setvar:tx.missing=1\"\n");
  Exchange ex(*config, Request());
  ex.tx().add_env("APP_ENV", "production");
  ex.run();
  EXPECT_EQ(ex.tx_var("v"), "production");
  EXPECT_EQ(ex.tx_var("n"), "ENV:APP_ENV");
  EXPECT_EQ(ex.tx_var("missing"), "1");
}

TEST(Xml, EmptyWithoutAnXmlProcessor) {
  EXPECT_EQ(seen("XML:/*", post_form("a=1")), "<unset>");
  EXPECT_EQ(seen("&XML", post_form("a=1")), "[XML=0]");
}

}  // namespace
}  // namespace rampart::testing
