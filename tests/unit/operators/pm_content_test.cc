#include "operators/pm_content.h"

#include <gtest/gtest.h>

#include <string>

namespace rampart::operators {
namespace {

TEST(PmContentDecoding, HexSectionsAndEscapes) {
  struct Case {
    std::string_view in;
    bool strip_quotes;
    std::string_view out;
    bool ok;
  };
  const Case cases[] = {
      {"plain", false, "plain", true},
      {"A|42|C|44|F", false, "ABCDF", true},  // the manual's example
      {"|0d 0a|", false, "\r\n", true},
      {"|0D0A|", false, "\r\n", true},
      {"a|b", false, "a|b", true},                            // no closing pipe
      {"string|int|float", false, "string|int|float", true},  // not hex: literal
      {"|4|", false, "|4|", true},                            // odd digit count: literal
      {"||", false, "||", true},
      {"x|41|y|42", false, "xAy|42", true},
      {"a\\\\b", false, "a\\b", true},
      {"a\\\"b\\:c\\;d", false, "a\"b:c;d", true},
      {"a\\nb", false, "a\\nb", false},  // unsupported escape: input unchanged
      {"end\\", false, "end\\", false},
      {"\"quoted\"", true, "quoted", true},
      {"  \"quoted\"", true, "quoted", true},
      {"\"quoted\"", false, "\"quoted\"", true},
      {"\"", true, "\"", true},
      {"\"unbalanced", true, "\"unbalanced", true},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.in));
    DecodedContent d = decode_content(c.in, c.strip_quotes);
    EXPECT_EQ(d.text, c.out);
    EXPECT_EQ(d.ok, c.ok);
  }
}

}  // namespace
}  // namespace rampart::operators
