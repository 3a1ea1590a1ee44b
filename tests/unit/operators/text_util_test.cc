#include "operators/text_util.h"

#include <gtest/gtest.h>

#include <string>

namespace rampart::operators {
namespace {

using namespace std::literals;

TEST(OperatorLogEscape, MatchesV2) {
  EXPECT_EQ(log_escape("plain: a+b.c"), "plain: a+b.c");
  EXPECT_EQ(log_escape(R"(say "hi" \ )"), R"(say \"hi\" \\ )");
  EXPECT_EQ(log_escape("\b\n\r\t\v"), R"(\b\n\r\t\v)");
  EXPECT_EQ(log_escape("\x01\x1f\x7f\xff\0"sv), R"(\x01\x1f\x7f\xff\x00)");
}

TEST(OperatorLogEscapeRe, EscapesRegexCharactersToo) {
  EXPECT_EQ(log_escape_re("a.b+c?(d)[e]/f:g\"h"), R"(a\.b\+c\?\(d\)\[e\]\/f\:g\"h)");
  EXPECT_EQ(log_escape_re("^x*|y$"), "^x*|y$");  // v2 leaves these alone
}

TEST(OperatorMessageTruncation, CutsAt252) {
  EXPECT_EQ(truncate_for_message(std::string(252, 'x')), std::string(252, 'x'));
  EXPECT_EQ(truncate_for_message(std::string(253, 'x')), std::string(252, 'x') + " ...");
}

}  // namespace
}  // namespace rampart::operators
