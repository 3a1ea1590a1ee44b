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
TEST(GtOperator, ComparesAsIntegers) {
  const NumCase cases[] = {
      {"15", "16", true}, {"15", "15", false}, {"15", "14", false},           {"0", "", false},
      {"-1", "", true},   {"2", "3rd", true},  {"1000", "99999999999", true},
  };
  for (const NumCase& c : cases) {
    SCOPED_TRACE(std::string(c.value) + " @gt " + std::string(c.param));
    EXPECT_EQ(optest::matches("gt", c.param, c.value), c.match);
  }
}

TEST(GtOperator, MessageShowsTheParsedParameter) {
  auto b = build("gt", " 0005xyz");
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  ASSERT_TRUE(run(*b.op, "6"));
  EXPECT_EQ(run.st.message, "Operator GT matched 5 at TX:score.");
}

TEST(GtOperator, MacroParameterIsParsedPerCall) {
  auto b = build("gt", "%{tx.threshold}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  EXPECT_TRUE(run(*b.op, "8", "7"));
  EXPECT_FALSE(run(*b.op, "8", "9"));
  EXPECT_EQ(run.st.message, "Operator GT matched 7 at TX:score.");
}

}  // namespace
}  // namespace rampart::operators
