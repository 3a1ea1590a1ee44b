// Differential test of the @rx prefilter against PCRE2 on every CRS @rx pattern: whenever the
// prefilter says a subject cannot match, PCRE2 must agree. Subjects: the CRS regression test
// values, mutations of the values each pattern matches, and random mixes of the pattern's own
// literals (with case flips and cuts), its text and random bytes.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/crs_corpus.h"
#include "engine/regex.h"
#include "engine/regex_prefilter.h"

namespace rampart {
namespace {

// The prefilter searches ASCII case-insensitively and nothing more, which is right only if
// PCRE2's caseless matching without UTF folds exactly the ASCII letters (the C-locale tables
// PCRE2 is built with by default). Checked here against the library actually linked.
TEST(RegexPrefilter, CaselessMatchingFoldsAsciiLettersOnly) {
  RegexScratch scratch;
  auto lower = [](int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; };
  for (int b = 0; b < 256; ++b) {
    char pattern[16];
    std::snprintf(pattern, sizeof pattern, "(?i)\\x{%02x}", b);
    std::string error;
    auto re = Regex::compile(pattern, Regex::kRxFlags, error);
    ASSERT_NE(re, nullptr) << error;
    for (int c = 0; c < 256; ++c) {
      std::string subject(1, static_cast<char>(c));
      EXPECT_EQ(re->match(subject, scratch) > 0, lower(b) == lower(c)) << b << " vs " << c;
    }
  }
}

std::string flip_case(std::string s, std::mt19937& rng) {
  for (char& c : s) {
    if (rng() % 2 == 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) c ^= 0x20;
  }
  return s;
}

std::string random_bytes(std::mt19937& rng, size_t max_len) {
  std::string s(rng() % (max_len + 1), '\0');
  for (char& c : s) c = static_cast<char>(rng() % 4 == 0 ? rng() % 256 : 32 + rng() % 95);
  return s;
}

std::string random_piece(const std::string& s, std::mt19937& rng) {
  if (s.empty()) return s;
  size_t start = rng() % s.size();
  return s.substr(start, 1 + rng() % 24);
}

// One to three random edits: delete, insert, replace a byte, flip case, duplicate a piece.
std::string mutate(std::string s, std::mt19937& rng) {
  int edits = 1 + rng() % 3;
  for (int e = 0; e < edits; ++e) {
    size_t at = s.empty() ? 0 : rng() % s.size();
    switch (rng() % 5) {
      case 0:
        if (!s.empty()) s.erase(at, 1);
        break;
      case 1:
        s.insert(s.begin() + at, static_cast<char>(rng() % 256));
        break;
      case 2:
        if (!s.empty()) s[at] = static_cast<char>(rng() % 256);
        break;
      case 3:
        s = flip_case(s, rng);
        break;
      default:
        s.insert(at, random_piece(s, rng));
        break;
    }
  }
  return s;
}

// A subject built from the pattern's literals (whole, cut short, case-flipped), pieces of the
// pattern text, of a regression value and random bytes.
std::string synthetic(const std::vector<std::string>& literals, const std::string& pattern,
                      const std::vector<std::string>& values, std::mt19937& rng) {
  std::string s;
  int parts = 1 + rng() % 5;
  for (int i = 0; i < parts; ++i) {
    const std::string& lit = literals[rng() % literals.size()];
    switch (rng() % 6) {
      case 0:
        s += flip_case(lit, rng);
        break;
      case 1:
        s += lit.substr(0, lit.size() - 1);  // one byte short of the literal
        break;
      case 2:
        s += lit.substr(1);
        break;
      case 3:
        s += random_piece(pattern, rng);
        break;
      case 4:
        s += random_piece(values[rng() % values.size()], rng);
        break;
      default:
        s += random_bytes(rng, 8);
        break;
    }
  }
  return s;
}

TEST(RegexPrefilter, NeverRejectsWhatPcre2MatchesOnCrs) {
  const std::vector<std::string> patterns = crs_corpus::rx_patterns();
  if (patterns.empty()) GTEST_SKIP() << "CRS not found at " << crs_corpus::kCrsRoot;
  const std::vector<std::string> values = crs_corpus::regression_values();
  ASSERT_FALSE(values.empty());

  std::mt19937 rng(20261205);
  RegexScratch scratch(1000000, 1000000);
  size_t with_prefilter = 0, checked = 0, matched_and_passed = 0, rejected = 0, anchored_runs = 0;
  for (const std::string& pattern : patterns) {
    std::string error;
    auto re = Regex::compile(pattern, Regex::kRxFlags, error);
    ASSERT_NE(re, nullptr) << pattern << ": " << error;
    auto pf = RegexPrefilter::build(pattern);
    if (pf == nullptr) continue;
    ++with_prefilter;
    std::unique_ptr<Regex> anchored;
    if (pf->or_at_start()) {
      anchored = Regex::compile(pattern, Regex::kRxFlags | Regex::kAnchored, error);
      ASSERT_NE(anchored, nullptr) << pattern << ": " << error;
    }

    std::vector<std::string> seeds;  // subjects PCRE2 matches, to mutate
    auto check = [&](const std::string& subject) {
      ++checked;
      RegexPrefilter::Verdict verdict = pf->check(subject);
      // The engine's shortcut, the subject's bytes, must not change the answer.
      ByteMask bytes = ByteMask::of(subject);
      ASSERT_EQ(pf->check(subject, &bytes), verdict) << pattern << "\nsubject: " << subject;
      int full = re->match(subject, scratch);
      if (full > 0 && seeds.size() < 30) seeds.push_back(subject);
      if (verdict == RegexPrefilter::Verdict::kMaybe) {
        matched_and_passed += full > 0;
        return;
      }
      if (verdict == RegexPrefilter::Verdict::kNoMatch) {
        ++rejected;
        ASSERT_LE(full, 0) << "prefilter rejected a subject PCRE2 matches\npattern: " << pattern
                           << "\nsubject: " << subject;
        return;
      }
      // Only a match at the start is left: the anchored pattern must find the same one.
      ASSERT_NE(anchored, nullptr);
      ++anchored_runs;
      std::string_view expected = full > 0 ? Regex::group(subject, scratch, 0) : "";
      int got = anchored->match(subject, scratch);
      if (full < 0 || got < 0) return;  // a match limit: no verdict
      ASSERT_EQ(got > 0, full > 0)
          << "anchored run disagrees\npattern: " << pattern << "\nsubject: " << subject;
      if (full > 0) {
        std::string_view found = Regex::group(subject, scratch, 0);
        ASSERT_EQ(found.data(), expected.data()) << pattern << "\nsubject: " << subject;
        ASSERT_EQ(found.size(), expected.size()) << pattern << "\nsubject: " << subject;
      }
    };
    for (const std::string& v : values) check(v);
    for (int i = 0; i < 400; ++i) check(synthetic(pf->literals(), pattern, values, rng));
    std::vector<std::string> matched = seeds;
    for (const std::string& seed : matched) {
      for (int i = 0; i < 40; ++i) check(mutate(seed, rng));
    }
    if (HasFatalFailure()) return;
  }
  std::printf(
      "[ prefilter ] CRS @rx patterns without macros: %zu, with a prefilter: %zu; subjects "
      "checked: %zu, rejected by the prefilter: %zu, left to an anchored run: %zu, passed and "
      "matched by PCRE2: %zu\n",
      patterns.size(), with_prefilter, checked, rejected, anchored_runs, matched_and_passed);
  EXPECT_GT(with_prefilter, 0u);
  EXPECT_GT(matched_and_passed, 0u);
}

}  // namespace
}  // namespace rampart
