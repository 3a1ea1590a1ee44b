// The prefilter's search: every literal found at every offset (across the 16-byte blocks of the
// SIMD scan and its tail) in any ASCII case, nothing found where no literal is.
#include "engine/regex_prefilter.h"

#include <gtest/gtest.h>

#include <string>

namespace rampart {
namespace {

void expect_found_everywhere(const RegexPrefilter& pf, const std::string& filler) {
  for (const std::string& lit : pf.literals()) {
    std::string upper = lit;
    for (char& c : upper)
      if (c >= 'a' && c <= 'z') c -= 32;
    for (size_t at = 0; at < 40; ++at) {
      for (const std::string& spelling : {lit, upper}) {
        std::string s = filler.substr(0, at) + spelling + filler.substr(0, at % 7);
        EXPECT_TRUE(pf.may_match(s)) << lit << " at " << at << " in " << s;
      }
    }
  }
}

TEST(RegexPrefilter, AnchorScanFindsLiteralsAtEveryOffset) {
  auto pf = RegexPrefilter::build("(?i)javax|zip_?file|<\\?php");
  ASSERT_NE(pf, nullptr);
  expect_found_everywhere(*pf, std::string(64, 'e'));
  expect_found_everywhere(*pf, std::string(64, 'U'));
  EXPECT_FALSE(pf->may_match(""));
  EXPECT_FALSE(pf->may_match("java zipfil <?ph " + std::string(100, 'x')));
  EXPECT_FALSE(pf->may_match(std::string(1000, 'V')));
}

TEST(RegexPrefilter, AllEightAnchorsAreScanned) {
  auto pf = RegexPrefilter::build("\\$\\$|<<|>>|\\(\\(|\\)\\)|\\{\\{|\\}\\}|##");
  ASSERT_NE(pf, nullptr);
  expect_found_everywhere(*pf, std::string(64, 'e'));
  EXPECT_FALSE(pf->may_match("$ < > ( ) { } # $<>(){}#" + std::string(40, '-')));
}

TEST(RegexPrefilter, CommonLiteralsFoundByTheirRarestBytes) {
  auto pf = RegexPrefilter::build("(?i)union.*?select|\\$\\{|runtime");
  ASSERT_NE(pf, nullptr);
  EXPECT_EQ(pf->literals(), (std::vector<std::string>{"${", "runtime", "select"}));
  expect_found_everywhere(*pf, std::string(64, 'e'));
  expect_found_everywhere(*pf, std::string(64, 'N'));
  EXPECT_FALSE(pf->may_match(""));
  EXPECT_FALSE(pf->may_match("selec"));
  EXPECT_FALSE(pf->may_match("union se1ect runtim { $ untime " + std::string(100, 't')));
  EXPECT_FALSE(pf->may_match(std::string(40, 's') + "elec" + std::string(40, 'x')));
  EXPECT_TRUE(pf->may_match(std::string(40, 's') + "eLect" + std::string(40, 'x')));
}

// Ten literals, each with its own rare byte, are more anchors than the scan compares; with
// words of common letters besides, more than it searches one by one: the byte table takes both.
TEST(RegexPrefilter, ByteTableFindsLiteralsAtEveryOffset) {
  for (const char* pattern : {"\\$\\$|<<|>>|\\(\\(|\\)\\)|\\{\\{|\\}\\}|##|@@|!!",
                              "(?i)command|watch|nohup|strace|time|[;|&`]"}) {
    SCOPED_TRACE(pattern);
    auto pf = RegexPrefilter::build(pattern);
    ASSERT_NE(pf, nullptr);
    expect_found_everywhere(*pf, std::string(64, 'e'));
    expect_found_everywhere(*pf, std::string(64, 'M'));
    EXPECT_FALSE(pf->may_match(""));
    EXPECT_FALSE(
        pf->may_match("$ < > ( ) { } # @ ! comand wach nohu strac tim " + std::string(40, 'c')));
  }
}

TEST(RegexPrefilter, NoneWhenTheSearchWouldCostMore) {
  // Literals of the most common letters only: they would hit on almost every byte.
  EXPECT_EQ(RegexPrefilter::build("(?:alter|insert|delete|seat)\\s+"), nullptr);
  EXPECT_EQ(RegexPrefilter::build("\\d+"), nullptr);  // no literals at all
}

// A value without the literals can still match a `^` branch, at its start only.
TEST(RegexPrefilter, StartBranchLeavesAnAnchoredRun) {
  auto pf = RegexPrefilter::build("(?:^|;)\\s*rm\\s");
  ASSERT_NE(pf, nullptr);
  EXPECT_TRUE(pf->or_at_start());
  EXPECT_EQ(pf->check("a;rm -rf"), RegexPrefilter::Verdict::kMaybe);
  EXPECT_EQ(pf->check("rm -rf"), RegexPrefilter::Verdict::kOnlyAtStart);
  EXPECT_TRUE(pf->may_match("rm -rf"));
  auto plain = RegexPrefilter::build(";\\s*rm\\s");
  ASSERT_NE(plain, nullptr);
  EXPECT_FALSE(plain->or_at_start());
  EXPECT_EQ(plain->check("rm -rf"), RegexPrefilter::Verdict::kNoMatch);
}

}  // namespace
}  // namespace rampart
