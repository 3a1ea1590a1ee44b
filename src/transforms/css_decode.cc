// t:cssDecode: decodes CSS 2 escapes (https://www.w3.org/TR/CSS2/syndata.html#characters): a
// backslash and one to six hex digits is one character, of which only one byte is kept (full-width
// ASCII U+FF01..U+FF5E maps to ASCII, otherwise the low byte); one whitespace after such an escape
// is swallowed. Backslash-newline is removed, a backslash before any other character just
// disappears (so "ja\vascript" is "javascript"), and so does a backslash at the very end.
// Example: "\\41 \\42x\\c" -> "ABxc".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool css_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (in[i] != '\\') {
      ++i;
      continue;
    }
    if (i + 1 == in.size()) {
      w.truncate(i);
      break;
    }
    size_t digits = 0;
    while (digits < 6 && util::hex_run(in, i + 1 + digits, 1)) ++digits;
    if (digits > 0) {
      size_t end = i + 1 + digits;
      if (end < in.size() && util::is_space(util::byte_at(in, end))) ++end;
      w.replace(i, end, util::unicode_to_byte(util::hex_number(in, i + 1, digits)));
      i = end;
    } else if (in[i + 1] == '\n') {
      w.replace(i, i + 2, std::string_view());
      i += 2;
    } else {
      w.replace(i, i + 2, in[i + 1]);
      i += 2;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
