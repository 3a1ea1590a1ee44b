#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using namespace std::literals;
using optest::build;
using optest::Eval;

struct StrCase {
  std::string_view param;
  std::string_view value;
  bool match;
};

TEST(StreqOperator, ExactCaseSensitiveEquality) {
  const StrCase cases[] = {
      {"POST", "POST", true},
      {"POST", "post", false},
      {"POST", "POST ", false},
      {"POST", "POS", false},
      {"", "", true},
      {"", "x", false},
      {"a\0b"sv, "a\0b"sv, true},
      {"a\0b"sv, "a\0c"sv, false},
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " == " + std::string(c.value));
    EXPECT_EQ(optest::matches("streq", c.param, c.value), c.match);
  }
}

TEST(StreqOperator, Message) {
  auto b = build("streq", "say \"hi\"");
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:1");
  ASSERT_TRUE(run(*b.op, "say \"hi\""));
  EXPECT_EQ(run.st.message, R"(String match "say \"hi\"" at TX:1.)");
}

TEST(StreqOperator, MacroParameterComesFromEachCall) {
  auto b = build("streq", "%{ARGS._method}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("REQUEST_METHOD");
  EXPECT_TRUE(run(*b.op, "PUT", "PUT"));
  EXPECT_EQ(run.st.message, R"(String match "PUT" at REQUEST_METHOD.)");
  EXPECT_FALSE(run(*b.op, "PUT", "GET"));
}

TEST(StreqOperator, WithoutMacrosTheCallParameterIsIgnored) {
  auto b = build("streq", "abc");
  ASSERT_NE(b.op, nullptr);
  Eval run;
  EXPECT_TRUE(run(*b.op, "abc", "something else"));
}

}  // namespace
}  // namespace rampart::operators
