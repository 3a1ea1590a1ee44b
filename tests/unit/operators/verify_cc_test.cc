#include <string>
#include <vector>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

TEST(VerifyCcOperator, RegexCandidatesMustPassLuhn) {
  struct Case {
    std::string_view param;
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"\\d{13,16}", "card 4111111111111111 end", true},  // Visa test number
      {"\\d{16}", "card 4111111111111112 end", false},    // checksum off by one
      {"\\d{15}", "378282246310005", true},               // Amex test number (odd length)
      {"\\d{4}[- ]?\\d{4}[- ]?\\d{4}[- ]?\\d{4}", "5555-5555-5555-4444", true},  // separators
      {"\\d{16}", "1234567812345678 4111111111111111", true},  // a later candidate passes
      {"\\d{16}", "no digits", false},
      {"\\d{16}", "", false},
      {"^\\d{16}$", "text\n4111111111111111\nmore", true},  // ^ and $ match at line breaks
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    EXPECT_EQ(optest::matches("verifyCC", c.param, c.value), c.match);
  }
}

TEST(VerifyCcOperator, RetriesOneByteAfterAFailedCandidateStart) {
  // "1" + a valid 16-digit number: the first 16 digits fail Luhn, the next window passes.
  auto b = build("verifyCC", "\\d{16}");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:cc", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "x14111111111111111"));
  EXPECT_EQ(run.st.message, R"(CC# match "\d{16}" at ARGS:cc. [offset "2"])");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"4111111111111111"});
}

TEST(VerifyCcOperator, CaptureRepeatsTheNumberForEveryGroupAsInV2) {
  auto b = build("verifyCC", "(\\d{4})(\\d{12})");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:cc", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "4111111111111111"));
  EXPECT_EQ(run.st.captures, std::vector<std::string>(3, "4111111111111111"));
}

TEST(VerifyCcOperator, BadRegexIsAConfigError) {
  auto c = build("verifyCC", "(\\d");
  EXPECT_EQ(c.op, nullptr);
  EXPECT_TRUE(c.error.starts_with("Error compiling pattern (offset 3): ")) << c.error;
}

}  // namespace
}  // namespace rampart::operators
