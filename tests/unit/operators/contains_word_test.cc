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

TEST(ContainsWordOperator, WholeWordsOnly) {
  const StrCase cases[] = {
      {"select", "-1 union select BENCHMARK(1)", true},
      {"select", "Your site has a wide selection of computers.", false},  // the manual's example
      {"select", "select", true},
      {"select", "select*", true},
      {"select", "(select)", true},
      {"select", "_select", false},               // '_' is a word byte
      {"select", "select9", false},               // digits are word bytes
      {"select", "SELECT", false},                // case-sensitive
      {"select", "selection then select", true},  // later occurrences are tried
      {"select", "reselect selects", false},
      {"a b", "x a b y", true},  // the parameter may contain non-word bytes
      {"select", "sel", false},
      {"", "anything", true},  // v2: the empty string always matches
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " in " + std::string(c.value));
    EXPECT_EQ(optest::matches("containsWord", c.param, c.value), c.match);
  }
}

TEST(ContainsWordOperator, Message) {
  auto b = build("containsWord", "select");
  ASSERT_NE(b.op, nullptr);
  Eval run("ARGS:q");
  ASSERT_TRUE(run(*b.op, "1 select 2"));
  EXPECT_EQ(run.st.message, R"(String match "select" at ARGS:q.)");
}

}  // namespace
}  // namespace rampart::operators
