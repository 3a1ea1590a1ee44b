#include "operators/numeric.h"

#include <gtest/gtest.h>

#include <string>

namespace rampart::operators {
namespace {

using namespace std::literals;

TEST(OperatorParseCInt, BehavesLikeGlibcAtoi) {
  struct Case {
    std::string_view text;
    int value;
  };
  const Case cases[] = {
      {"15", 15},
      {"  \t\n42", 42},  // leading whitespace skipped
      {"+7", 7},
      {"-7", -7},
      {"12abc", 12},  // stops at the first non-digit
      {"3.9", 3},
      {"abc", 0},  // no digits
      {"", 0},
      {"-", 0},
      {" - 5", 0},  // the sign must touch the digits
      {"0x1F", 0},
      {"007", 7},
      {"1\0002"sv, 1},  // stops at the NUL byte
      {"2147483647", 2147483647},
      {"-2147483648", -2147483647 - 1},
      {"2147483648", -2147483647 - 1},  // (int)strtol wraps past INT_MAX ...
      {"4294967296", 0},
      {"9223372036854775807", -1},   // LONG_MAX truncated to int
      {"99999999999999999999", -1},  // ... and strtol saturates at LONG_MAX first
      {"-9223372036854775807", 1},
      {"-9223372036854775808", 0},
      {"-99999999999999999999", 0},  // LONG_MIN truncated to int
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.text));
    EXPECT_EQ(parse_c_int(c.text), c.value);
  }
}

}  // namespace
}  // namespace rampart::operators
