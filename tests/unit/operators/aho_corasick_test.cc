#include "operators/aho_corasick.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rampart::operators {
namespace {

struct FindCase {
  std::vector<std::string> phrases;
  std::string_view text;
  bool found;
  std::string_view phrase;  // expected phrase when found
  size_t end;               // expected end offset when found
};

TEST(AhoCorasick, ReportsTheOccurrenceThatEndsFirst) {
  const FindCase cases[] = {
      {{"he", "she", "his", "hers"}, "ushers", true, "she", 4},  // "she" and "he" end at 4
      {{"abcd", "bc"}, "abce", true, "bc", 3},                   // found via a failure link
      {{"abc", "b"}, "abc", true, "b", 2},
      {{"abcdef", "cde"}, "abcdex", true, "cde", 5},
      {{"foo"}, "FoO", true, "foo", 3},   // ASCII case-insensitive
      {{"FOO"}, "xfoo", true, "FOO", 4},  // reports the phrase as written
      {{"aaa"}, "aaaa", true, "aaa", 3},
      {{"abc"}, "ab", false, "", 0},
      {{"x\xe9y"}, "x\xc9y", false, "", 0},  // bytes >= 0x80 are not case-folded
      {{"x\xe9y"}, "x\xe9y", true, "x\xe9y", 3},
      {{}, "anything", false, "", 0},
      {{""}, "anything", false, "", 0},  // empty phrases never match
      {{"a"}, "", false, "", 0},
  };
  for (const FindCase& c : cases) {
    SCOPED_TRACE(std::string(c.text));
    AhoCorasick ac(c.phrases);
    AhoCorasick::Match m{};
    ASSERT_EQ(ac.find(c.text, m), c.found);
    if (!c.found) continue;
    EXPECT_EQ(ac.phrases()[m.phrase], c.phrase);
    EXPECT_EQ(m.end, c.end);
  }
}

TEST(AhoCorasick, DuplicatesUpToCaseKeepTheFirstSpelling) {
  AhoCorasick ac({"Select", "SELECT", "select"});
  EXPECT_EQ(ac.phrases().size(), 1u);
  AhoCorasick::Match m{};
  ASSERT_TRUE(ac.find("xselectx", m));
  EXPECT_EQ(ac.phrases()[m.phrase], "Select");
}

// phrases() is in input order (first spellings), whatever order the trie is built in.
TEST(AhoCorasick, PhrasesKeepTheirInputOrder) {
  AhoCorasick ac({"zeta", "", "Alpha", "alp", "ZETA", "al"});
  EXPECT_EQ(ac.phrases(), (std::vector<std::string>{"zeta", "Alpha", "alp", "al"}));
  AhoCorasick::Match m{};
  ASSERT_TRUE(ac.find("xalphx", m));  // "al" ends first
  EXPECT_EQ(ac.phrases()[m.phrase], "al");
  ASSERT_TRUE(ac.find("ALPHA", m));
  EXPECT_EQ(ac.phrases()[m.phrase], "al");
  EXPECT_EQ(m.end, 2u);
}

// Many phrases push most states past the dense-row budget; results must equal a naive search.
TEST(AhoCorasick, LargeSetAgreesWithNaiveSearch) {
  std::vector<std::string> phrases;
  uint32_t seed = 12345;
  auto rnd = [&seed] { return seed = seed * 1103515245u + 12345u; };
  for (int i = 0; i < 20000; ++i) {
    std::string p;
    int len = 3 + static_cast<int>(rnd() >> 16) % 12;
    for (int j = 0; j < len; ++j) p += static_cast<char>(' ' + (rnd() >> 16) % 95);
    phrases.push_back(p);
  }
  AhoCorasick ac(phrases);
  for (int t = 0; t < 300; ++t) {
    std::string text;
    for (int j = 0; j < 200; ++j) text += static_cast<char>(' ' + (rnd() >> 16) % 95);
    if (t % 3 == 0) text.insert(text.size() / 2, phrases[(rnd() >> 16) % phrases.size()]);
    // Naive: smallest end, then longest phrase, compared case-insensitively.
    size_t best_end = std::string::npos, best_len = 0;
    auto lower = [](std::string s) {
      for (char& ch : s) ch = (ch >= 'A' && ch <= 'Z') ? ch + 32 : ch;
      return s;
    };
    std::string ltext = lower(text);
    for (const std::string& p : ac.phrases()) {
      size_t at = ltext.find(lower(p));
      if (at == std::string::npos) continue;
      size_t end = at + p.size();
      if (end < best_end || (end == best_end && p.size() > best_len)) {
        best_end = end;
        best_len = p.size();
      }
    }
    AhoCorasick::Match m{};
    bool found = ac.find(text, m);
    ASSERT_EQ(found, best_end != std::string::npos) << text;
    if (found) {
      EXPECT_EQ(m.end, best_end) << text;
      EXPECT_EQ(ac.phrases()[m.phrase].size(), best_len) << text;
    }
  }
}

}  // namespace
}  // namespace rampart::operators
