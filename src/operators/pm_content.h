// The "content" syntax v2 (2.6+) accepts in @pm phrases, @pmFromFile lines and @strmatch:
//   |41 42|  hex bytes between pipes (spaces ignored), as in Snort/Suricata content;
//   \\ \" \: \;  an escaped character.
// Any other backslash escape makes v2 give up and use the text unchanged; so do we.
#pragma once

#include <string>
#include <string_view>

namespace rampart::operators {

struct DecodedContent {
  std::string text;
  bool ok = true;  // false: unsupported escape, `text` is the input unchanged
};

// Decodes `text`. With `strip_quotes`, a value wrapped in double quotes (after leading
// whitespace) loses them first, as v2 does for @pm and @strmatch parameters.
//
// A |...| section is decoded only when it holds an even, non-zero number of hex digits and
// nothing but spaces otherwise; other pipes stay literal. (v2 decodes whatever hex digits it finds
// after any pipe, which garbles text such as "string|int|float" in CRS's php-errors.data.)
DecodedContent decode_content(std::string_view text, bool strip_quotes);

}  // namespace rampart::operators
