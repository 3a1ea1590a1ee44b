// t:urlDecodeUni: like t:urlDecode, plus the Microsoft %uHHHH form. As in v2 without a unicode
// map, %uHHHH yields one byte: full-width ASCII (U+FF01..U+FF5E) maps to ASCII, anything else
// keeps its low byte. Invalid or truncated escapes are left as they are.
// Example: "%u0041%uFF21+%41" -> "AA A".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool url_decode_uni(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      w.replace(i, i + 1, ' ');
    } else if (in[i] != '%') {
      continue;
    } else if (i + 1 < in.size() && (in[i + 1] == 'u' || in[i + 1] == 'U')) {
      if (util::hex_run(in, i + 2, 4)) {
        w.replace(i, i + 6, util::unicode_to_byte(util::hex_number(in, i + 2, 4)));
        i += 5;
      } else {
        ++i;  // v2 keeps an invalid "%u" and resumes after it
      }
    } else if (util::hex_run(in, i + 1, 2)) {
      w.replace(i, i + 3, static_cast<char>(util::hex_number(in, i + 1, 2)));
      i += 2;
    }
  }
  return w.finish();
}

}  // namespace rampart::transforms
