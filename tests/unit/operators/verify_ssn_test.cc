// @verifySSN, with the results Debian's mod_security2 2.9.7 gives for the same values and regex.
#include <string>
#include <vector>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

constexpr std::string_view kSsn = "\\d{3}-?\\d{2}-?\\d{4}";

TEST(VerifySsnOperator, AreaGroupSerialAndPatternRules) {
  struct Case {
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"078-05-1120", true},  {"739-12-3456", true},
      {"234567890", true},     // 8 ascending pairs are needed to fail; this has 7
      {"666-12-3456", false},  // area 666
      {"740-12-3456", false},  // area 740 and above
      {"987654321", false},   {"000-12-3456", false},  // zero area
      {"123-00-4567", false},                          // zero group
      {"123-45-0000", false},                          // zero serial
      {"111-11-1111", false},                          // one digit repeated
      {"123456789", false},                            // nine ascending digits
      {"x078051120", true},   {"", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    EXPECT_EQ(optest::matches("verifySSN", kSsn, c.value), c.match);
  }
}

TEST(VerifySsnOperator, RetriesOneByteAfterAFailedCandidate) {
  // 012345678 and 123456789 are ascending runs; 234567890 is the first valid number (as in v2).
  auto b = build("verifySSN", kSsn);
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:c6", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "01234567890"));
  EXPECT_EQ(run.st.message, R"(SSN# match "\d{3}-?\d{2}-?\d{4}" at ARGS:c6. [offset "2"])");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"234567890"});
}

TEST(VerifySsnOperator, MoreThanNineDigitsInOneMatchFail) {
  EXPECT_FALSE(optest::matches("verifySSN", "\\d{10}", "0780511201"));
}

}  // namespace
}  // namespace rampart::operators
