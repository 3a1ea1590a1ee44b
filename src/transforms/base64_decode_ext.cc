// t:base64DecodeExt: forgiving Base64 decoding: bytes outside the alphabet (whitespace, NUL,
// '.', ...) are skipped instead of ending the decode. The URL-safe '-' and '_' count as '+' and
// '/' (current v2 does so, so JWT segments decode fully). As in v2, '=' is skipped too, except
// that a '=' after a lone first sextet of a quantum (and not followed by another '=') makes the
// whole value invalid, which yields an empty result.
// Example: "VGVz dE.Nh\nc2U" -> "TestCase".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

int sextet(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

}  // namespace

bool base64_decode_ext(std::string_view in, std::string& out) {
  if (in.empty()) return false;
  out.reserve(in.size() / 4 * 3 + 2);
  uint32_t bits = 0;
  int nbits = 0;
  size_t sextets = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    unsigned char c = util::byte_at(in, i);
    if (c == '=') {
      bool next_is_pad = i + 1 < in.size() && in[i + 1] == '=';
      if (sextets % 4 == 1 && !next_is_pad) {
        out.clear();
        return true;
      }
      continue;
    }
    int v = sextet(c);
    if (v < 0) continue;
    ++sextets;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      out.push_back(static_cast<char>((bits >> nbits) & 0xff));
    }
  }
  return true;  // the output is always shorter than a non-empty input
}

}  // namespace rampart::transforms
