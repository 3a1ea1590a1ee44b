// TransformDef::triggers: a value holding none of a transformation's trigger bytes must come out
// unchanged, because the evaluator then skips the transformation (engine/evaluator.cc). Random
// values over alphabets without those bytes, small alphabets first, so that the sequences a
// transformation looks for ("0x41", "..", "&#41;" less its trigger) come up often.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "transforms/transform.h"

namespace rampart::transforms {
namespace {

// Bytes that mean something to some transformation, then the rest.
constexpr std::string_view kInteresting = "%+&#;\\/.*-<>!xXuU0123456789aAfF \t\r\n\v\f'\"^,()=?";

std::vector<unsigned char> allowed_bytes(const ByteMask& triggers, bool interesting_only) {
  std::vector<unsigned char> out;
  if (interesting_only) {
    for (char c : kInteresting)
      if (!triggers.has(static_cast<unsigned char>(c)))
        out.push_back(static_cast<unsigned char>(c));
    for (unsigned char c : {0x00, 0xa0, 0xc3, 0xa9, 0xe2, 0x80, 0xff})
      if (!triggers.has(c)) out.push_back(c);
    return out;
  }
  for (unsigned b = 0; b < 256; ++b)
    if (!triggers.has(static_cast<unsigned char>(b))) out.push_back(static_cast<unsigned char>(b));
  return out;
}

TEST(TransformTriggers, ValuesWithoutTriggerBytesComeOutUnchanged) {
  std::mt19937 rng(20261208);
  TransformContext ctx{nullptr};
  int checked = 0;
  for (const TransformDef& t : all()) {
    if (!t.triggers) continue;
    ++checked;
    for (bool interesting_only : {true, false}) {
      std::vector<unsigned char> bytes = allowed_bytes(*t.triggers, interesting_only);
      ASSERT_FALSE(bytes.empty()) << t.name;
      for (int round = 0; round < 20000; ++round) {
        // A few bytes of the alphabet per value, so that sequences repeat.
        size_t alphabet = 1 + rng() % std::min<size_t>(bytes.size(), 6);
        std::vector<unsigned char> pick(alphabet);
        for (auto& b : pick) b = bytes[rng() % bytes.size()];
        std::string value(rng() % 24, '\0');
        for (char& c : value) c = static_cast<char>(pick[rng() % pick.size()]);
        std::string out;
        ASSERT_FALSE(apply(t, value, out, ctx))
            << "t:" << t.name << " changed a value without its trigger bytes: \"" << value
            << "\" -> \"" << out << "\"";
      }
    }
  }
  EXPECT_GE(checked, 20);
}

// The transformations that may change any value have no trigger bytes: a rule using one of them
// always runs its pipeline.
TEST(TransformTriggers, ThoseThatChangeAnyValueHaveNone) {
  for (std::string_view name :
       {"base64Decode", "base64DecodeExt", "base64Encode", "hexDecode", "hexEncode", "length",
        "md5", "sha1", "urlEncode", "parityEven7bit", "parityOdd7bit", "parityZero7bit"}) {
    const TransformDef* t = find(name);
    ASSERT_NE(t, nullptr) << name;
    EXPECT_FALSE(t->triggers) << name;
  }
  std::string out;
  EXPECT_TRUE(find("length")->fn("", out));  // "" -> "0": even an empty value changes
}

// Each trigger byte can matter: one example per transformation where it does.
TEST(TransformTriggers, ExamplesThatChange) {
  struct Case {
    std::string_view name, in;
  };
  constexpr Case kCases[] = {
      {"urlDecodeUni", "a+b"},
      {"urlDecode", "%41"},
      {"htmlEntityDecode", "&lt;"},
      {"jsDecode", "\\x41"},
      {"cssDecode", "\\41"},
      {"escapeSeqDecode", "\\n"},
      {"lowercase", "A"},
      {"uppercase", "a"},
      {"cmdLine", "a,b"},
      {"compressWhitespace", "a\tb"},
      {"removeWhitespace", "a b"},
      {"trim", " a"},
      {"normalizePath", "a/./b"},
      {"normalizePath", "."},
      {"normalizePathWin", "a\\b"},
      {"removeComments", "a#b"},
      {"removeCommentsChar", "a--"},
      {"replaceComments", "/**/"},
      {"sqlHexDecode", "0x41"},
      {"utf8toUnicode", "\xc3\xa9"},
  };
  TransformContext ctx{nullptr};
  for (const Case& c : kCases) {
    const TransformDef* t = find(c.name);
    ASSERT_NE(t, nullptr) << c.name;
    ASSERT_TRUE(t->triggers) << c.name;
    EXPECT_TRUE(t->triggers->any_of(c.in)) << c.name;
    std::string out;
    EXPECT_TRUE(apply(*t, c.in, out, ctx)) << c.name << " on " << c.in;
  }
  std::string out;
  EXPECT_TRUE(apply(*find("removeNulls"), std::string_view("a\0b", 3), out, ctx));
}

}  // namespace
}  // namespace rampart::transforms
