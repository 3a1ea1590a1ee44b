// ARGS, ARGS_GET, ARGS_POST, their _NAMES, and ARGS_COMBINED_SIZE.
#include <gtest/gtest.h>

#include <string>

#include "engine/rule_harness.h"

namespace rampart::testing {
namespace {

Request get_and_post(std::string query, std::string body) {
  Request r = post_form(std::move(body));
  r.query = std::move(query);
  return r;
}

struct ArgsCase {
  const char* name;
  std::string targets;
  std::string query, body;
  std::string expected;
};

class ArgsFamily : public ::testing::TestWithParam<ArgsCase> {};

TEST_P(ArgsFamily, Values) {
  const ArgsCase& c = GetParam();
  Request r = c.body.empty() ? get(c.query) : get_and_post(c.query, c.body);
  EXPECT_EQ(seen(c.targets, std::move(r)), c.expected) << c.targets;
}

INSTANTIATE_TEST_SUITE_P(
    V2, ArgsFamily,
    ::testing::Values(
        ArgsCase{"ArgsGetThenPost", "ARGS", "a=1&b=2", "c=3", "[ARGS:a=1][ARGS:b=2][ARGS:c=3]"},
        ArgsCase{"ArgsGet", "ARGS_GET", "a=1", "c=3", "[ARGS_GET:a=1]"},
        ArgsCase{"ArgsPost", "ARGS_POST", "a=1", "c=3", "[ARGS_POST:c=3]"},
        ArgsCase{"ArgsNames", "ARGS_NAMES", "a=1&b=2", "c=3",
                 "[ARGS_NAMES:a=a][ARGS_NAMES:b=b][ARGS_NAMES:c=c]"},
        ArgsCase{"ArgsGetNames", "ARGS_GET_NAMES", "a=1", "c=3", "[ARGS_GET_NAMES:a=a]"},
        ArgsCase{"ArgsPostNames", "ARGS_POST_NAMES", "a=1", "c=3", "[ARGS_POST_NAMES:c=c]"},
        ArgsCase{"Duplicates", "ARGS", "a=1&a=2", "", "[ARGS:a=1][ARGS:a=2]"},
        ArgsCase{"PercentAndPlusDecoded", "ARGS", "n%61me=a+b%20c", "", "[ARGS:name=a b c]"},
        ArgsCase{"EmptyValue", "ARGS", "a=", "", "[ARGS:a=]"},
        ArgsCase{"NoEquals", "ARGS", "flag", "", "[ARGS:flag=]"},
        ArgsCase{"EqualsInValue", "ARGS", "a=b=c", "", "[ARGS:a=b=c]"},
        ArgsCase{"NoArgs", "ARGS", "", "", "<unset>"},
        ArgsCase{"CombinedSize", "ARGS_COMBINED_SIZE", "a=1&bb=22", "ccc=333",
                 "[ARGS_COMBINED_SIZE=12]"},
        ArgsCase{"CombinedSizeCountsDecodedBytes", "ARGS_COMBINED_SIZE", "a=%41%42", "",
                 "[ARGS_COMBINED_SIZE=3]"},
        ArgsCase{"CombinedSizeNoArgs", "ARGS_COMBINED_SIZE", "", "", "[ARGS_COMBINED_SIZE=0]"},
        ArgsCase{"CountArgs", "&ARGS", "a=1&b=2", "c=3", "[ARGS=3]"},
        ArgsCase{"CountArgsGet", "&ARGS_GET", "a=1&b=2", "c=3", "[ARGS_GET=2]"},
        ArgsCase{"CountNoArgs", "&ARGS", "", "", "[ARGS=0]"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ArgsFamily, PostArgumentsNeedRequestBodyAccess) {
  Outcome o = run_exact(
      "SecRuleEngine On\n"
      "SecRule &ARGS_POST \"@eq 0\" \"id:1,phase:2,pass,nolog,setvar:tx.none=1\"\n",
      post_form("a=1"));
  EXPECT_EQ(o.tx("none"), "1");
}

TEST(ArgsFamily, BodyArgumentsAreNotThereInPhase1) {
  EXPECT_EQ(seen("&ARGS_POST", post_form("a=1"), 1), "[ARGS_POST=0]");
  EXPECT_EQ(seen("&ARGS_POST", post_form("a=1"), 2), "[ARGS_POST=1]");
}

}  // namespace
}  // namespace rampart::testing
