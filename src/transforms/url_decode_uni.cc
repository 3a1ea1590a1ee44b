// t:urlDecodeUni: like t:urlDecode, plus the Microsoft %uHHHH form. As in v2 without a unicode
// map, %uHHHH yields one byte: full-width ASCII (U+FF01..U+FF5E) maps to ASCII, anything else
// keeps its low byte. With SecUnicodeMapFile, a code point the chosen code page maps gives that
// byte instead; unmapped ones fall back to the rule above, as in v2. Invalid or truncated
// escapes are left as they are.
// Example: "%u0041%uFF21+%41" -> "AA A"; with code page 20127 mapping U+00A0 to 0x20,
// "%u00a0" -> " ".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

namespace {

bool decode(std::string_view in, std::string& out, const std::vector<int16_t>* map) {
  util::Rewriter w(in, out);
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      w.replace(i, i + 1, ' ');
    } else if (in[i] != '%') {
      continue;
    } else if (i + 1 < in.size() && (in[i + 1] == 'u' || in[i + 1] == 'U')) {
      if (util::hex_run(in, i + 2, 4)) {
        uint32_t code = util::hex_number(in, i + 2, 4);
        int16_t mapped = map != nullptr ? (*map)[code] : -1;
        w.replace(i, i + 6, mapped >= 0 ? static_cast<char>(mapped) : util::unicode_to_byte(code));
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

}  // namespace

bool url_decode_uni(std::string_view in, std::string& out) {
  return decode(in, out, nullptr);
}

bool url_decode_uni_mapped(std::string_view in, std::string& out, const TransformContext& ctx) {
  return decode(in, out, ctx.unicode_map);
}

}  // namespace rampart::transforms
