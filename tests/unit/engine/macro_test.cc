// Macro expansion (%{...}) in msg, logdata, setvar and operator parameters.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

struct MacroCase {
  const char* name;
  std::string setup;  // rules run before the probe
  std::string macro;  // text expanded into tx.out by the probe rule
  std::string query;
  std::string expected;
};

class Macro : public ::testing::TestWithParam<MacroCase> {};

TEST_P(Macro, Expands) {
  const MacroCase& c = GetParam();
  Outcome o = run_rules(c.setup +
                            "SecRule ARGS:a \"@rx ^(.)(.*)$\" \"id:99,pass,nolog,capture,"
                            "msg:'m99',severity:4,rev:'r1',ver:'v1',setvar:'tx.out=" +
                            c.macro + "'\"\n",
                        with_headers(get(c.query), {{"X-Custom", "cv"}}));
  EXPECT_EQ(o.tx("out"), c.expected) << c.macro;
}

INSTANTIATE_TEST_SUITE_P(
    V2, Macro,
    ::testing::Values(
        MacroCase{"Capture", "", "%{TX.1}|%{tx.2}|%{TX.0}", "a=xyz", "x|yz|xyz"},
        MacroCase{"TxLowercase", "SecAction \"id:1,pass,nolog,setvar:tx.Foo=bar\"\n", "%{tx.foo}",
                  "a=1", "bar"},
        MacroCase{"TxUppercase", "SecAction \"id:1,pass,nolog,setvar:tx.foo=bar\"\n", "%{TX.FOO}",
                  "a=1", "bar"},
        MacroCase{"MatchedVar", "", "%{MATCHED_VAR}", "a=hello", "hello"},
        MacroCase{"MatchedVarName", "", "%{MATCHED_VAR_NAME}", "a=hello", "ARGS:a"},
        MacroCase{"HeaderCaseInsensitive", "",
                  "%{REQUEST_HEADERS.host}/%{request_headers.X-CUSTOM}", "a=1",
                  "www.example.com/cv"},
        MacroCase{"Args", "", "%{ARGS.a}", "a=val", "val"},
        MacroCase{"ArgsWithoutKeyIsTheFirst", "", "%{ARGS}", "a=1&b=2", "1"},
        MacroCase{"KeyOfAScalarIsIgnored", "", "%{REQUEST_METHOD.x}", "a=1", "GET"},
        MacroCase{"Scalars", "", "%{REQUEST_METHOD} %{REQUEST_URI} %{REMOTE_ADDR} %{UNIQUE_ID}",
                  "a=1", "GET /index.html?a=1 192.0.2.10 TESTID"},
        MacroCase{"RuleId", "", "%{RULE.id}", "a=1", "99"},
        MacroCase{"RuleMsgIsNotExpanded", "", "%{RULE.msg}", "a=1", "m99"},
        MacroCase{"RuleSeverityIsANumber", "", "%{RULE.severity}", "a=1", "4"},
        MacroCase{"RuleRevVer", "", "%{RULE.rev}/%{RULE.ver}", "a=1", "r1/v1"},
        MacroCase{"MissingTxIsEmpty", "", "[%{tx.nothing}]", "a=1", "[]"},
        MacroCase{"MissingHeaderIsEmpty", "", "[%{REQUEST_HEADERS.x-none}]", "a=1", "[]"},
        MacroCase{"UnknownVariableIsEmpty", "", "[%{NO_SUCH_VAR}]", "a=1", "[]"},
        MacroCase{"UnterminatedStaysLiteral", "", "%{tx.a", "a=1", "%{tx.a"},
        MacroCase{"PercentAloneStaysLiteral", "", "100% sure", "a=1", "100% sure"},
        MacroCase{"AdjacentMacros", "SecAction \"id:1,pass,nolog,setvar:tx.x=1,setvar:tx.y=2\"\n",
                  "%{tx.x}%{tx.y}", "a=1", "12"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(MacroV2, RuleMaturityAndAccuracy) {
  Outcome o = run_rules(
      "SecAction \"id:1,pass,nolog,maturity:7,accuracy:6,"
      "setvar:'tx.out=%{RULE.maturity}/%{RULE.accuracy}'\"\n");
  EXPECT_EQ(o.tx("out"), "7/6");
}

TEST(Macro, RuleFieldsOfAChainLinkAreTheStarters) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@rx x" "id:77,pass,nolog,msg:'starter msg',chain"
  SecRule ARGS:a "@rx x" "setvar:'tx.out=%{RULE.id} %{RULE.msg}'"
)R",
                        get("a=x"));
  EXPECT_EQ(o.tx("out"), "77 starter msg");
}

TEST(Macro, InOperatorParameter) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,setvar:tx.expected=secret,setvar:tx.max=3"
SecRule ARGS:a "@streq %{tx.expected}" "id:2,pass,nolog,setvar:tx.eq=1"
SecRule &ARGS "@gt %{tx.max}" "id:3,pass,nolog,setvar:tx.too_many=1"
)R",
                        get("a=secret&b=1&c=2&d=3"));
  EXPECT_EQ(o.tx("eq"), "1");
  EXPECT_EQ(o.tx("too_many"), "1");
}

TEST(Macro, MsgUsesTheLastMatchOfAChain) {
  Outcome o = run_rules(R"R(
SecRule ARGS:a "@rx ." "id:1,pass,msg:'%{MATCHED_VAR_NAME}=%{MATCHED_VAR}',logdata:'%{TX.1}',chain"
  SecRule ARGS:b "@rx (.+)" "capture"
)R",
                        get("a=first&b=second"));
  EXPECT_TRUE(o.logged("[msg \"ARGS:b=second\"] [data \"second\"]")) << o.line(0);
}

TEST(Macro, ExpandedPerMatchInSetvar) {
  Outcome o = run_rules(
      "SecRule ARGS \"@rx .\" \"id:1,pass,nolog,setvar:'tx.list=%{tx.list},%{MATCHED_VAR}'\"\n",
      get("a=1&b=2&c=3"));
  EXPECT_EQ(o.tx("list"), ",1,2,3");
}

}  // namespace
}  // namespace rampart::testing
