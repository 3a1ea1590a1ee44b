// split_words and read_lines against httpd's ap_getword_conf / ap_cfg_getline, which is what
// ModSecurity v2 sees: every SecRule argument passes through them before v2 parses it.
#include "config/tokenizer.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace rampart::config {

static bool operator==(const ConfigLine& a, const ConfigLine& b) {
  return a.line == b.line && a.directive == b.directive && a.args == b.args;
}

static std::ostream& operator<<(std::ostream& os, const ConfigLine& l) {
  return os << "{" << l.line << ", '" << l.directive << "', '" << l.args << "'}";
}

namespace {

using Words = std::vector<std::string>;

struct SplitCase {
  const char* name;
  std::string input;
  Words expected;
};

class SplitWords : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitWords, MatchesApGetwordConf) {
  EXPECT_EQ(split_words(GetParam().input), GetParam().expected) << GetParam().input;
}

INSTANTIATE_TEST_SUITE_P(
    Httpd, SplitWords,
    ::testing::Values(
        SplitCase{"Empty", "", {}}, SplitCase{"OnlySpace", "  \t ", {}},
        SplitCase{"PlainWords", "a b  c", {"a", "b", "c"}},
        SplitCase{"TabsSeparate", "a\tb", {"a", "b"}},
        SplitCase{"DoubleQuoted", "\"a b\" c", {"a b", "c"}},
        SplitCase{"EscapedDoubleQuote", R"("a \"q\" b")", {"a \"q\" b"}},
        SplitCase{"EscapedBackslashInQuotes", R"("a\\b")", {"a\\b"}},
        SplitCase{"OtherBackslashKept", R"("a\d+")", {"a\\d+"}},
        SplitCase{"BackslashSingleQuoteKeptInDoubleQuotes", R"("it\'s")", {"it\\'s"}},
        SplitCase{"SingleQuoted", "'single quoted' x", {"single quoted", "x"}},
        SplitCase{"EscapedSingleQuote", R"('it\'s')", {"it's"}},
        SplitCase{"DoubleQuotesInsideSingle", R"('a "b"')", {"a \"b\""}},
        SplitCase{"SingleQuotesInsideDouble", R"("a 'b'")", {"a 'b'"}},
        SplitCase{"UnquotedCollapsesOnlyDoubleBackslash", R"(a\\b a\"b)", {"a\\b", "a\\\"b"}},
        SplitCase{"EmptyQuoted", "\"\" x", {"", "x"}},
        SplitCase{"WordAfterClosingQuote", "\"a\"b", {"a", "b"}},
        SplitCase{"UnterminatedQuoteRunsToEnd", "\"abc def", {"abc def"}},
        SplitCase{"TypicalSecRule",
                  R"(ARGS "@rx a\"b" "id:1,msg:'x y'")",
                  {"ARGS", "@rx a\"b", "id:1,msg:'x y'"}}),
    [](const auto& info) { return std::string(info.param.name); });

struct LinesCase {
  const char* name;
  std::string text;
  std::vector<ConfigLine> expected;
};

class ReadLines : public ::testing::TestWithParam<LinesCase> {};

TEST_P(ReadLines, MatchesApCfgGetline) {
  EXPECT_EQ(read_lines(GetParam().text), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Httpd, ReadLines,
    ::testing::Values(
        LinesCase{"Empty", "", {}},
        LinesCase{"OneDirective", "SecRuleEngine On\n", {{1, "SecRuleEngine", "On"}}},
        LinesCase{"NoFinalNewline", "SecRuleEngine On", {{1, "SecRuleEngine", "On"}}},
        LinesCase{"LineNumbersCountBlankLines",
                  "\n\nSecRuleEngine On\n\nSecRequestBodyAccess Off\n",
                  {{3, "SecRuleEngine", "On"}, {5, "SecRequestBodyAccess", "Off"}}},
        LinesCase{"CommentsSkipped",
                  "# a comment\n   # indented\nSecRuleEngine On\n",
                  {{3, "SecRuleEngine", "On"}}},
        LinesCase{"SurroundingWhitespaceTrimmed",
                  "   SecRuleEngine    On   \n",
                  {{1, "SecRuleEngine", "On"}}},
        LinesCase{"Continuation",
                  "SecRule ARGS \\\n    \"@rx x\" \\\n    \"id:1\"\nSecMarker END\n",
                  {{1, "SecRule", "ARGS     \"@rx x\"     \"id:1\""}, {4, "SecMarker", "END"}}},
        LinesCase{"Crlf",
                  "SecRuleEngine On\r\nSecRequestBodyAccess On\r\n",
                  {{1, "SecRuleEngine", "On"}, {2, "SecRequestBodyAccess", "On"}}},
        LinesCase{"CrlfContinuation",
                  "SecRule ARGS \\\r\n\"@rx x\"\r\n",
                  {{1, "SecRule", "ARGS \"@rx x\""}}},
        // The continuation is resolved before the comment test, so the next line is part of it.
        LinesCase{"CommentContinues",
                  "# comment \\\nSecRuleEngine On\nSecMarker A\n",
                  {{3, "SecMarker", "A"}}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ReadLinesHttpd, DoubleBackslashAtEndIsNotAContinuation) {
  std::vector<ConfigLine> expected = {{1, "SecMarker", "x\\\\"}, {2, "SecRuleEngine", "On"}};
  EXPECT_EQ(read_lines("SecMarker x\\\\\nSecRuleEngine On\n"), expected);
}

TEST(ReadLinesHttpd, BackslashFollowedByBlankIsNotAContinuation) {
  std::vector<ConfigLine> lines = read_lines("SecMarker x \\ \nSecRuleEngine On\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].directive, "SecRuleEngine");
}

}  // namespace
}  // namespace rampart::config
