// The @rx prefilter's analysis on hand-written patterns: which literals every match must contain,
// and which patterns must get no prefilter at all.
#include "engine/regex_literals.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/regex.h"

namespace rampart {
namespace {

using Lits = std::vector<std::string>;

// The literals, sorted (required_literals returns them sorted already); the pattern must compile.
std::optional<Lits> lits(std::string_view pattern) {
  std::string error;
  EXPECT_NE(Regex::compile(pattern, Regex::kDotAll | Regex::kDollarEndOnly, error), nullptr)
      << pattern << ": " << error;
  return required_literals(pattern);
}

TEST(RegexLiterals, PlainLiteral) {
  EXPECT_EQ(lits("select"), (Lits{"select"}));
  EXPECT_EQ(lits("^/admin$"), (Lits{"/admin"}));
}

TEST(RegexLiteralsNone, TooShortOrEmpty) {
  EXPECT_EQ(lits("a"), std::nullopt);
  EXPECT_EQ(lits(""), std::nullopt);
  EXPECT_EQ(lits("^$"), std::nullopt);
  EXPECT_EQ(lits(".*"), std::nullopt);
  EXPECT_EQ(lits("a.b"), std::nullopt);  // only one-byte pieces
}

TEST(RegexLiterals, LiteralsAreLowercased) {
  EXPECT_EQ(lits("SELECT"), (Lits{"select"}));
  EXPECT_EQ(lits("(?i)Union"), (Lits{"union"}));
}

TEST(RegexLiterals, Alternation) {
  EXPECT_EQ(lits("cat|dog"), (Lits{"cat", "dog"}));
  EXPECT_EQ(lits("(?:get|head)\\s+is"), (Lits{"get", "head"}));
  EXPECT_EQ(lits("s(?:elect|how)"), (Lits{"select", "show"}));
}

// Of the things a pattern requires, one whose every literal has a rare byte is preferred, since
// only such a set gets a prefilter; single bytes count when they are rare.
TEST(RegexLiterals, PrefersRequirementsWithRareBytes) {
  EXPECT_EQ(lits("(?:get|head)\\s+/"), (Lits{"/"}));
  EXPECT_EQ(lits("while\\s*\\("), (Lits{"("}));
  EXPECT_EQ(lits("^\\(\\s*\\)\\s+\\{"), (Lits{"("}));
  EXPECT_EQ(lits("sleep\\s*\\(|select\\s*\\("), (Lits{"("}));
  EXPECT_EQ(lits("\\$\\s*\\{"), (Lits{"$"}));
  EXPECT_EQ(lits("[\"'`]\\s*;"), (Lits{"\"", "'", "`"}));
  // Among rare-byte sets the longer literals still win, then the rarer bytes (quotes over ';').
  EXPECT_EQ(lits("\\$\\{\\s*\\("), (Lits{"${"}));
  // A single common byte is no requirement, and a set mixing rare and common-only literals is
  // not preferred.
  EXPECT_EQ(lits("a\\s+b"), std::nullopt);
  EXPECT_EQ(lits("(?:select|\\$)\\s+union"), (Lits{"union"}));
  // A few literals of common letters only are searched one by one: better than many.
  EXPECT_EQ(lits("(?:alter|rename|insert|delete)\\s+tab"), (Lits{"tab"}));
  EXPECT_EQ(lits("(?i)union.*?select.*?from"), (Lits{"select"}));
  EXPECT_EQ(lits("cat|x"), (Lits{"cat", "x"}));
}

TEST(RegexLiteralsNone, AlternationWithAnUnconstrainedBranch) {
  EXPECT_EQ(lits("cat|dog|"), std::nullopt);
  EXPECT_EQ(lits("cat|\\d+"), std::nullopt);
  EXPECT_EQ(lits("cat|e"), std::nullopt);  // a one-byte branch of a common byte
  EXPECT_EQ(lits("(?:cat|.)"), std::nullopt);
}

TEST(RegexLiterals, OptionalParts) {
  EXPECT_EQ(lits("colou?r"), (Lits{"color", "colour"}));
  EXPECT_EQ(lits("(?:foo)?bar"), (Lits{"bar"}));  // "foobar" contains "bar": redundant
  EXPECT_EQ(lits("abc(?:def)*ghi"), (Lits{"abc"}));
  EXPECT_EQ(lits("ab{0,3}cd"), (Lits{"cd"}));
  EXPECT_EQ(lits("(?:x|y)*"), std::nullopt);
  EXPECT_EQ(lits("(?:abc)?"), std::nullopt);
}

TEST(RegexLiterals, RepeatsOfAtLeastOne) {
  // The repetition starts and ends with the atom: "ab" and "bc" are both certain.
  auto l = lits("ab+c");
  ASSERT_TRUE(l);
  EXPECT_TRUE(*l == Lits{"ab"} || *l == Lits{"bc"});
  EXPECT_EQ(lits("(?:abc){2,}"), (Lits{"abc"}));
  EXPECT_EQ(lits("x{3}yz"), (Lits{"xyz"}));
}

TEST(RegexLiterals, SmallClassesExpand) {
  EXPECT_EQ(lits("[Ss]elect"), (Lits{"select"}));
  EXPECT_EQ(lits("ab[cd]"), (Lits{"abc", "abd"}));
  EXPECT_EQ(lits("[\\x41-\\x42]xy"), (Lits{"axy", "bxy"}));
  EXPECT_EQ(lits("[]a]bc"), (Lits{"]bc", "abc"}));
}

TEST(RegexLiterals, LargeClassesBreakALiteral) {
  EXPECT_EQ(lits("abc[0-9]de"), (Lits{"abc"}));
  EXPECT_EQ(lits("ab[^x]cde"), (Lits{"cde"}));
  EXPECT_EQ(lits("ab[\\d]cde"), (Lits{"cde"}));
  EXPECT_EQ(lits("ab[[:alpha:]]cde"), (Lits{"cde"}));
  EXPECT_EQ(lits("a[0-9]b"), std::nullopt);
}

TEST(RegexLiterals, Escapes) {
  EXPECT_EQ(lits("\\x41\\x{42}c"), (Lits{"abc"}));
  EXPECT_EQ(lits("a\\.b"), (Lits{"a.b"}));
  EXPECT_EQ(lits("\\x5cu00"), (Lits{"\\u00"}));
  EXPECT_EQ(lits("\\r\\n\\t"), (Lits{"\r\n\t"}));
  EXPECT_EQ(lits("\\041ab"), (Lits{"!ab"}));  // \0 and at most two more octal digits
  EXPECT_EQ(lits("\\0101x"), (Lits{"\b1x"}));
  EXPECT_EQ(lits("\\x{ff}\\xfe"), (Lits{"\xff\xfe"}));
  EXPECT_EQ(lits("ab\\d+cd"), (Lits{"ab"}));
  EXPECT_EQ(lits("\\bunion\\b"), (Lits{"union"}));
}

TEST(RegexLiterals, Quoting) {
  EXPECT_EQ(lits("\\Qa.b*c\\E"), (Lits{"a.b*c"}));
  EXPECT_EQ(lits("x\\Q|()\\Ey"), (Lits{"x|()y"}));
  EXPECT_EQ(lits("\\Qabc"), (Lits{"abc"}));    // runs to the end of the pattern
  EXPECT_EQ(lits("\\Qab\\E+"), std::nullopt);  // would repeat the last quoted byte
}

TEST(RegexLiterals, LookaroundsContributeNothing) {
  EXPECT_EQ(lits("(?=abc)def"), (Lits{"def"}));
  EXPECT_EQ(lits("(?<!abc)def"), (Lits{"def"}));
  EXPECT_EQ(lits("abc(?!xyz)"), (Lits{"abc"}));
  EXPECT_EQ(lits("(?=abc)"), std::nullopt);
}

TEST(RegexLiterals, Groups) {
  EXPECT_EQ(lits("(abc)"), (Lits{"abc"}));
  EXPECT_EQ(lits("(?<n>abc)d"), (Lits{"abcd"}));
  EXPECT_EQ(lits("(?P<n>abc)"), (Lits{"abc"}));
  EXPECT_EQ(lits("(?'n'abc)"), (Lits{"abc"}));
  EXPECT_EQ(lits("(?>abc)"), (Lits{"abc"}));
  EXPECT_EQ(lits("(?|(a)bc|(d)ef)"), (Lits{"abc", "def"}));
}

TEST(RegexLiterals, InlineFlags) {
  EXPECT_EQ(lits("(?i)abc"), (Lits{"abc"}));
  EXPECT_EQ(lits("a(?i:BC)d"), (Lits{"abcd"}));
  EXPECT_EQ(lits("(?is)abc(?-i)def"), (Lits{"abcdef"}));
  EXPECT_EQ(lits("(?#comment)abc"), (Lits{"abc"}));
}

TEST(RegexLiterals, Backreferences) {
  EXPECT_EQ(lits("(ab)c\\1"), (Lits{"abc"}));
  EXPECT_EQ(lits("(a)\\1"), std::nullopt);
}

TEST(RegexLiteralsNone, ConstructsNotUnderstood) {
  EXPECT_EQ(lits("(?x) a b c"), std::nullopt);
  EXPECT_EQ(lits("(?x:abc)"), std::nullopt);
  EXPECT_EQ(lits("(*UTF)abc"), std::nullopt);
  EXPECT_EQ(lits("abc(*ACCEPT)def"), std::nullopt);
  EXPECT_EQ(lits("(a)(?(1)bc|de)"), std::nullopt);
  EXPECT_EQ(lits("(abc)(?1)"), std::nullopt);
  EXPECT_EQ(lits("(?R)?abc"), std::nullopt);
  EXPECT_EQ(lits("\\pLabc"), std::nullopt);
  EXPECT_EQ(lits("\\cAabc"), std::nullopt);
  EXPECT_EQ(lits("(?<n>a)\\k<n>bc"), std::nullopt);
  EXPECT_EQ(lits("(a)\\g1bc"), std::nullopt);
  EXPECT_EQ(lits("\\o{101}bc"), std::nullopt);
  EXPECT_EQ(lits("[\\Qa\\E]bc"), std::nullopt);
  EXPECT_EQ(lits("(?C1)abc"), std::nullopt);
}

TEST(RegexLiterals, BracesThatAreNoQuantifier) {
  EXPECT_EQ(lits("\\{php\\}"), (Lits{"{php}"}));
  EXPECT_EQ(lits("{php}"), (Lits{"{php}"}));
  EXPECT_EQ(lits("ab{x"), (Lits{"ab{x"}));
  // {,3} is literal text in PCRE2 10.42 but a quantifier from 10.43: no prefilter either way.
  EXPECT_EQ(lits("abc{,3}"), std::nullopt);
}

TEST(RegexLiterals, AnchorsAndAssertionsAreEmpty) {
  EXPECT_EQ(lits("^abc$"), (Lits{"abc"}));
  EXPECT_EQ(lits("\\Aab\\Kcd\\z"), (Lits{"abcd"}));
}

// CRS spells shell commands with optional quotes, backslashes and `$@` between the letters. A
// match either has none of them, and then holds the word whole, or holds one of their bytes.
TEST(RegexLiterals, WordsSpelledWithGaps) {
  EXPECT_EQ(lits("(?i)c[\"'\\\\]*a[\"'\\\\]*t\\s"), (Lits{"\"", "'", "\\", "cat"}));
  EXPECT_EQ(lits("b\\\\?u\\\\?s\\\\?y\\\\?x"), (Lits{"\\", "busyx"}));
  EXPECT_EQ(lits("e\\\\?v\\\\?a\\\\?l")->size(), 8u);           // a few gaps: every spelling
  EXPECT_EQ(lits("zip_?file"), (Lits{"zip_file", "zipfile"}));  // few spellings: all kept
  // A gap of common bytes would make the requirement worse than the words around it.
  EXPECT_EQ(lits("ab{0,3}cd"), (Lits{"cd"}));
}

// A class of rare punctuation requires one of its bytes; digits or letters are too common.
TEST(RegexLiterals, ClassesOfRarePunctuation) {
  EXPECT_EQ(lits("[;|&`$]\\s*id"), (Lits{"$", "&", ";", "`", "|"}));
  EXPECT_EQ(lits("[0-9]"), std::nullopt);
  EXPECT_EQ(lits("[a-f]"), std::nullopt);
}

// `^` matches only at the start (no multiline mode): a branch with it requires nothing but that.
TEST(RegexLiterals, StartBranchesNeedTheCallersConsent) {
  bool at_start = false;
  EXPECT_EQ(required_literals("(?:^|;)\\s*rm", &at_start), (Lits{";"}));
  EXPECT_TRUE(at_start);
  EXPECT_EQ(required_literals("(?:\\A|;)\\s*rm", &at_start), (Lits{";"}));
  EXPECT_TRUE(at_start);
  EXPECT_EQ(required_literals("(?:^|;)\\s*rm"), std::nullopt);  // a caller that cannot anchor
  EXPECT_EQ(required_literals("^rm|;", &at_start), (Lits{";", "rm"}));  // a literal beats it
  EXPECT_FALSE(at_start);
  // Under (?m), anywhere in the pattern, `^` also matches after a newline.
  EXPECT_EQ(required_literals("(?:^|;)rm(?m)", &at_start), (Lits{"rm"}));
  EXPECT_FALSE(at_start);
  EXPECT_EQ(required_literals("(?:^|;)\\s*[a-z]+(?m)", &at_start), std::nullopt);
  EXPECT_EQ(required_literals("(?:^|;)\\s*[a-z]+", &at_start), (Lits{";"}));
  EXPECT_TRUE(at_start);
  EXPECT_EQ(required_literals("^", &at_start), std::nullopt);  // PCRE2 anchors that itself
}

TEST(RegexLiterals, LargeAlternationsStayWhole) {
  std::string p = "(?:";
  for (int i = 0; i < 100; ++i) p += (i ? "|w" : "w") + std::to_string(i) + "x";
  p += ")";
  auto l = lits(p);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->size(), 100u);
}

}  // namespace
}  // namespace rampart
