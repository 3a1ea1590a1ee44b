#include <string>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using namespace std::literals;
using optest::build;
using optest::Eval;

TEST(ValidateByteRangeOperator, MatchesBytesOutsideTheRanges) {
  struct Case {
    std::string_view param;
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"1-255", "plain text", false},
      {"1-255", "nul\0inside"sv, true},
      {"1-255", "", false},
      {"32-126", "tab\there", true},
      {"9,10,13,32-126", "tab\there\r\n", false},
      {"48-57", "0123456789", false},
      {"48-57", "12a", true},
      {"0-255", "\xff\x01\0"sv, false},
      {"65", "AAA", false},
      {"65", "AAB", true},
      {"38,44-46,48-58,61,65-90,95,97-122", "name=value_1.0", false},  // CRS 920270-style
      {"38,44-46,48-58,61,65-90,95,97-122", "a b", true},
      {" 97 - 99 ", "abc", false},  // numbers are read like atoi: whitespace allowed
      {"97-99,,", "abc", false},    // empty items are skipped
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.param));
    EXPECT_EQ(optest::matches("validateByteRange", c.param, c.value), c.match);
  }
}

TEST(ValidateByteRangeOperator, MessageCountsTheBytes) {
  auto b = build("validateByteRange", "32-126");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:q");
  ASSERT_TRUE(run(*b.op, "a\tb\nc\x7f"));
  EXPECT_EQ(run.st.message, "Found 3 byte(s) in ARGS:q outside range: 32-126.");
}

TEST(ValidateByteRangeOperator, BadRangesAreConfigErrors) {
  struct Case {
    std::string_view param;
    std::string_view error_start;
  };
  const Case cases[] = {
      {"256", "Invalid range value: 256"},     {"1-256", "Invalid range end value: 256"},
      {"-5", "Invalid range start value: -5"}, {"300-400", "Invalid range start value: 300"},
      {"100-50", "Invalid range: 100-50"},     {"", "Missing parameter for validateByteRange"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.param));
    auto b = build("validateByteRange", c.param);
    EXPECT_EQ(b.op, nullptr);
    EXPECT_TRUE(b.error.starts_with(c.error_start)) << b.error;
  }
}

}  // namespace
}  // namespace rampart::operators
