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

TEST(BeginsWithOperator, PrefixCaseSensitive) {
  const StrCase cases[] = {
      {"GET", "GET / HTTP/1.1", true},
      {"GET", "get / HTTP/1.1", false},
      {"GET", " GET", false},
      {"GET", "GE", false},
      {"GET", "GET", true},
      {"", "anything", true},  // empty prefix: v2 matches
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " ^ " + std::string(c.value));
    EXPECT_EQ(optest::matches("beginsWith", c.param, c.value), c.match);
  }
}

TEST(BeginsWithOperator, MessageAndMacros) {
  auto b = build("beginsWith", "%{TX.1}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("ARGS:gw");
  ASSERT_TRUE(run(*b.op, "192.168.1.1", "192.168"));
  EXPECT_EQ(run.st.message, R"(String match "192.168" at ARGS:gw.)");
  EXPECT_FALSE(run(*b.op, "10.0.0.1", "192.168"));
}

}  // namespace
}  // namespace rampart::operators
