// t:utf8toUnicode: replaces each well-formed multi-byte UTF-8 sequence with %uHHHH, lowercase hex
// and at least four digits as v2 prints it (U+1F600 gives %u1f600). ASCII is kept, and so is
// every byte that does not start a well-formed sequence (stray continuation bytes, overlong forms,
// surrogates, code points above U+10FFFF, truncated sequences).
// Example: "caf\xc3\xa9" -> "caf%u00e9".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// Decodes the well-formed sequence starting at s[pos]: its length (2-4) and code point, or 0.
size_t decode_sequence(std::string_view s, size_t pos, uint32_t& code) {
  unsigned char lead = util::byte_at(s, pos);
  size_t len;
  uint32_t min;
  if (lead >= 0xc2 && lead <= 0xdf) {
    len = 2, min = 0x80, code = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    len = 3, min = 0x800, code = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    len = 4, min = 0x10000, code = lead & 0x07;
  } else {
    return 0;
  }
  if (pos + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    unsigned char c = util::byte_at(s, pos + k);
    if ((c & 0xc0) != 0x80) return 0;
    code = (code << 6) | (c & 0x3f);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return len;
}

size_t hex_digits(uint32_t code) {
  size_t n = 4;
  while (n < 8 && (code >> (4 * n)) != 0) ++n;
  return n;
}

}  // namespace

bool utf8_to_unicode(std::string_view in, std::string& out) {
  // First pass: size of the result, so the output is allocated once (and not at all if unchanged).
  size_t size = 0;
  bool changed = false;
  for (size_t i = 0; i < in.size();) {
    uint32_t code;
    size_t len = util::byte_at(in, i) < 0x80 ? 0 : decode_sequence(in, i, code);
    if (len == 0) {
      ++size, ++i;
    } else {
      size += 2 + hex_digits(code), i += len, changed = true;
    }
  }
  if (!changed) return false;

  out.reserve(size);
  for (size_t i = 0; i < in.size();) {
    uint32_t code;
    size_t len = util::byte_at(in, i) < 0x80 ? 0 : decode_sequence(in, i, code);
    if (len == 0) {
      out.push_back(in[i++]);
      continue;
    }
    out.append("%u");
    for (size_t n = hex_digits(code); n-- > 0;)
      out.push_back(util::kHexLower[(code >> (4 * n)) & 0xf]);
    i += len;
  }
  return true;
}

}  // namespace rampart::transforms
