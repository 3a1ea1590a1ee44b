// log, nolog, auditlog, noauditlog, capture, multiMatch and t: (transformation pipelines).
#include <gtest/gtest.h>

#include <string>

#include "config/config_impl.h"
#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

struct LogCase {
  const char* actions;
  bool log, auditlog;
};

class LogFlags : public ::testing::TestWithParam<LogCase> {};

TEST_P(LogFlags, RuleFlags) {
  auto config = load_rules(std::string("SecRule ARGS \"@streq attack\" \"id:1,pass") +
                           GetParam().actions + "\"\n");
  const Rule& rule = *config->impl().rules.at(0);
  EXPECT_EQ(rule.log, GetParam().log) << GetParam().actions;
  EXPECT_EQ(rule.auditlog, GetParam().auditlog) << GetParam().actions;
  Outcome o = run_rules(
      std::string("SecRule ARGS \"@streq attack\" \"id:1,pass") + GetParam().actions + "\"\n",
      get("a=attack"));
  EXPECT_EQ(o.lines().size(), GetParam().log ? 1u : 0u) << GetParam().actions;
}

INSTANTIATE_TEST_SUITE_P(Values, LogFlags,
                         ::testing::Values(LogCase{"", true, true}, LogCase{",log", true, true},
                                           LogCase{",nolog", false, false},  // implies noauditlog
                                           LogCase{",nolog,auditlog", false, true},
                                           LogCase{",auditlog,nolog", false, true},
                                           LogCase{",noauditlog", true, false},
                                           LogCase{",log,noauditlog", true, false},
                                           LogCase{",nolog,log", true, false}));

TEST(LogFlags, RuleLogOverridesDefaultNolog) {
  Outcome o = run_rules(R"R(
SecDefaultAction "phase:2,nolog,pass"
SecRule ARGS "@streq attack" "id:1,log"
)R",
                        get("a=attack"));
  EXPECT_EQ(o.lines().size(), 1u);
}

TEST(LogFlags, EveryMatchingTargetWritesALine) {
  Outcome o = run_rules("SecRule ARGS \"@streq attack\" \"id:1,pass\"\n",
                        get("a=attack&b=benign&c=attack"));
  ASSERT_EQ(o.lines().size(), 2u);
  EXPECT_NE(o.line(0).find("at ARGS:a."), std::string::npos);
  EXPECT_NE(o.line(1).find("at ARGS:c."), std::string::npos);
}

// ---- capture ----

TEST(CaptureAction, WholeMatchAndGroups) {
  Outcome o = run_rules(
      "SecRule ARGS:a \"@rx (\\d+)-(\\d+)\" \"id:1,pass,nolog,capture,"
      "setvar:tx.c0=%{TX.0},setvar:tx.c1=%{tx.1},setvar:tx.c2=%{TX.2}\"\n",
      get("a=x12-345y"));
  EXPECT_EQ(o.tx("c0"), "12-345");
  EXPECT_EQ(o.tx("c1"), "12");
  EXPECT_EQ(o.tx("c2"), "345");
  EXPECT_EQ(o.tx("0"), "12-345");
}

TEST(CaptureAction, AtMostTenValues) {
  Outcome o = run_rules(
      "SecRule ARGS:a \"@rx (a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)\" \"id:1,pass,nolog,capture\"\n",
      get("a=abcdefghijk"));
  EXPECT_EQ(o.tx("9"), "i");
  EXPECT_EQ(o.tx("10"), "<unset>");
}

TEST(CaptureAction, LaterMatchClearsUnusedSlots) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@rx (x)(y)" "id:1,pass,nolog,capture"
SecRule ARGS:b "@rx (z)" "id:2,pass,nolog,capture"
)R",
                        get("a=xy&b=z"));
  EXPECT_EQ(o.tx("1"), "z");
  EXPECT_EQ(o.tx("2"), "<unset>");
}

TEST(CaptureAction, WithoutCaptureNothingIsStored) {
  Outcome o = run_rules("SecRule ARGS:a \"@rx (x)\" \"id:1,pass,nolog\"\n", get("a=x"));
  EXPECT_EQ(o.tx("0"), "<unset>");
  EXPECT_EQ(o.tx("1"), "<unset>");
}

TEST(CaptureAction, ValuesLastUntilOverwritten) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@rx (x)" "id:1,pass,nolog,capture"
SecRule ARGS:b "@rx (nomatch)" "id:2,pass,nolog,capture"
)R",
                        get("a=x&b=y"));
  EXPECT_EQ(o.tx("1"), "x");
}

TEST(CaptureAction, PmCapturesThePhrase) {
  Outcome o =
      run_rules("SecRule ARGS:a \"@pm foo bar\" \"id:1,pass,nolog,capture\"\n", get("a=xxBARxx"));
  EXPECT_EQ(o.tx("0"), "bar");
}

// ---- multiMatch ----

TEST(MultiMatchAction, OperatorRunsOnEveryStage) {
  // %41 -> urlDecodeUni -> "A" -> lowercase -> "a": only the middle stage equals "A".
  const char* rules =
      "SecRule ARGS:a \"@streq A\" \"id:1,pass,nolog,t:none,t:urlDecodeUni,t:lowercase%s,"
      "setvar:tx.hit=1\"\n";
  char with[300], without[300];
  std::snprintf(with, sizeof with, rules, ",multiMatch");
  std::snprintf(without, sizeof without, rules, "");
  EXPECT_EQ(run_rules(with, get("a=%2541")).tx("hit"), "1");  // "%41" after query decoding
  EXPECT_EQ(run_rules(without, get("a=%2541")).tx("hit"), "<unset>");
}

TEST(MultiMatchAction, UnchangedStagesAreNotRetested) {
  Outcome o = run_rules(
      "SecRule ARGS:a \"@unconditionalMatch\" "
      "\"id:1,pass,nolog,multiMatch,t:none,t:lowercase,t:urlDecodeUni,setvar:tx.n=+1\"\n",
      get("a=ABC"));
  EXPECT_EQ(o.tx("n"), "2");  // "ABC" and "abc"; urlDecodeUni changes nothing
}

// Two multiMatch rules, and a plain rule that cached the first stage's pipeline before them: each
// rule sees every stage.
TEST(MultiMatchAction, StagesFromTheCacheAreTheSame) {
  const char* counting =
      "SecRule ARGS:a \"@unconditionalMatch\" "
      "\"id:%d,pass,nolog,multiMatch,t:none,t:urlDecodeUni,t:lowercase,t:urlDecodeUni,"
      "setvar:tx.n=+1\"\n";
  char first[300], second[300];
  std::snprintf(first, sizeof first, counting, 1);
  std::snprintf(second, sizeof second, counting, 2);
  // "%2541" after query decoding is "%41": raw, "A" after urlDecodeUni, "a" after lowercase;
  // the last urlDecodeUni changes nothing.
  EXPECT_EQ(run_rules(first, get("a=%252541")).tx("n"), "3");
  EXPECT_EQ(run_rules(std::string(first) + second, get("a=%252541")).tx("n"), "6");
  // A plain rule ran t:urlDecodeUni first: its entry is the multiMatch rule's first stage.
  EXPECT_EQ(run_rules("SecRule ARGS:a \"@streq x\" \"id:3,pass,nolog,t:none,t:urlDecodeUni\"\n" +
                          std::string(first),
                      get("a=%252541"))
                .tx("n"),
            "3");
}

// @rx on every stage, twice: the prefilter and PCRE2 see each stage.
TEST(MultiMatchAction, RegexSeesEveryCachedStage) {
  const char* rule =
      "SecRule ARGS:a \"@rx ^\\$\\{jndi:\" "
      "\"id:%d,pass,nolog,multiMatch,t:none,t:urlDecodeUni,t:lowercase,setvar:tx.hit%d=1\"\n";
  char first[300], second[300];
  std::snprintf(first, sizeof first, rule, 1, 1);
  std::snprintf(second, sizeof second, rule, 2, 2);
  Outcome o = run_rules(std::string(first) + second, get("a=%2524%257BJNDI:x"));
  EXPECT_EQ(o.tx("hit1"), "1");  // "${JNDI:x}" then "${jndi:x}": the last stage matches
  EXPECT_EQ(o.tx("hit2"), "1");
}

TEST(MultiMatchAction, RawValueIsTested) {
  Outcome o = run_rules(
      "SecRule ARGS:a \"@streq ABC\" \"id:1,pass,nolog,multiMatch,t:none,t:lowercase,"
      "setvar:tx.hit=1\"\n",
      get("a=ABC"));
  EXPECT_EQ(o.tx("hit"), "1");
}

// ---- t: ----

struct PipelineCase {
  const char* name;
  std::string transforms;
  std::string input;   // the query-string value
  std::string target;  // the value the operator must see
};

class Pipeline : public ::testing::TestWithParam<PipelineCase> {};

TEST_P(Pipeline, RunsInWrittenOrder) {
  Outcome o = run_rules("SecRule ARGS:a \"@streq " + GetParam().target + "\" \"id:1,pass,nolog" +
                            GetParam().transforms + ",setvar:tx.hit=1\"\n",
                        get("a=" + GetParam().input));
  EXPECT_EQ(o.tx("hit"), "1") << GetParam().transforms;
}

INSTANTIATE_TEST_SUITE_P(
    Values, Pipeline,
    ::testing::Values(PipelineCase{"None", ",t:none", "ABC", "ABC"},
                      PipelineCase{"Lowercase", ",t:lowercase", "ABC", "abc"},
                      PipelineCase{"DecodeThenLower", ",t:urlDecodeUni,t:lowercase", "%2541", "a"},
                      PipelineCase{"LowerThenDecode", ",t:lowercase,t:urlDecodeUni", "%2541", "A"},
                      PipelineCase{"NoneClearsEarlier", ",t:lowercase,t:none", "ABC", "ABC"},
                      PipelineCase{"NoneThenMore", ",t:lowercase,t:none,t:urlDecodeUni", "%2541",
                                   "A"},
                      PipelineCase{"NameIsCaseInsensitive", ",t:LowerCase", "ABC", "abc"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Pipeline, DefaultsComeFirst) {
  Outcome o = run_rules(R"R(
SecDefaultAction "phase:2,log,pass,t:urlDecodeUni"
SecRule ARGS:a "@streq a" "id:1,nolog,t:lowercase,setvar:tx.hit=1"
)R",
                        get("a=%2541"));
  EXPECT_EQ(o.tx("hit"), "1");  // urlDecodeUni (default) then lowercase
}

TEST(Pipeline, MatchedVarIsTheTransformedValue) {
  // MATCHED_VAR is the transformed value in v2 (it is what the operator saw).
  Outcome o = run_rules(
      "SecRule ARGS:a \"@streq abc\" \"id:1,pass,nolog,t:lowercase,setvar:tx.mv=%{MATCHED_VAR}\"\n",
      get("a=ABC"));
  EXPECT_EQ(o.tx("mv"), "abc");
}

}  // namespace
}  // namespace rampart::testing
