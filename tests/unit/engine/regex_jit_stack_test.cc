// The JIT stack: a transaction starts with PCRE2's default 32 KiB (no allocation of its own) and
// gets 1 MiB only when a match runs out, retried once; the answer is the same either way.
#include <gtest/gtest.h>

#include <string>

#include "engine/regex.h"

namespace rampart {
namespace {

std::unique_ptr<Regex> compile(const char* pattern) {
  std::string error;
  auto re = Regex::compile(pattern, 0, error);
  EXPECT_NE(re, nullptr) << error;
  return re;
}

// A capturing group repeated once per subject byte keeps a backtracking frame per repeat.
std::string long_subject(size_t pairs) {
  std::string s;
  for (size_t i = 0; i < pairs; ++i) s += "ab";
  return s + "c";
}

TEST(RegexJitStack, ShortMatchesNeedNoStackOfTheirOwn) {
  auto re = compile("(a|b)*c");
  RegexScratch scratch(100000000, 100000000);
  EXPECT_GT(re->match("ababc", scratch), 0);
  EXPECT_TRUE(scratch.grow_jit_stack());  // it had none: this is the first
  EXPECT_FALSE(scratch.grow_jit_stack());
}

TEST(RegexJitStack, DeepMatchGrowsTheStackAndMatches) {
  auto re = compile("(a|b)*c");
  RegexScratch scratch(100000000, 100000000);
  EXPECT_GT(re->match(long_subject(5000), scratch), 0);
  EXPECT_FALSE(scratch.grow_jit_stack());  // the match above made it
  EXPECT_GT(re->match(long_subject(5000), scratch), 0);
}

}  // namespace
}  // namespace rampart
