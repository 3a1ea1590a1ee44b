// JSON string escaping for the JSON audit log, as yajl (which v2 uses) escapes: `"` and `\`,
// \b \f \n \r \t, other control bytes as \u00XX. yajl passes other bytes through unchecked;
// here a byte that does not start valid UTF-8 is written as \u00XX (its Latin-1 reading), so a
// request with raw binary still gives a line every JSON parser accepts.
#include "log/audit_log.h"

namespace rampart::log {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], 0 when there is none.
size_t utf8_length(std::string_view s, size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  auto c1 = static_cast<unsigned char>(s[i + 1]);
  if (c == 0xe0 && c1 < 0xa0) return 0;   // overlong
  if (c == 0xed && c1 >= 0xa0) return 0;  // surrogate
  if (c == 0xf0 && c1 < 0x90) return 0;   // overlong
  if (c == 0xf4 && c1 >= 0x90) return 0;  // above U+10FFFF
  return n;
}

void unicode_escape(std::string& out, unsigned char c) {
  static const char kHex[] = "0123456789abcdef";
  out += "\\u00";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

}  // namespace

void json_string(std::string& out, std::string_view s) {
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"':
        out += "\\\"";
        continue;
      case '\\':
        out += "\\\\";
        continue;
      case '\b':
        out += "\\b";
        continue;
      case '\f':
        out += "\\f";
        continue;
      case '\n':
        out += "\\n";
        continue;
      case '\r':
        out += "\\r";
        continue;
      case '\t':
        out += "\\t";
        continue;
      default:
        break;
    }
    if (c < 0x20) {
      unicode_escape(out, c);
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n - 1;
    } else {
      unicode_escape(out, c);
    }
  }
  out += '"';
}

}  // namespace rampart::log
