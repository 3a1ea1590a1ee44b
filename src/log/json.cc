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

void unicode_escape(std::string& out, unsigned c) {  // c <= 0xffff
  static const char kHex[] = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 15];
}

// A valid UTF-8 sequence of n bytes as \uXXXX, or a surrogate pair above U+FFFF.
void code_point_escape(std::string& out, std::string_view seq) {
  auto b = [&](size_t k) { return static_cast<unsigned>(static_cast<unsigned char>(seq[k])); };
  unsigned cp = seq.size() == 2   ? ((b(0) & 0x1f) << 6) | (b(1) & 0x3f)
                : seq.size() == 3 ? ((b(0) & 0x0f) << 12) | ((b(1) & 0x3f) << 6) | (b(2) & 0x3f)
                                  : ((b(0) & 0x07) << 18) | ((b(1) & 0x3f) << 12) |
                                        ((b(2) & 0x3f) << 6) | (b(3) & 0x3f);
  if (cp < 0x10000) return unicode_escape(out, cp);
  cp -= 0x10000;
  unicode_escape(out, 0xd800 + (cp >> 10));
  unicode_escape(out, 0xdc00 + (cp & 0x3ff));
}

}  // namespace

void json_string(std::string& out, std::string_view s, bool ascii_only) {
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
      if (ascii_only) {
        code_point_escape(out, s.substr(i, n));
      } else {
        out.append(s.substr(i, n));
      }
      i += n - 1;
    } else {
      unicode_escape(out, c);
    }
  }
  out += '"';
}

}  // namespace rampart::log
