#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

struct NumCase {
  std::string_view param;
  std::string_view value;
  bool match;
};

// Value and parameter are read like C atoi(): whitespace, sign, digits; anything else counts as 0.
TEST(LtOperator, ComparesAsIntegers) {
  const NumCase cases[] = {
      {"15", "14", true}, {"15", "15", false}, {"15", "16", false}, {"1", "", true},
      {"0", "-1", true},  {"5", "abc", true},  {"abc", "-1", true}, {"10", "9x", true},
  };
  for (const NumCase& c : cases) {
    SCOPED_TRACE(std::string(c.value) + " @lt " + std::string(c.param));
    EXPECT_EQ(optest::matches("lt", c.param, c.value), c.match);
  }
}

TEST(LtOperator, MessageShowsTheParsedParameter) {
  auto b = build("lt", " 0005xyz");
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  ASSERT_TRUE(run(*b.op, "4"));
  EXPECT_EQ(run.st.message, "Operator LT matched 5 at TX:score.");
}

TEST(LtOperator, MacroParameterIsParsedPerCall) {
  auto b = build("lt", "%{tx.threshold}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  EXPECT_TRUE(run(*b.op, "6", "7"));
  EXPECT_FALSE(run(*b.op, "6", "5"));
  EXPECT_EQ(run.st.message, "Operator LT matched 7 at TX:score.");
}

}  // namespace
}  // namespace rampart::operators
