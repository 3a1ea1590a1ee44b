#include "transform_cases.h"

namespace rampart::transforms::testing {
namespace {

constexpr Case kCases[] = {
    {"", "", false},
    {"TestCase", "TestCase", false},
    {"Test\0Case"sv, "Test\0Case"sv, false},
    // From ModSecurity's tests: numeric and named entities, with and without ';'.
    {"&#x0;&#X0;&#x20;&#X20;&#0;&#32;\0&#100;&quot;&amp;&lt;&gt;&nbsp;"sv,
     "\0\0\x20\x20\0\x20\0\x64\"&<>\xa0"sv, true},
    {"&#x0&#X0&#x20&#X20&#0&#32\0&#100&quot&amp&lt&gt&nbsp"sv,
     "\0\0\x20\x20\0\x20\0\x64\"&<>\xa0"sv, true},
    {"&#xg;&#Xg;&#xg0;&#X2g;&#a;\0&#a2;&#3a&#a00;&#1a0;&#10a;&foo;"sv,
     "&#xg;&#Xg;&#xg0;\x02g;&#a;\0&#a2;\x03"
     "a&#a00;\x01"
     "a0;\x0a"
     "a;&foo;"sv,
     true},
    {"&#xg&#Xg&#xg0&#X2g&#a\0&#a2&#3a&#a00&#1a0&#10a&foo"sv,
     "&#xg&#Xg&#xg0\x02g&#a\0&#a2\x03"
     "a&#a00\x01"
     "a0\x0a"
     "a&foo"sv,
     true},
    // Named entities are matched ignoring case; only these five are known (v2).
    {"&LT;script&GT;&Amp;&QUOT;&NbSp;", "<script>&\"\xa0", true},
    {"&apos;&colon;&copy;&unknown;", "&apos;&colon;&copy;&unknown;", false},
    {"&ltx;&lt1", "&ltx;&lt1", false},  // the whole alphanumeric run is the name
    {"a&lt;b", "a<b", true},
    // One byte per entity: larger values keep their low byte.
    {"&#x41;&#65;&#x141;&#321;&#x10041", "AAAAA", true},
    {"&#256;&#x100;", "\0\0"sv, true},
    {"&#99999999999999999999999;", "\xff", true},  // strtol() saturation, as in v2
    {"&#x000000000000000000041;", "A", true},
    // Incomplete entities stay as they are.
    {"&", "&", false},
    {"&#", "&#", false},
    {"&#x", "&#x", false},
    {"&#;&#x;& ;&;", "&#;&#x;& ;&;", false},
    {"&&lt;", "&<", true},
    {"&#&#65;", "&#A", true},
    {"\xff&#xff;\x80", "\xff\xff\x80", true},
};

TEST(HtmlEntityDecodeTransform, ModSecurityCases) {
  ExpectCases("htmlEntityDecode", kCases);
}

}  // namespace
}  // namespace rampart::transforms::testing
