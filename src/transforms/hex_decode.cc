// t:hexDecode: the inverse of t:hexEncode: each pair of hex digits becomes one byte, and a final
// odd digit is dropped. Like v2, pairs are not validated: a non-hex character contributes the
// value v2's unchecked conversion gives it, so "0z" decodes to '#'.
// Example: "5465737443617365" -> "TestCase".
#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {
namespace {

// v2's digit conversion without validation: letters by their position after 'A' (either case)
// plus 10, everything below 'A' relative to '0', all in byte arithmetic.
unsigned char unchecked_digit(unsigned char c) {
  return static_cast<unsigned char>(c >= 'A' ? (c & 0xdf) - 'A' + 10 : c - '0');
}

}  // namespace

bool hex_decode(std::string_view in, std::string& out) {
  if (in.empty()) return false;
  out.resize(in.size() / 2);
  for (size_t k = 0; k < out.size(); ++k) {
    unsigned hi = unchecked_digit(util::byte_at(in, 2 * k));
    unsigned lo = unchecked_digit(util::byte_at(in, 2 * k + 1));
    out[k] = static_cast<char>((hi * 16 + lo) & 0xff);
  }
  return true;  // the output is always shorter than a non-empty input
}

}  // namespace rampart::transforms
