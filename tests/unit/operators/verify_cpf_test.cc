// @verifyCPF, with the results Debian's mod_security2 2.9.7 gives for the same values and regex.
#include <string>
#include <vector>

#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using optest::build;
using optest::Eval;

constexpr std::string_view kCpf = "\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2,3}";

TEST(VerifyCpfOperator, CheckDigitsAndNeverIssuedNumbers) {
  struct Case {
    std::string_view value;
    bool match;
  };
  const Case cases[] = {
      {"52998224725", true},     // valid check digits 2 and 5
      {"52998224726", false},    // second check digit wrong
      {"52998224735", false},    // first check digit wrong
      {"529.982.247-25", true},  // separators are skipped
      {"11111111111", false},    // one digit repeated passes the checksum, still invalid
      {"99999999999", false},
      {"00000000000", false},
      {"01234567890", false},
      {"529982247250", true},  // 12 digits: the first 11 are the number, as in v2
      {"5299822472", false},   // too short for the regex and for a CPF
      {"", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.value));
    EXPECT_EQ(optest::matches("verifyCPF", kCpf, c.value), c.match);
  }
}

TEST(VerifyCpfOperator, MessageGivesTheOffsetOfTheNumber) {
  auto b = build("verifyCPF", kCpf);
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("ARGS:c7", /*capture=*/true);
  ASSERT_TRUE(run(*b.op, "x529.982.247-25"));
  EXPECT_EQ(run.st.message,
            R"(CPF# match "\d{3}\.?\d{3}\.?\d{3}-?\d{2,3}" at ARGS:c7. [offset "1"])");
  EXPECT_EQ(run.st.captures, std::vector<std::string>{"529.982.247-25"});
}

TEST(VerifyCpfOperator, BadRegexIsAConfigError) {
  auto c = build("verifyCPF", "(\\d");
  EXPECT_EQ(c.op, nullptr);
  EXPECT_TRUE(c.error.starts_with("Error compiling pattern (offset 3): ")) << c.error;
}

}  // namespace
}  // namespace rampart::operators
