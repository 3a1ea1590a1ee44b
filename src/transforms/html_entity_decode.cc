// t:htmlEntityDecode: decodes HTML entities into one byte each, as v2 does: &#xHH; and &#DDD;
// (the ';' is optional, the value keeps only its low byte) and the named &quot; &amp; &lt; &gt;
// &nbsp; (case-insensitive, ';' optional). Anything else is left as it is.
// Example: "&lt;a&#x20;href&#61&quot;" -> "<a href=\"".
#include <climits>

#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// v2 converts the digits with strtol(): a value beyond LONG_MAX saturates (low byte 0xff).
char numeric_entity_byte(std::string_view digits, unsigned base) {
  unsigned long long v = 0;
  for (char d : digits) {
    v = v * base + static_cast<unsigned>(util::hex_value(static_cast<unsigned char>(d)));
    if (v > static_cast<unsigned long long>(LONG_MAX)) return static_cast<char>(0xff);
  }
  return static_cast<char>(v & 0xff);
}

// The only named entities v2 knows; 0 when `name` is not one of them.
char named_entity_byte(std::string_view name) {
  struct Named {
    std::string_view name;
    char byte;
  };
  static constexpr Named kNamed[] = {
      {"quot", '"'}, {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"nbsp", static_cast<char>(0xa0)}};
  for (const Named& n : kNamed) {
    if (name.size() != n.name.size()) continue;
    size_t k = 0;
    while (k < name.size() && util::to_lower(name[k]) == n.name[k]) ++k;
    if (k == name.size()) return n.byte;
  }
  return 0;
}

size_t skip_while(std::string_view s, size_t pos, bool (*pred)(unsigned char)) {
  while (pos < s.size() && pred(util::byte_at(s, pos))) ++pos;
  return pos;
}

}  // namespace

bool html_entity_decode(std::string_view in, std::string& out) {
  util::Rewriter w(in, out);
  size_t i = 0;
  while (i < in.size()) {
    if (in[i] != '&' || i + 1 == in.size()) {
      ++i;
      continue;
    }
    size_t start = i;
    size_t digits_at = 0;
    size_t end = 0;
    char byte = 0;
    if (in[i + 1] == '#') {
      bool hex = i + 2 < in.size() && (in[i + 2] == 'x' || in[i + 2] == 'X');
      digits_at = i + (hex ? 3 : 2);
      end = skip_while(in, digits_at, hex ? util::is_hex : util::is_digit);
      if (end == digits_at) {
        i = digits_at;  // "&#" or "&#x" without digits stays as it is
        continue;
      }
      byte = numeric_entity_byte(in.substr(digits_at, end - digits_at), hex ? 16 : 10);
    } else {
      end = skip_while(in, i + 1, util::is_alnum);
      byte = named_entity_byte(in.substr(i + 1, end - i - 1));
      if (byte == 0) {
        i = end > i + 1 ? end : i + 1;  // unknown name: keep "&name", resume after it
        continue;
      }
    }
    if (end < in.size() && in[end] == ';') ++end;
    w.replace(start, end, byte);
    i = end;
  }
  return w.finish();
}

}  // namespace rampart::transforms
