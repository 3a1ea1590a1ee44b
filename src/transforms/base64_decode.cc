// t:base64Decode: decodes standard Base64 (RFC 4648 alphabet). As in v2 (APR's decoder), decoding
// stops at the first byte outside the alphabet, '=' padding included; a final lone sextet is
// ignored. The value is replaced by whatever was decoded, possibly nothing.
// Example: "VGVzdENhc2U=" -> "TestCase"; "VGVzdA==junk" -> "Test".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

int sextet(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

bool base64_decode(std::string_view in, std::string& out) {
  if (in.empty()) return false;
  size_t valid = 0;
  while (valid < in.size() && sextet(util::byte_at(in, valid)) >= 0) ++valid;
  out.reserve(valid / 4 * 3 + 2);
  uint32_t bits = 0;
  int nbits = 0;
  for (size_t i = 0; i < valid; ++i) {
    bits = (bits << 6) | static_cast<uint32_t>(sextet(util::byte_at(in, i)));
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      out.push_back(static_cast<char>((bits >> nbits) & 0xff));
    }
  }
  return true;  // the output is always shorter than a non-empty input
}

}  // namespace rampart::transforms
