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

TEST(EndsWithOperator, SuffixCaseSensitive) {
  const StrCase cases[] = {
      {"HTTP/1.1", "GET / HTTP/1.1", true},
      {"HTTP/1.1", "GET / http/1.1", false},
      {"HTTP/1.1", "HTTP/1.1 ", false},
      {"HTTP/1.1", "TTP/1.1", false},
      {"", "anything", true},  // empty suffix: v2 matches
  };
  for (const StrCase& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " $ " + std::string(c.value));
    EXPECT_EQ(optest::matches("endsWith", c.param, c.value), c.match);
  }
}

TEST(EndsWithOperator, MessageAndMacros) {
  // CRS 931130: "!@endsWith .%{request_headers.host}" - the engine expands the whole parameter.
  auto b = build("endsWith", ".%{request_headers.host}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run("TX:rfi_parameter_x");
  ASSERT_TRUE(run(*b.op, "http://cdn.example.com", ".example.com"));
  EXPECT_EQ(run.st.message, R"(String match ".example.com" at TX:rfi_parameter_x.)");
  EXPECT_FALSE(run(*b.op, "http://evil.com", ".example.com"));
}

}  // namespace
}  // namespace rampart::operators
