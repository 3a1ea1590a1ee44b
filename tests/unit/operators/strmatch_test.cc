#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

TEST(StrmatchOperator, CaseSensitiveSubstring) {
  struct Case {
    std::string_view param;
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"WebZIP", "Mozilla WebZIP/4.0", true},
      {"WebZIP", "Mozilla webzip/4.0", false},
      {"WebZIP", "WebZI", false},
      {"a b", "xa by", true},       // spaces are part of the string (unlike @pm)
      {"|0d 0a|", "a\r\nb", true},  // |hex| content
      {"say\\\"hi", "say\"hi", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.param) + " in " + std::string(c.value));
    EXPECT_EQ(optest::matches("strmatch", c.param, c.value), c.match);
  }
}

TEST(StrmatchOperator, MessageQuotesTheParameterAsWritten) {
  auto b = build("strmatch", "|41|BC");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("REQUEST_LINE");
  ASSERT_TRUE(run(*b.op, "xABCx"));
  EXPECT_EQ(run.st.message, R"(Pattern match "|41|BC" at REQUEST_LINE.)");
}

TEST(StrmatchOperator, BadParametersAreConfigErrors) {
  auto escape = build("strmatch", "a\\x");
  EXPECT_EQ(escape.op, nullptr);
  EXPECT_NE(escape.error.find("Unsupported escape sequence"), std::string::npos);
  auto empty = build("strmatch", "");
  EXPECT_EQ(empty.op, nullptr);
  EXPECT_NE(empty.error.find("Content length is 0"), std::string::npos);
}

}  // namespace
}  // namespace rampart::operators
