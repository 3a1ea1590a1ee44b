#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <string_view>

#include "transforms/transform.h"

namespace rampart::transforms {
namespace {

using namespace std::string_view_literals;

std::string Lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return r;
}

std::string Upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  return r;
}

constexpr std::string_view kRequired[] = {
    "lowercase",
    "uppercase",
    "urlDecode",
    "urlDecodeUni",
    "htmlEntityDecode",
    "jsDecode",
    "cssDecode",
    "base64Decode",
    "hexDecode",
    "compressWhitespace",
    "removeWhitespace",
    "removeNulls",
    "replaceNulls",
    "normalizePath",
    "normalizePathWin",
    "normalisePath",
    "normalisePathWin",
    "removeComments",
    "replaceComments",
    "cmdLine",
    "trim",
    "trimLeft",
    "trimRight",
    "length",
    "sha1",
    "md5",
    "utf8toUnicode",
    "escapeSeqDecode",
    "base64DecodeExt",
    "base64Encode",
    "hexEncode",
    "sqlHexDecode",
    "urlEncode",
    "removeCommentsChar",
    "parityEven7bit",
    "parityOdd7bit",
    "parityZero7bit",
};

TEST(TransformRegistry, FindsEveryRequiredNameIgnoringCase) {
  for (std::string_view name : kRequired) {
    const TransformDef* def = find(name);
    ASSERT_NE(def, nullptr) << name;
    EXPECT_EQ(def->name, name);
    EXPECT_NE(def->fn, nullptr) << name;
    EXPECT_EQ(find(Lower(name)), def) << name;
    EXPECT_EQ(find(Upper(name)), def) << name;
  }
}

TEST(TransformRegistry, AllListsEachNameOnceAndFindResolvesIt) {
  std::set<std::string> seen;
  for (const TransformDef& def : all()) {
    EXPECT_TRUE(seen.insert(Lower(def.name)).second) << "duplicate " << def.name;
    EXPECT_EQ(find(def.name), &def);
  }
  EXPECT_EQ(all().size(), std::size(kRequired));
}

TEST(TransformRegistry, BothSpellingsOfNormalizeShareOneFunction) {
  EXPECT_EQ(find("normalizePath")->fn, find("normalisePath")->fn);
  EXPECT_EQ(find("normalizePathWin")->fn, find("normalisePathWin")->fn);
}

TEST(TransformRegistry, UnknownNamesAndNoneAreAbsent) {
  EXPECT_EQ(find("none"), nullptr);  // the rule parser handles t:none itself
  EXPECT_EQ(find("NONE"), nullptr);
  EXPECT_EQ(find(""), nullptr);
  EXPECT_EQ(find("urlDecod"), nullptr);
  EXPECT_EQ(find("urlDecodeUnicode"), nullptr);
  EXPECT_EQ(find("t:lowercase"), nullptr);
  EXPECT_EQ(find("lowercase "), nullptr);
}

// The TransformFn contract on many random values made of the bytes decoders care about: `out`
// stays empty when nothing changed, and "changed" means the value really differs (t:length is
// the one exception: it always reports a change).
TEST(TransformRegistry, EveryTransformKeepsTheChangedContract) {
  constexpr std::string_view kAlphabet =
      "%uU+&#;xX0123456789abcdefABCDEFgGqz\\/.*-<!>' \"^,;\t\r\n\v\f\xa0\xc3\xa9\xff\x80=_()lt"
      "\0"sv;
  std::mt19937 rng(1234);
  for (const TransformDef& def : all()) {
    for (int round = 0; round < 2000; ++round) {
      std::string in(rng() % 12, ' ');
      for (char& c : in) c = kAlphabet[rng() % kAlphabet.size()];
      std::string out;
      bool changed = def.fn(in, out);
      if (!changed) {
        EXPECT_TRUE(out.empty()) << def.name;
      } else if (def.name != "length") {
        EXPECT_NE(out, in) << def.name << " reported a change on \"" << in << '"';
      }
    }
  }
}

}  // namespace
}  // namespace rampart::transforms
