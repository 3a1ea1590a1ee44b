#include <string>
#include <vector>

#include "engine/regex.h"
#include "operator_test_util.h"
#include "operators/operator.h"

namespace rampart::operators {
namespace {

using namespace std::literals;
using optest::build;
using optest::Eval;

struct CaptureCaseStart {
  std::string_view value;
  bool match;
  std::vector<std::string> captures;
};

struct RxCase {
  std::string_view pattern;
  std::string_view value;
  bool match;
};

TEST(RxOperator, MatchesLikeV2) {
  const RxCase cases[] = {
      {"abc", "xxabcxx", true},
      {"^abc$", "abc", true},
      {"abc", "ABC", false},  // case-sensitive unless (?i)
      {"(?i)select", "SeLeCt", true},
      {"a.c", "a\nc", true},               // PCRE_DOTALL: dot matches a newline
      {"^b", "a\nb", false},               // no multiline: ^ is the start of the value only
      {"\\x{e9}", "caf\xe9", true},        // byte-wise: \x{e9} is the byte 0xE9, not U+00E9
      {"^\\xc3\\xa9$", "\xc3\xa9", true},  // a UTF-8 sequence is two bytes
      {"a\\x00b", "a\0b"sv, true},         // NUL bytes inside the value are data
      {"^$", "", true},
      {"", "anything", true},  // an empty pattern matches everything
      {"\\d+", "no digits", false},
  };
  for (const RxCase& c : cases) {
    SCOPED_TRACE(std::string(c.pattern) + " ~ " + std::string(c.value));
    EXPECT_EQ(optest::matches("rx", c.pattern, c.value), c.match);
  }
}

// v2 compiles with PCRE_DOLLAR_ENDONLY, so "$" does not match before a trailing newline.
TEST(RxOperator, DollarMatchesOnlyAtTheVeryEnd) {
  EXPECT_FALSE(optest::matches("rx", "abc$", "abc\n"));
  EXPECT_TRUE(optest::matches("rx", "abc$", "abc"));
}

TEST(RxOperator, MessageQuotesTheEscapedPattern) {
  auto b = build("rx", R"(a"b\d)");
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run("REQUEST_HEADERS:User-Agent");
  ASSERT_TRUE(run(*b.op, "a\"b1"));
  EXPECT_EQ(run.st.message, R"(Pattern match "a\"b\\d" at REQUEST_HEADERS:User-Agent.)");
}

TEST(RxOperator, LongPatternIsCutAt252BytesInTheMessage) {
  std::string pattern(300, 'a');
  auto b = build("rx", pattern);
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run;
  ASSERT_TRUE(run(*b.op, std::string(300, 'a')));
  EXPECT_EQ(run.st.message, "Pattern match \"" + std::string(252, 'a') + " ...\" at ARGS:a.");
}

TEST(RxOperator, NoMessageWithoutMatch) {
  auto b = build("rx", "x");
  ASSERT_NE(b.op, nullptr);
  Eval run;
  EXPECT_FALSE(run(*b.op, "abc"));
  EXPECT_TRUE(run.st.message.empty());
  EXPECT_FALSE(run.st.limit_exceeded);
}

TEST(RxOperator, CaptureFillsGroupsZeroToNine) {
  struct CaptureCase {
    std::string_view pattern;
    std::string_view value;
    std::vector<std::string> captures;
  };
  const CaptureCase cases[] = {
      {"(\\d+)-(\\d+)", "x12-34y", {"12-34", "12", "34"}},
      {"(a)|(b)", "b", {"b", "", "b"}},  // an unset group in the middle is empty
      {"(a)(b)?", "a", {"a", "a"}},      // groups after the last set one are not reported
      {"no groups", "has no groups here", {"no groups"}},
      {"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)",
       "abcdefghijkl",
       {"abcdefghijkl", "a", "b", "c", "d", "e", "f", "g", "h", "i"}},  // at most TX.0 .. TX.9
  };
  for (const CaptureCase& c : cases) {
    SCOPED_TRACE(c.pattern);
    auto b = build("rx", c.pattern);
    ASSERT_NE(b.op, nullptr) << b.error;
    Eval run("ARGS:a", /*capture=*/true);
    ASSERT_TRUE(run(*b.op, c.value));
    EXPECT_EQ(run.st.captures, c.captures);
  }
}

// A pattern with a `^` branch gets a prefilter that, on a value without its literals, leaves only
// an anchored run: the answer and the captures must be those of the whole pattern.
TEST(RxOperator, StartBranchFindsTheSameMatchAnchored) {
  const CaptureCaseStart cases[] = {
      {"ls -la", true, {"ls ", "ls"}},       // no ';': the anchored run matches
      {"a file ls -la", false, {}},          // no ';' and not at the start: no run at all
      {"a; ls -la", true, {"; ls ", "ls"}},  // ';' present: the whole pattern runs
      {"LS x", true, {"LS ", "LS"}},
  };
  auto b = build("rx", "(?i)(?:^|;)\\s*(ls|cat)\\s");
  ASSERT_NE(b.op, nullptr) << b.error;
  for (const CaptureCaseStart& c : cases) {
    SCOPED_TRACE(c.value);
    Eval run("ARGS:a", /*capture=*/true);
    EXPECT_EQ(run(*b.op, c.value), c.match);
    if (c.match) EXPECT_EQ(run.st.captures, c.captures);
  }
}

TEST(RxOperator, WithoutCaptureActionCapturesNothing) {
  auto b = build("rx", "(\\d+)");
  ASSERT_NE(b.op, nullptr);
  Eval run;
  ASSERT_TRUE(run(*b.op, "a1"));
  EXPECT_TRUE(run.st.captures.empty());
}

TEST(RxOperator, BadPatternIsAConfigErrorWithOffset) {
  auto b = build("rx", "(abc");
  EXPECT_EQ(b.op, nullptr);
  EXPECT_TRUE(b.error.starts_with("Error compiling pattern (offset 4): ")) << b.error;
  EXPECT_NE(b.error.find("missing closing parenthesis"), std::string::npos) << b.error;
}

TEST(RxOperator, MatchLimitIsReportedAndDoesNotMatch) {
  auto b = build("rx", "^(a+)+$");
  ASSERT_NE(b.op, nullptr);
  Eval run("ARGS:a", false, /*match_limit=*/1000);
  EXPECT_FALSE(run(*b.op, std::string(40, 'a') + "!"));
  EXPECT_TRUE(run.st.limit_exceeded);
  EXPECT_TRUE(run.st.message.empty());
}

TEST(RxOperator, MacroPatternIsEscapedAndCompiledPerCall) {
  // v2 passes an expanded pattern through log_escape_re(): "." and friends become literal.
  auto b = build("rx", "%{tx.allowed}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr) << b.error;
  Eval run;
  EXPECT_FALSE(run(*b.op, "axb", "a.b"));
  EXPECT_TRUE(run(*b.op, "xa.by", "a.b"));
  EXPECT_EQ(run.st.message, R"(Pattern match "a\\.b" at ARGS:a.)");
  EXPECT_TRUE(run(*b.op, "start here", "^start"));  // "^" is not escaped: it still anchors
  EXPECT_FALSE(run(*b.op, "x start", "^start"));
}

TEST(RxOperator, BadExpandedPatternDoesNotMatch) {
  auto b = build("rx", "%{tx.p}", /*has_macros=*/true);
  ASSERT_NE(b.op, nullptr);
  Eval run;
  EXPECT_FALSE(run(*b.op, "abc", "a{2,1}"));
}

}  // namespace
}  // namespace rampart::operators
