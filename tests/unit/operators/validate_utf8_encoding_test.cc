#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using namespace std::literals;

TEST(ValidateUtf8EncodingOperator, MatchesInvalidUtf8WithV2Messages) {
  struct Case {
    std::string_view value;
    std::string_view message;  // empty: valid, no match
  };
  const Case cases[] = {
      {"", ""},
      {"ascii only", ""},
      {"caf\xc3\xa9", ""},       // U+00E9
      {"\xe2\x82\xac", ""},      // U+20AC
      {"\xf0\x9f\x98\x80", ""},  // U+1F600
      {"\xf4\x8f\xbf\xbf", ""},  // U+10FFFF
      {"nul\0ok"sv, ""},
      {"ab\xc3", "Invalid UTF-8 encoding: not enough bytes in character at ARGS:a. [offset \"2\"]"},
      {"\xe2\x82",
       "Invalid UTF-8 encoding: not enough bytes in character at ARGS:a. [offset \"0\"]"},
      {"x\xc3(",
       "Invalid UTF-8 encoding: invalid byte value in character at ARGS:a. [offset \"1\"]"},
      {"\x80", "Invalid UTF-8 encoding: invalid byte value in character at ARGS:a. [offset \"0\"]"},
      {"\xf8\x88\x80\x80\x80",
       "Invalid UTF-8 encoding: invalid byte value in character at ARGS:a. [offset \"0\"]"},
      {"\xc0\xaf", "Invalid UTF-8 encoding: overlong character detected at ARGS:a. [offset \"0\"]"},
      {"\xe0\x80\xaf",
       "Invalid UTF-8 encoding: overlong character detected at ARGS:a. [offset \"0\"]"},
      {"\xf0\x8f\xbf\xbf",
       "Invalid UTF-8 encoding: overlong character detected at ARGS:a. [offset \"0\"]"},
      {"\xed\xa0\x80",
       "Invalid UTF-8 encoding: use of restricted character at ARGS:a. [offset \"0\"]"},
      {"\xf5\x80\x80\x80",
       "Invalid UTF-8 encoding: use of restricted character at ARGS:a. [offset \"0\"]"},
      {"\xf5", "Invalid UTF-8 encoding: use of restricted character at ARGS:a. [offset \"0\"]"},
  };
  auto b = optest::build("validateUtf8Encoding", "");
  ASSERT_NE(b.op, nullptr);
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.message));
    optest::Eval run;
    EXPECT_EQ(run(*b.op, c.value), !c.message.empty());
    EXPECT_EQ(run.st.message, c.message);
  }
}

}  // namespace
}  // namespace rampart::operators
