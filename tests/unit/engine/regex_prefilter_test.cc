// The prefilter's searches: every literal found at every offset (across the 16-byte blocks of the
// SIMD scan and its tail) in any ASCII case, nothing found where no literal is.
#include "engine/regex_prefilter.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/regex.h"

namespace rampart {
namespace {

constexpr uint32_t kRxFlags = Regex::kDotAll | Regex::kDollarEndOnly;

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
  auto pf = RegexPrefilter::build("(?i)javax|zip_?file|<\\?php", kRxFlags);
  ASSERT_NE(pf, nullptr);
  EXPECT_FALSE(pf->uses_automaton());
  expect_found_everywhere(*pf, std::string(64, 'e'));
  expect_found_everywhere(*pf, std::string(64, 'U'));
  EXPECT_FALSE(pf->may_match(""));
  EXPECT_FALSE(pf->may_match("java zipfil <?ph " + std::string(100, 'x')));
  EXPECT_FALSE(pf->may_match(std::string(1000, 'V')));
}

TEST(RegexPrefilter, AutomatonForCommonLettersWherePcre2TriesEveryPlace) {
  // Literals of common letters only, and no first byte PCRE2 could skip to.
  auto pf = RegexPrefilter::build("(?:alter|rename|insert|delete)\\s+tab", kRxFlags);
  ASSERT_NE(pf, nullptr);
  EXPECT_TRUE(pf->uses_automaton());
  expect_found_everywhere(*pf, std::string(64, 'a'));
  EXPECT_FALSE(pf->may_match("alte renam inser delet"));
}

TEST(RegexPrefilter, NoneWhenPcre2SkipsFastAndAnchorsAreCommon) {
  EXPECT_EQ(RegexPrefilter::build("^(?:alter|rename)", kRxFlags), nullptr);  // anchored
  EXPECT_EQ(RegexPrefilter::build("a(?:lter|nd)", kRxFlags), nullptr);       // first byte 'a'
  EXPECT_EQ(RegexPrefilter::build("\\d+", kRxFlags), nullptr);               // no literals
}

}  // namespace
}  // namespace rampart
