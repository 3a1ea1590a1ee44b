// Target selection: VAR:key (case-insensitive), VAR:/regex/, exclusion !VAR:key, counting &VAR.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

struct SelectCase {
  const char* name;
  std::string targets;
  std::string query;
  std::string expected;
};

class Select : public ::testing::TestWithParam<SelectCase> {};

TEST_P(Select, Values) {
  EXPECT_EQ(seen(GetParam().targets, get(GetParam().query)), GetParam().expected)
      << GetParam().targets;
}

INSTANTIATE_TEST_SUITE_P(
    V2, Select,
    ::testing::Values(
        SelectCase{"Key", "ARGS:b", "a=1&b=2", "[ARGS:b=2]"},
        SelectCase{"KeyIsCaseInsensitiveAndLogsTheRealName", "ARGS:FOO", "Foo=1", "[ARGS:Foo=1]"},
        SelectCase{"KeyMatchesEveryDuplicate", "ARGS:a", "a=1&b=2&a=3", "[ARGS:a=1][ARGS:a=3]"},
        SelectCase{"QuotedKey", "ARGS:'b'", "a=1&b=2", "[ARGS:b=2]"},
        SelectCase{"MissingKey", "ARGS:zz", "a=1", "<unset>"},
        SelectCase{"Regex", "ARGS:/^x_/", "x_a=1&y=2&x_b=3", "[ARGS:x_a=1][ARGS:x_b=3]"},
        SelectCase{"RegexIsCaseInsensitive", "ARGS:/^foo$/", "FOO=1", "[ARGS:FOO=1]"},
        SelectCase{"RegexWithAlternation", "ARGS:/^(?:a|c)$/", "a=1&b=2&c=3",
                   "[ARGS:a=1][ARGS:c=3]"},
        SelectCase{"Exclusion", "ARGS|!ARGS:b", "a=1&b=2&c=3", "[ARGS:a=1][ARGS:c=3]"},
        SelectCase{"ExclusionIsCaseInsensitive", "ARGS|!ARGS:B", "a=1&b=2", "[ARGS:a=1]"},
        SelectCase{"ExclusionBeforeTheTarget", "!ARGS:b|ARGS", "a=1&b=2", "[ARGS:a=1]"},
        SelectCase{"RegexExclusion", "ARGS|!ARGS:/^x_/", "x_a=1&y=2", "[ARGS:y=2]"},
        SelectCase{"ExclusionOnlyAffectsItsCollection", "ARGS|ARGS_NAMES|!ARGS:a", "a=1",
                   "[ARGS_NAMES:a=a]"},
        SelectCase{"TargetsInWrittenOrder", "ARGS:b|ARGS:a", "a=1&b=2", "[ARGS:b=2][ARGS:a=1]"},
        SelectCase{"Count", "&ARGS", "a=1&b=2&a=3", "[ARGS=3]"},
        SelectCase{"CountKey", "&ARGS:a", "a=1&b=2&a=3", "[ARGS:a=2]"},
        SelectCase{"CountMissingKeyIsZero", "&ARGS:missing", "a=1", "[ARGS:missing=0]"},
        SelectCase{"CountRegex", "&ARGS:/^a/", "a=1&ab=2&b=3", "[ARGS=2]"},
        SelectCase{"CountTxMissingIsZero", "&TX:nothing", "", "[TX:nothing=0]"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Select, CountingMissingKeyMatchesEqZero) {
  // The CRS idiom: SecRule &TX:x "@eq 0" to set a default.
  Outcome o = run_rules(
      "SecRule &TX:inbound_anomaly_score_threshold \"@eq 0\" "
      "\"id:1,phase:1,pass,nolog,setvar:tx.inbound_anomaly_score_threshold=5\"\n");
  EXPECT_EQ(o.tx("inbound_anomaly_score_threshold"), "5");
}

TEST(Select, TxRegexSelector) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,setvar:tx.header_name_a=x,setvar:tx.header_name_b=y,setvar:tx.other=z"
SecRule TX:/^header_name_/ "@unconditionalMatch" "id:2,pass,nolog,setvar:'tx.seen=%{tx.seen}[%{MATCHED_VAR_NAME}=%{MATCHED_VAR}]'"
)R");
  EXPECT_EQ(o.tx("seen"), "[TX:header_name_a=x][TX:header_name_b=y]");
}

// The selector keeps copies of what it selects: the first match's actions rewrite and delete
// the TX variables, the second value is still the one selected.
TEST(Select, TxRegexSelectionOutlivesTheActions) {
  Outcome o = run_rules(R"R(
SecAction "id:1,pass,nolog,setvar:tx.header_name_a=x,setvar:tx.header_name_b=y"
SecRule TX:/^header_name_/ "@unconditionalMatch" "id:2,pass,nolog,setvar:tx.header_name_a=changed,setvar:!tx.header_name_b,setvar:'tx.seen=%{tx.seen}[%{MATCHED_VAR}]'"
)R");
  EXPECT_EQ(o.tx("seen"), "[x][y]");
  EXPECT_EQ(o.tx("header_name_a"), "changed");
}

}  // namespace
}  // namespace rampart::testing
