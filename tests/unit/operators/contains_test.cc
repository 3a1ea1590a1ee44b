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

TEST(ContainsOperator, SubstringCaseSensitive) {
  const StrCase cases[] = {
      {".php", "GET /index.php HTTP/1.1", true},
      {".php", "GET /index.PHP HTTP/1.1", false},
      {".php", ".ph", false},
      {"abc", "abc", true},
      {"", "anything", true},  // v2: the empty string always matches
      {"", "", true},
      {"x", "", false},
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " in " + std::string(c.value));
    EXPECT_EQ(optest::matches("contains", c.param, c.value), c.match);
  }
}

TEST(ContainsOperator, MessageAndMacros) {
  auto b = build("contains", "%{TX.1}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("ARGS:ip");
  EXPECT_FALSE(run(*b.op, "10.0.0.1", "192.168"));
  EXPECT_TRUE(run.st.message.empty());
  ASSERT_TRUE(run(*b.op, "x\n10.0", "\n10"));
  EXPECT_EQ(run.st.message, R"(String match "\n10" at ARGS:ip.)");
}

}  // namespace
}  // namespace rampart::operators
