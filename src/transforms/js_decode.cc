// t:jsDecode: decodes JavaScript escapes: \uHHHH (one byte: full-width ASCII U+FF01..U+FF5E maps
// to ASCII, otherwise the low byte), \xHH, \OOO octal (at most one byte, so \400 is \40 + '0'),
// \a \b \f \n \r \t \v, and any other escaped character stands for itself (\\ \? \' \" \/ ...).
// Incomplete \u / \x escapes lose only the backslash, as in v2; a final lone '\' is kept.
// Example: "\\u0061\\x62\\143\\'" -> "abc'".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

char control_escape(char c) {
  switch (c) {
    case 'a':
      return '\a';
    case 'b':
      return '\b';
    case 'f':
      return '\f';
    case 'n':
      return '\n';
    case 'r':
      return '\r';
    case 't':
      return '\t';
    case 'v':
      return '\v';
    default:
      return c;
  }
}

}  // namespace

bool js_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (in[i] != '\\' || i + 1 == in.size()) {
      ++i;
      continue;
    }
    char next = in[i + 1];
    if (next == 'u' && util::hex_run(in, i + 2, 4)) {
      w.replace(i, i + 6, util::unicode_to_byte(util::hex_number(in, i + 2, 4)));
      i += 6;
    } else if (next == 'x' && util::hex_run(in, i + 2, 2)) {
      w.replace(i, i + 4, static_cast<char>(util::hex_number(in, i + 2, 2)));
      i += 4;
    } else if (util::is_octal(static_cast<unsigned char>(next))) {
      size_t end = i + 1;
      while (end < in.size() && end < i + 4 && util::is_octal(util::byte_at(in, end))) ++end;
      if (end == i + 4 && next > '3') --end;  // three digits would overflow one byte
      unsigned value = 0;
      for (size_t k = i + 1; k < end; ++k) value = value * 8 + static_cast<unsigned>(in[k] - '0');
      w.replace(i, end, static_cast<char>(value));
      i = end;
    } else {
      w.replace(i, i + 2, control_escape(next));
      i += 2;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
