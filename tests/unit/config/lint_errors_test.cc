// Every configuration error the parser reports, with its file:line. The wording is Rampart's;
// which inputs are errors follows ModSecurity v2 (a rule set v2 rejects must not load here, and
// one v2 loads must load).
#include <gtest/gtest.h>

#include <string>

#include "engine_fixture.h"

namespace rampart::testing {
namespace {

struct LintCase {
  const char* name;
  std::string rules;
  std::string expected;  // a substring of "file:line: message"
};

class LintError : public ::testing::TestWithParam<LintCase> {};

TEST_P(LintError, Reported) {
  std::string err = load_error(GetParam().rules);
  EXPECT_NE(err.find(GetParam().expected), std::string::npos)
      << "rules:\n"
      << GetParam().rules << "\nerror: " << err;
}

constexpr const char* kFile = "/rules/test.conf:";

INSTANTIATE_TEST_SUITE_P(
    Parser, LintError,
    ::testing::Values(
        LintCase{"UnknownDirective", "SecRuleEngine On\nSecFrobnicate on\n",
                 std::string(kFile) + "2: unknown directive 'SecFrobnicate'"},
        LintCase{"TooManyArguments", "SecRuleEngine On Off\n",
                 std::string(kFile) + "1: SecRuleEngine takes 1 argument, got 2"},
        LintCase{"SecRuleOneArgument", "SecRule ARGS\n",
                 std::string(kFile) + "1: SecRule takes 2 to 3 arguments, got 1"},
        LintCase{"SecRuleFourArguments", "SecRule ARGS x \"id:1\" extra\n",
                 std::string(kFile) + "1: SecRule takes 2 to 3 arguments, got 4"},
        LintCase{"SecActionNoArgument", "SecAction\n",
                 std::string(kFile) + "1: SecAction takes 1 argument, got 0"},
        LintCase{"UnknownVariable", "\nSecRule ARGZ \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "2: unknown variable 'ARGZ'"},
        LintCase{"UnknownVariableAfterPipe", "SecRule ARGS|NOPE \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "1: unknown variable 'NOPE'"},
        LintCase{"EmptyTarget", "SecRule ARGS|| \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "1: empty target"},
        LintCase{"ExclusionNeedsSelector", "SecRule ARGS|!ARGS \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "1: exclusion '!ARGS' needs a selector"},
        LintCase{"SelectorOnScalar", "SecRule REQUEST_URI:x \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "1: variable REQUEST_URI is not a collection"},
        LintCase{"BadSelectorRegex", "SecRule ARGS:/(/ \"@rx x\" \"id:1\"\n",
                 std::string(kFile) + "1: bad regular expression in selector"},
        LintCase{"UnknownOperator", "SecRule ARGS \"@nope x\" \"id:1\"\n",
                 std::string(kFile) + "1: unknown operator '@nope'"},
        LintCase{"BadRegexWithOffset", "SecRule ARGS \"@rx a(b\" \"id:1\"\n",
                 std::string(kFile) + "1: @rx: Error compiling pattern (offset 3): "},
        LintCase{"BadImplicitRegex", "SecRule ARGS \"[a\" \"id:1\"\n",
                 std::string(kFile) + "1: @rx: Error compiling pattern (offset"},
        LintCase{"UnknownAction", "SecRule ARGS \"@rx x\" \"id:1,frobnicate\"\n",
                 std::string(kFile) + "1: unknown action 'frobnicate'"},
        LintCase{"UnknownTransformation", "SecRule ARGS \"@rx x\" \"id:1,t:nope\"\n",
                 std::string(kFile) + "1: unknown transformation 'nope'"},
        LintCase{"ActionNeedsValue", "SecRule ARGS \"@rx x\" \"id:1,msg\"\n",
                 std::string(kFile) + "1: action 'msg' needs a value"},
        LintCase{"ActionTakesNoValue", "SecRule ARGS \"@rx x\" \"id:1,deny:now\"\n",
                 std::string(kFile) + "1: action 'deny' takes no value"},
        LintCase{"UnterminatedQuote", "SecRule ARGS \"@rx x\" \"id:1,msg:'abc\"\n",
                 std::string(kFile) + "1: missing closing quote in the value of action 'msg'"},
        LintCase{"TextAfterQuotedValue", "SecRule ARGS \"@rx x\" \"id:1,msg:'abc'def\"\n",
                 std::string(kFile) + "1: unexpected text after the quoted value"},
        LintCase{"MissingId", "SecRule ARGS \"@rx x\" \"phase:2,pass\"\n",
                 std::string(kFile) + "1: rule has no id"},
        LintCase{"MissingIdNoActions", "SecRule ARGS \"@rx x\"\n",
                 std::string(kFile) + "1: rule has no id"},
        LintCase{"SecActionMissingId", "SecAction \"phase:1,pass\"\n",
                 std::string(kFile) + "1: rule has no id"},
        LintCase{"DuplicateId",
                 "SecRule ARGS \"@rx x\" \"id:7\"\nSecRule ARGS \"@rx y\" \"id:7\"\n",
                 std::string(kFile) + "2: duplicate rule id 7"},
        LintCase{"IdNotANumber", "SecRule ARGS \"@rx x\" \"id:abc\"\n",
                 std::string(kFile) + "1: id must be a positive integer"},
        LintCase{"IdZero", "SecRule ARGS \"@rx x\" \"id:0\"\n",
                 std::string(kFile) + "1: id must be a positive integer"},
        LintCase{"IdNegative", "SecRule ARGS \"@rx x\" \"id:-5\"\n",
                 std::string(kFile) + "1: id must be a positive integer"},
        LintCase{"OpenChainAtEndOfFile",
                 "SecRuleEngine On\nSecRule ARGS \"@rx x\" \"id:1,chain\"\n",
                 std::string(kFile) + "2: the rule has 'chain'"},
        LintCase{"MetadataInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"msg:'m'\"\n",
                 std::string(kFile) + "2: metadata actions"},
        LintCase{"IdInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"id:2\"\n",
                 std::string(kFile) + "2: metadata actions"},
        LintCase{"PhaseInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"phase:1\"\n",
                 std::string(kFile) + "2: "},
        LintCase{"DisruptiveInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"deny\"\n",
                 std::string(kFile) + "2: disruptive actions can only be specified by the chain "
                                      "starter"},
        LintCase{"SkipAfterInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" "
                 "\"skipAfter:END\"\n",
                 std::string(kFile) + "2: skip and skipAfter"},
        LintCase{"SkipInChainLink",
                 "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"skip:1\"\n",
                 std::string(kFile) + "2: skip and skipAfter"},
        LintCase{"MarkerInsideOpenChain", "SecRule ARGS \"@rx x\" \"id:1,chain\"\nSecMarker END\n",
                 std::string(kFile) + "2: SecMarker inside an open chain"},
        LintCase{"PhaseSix", "SecRule ARGS \"@rx x\" \"id:1,phase:6\"\n",
                 std::string(kFile) + "1: phase must be 1-5"},
        LintCase{"PhaseZero", "SecRule ARGS \"@rx x\" \"id:1,phase:0\"\n",
                 std::string(kFile) + "1: phase must be 1-5"},
        LintCase{"PhaseWord", "SecRule ARGS \"@rx x\" \"id:1,phase:body\"\n",
                 std::string(kFile) + "1: phase must be 1-5"},
        LintCase{"SeverityEight", "SecRule ARGS \"@rx x\" \"id:1,severity:8\"\n",
                 std::string(kFile) + "1: severity must be 0-7"},
        LintCase{"SeverityWord", "SecRule ARGS \"@rx x\" \"id:1,severity:SEVERE\"\n",
                 std::string(kFile) + "1: severity must be 0-7"},
        LintCase{"StatusNotANumber", "SecRule ARGS \"@rx x\" \"id:1,deny,status:abc\"\n",
                 std::string(kFile) + "1: status must be an HTTP status code"},
        LintCase{"SkipNotANumber", "SecRule ARGS \"@rx x\" \"id:1,skip:x\"\n",
                 std::string(kFile) + "1: skip needs a positive number"},
        LintCase{"AllowBadScope", "SecRule ARGS \"@rx x\" \"id:1,allow:everything\"\n",
                 std::string(kFile) + "1: allow takes no value, 'phase' or 'request'"},
        LintCase{"SetvarWithoutCollection", "SecRule ARGS \"@rx x\" \"id:1,setvar:score=1\"\n",
                 std::string(kFile) + "1: setvar needs COLLECTION.name"},
        LintCase{"DefaultActionNeedsPhase", "SecDefaultAction \"log,pass\"\n",
                 std::string(kFile) + "1: SecDefaultAction needs a phase"},
        LintCase{"DefaultActionNoMetadata", "SecDefaultAction \"phase:2,pass,id:1\"\n",
                 std::string(kFile) + "1: SecDefaultAction may not contain metadata"},
        LintCase{"DefaultActionNoMsg", "SecDefaultAction \"phase:2,pass,msg:'x'\"\n",
                 std::string(kFile) + "1: SecDefaultAction may not contain metadata"},
        LintCase{"DefaultActionNoChain", "SecDefaultAction \"phase:2,pass,chain\"\n",
                 std::string(kFile) + "1: SecDefaultAction may not contain chain"},
        LintCase{"DefaultActionNoSkipAfter", "SecDefaultAction \"phase:2,pass,skipAfter:X\"\n",
                 std::string(kFile) + "1: SecDefaultAction may not contain chain"},
        LintCase{"RemoveByIdNotAnId", "SecRuleRemoveById abc\n",
                 std::string(kFile) + "1: SecRuleRemoveById takes rule ids"},
        LintCase{"RemoveByIdBackwardsRange", "SecRuleRemoveById 20-10\n",
                 std::string(kFile) + "1: SecRuleRemoveById takes rule ids"},
        LintCase{"ErrorLineIsTheFirstLineOfAContinuedDirective",
                 "SecRuleEngine On\nSecRule ARGS \\\n  \"@rx x\" \\\n  \"id:1,bogus\"\n",
                 std::string(kFile) + "2: unknown action 'bogus'"}),
    [](const auto& info) { return std::string(info.param.name); });

// What v2 accepts must load.
class LoadsLikeV2 : public ::testing::TestWithParam<std::string> {};

TEST_P(LoadsLikeV2, NoError) {
  EXPECT_EQ(load_error(GetParam()), "") << GetParam();
}

INSTANTIATE_TEST_SUITE_P(
    Parser, LoadsLikeV2,
    ::testing::Values(
        "SecRule ARGS \"x\" \"id:1\"",                   // bare pattern means @rx
        "SecRule ARGS \"!@rx x\" \"id:1\"",              // negation
        "SecRule ARGS \"@rx x\" id:1",                   // unquoted actions
        "SecRule ARGS \"@rx x\" \"id:'1',msg:'a, b'\"",  // quoted values, comma inside
        "SecRule ARGS \"@rx x\" \"id:1,phase:request\"",
        "SecRule ARGS \"@rx x\" \"id:1,phase:response\"",
        "SecRule ARGS \"@rx x\" \"id:1,phase:logging\"",
        "SecRule ARGS \"@rx x\" \"id:1,severity:CRITICAL\"",
        "SecRule ARGS \"@rx x\" \"id:1,severity:critical\"",
        "SecRule ARGS \"@rx x\" \"id:1,severity:2\"",
        "SecRule ARGS \"@rx x\" \"id:1,chain\"\nSecRule ARGS \"@rx y\" "
        "\"t:none,t:lowercase,setvar:tx.a=1,capture,multiMatch,log,nolog\"",
        "SecRule ARGS \"@rx x\" \"id:1,chain\"\n  SecRule ARGS \"@rx y\" \"chain\"\n    SecRule "
        "ARGS \"@rx z\" \"t:none\"",
        "SecRule REQUEST_HEADERS:/^x-/|!REQUEST_HEADERS:x-ok|&ARGS \"@rx x\" \"id:1\"",
        "SecRule \"ARGS:'quoted name'\" \"@rx x\" \"id:1\"",
        "SecRule TX:/^(?:a|b)$/ \"@rx x\" \"id:1\"",  // '|' inside a regex selector
        "SecMarker END\nSecMarker \"BEGIN-1\"",
        "SecAction \"id:1,phase:1,nolog,pass,t:none,setvar:tx.x=1\"",
        "SecDefaultAction \"phase:1,log,auditlog,pass\"\nSecDefaultAction "
        "\"phase:2,log,auditlog,pass\"",
        "SecRule ARGS \"@rx x\" \"id:1,deny,status:403\"\nSecRule ARGS \"@rx x\" "
        "\"id:2,redirect:http://example.com/\""));

// v2 requires a disruptive action in SecDefaultAction (cmd_default_action: "ModSecurity:
// SecDefaultAction must specify a disruptive action.").
TEST(LintErrorV2, DefaultActionNeedsADisruptiveAction) {
  EXPECT_NE(
      load_error("SecDefaultAction \"phase:2,log,auditlog\"\n").find(std::string(kFile) + "1: "),
      std::string::npos);
}

// v2 rejects a disruptive action on a logging-phase rule (add_rule: "ModSecurity:
// Disruptive actions cannot be specified in the logging phase.").
TEST(LintErrorV2, DisruptiveActionInLoggingPhase) {
  EXPECT_NE(
      load_error("SecRule ARGS \"@rx x\" \"id:1,phase:5,deny\"\n").find(std::string(kFile) + "1: "),
      std::string::npos);
  EXPECT_EQ(load_error("SecRule ARGS \"@rx x\" \"id:2,phase:5,pass\"\n"), "");
}

TEST(LintErrorV2, EnvNeedsALiteralSelector) {
  EXPECT_NE(load_error("SecRule ENV \"@rx x\" \"id:1\"\n"), "");
  EXPECT_NE(load_error("SecRule ENV:/^A/ \"@rx x\" \"id:1\"\n"), "");
}

TEST(LintErrorV2, AllowIsAcceptedInLoggingPhase) {
  EXPECT_EQ(load_error("SecRule ARGS \"@rx x\" \"id:1,phase:5,allow\"\n"), "");
  EXPECT_EQ(load_error("SecRule ARGS \"@rx x\" \"id:1,phase:5,allow:request\"\n"), "");
}

TEST(LintError, OpenChainIsReportedByFinish) {
  Config config;
  ASSERT_FALSE(config.apply("SecRule", "ARGS \"@rx x\" \"id:1,chain\"", {"/r.conf", 9}));
  auto err = config.finish();
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->where.file, "/r.conf");
  EXPECT_EQ(err->where.line, 9);
}

TEST(LintError, ToStringIsFileColonLineColonMessage) {
  ConfigError e{{"/a/b.conf", 12}, "boom"};
  EXPECT_EQ(e.to_string(), "/a/b.conf:12: boom");
}

}  // namespace
}  // namespace rampart::testing
