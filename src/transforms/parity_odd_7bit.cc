// t:parityOdd7bit: replaces the 8th bit of each byte with an odd-parity bit. Like v2, the parity
// is counted over all 8 bits as received, so it is exact for 7-bit input (< 0x80).
// Example: "abc" -> "a" "b" "\xe3".
#include <bit>

#include "transforms/all.h"
#include "transforms/util.h"

namespace rampart::transforms {

bool parity_odd_7bit(std::string_view in, std::string& out) {
  return util::map_bytes(in, out, [](char ch) {
    auto c = static_cast<unsigned char>(ch);
    bool odd = std::popcount(c) & 1;
    return static_cast<char>(odd ? (c & 0x7f) : (c | 0x80));
  });
}

}  // namespace rampart::transforms
