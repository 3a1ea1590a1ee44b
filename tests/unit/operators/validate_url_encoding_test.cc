#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

TEST(ValidateUrlEncodingOperator, MatchesBrokenEncodingWithV2Messages) {
  constexpr std::string_view kNonHex =
      "Invalid URL Encoding: Non-hexadecimal digits used at ARGS:a.";
  constexpr std::string_view kShort =
      "Invalid URL Encoding: Not enough characters at the end of input at ARGS:a.";
  struct Case {
    std::string_view value;
    std::string_view message;  // empty: valid, no match
  };
  const Case cases[] = {
      {"", ""},
      {"plain", ""},
      {"a%20b%2Fc%2f", ""},
      {"%41", ""},
      {"100%", kShort},
      {"%4", kShort},
      {"ab%4", kShort},
      {"%zz", kNonHex},
      {"%4g", kNonHex},
      {"%g4x", kNonHex},
      {"ok%20then%%41", kNonHex},  // "%%4" is checked first
      {"%u0041", kNonHex},         // %u is not URL encoding
  };
  auto b = optest::build("validateUrlEncoding", "");
  ASSERT_NE(b.op, nullptr);
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    optest::Eval run;
    EXPECT_EQ(run(*b.op, c.value), !c.message.empty());
    EXPECT_EQ(run.st.message, c.message);
  }
}

}  // namespace
}  // namespace rampart::operators
