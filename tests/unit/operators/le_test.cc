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
TEST(LeOperator, ComparesAsIntegers) {
  const NumCase cases[] = {
      {"15", "14", true}, {"15", "15", true}, {"15", "16", false},
      {"0", "", true},    {"-1", "0", false}, {"5", "5.9", true},
  };
  for (const NumCase& c : cases) {
    SCOPED_TRACE(std::string(c.value) + " @le " + std::string(c.param));
    EXPECT_EQ(optest::matches("le", c.param, c.value), c.match);
  }
}

TEST(LeOperator, MessageShowsTheParsedParameter) {
  auto b = build("le", " 0005xyz");
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  ASSERT_TRUE(run(*b.op, "5"));
  EXPECT_EQ(run.st.message, "Operator LE matched 5 at TX:score.");
}

TEST(LeOperator, MacroParameterIsParsedPerCall) {
  auto b = build("le", "%{tx.threshold}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:score");
  EXPECT_TRUE(run(*b.op, "7", "7"));
  EXPECT_FALSE(run(*b.op, "7", "5"));
  EXPECT_EQ(run.st.message, "Operator LE matched 7 at TX:score.");
}

}  // namespace
}  // namespace rampart::operators
