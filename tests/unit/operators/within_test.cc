#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

struct StrCase {
  std::string_view param;
  std::string_view value;
  bool match;
};

TEST(WithinOperator, ValueIsASubstringOfTheParameter) {
  const StrCase cases[] = {
      {"GET HEAD POST OPTIONS", "POST", true},
      {"GET HEAD POST OPTIONS", "post", false},  // case-sensitive
      {"GET HEAD POST OPTIONS", "PUT", false},
      {"GET HEAD POST OPTIONS", "T HE", true},  // plain substring, no word boundaries
      {"GET", "GET HEAD", false},               // a value longer than the parameter
      {"GET", "", true},                        // v2: an empty value always matches
      {"", "", true},
      {"", "x", false},
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.value) + " within " + std::string(c.param));
    EXPECT_EQ(optest::matches("within", c.param, c.value), c.match);
  }
}

TEST(WithinOperator, Messages) {
  auto b = build("within", "%{tx.allowed_methods}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("REQUEST_METHOD");
  ASSERT_TRUE(run(*b.op, "HEAD", "GET HEAD"));
  EXPECT_EQ(run.st.message, R"(String match within "GET HEAD" at REQUEST_METHOD.)");
  ASSERT_TRUE(run(*b.op, "", "GET HEAD"));
  EXPECT_EQ(run.st.message, R"(String match within "" at REQUEST_METHOD.)");
}

}  // namespace
}  // namespace rampart::operators
